package coverage

import (
	"sort"
	"sync"

	"github.com/rtq-kit/rtq/covreport"
	"github.com/rtq-kit/rtq/scenario"
)

// Book holds the coverage of every state namespace of one mock. A
// namespace's coverage outlives the namespace (dropped when idle or when
// the scenario is replaced): what its client did stays counted until
// asked to forget (Reset). It keeps at most max namespaces; calls of
// another past that count as overflow of the root, so memory stays bounded.
type Book struct {
	Root Space
	mu   sync.RWMutex
	byNS map[string]*Space
	max  int
}

// NewBook is a book keeping at most max namespaces besides the root.
func NewBook(max int) *Book { return &Book{byNS: map[string]*Space{}, max: max} }

// Of is the Space of namespace name ("" for the root); nil when the book
// is full and name is not in it.
func (b *Book) Of(name string) *Space {
	if name == "" {
		return &b.Root
	}
	b.mu.RLock()
	sp := b.byNS[name]
	b.mu.RUnlock()
	if sp != nil {
		return sp
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if sp = b.byNS[name]; sp == nil && len(b.byNS) < b.max {
		sp = &Space{}
		b.byNS[name] = sp
	}
	return sp
}

// Overflow counts a call of a namespace the book has no room for.
func (b *Book) Overflow() {
	b.Root.mu.Lock()
	b.Root.overflow++
	b.Root.mu.Unlock()
}

// Names are the namespaces with coverage, sorted; the root is "".
func (b *Book) Names() []string {
	b.mu.RLock()
	defer b.mu.RUnlock()
	out := []string{""}
	for n := range b.byNS {
		out = append(out, n)
	}
	sort.Strings(out[1:])
	return out
}

// Lookup is the Space of an existing namespace, without making one.
func (b *Book) Lookup(name string) (*Space, bool) {
	if name == "" {
		return &b.Root, true
	}
	b.mu.RLock()
	defer b.mu.RUnlock()
	sp, ok := b.byNS[name]
	return sp, ok
}

// All is every namespace's report joined (namespace "*").
func (b *Book) All(sc *scenario.Scenario) covreport.Report {
	var rs []covreport.Report
	for _, n := range b.Names() {
		if sp, ok := b.Lookup(n); ok {
			rs = append(rs, sp.Report(n, sc))
		}
	}
	r := covreport.Merge(rs...)
	r.Namespace, r.Shards = "*", 1
	return r
}

// Reset forgets the coverage of namespace name ("" the root, "*" all).
func (b *Book) Reset(name string) {
	if name == "*" {
		b.Root.Reset()
		b.mu.Lock()
		b.byNS = map[string]*Space{}
		b.mu.Unlock()
		return
	}
	if sp, ok := b.Lookup(name); ok {
		sp.Reset()
	}
}
