package store

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/rtq-kit/rtq/scenario"
)

// How the replicas of a Redis store follow one another: each listens on
// the store's events channel (redisstore.Events) for a scenario published
// by another (it loads it) and for a space whose posted fault rules
// changed (it reads them again); on every new subscription, after an
// outage too, it reads everything again, since messages sent meanwhile
// are lost.

// watch follows the store's events: on every (re)subscription and every
// scenario published, the scenario the store holds is served here.
func (r *Redis) watch(ctx context.Context, ro RedisOptions) {
	defer close(r.watched)
	events, closeEvents := r.rs.Events(ctx)
	defer closeEvents()
	for {
		select {
		case <-ctx.Done():
			return
		case ev, ok := <-events:
			if !ok {
				return
			}
			if err := r.event(ctx, ev, ro.Parse); err != nil && ctx.Err() == nil {
				r.logf("rtq mock: store: %v", err)
			}
		}
	}
}

// event acts on one event: a space's shared fault rules changed, or a
// scenario was published, or the subscription is new (after an outage
// too), when everything is read again.
func (r *Redis) event(ctx context.Context, ev string, parse func(string, []byte) (*scenario.Scenario, error)) error {
	if name, ok := strings.CutPrefix(ev, faultsEvent); ok {
		return r.reloadRules(ctx, name)
	}
	if err := r.sync(ctx, parse); err != nil {
		return fmt.Errorf("the scenario another replica loaded is not served here: %w", err)
	}
	if ev != "subscribed" {
		return nil
	}
	errs := []error{r.reloadRules(ctx, "")}
	for _, name := range r.spaces.Names() {
		errs = append(errs, r.reloadRules(ctx, name))
	}
	return errors.Join(errs...)
}

// reloadRules puts in force the shared fault rules of a space, when it is
// live here (a namespace built later reads them then).
func (r *Redis) reloadRules(ctx context.Context, name string) error {
	if name == "" {
		return r.rules.reload(ctx)
	}
	if ns := r.spaces.Live(name); ns != nil {
		return ns.Faults.(*redisRules).reload(ctx)
	}
	return nil
}

// sync serves the scenario the store holds, when it is not the one
// served here; when the store holds none (a Redis restarted without
// persistence), it registers this one's, so that a replica of another
// scenario cannot join beside it.
func (r *Redis) sync(ctx context.Context, parse func(string, []byte) (*scenario.Scenario, error)) error {
	cur, err := r.rs.Current(ctx)
	if err != nil {
		return err
	}
	r.swapMu.Lock()
	defer r.swapMu.Unlock()
	if cur.Digest == "" { // Redis came back empty: this replica's scenario is the store's again
		doc, err := published(r.Root().St.Scenario())
		if err == nil {
			_, err = r.rs.Join(ctx, doc)
		}
		return err
	}
	if cur.Digest == r.digest {
		return nil
	}
	if parse == nil {
		return errors.New("no scenario parser given")
	}
	sc, err := parse("store.yaml", cur.YAML)
	if err != nil {
		return err
	}
	r.logf("rtq mock: serving scenario %q (%.12s), loaded by another replica", sc.Name, cur.Digest)
	return r.serve(sc, cur.Digest)
}
