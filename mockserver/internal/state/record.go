package state

import (
	"sync"
	"sync/atomic"

	"github.com/rtq-kit/rtq/contract"
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
	src    *scenario.Record
	mu     sync.Mutex
	bodies [3]atomic.Pointer[[]byte]
}

// Record is a credential record as one State's verifies left it. mu
// guards status, changes and touched, and serializes rendering; bodies are
// read without it (a body is never changed, only swapped whole). moved is
// false while status and changes are the scenario's (before the first
// move, and after a reset): the entry's answers are then served.
type Record struct {
	src     *scenario.Record
	cached  *atomic.Int64 // the State's own cache size
	mu      sync.Mutex
	moved   atomic.Bool
	status  *scenario.Status
	changes []scenario.StateChange
	touched bool // on the state's touched list
	bodies  [3]atomic.Pointer[[]byte]
}

// body is the success body of a record in a format: the State's own when a
// verify moved the record, else the one shared by every State of the index.
func (st *State) body(e *recordEntry, format int, render Renderer) []byte {
	msg := st.message(contract.GetRecord.Name)
	if e.src.Cert != nil && st.nlive.Load() != 0 {
		if r, ok := st.live.Load(e); ok {
			if b := r.(*Record).body(format, msg, render); b != nil {
				return b
			}
		}
	}
	return e.body(format, msg, &st.index.cached, render)
}

// view is the record at the scenario's values.
func (e *recordEntry) view() RecordView {
	var status *scenario.Status
	if e.src.Cert != nil {
		status = e.src.Cert.Status
	}
	return RecordView{Rec: e.src, Status: status, Changes: e.src.StateChanges, Kept: true}
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

// body returns the moved record's answer, rendering it under the record's
// lock when a verify has dropped it or it was never built, or nil when the
// record is at the scenario's values.
func (r *Record) body(format int, msg string, render Renderer) []byte {
	if b := r.bodies[format].Load(); b != nil {
		return *b
	}
	if !r.moved.Load() {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.moved.Load() {
		return nil
	}
	if b := r.bodies[format].Load(); b != nil {
		return *b
	}
	b := render(format, msg, RecordView{Rec: r.src, Status: r.status, Changes: r.changes})
	keep(&r.bodies[format], b, r.cached, ownBudget)
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

// dropBodies forgets the rendered answers; the caller holds r.mu.
func (r *Record) dropBodies() {
	for i := range r.bodies {
		if b := r.bodies[i].Swap(nil); b != nil {
			r.cached.Add(-int64(len(*b)))
		}
	}
}

// record is st's own Record of a credential record, made at the
// scenario's values the first time a verify reaches it. Two verifies
// reaching it at once get the same one.
func (st *State) record(e *recordEntry) *Record {
	if r, ok := st.live.Load(e); ok {
		return r.(*Record)
	}
	r := &Record{src: e.src, cached: &st.cached, status: e.src.Cert.Status,
		changes: append([]scenario.StateChange(nil), e.src.StateChanges...)}
	got, loaded := st.live.LoadOrStore(e, r)
	if !loaded {
		st.nlive.Add(1)
	}
	return got.(*Record)
}
