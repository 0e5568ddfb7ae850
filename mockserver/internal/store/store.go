// Package store is the one seam for everything of the mock that changes
// at run time: which scenario is loaded, the state namespaces with their
// idle expiry, and in each space (the root is one) the certificate
// statuses and their history (verify moves one atomically), the journal
// and the fault rules. memory.go is this process's memory, the default;
// redis.go is a Redis that replicas share (rtq mock --store redis://...).
// Both pass the same suite, storetest.Run, as any other store must.
package store

import (
	"context"

	"github.com/rtq-kit/rtq/mockserver/internal/namespace"
	"github.com/rtq-kit/rtq/scenario"
)

// Space is one space of the mock: the root's (Name "") or a state
// namespace's, with its certificate state (St), journal and fault rules.
type Space = namespace.Namespace

// Store is what the server asks of the state that changes while it runs.
type Store interface {
	// Root is the root's space, serving the loaded scenario. It is read on
	// every request: it must not wait on another one.
	Root() *Space
	// Space is the namespace name's space, made from the loaded scenario
	// on first use; an error wrapping namespace.ErrFull when every one is
	// in use and none idle long enough to give its place.
	Space(name string) (*Space, error)
	// Load serves sc from now on: the root's certificate state afresh,
	// its journal and the fault rules added at run time kept, every
	// namespace dropped (the next use builds it from sc).
	Load(sc *scenario.Scenario) error
	// Reset puts a space back to the scenario: every verify undone, its
	// fault rules' counters reset. Resetting the root resets whichever
	// scenario is loaded when it runs, never one Load replaced.
	Reset(sp *Space) error
	// Spaces is how many namespaces are alive.
	Spaces() int
	// Ping says whether the store answers: nil, or an error saying
	// "store unreachable" and why (GET /__admin/health).
	Ping(ctx context.Context) error
	// Close releases what the store holds (connections, its goroutines).
	Close() error
}
