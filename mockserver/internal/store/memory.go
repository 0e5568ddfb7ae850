package store

import (
	"context"
	"fmt"
	"time"

	"github.com/rtq-kit/rtq/fault"
	"github.com/rtq-kit/rtq/mockserver/internal/journal"
	"github.com/rtq-kit/rtq/mockserver/internal/namespace"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
	"github.com/rtq-kit/rtq/scenario"
)

// Options configure a store, as the server's options say.
type Options struct {
	// Seed, when non-zero, replaces the scenario's in page tokens and
	// fault rules.
	Seed int64
	// JournalSize bounds the root's journal; a namespace's is at most
	// namespace.JournalSize.
	JournalSize int
	// MaxNamespaces and NamespaceIdle bound the namespaces alive.
	MaxNamespaces int
	NamespaceIdle time.Duration
	// Secrets are masked in every journal besides the scenarios' keys
	// (the admin token).
	Secrets []string
	// Faults are the root's fault rules from the start (rtq mock --fault).
	Faults []fault.Rule
	// MaxFaultRules bounds the fault rules in force in each space (0:
	// fault.DefaultMaxRules).
	MaxFaultRules int
}

// Memory is the store of one process: today's, the default.
type Memory struct {
	served
	opts Options
}

var _ Store = (*Memory)(nil)

// NewMemory is a memory store serving sc.
func NewMemory(sc *scenario.Scenario, opts Options) (*Memory, error) {
	st, err := state.New(sc, 0)
	if err != nil {
		return nil, err
	}
	fs := fault.NewSet(seedOf(sc, opts.Seed)).WithMax(opts.MaxFaultRules)
	fs.SetScenario(sc.Faults)
	if _, err := fs.Add(opts.Faults, fault.FromFlag, func(i int) string {
		return fmt.Sprintf("fault rule %d of the options (--fault)", i+1)
	}); err != nil {
		return nil, err
	}
	j := journal.New(opts.JournalSize)
	j.Remember(sc.Keys, opts.Secrets...)
	m := &Memory{opts: opts}
	m.root.Store(&Space{St: st, Journal: j, Faults: memRules{fs}})
	m.spaces = namespace.NewTable(opts.MaxNamespaces, opts.NamespaceIdle, m.build)
	return m, nil
}

func seedOf(sc *scenario.Scenario, seed int64) int64 {
	if seed == 0 {
		return sc.Seed
	}
	return seed
}

// build makes a namespace: a Fresh state of the root's, the scenario's
// fault rules, a journal that grows as its requests come.
func (m *Memory) build(name string, base *state.State) (*Space, error) {
	sc := base.Scenario()
	fs := fault.NewSet(seedOf(sc, m.opts.Seed)).WithMax(m.opts.MaxFaultRules)
	fs.SetScenario(sc.Faults)
	j := journal.NewGrowing(min(namespace.JournalSize, m.opts.JournalSize))
	j.Remember(sc.Keys, m.opts.Secrets...)
	return &Space{Name: name, St: base.Fresh(), Journal: j, Faults: memRules{fs}}, nil
}

// Load serves sc from now on.
func (m *Memory) Load(sc *scenario.Scenario) error {
	m.swapMu.Lock()
	defer m.swapMu.Unlock()
	st, err := state.New(sc, 0)
	if err != nil {
		return err
	}
	old := m.root.Load()
	old.Journal.Remember(sc.Keys)
	old.Faults.(memRules).SetScenario(sc.Faults)
	m.root.Store(&Space{St: st, Journal: old.Journal, Faults: old.Faults})
	m.spaces.DropAll() // each is built afresh from sc on its next use
	return nil
}

// Ping is nil: this process's memory is always there.
func (m *Memory) Ping(context.Context) error { return nil }

// Close does nothing: the memory store holds no connection.
func (m *Memory) Close() error { return nil }
