package store

import (
	"sync"
	"sync/atomic"

	"github.com/rtq-kit/rtq/mockserver/internal/namespace"
)

// served is what every store does alike with the spaces it serves: the
// root's space swapped whole on a load, the namespace table, and the
// lock that keeps a load and the root's reset apart. A store embeds it
// and keeps only what it does its own way (building a space, loading).
type served struct {
	swapMu sync.Mutex // serializes a load (and a store's own sync) and the root's Reset
	root   atomic.Pointer[Space]
	spaces *namespace.Table
}

// Root is the root's space.
func (s *served) Root() *Space { return s.root.Load() }

// Space is the namespace name's space.
func (s *served) Space(name string) (*Space, error) { return s.spaces.Get(name, s.Root().St) }

// Reset puts a space back to the scenario. Resetting the root holds the
// swap lock, so it resets whichever scenario is loaded when it runs.
func (s *served) Reset(sp *Space) error {
	if sp.Name != "" {
		return sp.Reset()
	}
	s.swapMu.Lock()
	defer s.swapMu.Unlock()
	return s.root.Load().Reset()
}

// Spaces is how many namespaces are in use here.
func (s *served) Spaces() int { return s.spaces.Count() }

// Table is the namespace table, for tests that drive its clock and builds.
func (s *served) Table() *namespace.Table { return s.spaces }
