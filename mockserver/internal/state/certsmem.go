package state

import (
	"sync"
	"sync/atomic"

	"github.com/rtq-kit/rtq/scenario"
)

// memCerts is the Certs of one process, the memory store's: a Record of
// its own for each credential record a verify reached, made at the
// scenario's values the first time, and the list of those a verify
// changed since the last reset (reset.go).
type memCerts struct {
	live    sync.Map     // *scenario.Record → *Record, made when a verify first reaches the record
	nlive   atomic.Int64 // entries in live: while 0, getRecord does not look there
	cached  atomic.Int64 // bytes of the moved records' bodies kept, at most ownBudget
	touchMu sync.Mutex   // guards touched
	touched []*Record    // records a verify changed since New or the last Reset
	resetMu sync.Mutex   // serializes Reset; guards spare
	spare   []*Record    // the last reset's list, reused as the next touched list
}

var _ Certs = (*memCerts)(nil)

// Moved is the record's own Record once a verify reached it; its Body is
// nil again after a reset.
func (m *memCerts) Moved(src *scenario.Record, _ Early) (Moved, error) {
	if m.nlive.Load() == 0 {
		return nil, nil
	}
	if r, ok := m.live.Load(src); ok {
		return r.(*Record), nil
	}
	return nil, nil
}

// Move moves the certificate status under the record's lock, so of
// concurrent moves from one status exactly one wins and the others see
// the new status.
func (m *memCerts) Move(src *scenario.Record, req VerifyRequest) (*scenario.Status, error) {
	rec := m.record(src)
	rec.mu.Lock()
	defer rec.mu.Unlock()
	from := rec.status
	to, err := Decide(src, from, req)
	if err != nil {
		return nil, err
	}
	m.move(rec, from, to)
	return to, nil
}

// move sets a credential record's status and records the state change;
// the caller holds rec.mu and has run every check.
func (m *memCerts) move(rec *Record, from, to *scenario.Status) {
	rec.status = to
	rec.changes = append(rec.changes, Change(rec.src, from, to))
	if extra := len(rec.changes) - len(rec.src.StateChanges) - MaxVerifyChanges; extra > 0 {
		kept := len(rec.src.StateChanges)
		rec.changes = append(rec.changes[:kept], rec.changes[kept+extra:]...)
	}
	rec.dropBodies()
	rec.moved.Store(true)
	m.touch(rec)
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

// Body returns the moved record's answer, rendering it under the record's
// lock when a verify has dropped it or it was never built, or nil when the
// record is at the scenario's values.
func (r *Record) Body(format int, msg string, render Renderer) []byte {
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
	b := render(format, msg, ViewOf(r.src, r.status, r.changes))
	keep(&r.bodies[format], b, r.cached, ownBudget)
	return b
}

// dropBodies forgets the rendered answers; the caller holds r.mu.
func (r *Record) dropBodies() {
	for i := range r.bodies {
		if b := r.bodies[i].Swap(nil); b != nil {
			r.cached.Add(-int64(len(*b)))
		}
	}
}

// record is the Certs' own Record of a credential record, made at the
// scenario's values the first time a verify reaches it. Two verifies
// reaching it at once get the same one.
func (m *memCerts) record(src *scenario.Record) *Record {
	if r, ok := m.live.Load(src); ok {
		return r.(*Record)
	}
	r := &Record{src: src, cached: &m.cached, status: src.Cert.Status,
		changes: append([]scenario.StateChange(nil), src.StateChanges...)}
	got, loaded := m.live.LoadOrStore(src, r)
	if !loaded {
		m.nlive.Add(1)
	}
	return got.(*Record)
}

// View is the record's values at this moment, as Body would render them.
func (r *Record) View() (RecordView, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.moved.Load() {
		return RecordView{}, false
	}
	return ViewOf(r.src, r.status, r.changes), true
}
