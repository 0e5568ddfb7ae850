package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/rtq-kit/rtq/fault"
	"github.com/rtq-kit/rtq/internal/redisstore"
	"github.com/rtq-kit/rtq/mockserver/internal/namespace"
)

// redisRules are one space's fault rules on a replica of the Redis store.
// The rules posted to /__admin/faults are shared: kept in Redis (ids r1,
// r2, ...), put in force on every replica (fault.Set.Sync) when one adds
// or removes one, announced on the store's events channel. The scenario's
// and the --fault flag's are each replica's own, as its configuration.
// Matching is local (no request waits on Redis for it), so hits and
// times are counted per replica.
type redisRules struct {
	*fault.Set
	rs       *redisstore.Store
	space    string
	reloadMu sync.Mutex // one reload at a time: the last to read the store is the last to apply
}

var _ namespace.Rules = (*redisRules)(nil)

// sharedPrefix starts the id of a rule kept in the store.
const sharedPrefix = "r"

func (r *redisRules) Add(rules []fault.Rule, source string, name func(int) string) ([]fault.Rule, error) {
	if source != fault.FromAdmin {
		return r.Set.Add(rules, source, name)
	}
	if err := r.Set.Check(rules, name); err != nil {
		return nil, err
	}
	docs := make([]string, len(rules))
	for i, rule := range rules {
		rule.ID, rule.Source = "", ""
		b, err := json.Marshal(rule)
		if err != nil {
			return nil, err
		}
		docs[i] = string(b)
	}
	ids, err := r.rs.AddFaults(context.Background(), r.space, docs)
	if errors.Is(err, redisstore.ErrTooManyRules) {
		return nil, fmt.Errorf("more fault rules than the %d a mock holds would be in force: remove some (DELETE /__admin/faults/{id}, or DELETE /__admin/faults for all), or raise the bound with rtq mock --max-fault-rules N", r.Max())
	}
	if err != nil {
		return nil, unreachable(err)
	}
	out := make([]fault.Rule, len(rules))
	for i, rule := range rules {
		rule.ID, rule.Source = sharedPrefix+ids[i], fault.FromAdmin
		out[i] = rule
	}
	return out, r.changed()
}

func (r *redisRules) List() ([]fault.Status, error) { return r.Set.List(), nil }

func (r *redisRules) Remove(id string) (bool, error) {
	if !strings.HasPrefix(id, sharedPrefix) {
		return r.Set.Remove(id), nil
	}
	found, err := r.rs.DeleteFault(context.Background(), r.space, strings.TrimPrefix(id, sharedPrefix))
	if err != nil {
		return false, unreachable(err)
	}
	return found, r.changed()
}

func (r *redisRules) Clear() error {
	if err := r.rs.DeleteFaults(context.Background(), r.space); err != nil {
		return unreachable(err)
	}
	r.Set.Clear()
	return r.changed()
}

func (r *redisRules) Reset() error { r.Set.Reset(); return nil }

// changed puts the store's rules in force here, then tells the others.
func (r *redisRules) changed() error {
	if err := r.reload(context.Background()); err != nil {
		return err
	}
	if err := r.rs.Announce(context.Background(), faultsEvent+r.space); err != nil {
		return unreachable(err)
	}
	return nil
}

// faultsEvent starts the event of a space whose shared rules changed.
const faultsEvent = "faults "

// reload puts in force the rules the store holds for the space, in the
// order they were added.
func (r *redisRules) reload(ctx context.Context) error {
	r.reloadMu.Lock()
	defer r.reloadMu.Unlock()
	m, err := r.rs.Faults(ctx, r.space)
	if err != nil {
		return unreachable(err)
	}
	ids := make([]string, 0, len(m))
	for id := range m {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b string) int { return cmpID(a) - cmpID(b) })
	rules := make([]fault.Rule, 0, len(ids))
	for _, id := range ids {
		got, err := fault.DecodeJSON([]byte(m[id]))
		if err != nil || len(got) != 1 {
			continue // not a rule this version reads: left to the replica that wrote it
		}
		rule := got[0]
		rule.ID = sharedPrefix + id
		rules = append(rules, rule)
	}
	r.Set.Sync(fault.FromAdmin, rules)
	return nil
}

func cmpID(id string) int {
	n, _ := strconv.Atoi(id)
	return n
}
