package state

import (
	"sync/atomic"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/answer"
	"github.com/rtq-kit/rtq/mockserver/internal/coverage"
	"github.com/rtq-kit/rtq/scenario"
)

// What the state answers: values, never bytes. Package wire, the encoder,
// turns each into an answer; the state only keeps, beside the values it
// hands out, a place for the bytes the encoder rendered of them, so that
// a record or a list item is rendered once and not once a request.

// RecordView is what a record looks like at one moment, in the mock's own
// view of an answer (package answer, made by answer.go): the record plus
// its current certificate status (nil for a record without one) and
// state changes, which verify moves and the state keeps.
type RecordView struct {
	Rec     *answer.Record
	Status  *answer.Status
	Changes []answer.Change
	// Kept is true while the record is at its scenario values (no verify
	// moved it): the representations a recording kept are served then.
	Kept bool
}

// RecordAnswer is getRecord's result: a record as one State shows it, in
// one format. Body gives the answer's bytes.
type RecordAnswer struct {
	Format int // index in contract.Formats
	st     *State
	entry  *recordEntry
	moved  Moved // the record as verifies left it, nil at the scenario's values
}

// Renderer renders a record's whole getRecord answer in a format, with
// the success message msg; package wire gives it.
type Renderer func(format int, msg string, v RecordView) []byte

// Body is the answer's bytes: those rendered before for this record's
// current values when they are kept, else render's, made under the
// record's lock from the values it holds then, so a verify never meets a
// half-rendered body and a body is rendered once.
func (a RecordAnswer) Body(render Renderer) []byte {
	msg := a.st.message(contract.GetRecord.Name)
	if a.moved != nil {
		if b := a.moved.Body(a.Format, msg, render); b != nil {
			return b
		}
	}
	return a.entry.body(a.Format, msg, &a.st.index.cached, render)
}

// Traits are what the consumer coverage counts of the record (its field
// types, a masked value, no form), made once a record and shared.
func (a RecordAnswer) Traits() *coverage.Traits {
	if t := a.entry.traits.Load(); t != nil {
		return t
	}
	t := coverage.TraitsOf(a.entry.src)
	a.entry.traits.Store(t)
	return t
}

// View is the record's values at this moment, as Body would render them.
func (a RecordAnswer) View() RecordView {
	if a.moved != nil {
		if v, ok := a.moved.View(); ok {
			return v
		}
	}
	return a.entry.view()
}

// Verified is what a successful verify did: the record it moved and the
// status it moved it to (for the consumer coverage), and what the answer
// shows of them (for the encoder).
type Verified struct {
	Rec     *scenario.Record
	To      *scenario.Status
	Shown   answer.Verified
	Message string // the success message (State.message)
}

// FormPage is getFormList's result: the page's forms and the page block.
type FormPage struct {
	Forms                         []*FormEntry
	Current, Last, PerPage, Total int64
	Message                       string // the success message (State.message)
}

// Page is a templates/* result: one page of a filtered list, the token of
// the next page ("" on the last) and the total of the list.
type Page[T any] struct {
	Items    []T
	Next     string
	Total    int64
	Message  string // the success message (State.message)
	Reversed bool   // Items are answered last first (Index)
}

// Index is where in Items the i-th item of the answer is.
func (p Page[T]) Index(i int) int {
	if p.Reversed {
		return len(p.Items) - 1 - i
	}
	return i
}

// Cell is where the encoder keeps the bytes it rendered of one list item
// the state hands out. The state never fills or reads one; the scenario's
// items do not change, so neither does a filled Cell.
type Cell struct{ b atomic.Pointer[[]byte] }

// Load is the bytes kept, nil before the first Store.
func (c *Cell) Load() []byte {
	if p := c.b.Load(); p != nil {
		return *p
	}
	return nil
}

// Store keeps b; a second Store of the same item's bytes is harmless.
func (c *Cell) Store(b []byte) { c.b.Store(&b) }
