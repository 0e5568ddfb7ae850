package state

import (
	"sync"
	"sync/atomic"

	"github.com/rtq-kit/rtq/mockserver/internal/coverage"
	"github.com/rtq-kit/rtq/scenario"
)

// A record's answers come from one of two places. The state keeps them;
// package wire renders them (RecordAnswer.Body). A record no verify of
// this State has moved is answered from its recordEntry, shared by every
// State of the index: the bodies rendered at the scenario's values, once
// for all of them. A record a verify moved has a Record of this State's
// own, holding its status, its state changes and the bodies rendered from
// them. A reset puts the Record back to the scenario's values, and its
// answers come from the entry again.

// recordEntry is a record as the scenario has it, with the answers
// rendered at the scenario's values, built on first use and never dropped.
// mu serializes rendering, so a body is rendered once; bodies are read
// without it.
type recordEntry struct {
	src     *scenario.Record
	movable bool // Movable(src): only then is the State's Certs asked
	mu      sync.Mutex
	bodies  [3]atomic.Pointer[[]byte]
	traits  atomic.Pointer[coverage.Traits] // what the consumer coverage counts of it, made on first read
}

// view is the record at the scenario's values.
func (e *recordEntry) view() RecordView {
	var status *scenario.Status
	if e.src.Cert != nil {
		status = e.src.Cert.Status
	}
	v := ViewOf(e.src, status, e.src.StateChanges)
	v.Kept = true
	return v
}

// body returns the answer at the scenario's values, rendering it under the
// entry's lock when it was never built; cached is the index's cache size.
func (e *recordEntry) body(format int, msg string, cached *atomic.Int64, render Renderer) []byte {
	if b := e.bodies[format].Load(); b != nil {
		return *b
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if b := e.bodies[format].Load(); b != nil {
		return *b
	}
	b := render(format, msg, e.view())
	keep(&e.bodies[format], b, cached, cacheBudget)
	return b
}

// keep stores b in slot when the cache it counts in has room under budget.
func keep(slot *atomic.Pointer[[]byte], b []byte, cached *atomic.Int64, budget int64) {
	if cached.Add(int64(len(b))) <= budget {
		slot.Store(&b)
	} else {
		cached.Add(-int64(len(b)))
	}
}
