package mockserver

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rtq-kit/rtq/fault"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
)

// State namespaces (docs/mock.md, "State namespaces"): /s/{name}/... serves
// a private copy of the loaded scenario's state, so that parallel CI jobs
// sharing one mock never see each other's verifies, resets, journal or
// fault rules. A namespace is created on first use, bounded in number,
// dropped when idle, and dropped when the scenario is replaced (the next
// use builds it afresh from the new scenario).

const (
	// DefaultMaxNamespaces is Options.MaxNamespaces when it is 0: enough
	// for fifty parallel jobs with room to spare.
	DefaultMaxNamespaces = 100
	// DefaultNamespaceIdle is Options.NamespaceIdle when it is 0.
	DefaultNamespaceIdle = 10 * time.Minute
	// namespaceJournalSize bounds each namespace's journal, well under the
	// root's, so that a hundred namespaces cost megabytes, not tens of them.
	namespaceJournalSize = 100
	// maxNamespaceName is the longest name allowed.
	maxNamespaceName = 64
)

// namespaceRule is what a bad name is told.
const namespaceRule = "a namespace name is 1 to 64 letters, digits, '-', '_' or '.', and not '.' or '..'"

// namespace is one private copy: its own state, journal and fault rules.
type namespace struct {
	name    string
	st      *state.State // built from base's scenario
	base    *state.State // the root state it copies; another one means the scenario was replaced
	journal *journal
	faults  *fault.Set
	resetMu sync.Mutex   // serializes resets of st
	used    atomic.Int64 // unix nanoseconds of the latest request
}

// reset puts the namespace's state and fault counters back to the
// scenario, as POST /__admin/reset does for the root.
func (ns *namespace) reset() {
	ns.resetMu.Lock()
	defer ns.resetMu.Unlock()
	ns.st.Reset()
	ns.faults.Reset()
}

// namespaces holds every live namespace by name.
type namespaces struct {
	mu     sync.Mutex
	byName map[string]*namespace
	max    int
	idle   time.Duration
	now    func() time.Time // time.Now; tests move it to evict without sleeping
	build  func(name string, base *state.State) (*namespace, error)
}

// errNamespacesFull is the answer when every namespace is in use.
var errNamespacesFull = errors.New("all namespaces are in use")

// get returns the namespace name copying base, creating it when it does
// not exist yet or copies a replaced scenario. Idle namespaces are dropped
// here, when a new one is needed, so no timer runs in the background.
func (n *namespaces) get(name string, base *state.State) (*namespace, error) {
	now := n.now()
	n.mu.Lock()
	defer n.mu.Unlock()
	if ns := n.byName[name]; ns != nil && ns.base == base {
		ns.used.Store(now.UnixNano())
		return ns, nil
	}
	delete(n.byName, name)
	n.evictIdle(now)
	if len(n.byName) >= n.max {
		return nil, fmt.Errorf("%w: %d of %d, none idle for %v; use fewer names, wait, or start the mock with a larger --max-namespaces",
			errNamespacesFull, len(n.byName), n.max, n.idle)
	}
	ns, err := n.build(name, base)
	if err != nil {
		return nil, fmt.Errorf("namespace %s: %w", name, err)
	}
	ns.used.Store(now.UnixNano())
	n.byName[name] = ns
	return ns, nil
}

// evictIdle drops every namespace unused for longer than the idle time;
// the caller holds mu. Requests in flight keep the one they hold.
func (n *namespaces) evictIdle(now time.Time) {
	cut := now.Add(-n.idle).UnixNano()
	for name, ns := range n.byName {
		if ns.used.Load() < cut {
			delete(n.byName, name)
		}
	}
}

// dropAll forgets every namespace: the scenario was replaced.
func (n *namespaces) dropAll() {
	n.mu.Lock()
	clear(n.byName)
	n.mu.Unlock()
}

// count is how many namespaces are live.
func (n *namespaces) count() int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return len(n.byName)
}

// validNamespace tells whether name follows namespaceRule.
func validNamespace(name string) bool {
	if name == "" || len(name) > maxNamespaceName || name == "." || name == ".." {
		return false
	}
	for i := 0; i < len(name); i++ {
		if !nameByte[name[i]] {
			return false
		}
	}
	return true
}

// nameByte marks the bytes a namespace name may hold.
var nameByte = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	t['-'], t['_'], t['.'] = true, true, true
	return t
}()

// newNamespaces builds the namespace table of s from its options.
func (s *Server) newNamespaces() *namespaces {
	n := &namespaces{byName: map[string]*namespace{}, max: s.opts.MaxNamespaces,
		idle: s.opts.NamespaceIdle, now: time.Now}
	n.build = func(name string, base *state.State) (*namespace, error) {
		sc := base.Scenario()
		st, err := state.New(sc, 0)
		if err != nil {
			return nil, err
		}
		seed := s.opts.Seed
		if seed == 0 {
			seed = sc.Seed
		}
		fs := fault.NewSet(seed)
		fs.SetScenario(sc.Faults)
		j := newJournal(min(namespaceJournalSize, s.opts.JournalSize))
		j.remember(sc.Keys, s.opts.AdminToken)
		return &namespace{name: name, st: st, base: base, journal: j, faults: fs}, nil
	}
	return n
}
