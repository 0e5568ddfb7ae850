package state

import (
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/scenario"
)

// Certs is where a State keeps what verifies change: each credential
// record's current status and the state changes verifies appended. The
// State keeps the rest (the scenario's indexes and the answers rendered
// at the scenario's values) in this process whatever Certs it has, so a
// Certs is asked only about a record a verify can move (Movable): a read
// of any other record never reaches it. The memory Certs (certsmem.go) is
// this process's; a store replicas share gives its own (package store).
type Certs interface {
	// Moved is the record as verifies left it, or nil while it is at the
	// scenario's values; an error when the values cannot be read (a
	// shared store unreachable). e is the request the read answers, or
	// nil: a Certs in another process may send its journal entry with
	// the read (Early).
	Moved(rec *scenario.Record, e Early) (Moved, error)
	// Move runs checks 10 to 12 (Decide) against the record's current
	// status and moves it, as one atomic step: of moves racing from one
	// status exactly one wins, the others see the new status.
	Move(rec *scenario.Record, req VerifyRequest) (*scenario.Status, error)
	// Reset puts every record a verify moved back to the scenario's values.
	Reset() error
}

// Early is the request a getRecord reads a record for, as a Certs may
// use it: a Certs in another process (a shared store) may send the
// request's journal entry with its read, one round trip for both, since
// everything the entry holds is decided before that read; it then calls
// Sent, and the request is not journaled again. What the entry is, is
// the store's business (it asks the request for it through an interface
// of its own): this package only carries it, and the memory Certs
// ignores it.
type Early interface {
	// Sent says the request's entry was written with the read.
	Sent()
}

// Moved is a credential record as verifies left it, with the answers
// rendered from those values.
type Moved interface {
	// Body is the answer in format rendered from these values (once,
	// then kept), or nil when the record is back at the scenario's values.
	Body(format int, msg string, render Renderer) []byte
	// View is the values; false when the record is back at the
	// scenario's values.
	View() (RecordView, bool)
}

// Decide is checks 10 to 12 of a verify of rec from its current status
// cur: the status it moves to, or the refusal. Every Certs decides with
// it, so the outcome never depends on where the status is kept.
func Decide(rec *scenario.Record, cur *scenario.Status, req VerifyRequest) (*scenario.Status, error) {
	to, err := target(rec.Form.Flow, cur, req)
	if err != nil {
		return nil, err
	}
	if rec.Cert.ForceFailure { // check 12
		return nil, fail.Verify(contract.ErrVerifyFailed, "verification of this certificate failed")
	}
	return to, nil
}

// Change is the state change a move of rec from one status to another
// appends (docs/contract.md §C10).
func Change(rec *scenario.Record, from, to *scenario.Status) scenario.StateChange {
	flow := rec.Form.Flow
	return scenario.StateChange{
		StateID: flow.ID, StateName: certStateName, StateNumber: flow.Number,
		From: scenario.StateOption{Name: from.Name, Color: from.Color},
		To:   scenario.StateOption{Name: to.Name, Color: to.Color},
	}
}

// MaxVerifyChanges bounds the state changes verifies append to one
// record, the latest kept after the scenario's own (docs/contract.md
// §C10): in a cyclic flow a client could otherwise grow a record, and
// every answer rendering it, without end.
const MaxVerifyChanges = 50

// Movable tells whether a verify can ever move rec, whatever the key and
// the request: a credential record with a flow and verification enabled,
// which no check before the status refuses for good. Only these records
// are asked of Certs.
func Movable(rec *scenario.Record) bool {
	c, f := rec.Cert, rec.Form
	if c == nil || f == nil || f.Flow == nil || c.Status == nil || !f.Flow.Verification || !c.Verification {
		return false
	}
	if a := rec.Audit; a != nil && a.Enabled && (a.Status == nil || *a.Status != contract.AuditApproved) {
		return false
	}
	return !c.IdentityRequired && !c.AuthCodeInvalid && !c.ForceFailure
}
