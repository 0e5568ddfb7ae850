package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sync"

	"github.com/rtq-kit/rtq/fault"
	"github.com/rtq-kit/rtq/internal/redisstore"
	"github.com/rtq-kit/rtq/mockserver/internal/journal"
	"github.com/rtq-kit/rtq/mockserver/internal/namespace"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
	"github.com/rtq-kit/rtq/scenario"
)

// Redis is a store replicas share (rtq mock --store redis://...): the
// certificate statuses, their history and the journal of every space
// live in Redis (package redisstore), so any replica answers what any
// other changed; the scenario's indexes and the answers rendered at its
// values stay in each process. Every replica serves one scenario: the
// store holds it (its digest and YAML), a replica serving another
// refuses to join (NewRedis), and a Load on one replica reaches every
// other through the store's events channel, or, for a replica that
// missed the message while Redis was away, on its next subscription.
//
// Namespaces are shared (their keys hash-tagged by name, expiring after
// NamespaceIdle unused); the bound MaxNamespaces counts those this
// replica has in use. Fault rules posted to the admin API are shared
// (redisrules.go); the scenario's and --fault ones are each replica's
// configuration. How replicas follow one another: redissync.go.
type Redis struct {
	opts    Options
	rs      *redisstore.Store
	w       *writer
	served                // swapMu also serializes the scenario's sync
	digest  string        // of the scenario served; guarded by swapMu
	journal *redisJournal // the root's, kept across loads
	rules   *redisRules   // the root's, kept across loads
	logfn   func(format string, args ...any)
	stop    context.CancelFunc
	// closeOnce makes Close safe to call twice (Server.Close, then a
	// test's cleanup); closeErr is its first answer.
	closeOnce sync.Once
	closeErr  error
	watched   chan struct{} // closed when the events loop has ended
}

var _ Store = (*Redis)(nil)

// RedisOptions are what the Redis store needs besides Options.
type RedisOptions struct {
	// Config says where Redis is; its caps are set from Options.
	Config redisstore.Config
	// Parse loads the YAML of a scenario another replica published.
	Parse func(filename string, data []byte) (*scenario.Scenario, error)
	// Logf reports what happens in the background (a scenario another
	// replica loaded, a journal entry lost).
	Logf func(format string, args ...any)
}

// NewRedis joins the store of ro.Config serving sc: it fails when Redis
// cannot be reached, or holds another scenario (wrapping
// redisstore.ErrOtherScenario, saying which and what to do).
func NewRedis(sc *scenario.Scenario, opts Options, ro RedisOptions) (*Redis, error) {
	cfg := ro.Config
	cfg.JournalSize = int64(opts.JournalSize)
	cfg.NamespaceJournalSize = int64(min(namespace.JournalSize, opts.JournalSize)) // as the memory store's
	cfg.MaxChanges = state.MaxVerifyChanges
	cfg.NamespaceIdle = opts.NamespaceIdle
	cfg.MaxFaultRules = fault.NewSet(0).WithMax(opts.MaxFaultRules).Max()
	rs := redisstore.Open(cfg)
	r := &Redis{opts: opts, rs: rs, logfn: ro.Logf}
	doc, err := published(sc)
	if err != nil {
		rs.Close()
		return nil, err
	}
	if err := rs.Authenticate(context.Background()); err != nil {
		rs.Close()
		return nil, err
	}
	if _, err := rs.Join(context.Background(), doc); err != nil {
		rs.Close()
		return nil, err
	}
	st, err := state.New(sc, 0)
	if err != nil {
		rs.Close()
		return nil, err
	}
	fs := fault.NewSet(seedOf(sc, opts.Seed)).WithMax(opts.MaxFaultRules)
	fs.SetScenario(sc.Faults)
	if _, err := fs.Add(opts.Faults, fault.FromFlag, func(i int) string {
		return fmt.Sprintf("fault rule %d of the options (--fault)", i+1)
	}); err != nil {
		rs.Close()
		return nil, err
	}
	r.rules = &redisRules{Set: fs, rs: rs}
	if err := r.rules.reload(context.Background()); err != nil {
		rs.Close()
		return nil, err
	}
	r.w = newWriter(rs) // started once nothing can fail: Close stops it
	r.journal = r.newJournal("", sc)
	r.digest = doc.Digest
	r.root.Store(&Space{St: st.With(&redisCerts{rs: rs}), Journal: r.journal, Faults: r.rules})
	r.spaces = namespace.NewTable(opts.MaxNamespaces, opts.NamespaceIdle, r.build)
	ctx, cancel := context.WithCancel(context.Background())
	r.stop, r.watched = cancel, make(chan struct{})
	go r.watch(ctx, ro)
	return r, nil
}

// published is sc as the store holds it: its YAML with everything
// spelled out (a fixed point of loading, whatever the seed) and that
// YAML's digest, which names the scenario in messages.
func published(sc *scenario.Scenario) (redisstore.Scenario, error) {
	yaml, err := scenario.Marshal(sc)
	if err != nil {
		return redisstore.Scenario{}, err
	}
	sum := sha256.Sum256(yaml)
	return redisstore.Scenario{Digest: hex.EncodeToString(sum[:]), Name: sc.Name, YAML: yaml}, nil
}

func (r *Redis) newJournal(name string, sc *scenario.Scenario) *redisJournal {
	j := &redisJournal{space: name, rs: r.rs, w: r.w, mask: journal.New(0), logf: r.logf}
	j.mask.Remember(sc.Keys, r.opts.Secrets...)
	return j
}

func (r *Redis) logf(format string, args ...any) {
	if r.logfn != nil {
		r.logfn(format, args...)
	}
}

// build makes a namespace's space: the root's indexes, its statuses,
// journal and posted fault rules under its own keys in Redis (the rules
// read now: one round trip a namespace on this replica).
func (r *Redis) build(name string, base *state.State) (*Space, error) {
	sc := base.Scenario()
	fs := fault.NewSet(seedOf(sc, r.opts.Seed)).WithMax(r.opts.MaxFaultRules)
	fs.SetScenario(sc.Faults)
	rules := &redisRules{Set: fs, rs: r.rs, space: name}
	if err := rules.reload(context.Background()); err != nil {
		return nil, err
	}
	return &Space{Name: name, St: base.With(&redisCerts{rs: r.rs, space: name}), Journal: r.newJournal(name, sc), Faults: rules}, nil
}

// Load serves sc from now on on every replica: published in the store
// (the root's verifies and every namespace dropped there), then served
// here.
func (r *Redis) Load(sc *scenario.Scenario) error {
	doc, err := published(sc)
	if err != nil {
		return err
	}
	r.swapMu.Lock()
	defer r.swapMu.Unlock()
	if _, err := r.rs.Publish(context.Background(), doc); err != nil {
		return unreachable(err)
	}
	return r.serve(sc, doc.Digest)
}

// serve swaps sc in here; the caller holds swapMu.
func (r *Redis) serve(sc *scenario.Scenario, digest string) error {
	st, err := state.New(sc, 0)
	if err != nil {
		return err
	}
	r.journal.Remember(sc.Keys)
	r.rules.SetScenario(sc.Faults)
	r.root.Store(&Space{St: st.With(&redisCerts{rs: r.rs}), Journal: r.journal, Faults: r.rules})
	r.spaces.DropAll()
	r.digest = digest
	return nil
}

// Ping says whether Redis answers.
func (r *Redis) Ping(ctx context.Context) error { return r.rs.Ping(ctx) }

// Close stops the events loop, writes the journal entries pending and
// closes the connections; a second Close does nothing.
func (r *Redis) Close() error {
	r.closeOnce.Do(func() {
		r.stop()
		<-r.watched
		r.w.close()
		r.closeErr = r.rs.Close()
	})
	return r.closeErr
}
