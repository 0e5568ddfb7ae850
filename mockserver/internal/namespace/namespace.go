// Package namespace holds the mock's state namespaces (docs/mock.md,
// "State namespaces"): /s/{name}/... serves a private copy of the loaded scenario's state, so that parallel CI jobs
// sharing one mock never see each other's verifies, resets, journal or
// fault rules. A namespace is created on first use, bounded in number,
// dropped when idle, and dropped when the scenario is replaced (the next
// use builds it afresh from the new scenario). Its state shares the root's
// index (state.Fresh), so it costs what its own requests change, not a
// copy of the scenario.
package namespace

import (
	"cmp"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rtq-kit/rtq/fault"
	"github.com/rtq-kit/rtq/mockserver/internal/journal"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
)

const (
	// DefaultMax is mockserver.Options.MaxNamespaces when it is 0:
	// enough for fifty parallel jobs with room to spare.
	DefaultMax = 100
	// DefaultIdle is mockserver.Options.NamespaceIdle when it is 0.
	DefaultIdle = 10 * time.Minute
	// JournalSize bounds each namespace's journal, well under the
	// root's, so that a hundred namespaces cost megabytes, not tens of them.
	JournalSize = 100
	// maxNamespaceName is the longest name allowed.
	maxNamespaceName = 64
)

// Rule is what a bad name is told.
const Rule = "a namespace name is 1 to 64 letters, digits, '-', '_' or '.', and not '.' or '..'"

// Namespace is one private copy: its own state, journal and fault rules.
// Its state is a Fresh one of the root's: it shares the scenario's indexes
// and rendered answers and owns only what its verifies move.
// The root's space is one too, with Name "". What changes at run time
// sits behind interfaces (St's Certs, Journal, Faults), so a store
// replicas share can stand behind a space as well as this process's
// memory.
type Namespace struct {
	Name    string
	St      *state.State // the scenario's indexes, and its Certs
	Journal journal.Log
	Faults  Rules
	resetMu sync.Mutex // serializes resets of st
}

// Rules are the fault rules in force in one space: the scenario's, the
// flag's (at the root) and those added at run time, as the chain matches
// them and the admin API lists, adds and removes them. Empty and Match
// are on every request's path: they must not wait on a store.
type Rules interface {
	// Empty reports, without locking, that no rule is in force.
	Empty() bool
	// Match decides what happens to req: nil when no rule hits.
	Match(req *fault.Request) *fault.Action
	// List is the rules in force, in the order they apply.
	List() ([]fault.Status, error)
	// Add validates every rule, then adds them all or none (fault.Set.Add).
	Add(rules []fault.Rule, source string, name func(i int) string) ([]fault.Rule, error)
	// Remove takes the rule id out; false when no rule has that id.
	Remove(id string) (bool, error)
	// Clear removes every runtime rule; the scenario's stay.
	Clear() error
	// Reset re-arms the scenario's rules and their counters.
	Reset() error
}

// Reset puts the namespace's state and fault counters back to the
// scenario, as POST /__admin/Reset does for the root.
func (ns *Namespace) Reset() error {
	ns.resetMu.Lock()
	defer ns.resetMu.Unlock()
	return errors.Join(ns.St.Reset(), ns.Faults.Reset())
}

// slot is a name's place in the table. It is taken under the table's lock
// and filled outside it by the request that took it; others asking for the
// same name meanwhile wait on done, so a namespace is built once and no
// build holds up a request to another name or to the root.
type slot struct {
	base *state.State // the root state it copies; another one means the scenario was replaced
	used atomic.Int64 // unix nanoseconds of the latest request
	done chan struct{}
	ns   *Namespace // set before done is closed, unless err is
	err  error
}

// Table holds every live namespace by name.
type Table struct {
	mu     sync.Mutex
	byName map[string]*slot
	max    int
	idle   time.Duration
	Now    func() time.Time // time.Now; tests move it to evict without sleeping
	Build  func(name string, base *state.State) (*Namespace, error)
	Wait   func(name string) // nil; tests learn here that a request waits for another's build
}

// ErrFull is the answer when every namespace is in use.
var ErrFull = errors.New("all namespaces are in use")

// Get returns the namespace name copying base, creating it when it does
// not exist yet or copies a replaced scenario. Idle namespaces are dropped
// here, when a new one is needed, so no timer runs in the background.
func (n *Table) Get(name string, base *state.State) (*Namespace, error) {
	sl, mine, err := n.take(name, base)
	if err != nil {
		return nil, err
	}
	if mine {
		n.fill(name, sl)
	} else if n.Wait != nil && !closed(sl.done) {
		n.Wait(name)
	}
	<-sl.done
	if sl.err != nil {
		return nil, fmt.Errorf("namespace %s: %w", name, sl.err)
	}
	return sl.ns, nil
}

// take finds the slot of name under the lock, or makes an empty one that
// the caller (mine) must fill.
func (n *Table) take(name string, base *state.State) (sl *slot, mine bool, err error) {
	now := n.Now()
	n.mu.Lock()
	defer n.mu.Unlock()
	if sl := n.byName[name]; sl != nil && sl.base == base {
		sl.used.Store(now.UnixNano())
		return sl, false, nil
	}
	delete(n.byName, name)
	n.evictIdle(now)
	if len(n.byName) >= n.max {
		return nil, false, fmt.Errorf("%w: %d of %d, none idle for %v; use fewer names, wait, or start the mock with a larger --max-namespaces",
			ErrFull, len(n.byName), n.max, n.idle)
	}
	sl = &slot{base: base, done: make(chan struct{})}
	sl.used.Store(now.UnixNano())
	n.byName[name] = sl
	return sl, true, nil
}

// fill builds the namespace of a slot taken by take, without the table's
// lock. A failed build (or one that panicked) gives its place up, so the
// next request tries again, and never leaves a waiter waiting.
func (n *Table) fill(name string, sl *slot) {
	defer func() {
		if sl.ns == nil {
			sl.err = cmp.Or(sl.err, errNotBuilt)
			n.mu.Lock()
			if n.byName[name] == sl {
				delete(n.byName, name)
			}
			n.mu.Unlock()
		}
		close(sl.done)
	}()
	sl.ns, sl.err = n.Build(name, sl.base)
}

// errNotBuilt is what waiters are told when a build ended without a
// namespace or an error.
var errNotBuilt = errors.New("the build of this namespace did not finish")

// closed tells whether ch is Closed, without waiting.
func closed(ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// evictIdle drops every namespace unused for longer than the idle time;
// the caller holds mu. Requests in flight keep the one they hold.
func (n *Table) evictIdle(now time.Time) {
	cut := now.Add(-n.idle).UnixNano()
	for name, sl := range n.byName {
		if sl.used.Load() < cut {
			delete(n.byName, name)
		}
	}
}

// DropAll forgets every namespace: the scenario was replaced.
func (n *Table) DropAll() {
	n.mu.Lock()
	clear(n.byName)
	n.mu.Unlock()
}

// Count is how many namespaces are live.
func (n *Table) Count() int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return len(n.byName)
}

// Live is the namespace name when it is live and built, else nil; it
// neither creates one nor counts as a use.
func (n *Table) Live(name string) *Namespace {
	n.mu.Lock()
	sl := n.byName[name]
	n.mu.Unlock()
	if sl == nil || !closed(sl.done) {
		return nil
	}
	return sl.ns
}

// Names are the namespaces live now.
func (n *Table) Names() []string {
	n.mu.Lock()
	defer n.mu.Unlock()
	out := make([]string, 0, len(n.byName))
	for name := range n.byName {
		out = append(out, name)
	}
	return out
}

// Has reports whether name is a live namespace (or one being built).
func (n *Table) Has(name string) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.byName[name] != nil
}

// Valid tells whether name follows namespaceRule.
func Valid(name string) bool {
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

// NewTable is a table of at most max namespaces, where one unused for idle
// may give its place to a new one; build makes a namespace from the root
// state it copies.
func NewTable(max int, idle time.Duration, build func(name string, base *state.State) (*Namespace, error)) *Table {
	return &Table{byName: map[string]*slot{}, max: max, idle: idle, Now: time.Now, Build: build}
}
