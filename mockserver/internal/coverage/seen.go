// Package coverage is the mock's consumer coverage (docs/mock.md,
// "Consumer coverage"): what the tests of a client of the service sent
// and received, counted per state namespace from the calls the mock
// answered, and the client's own duties it broke. The chain feeds it once
// per answered call, at the same point as the journal (Space.Observe);
// what only a handler sees of its answer (the record's field types, a
// last page, a verify's move) the handler notes on the call as a Seen.
// Counters and small bounded sets only: a Space costs the same after a
// million calls as after ten. GET /__admin/coverage renders a Space as a
// covreport.Report (report.go).
package coverage

import (
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/scenario"
)

// Seen is what a handler noted of its answer that the call's status does
// not say. It lives in the pooled call: setting it allocates nothing.
type Seen struct {
	ErrorCode int     // error_code of an error answer (0: none, or a success)
	Shape     Shape   // list shapes of the answer
	Record    *Traits // the record a getRecord answered, nil for none
	// Move is the record and status of a verify that moved a certificate.
	MoveRec  *scenario.Record
	MoveTo   *scenario.Status
	MoveNext bool   // set_next_certificate_status
	Code     []byte // the certificate_code of a verify, as sent (the call's body)
	HasFrom  bool   // the verify sent from_certificate_status
	// Unknown is the first member of the body the endpoint does not read,
	// a slice of the call's body; NotObject marks a body that is not one
	// JSON object (Empty: no body at all, read as {}).
	Unknown   []byte
	NotObject bool
	Empty     bool
}

// Shape is a set of the list shapes an answer had.
type Shape uint8

const (
	// EmptyList is a list answer with no item.
	EmptyList Shape = 1 << iota
	// LastPage is the last page of a list (the only one counts too).
	LastPage
	// MorePages is a page with another after it.
	MorePages
	// PastLast is a getFormList page past its last one.
	PastLast
)

// Traits are what a record shows whatever the call: its field types, a
// masked value, no form. The state computes them once a record
// (TraitsOf) and hands the same value to every call.
type Traits struct {
	Types  []uint64 // bit i: contract.FieldTypes[i]
	Masked bool
	NoForm bool
}

// TraitsOf are rec's traits.
func TraitsOf(rec *scenario.Record) *Traits {
	t := &Traits{Types: make([]uint64, (len(contract.FieldTypes)+63)/64), NoForm: rec.Form == nil}
	for _, g := range rec.Groups {
		for _, f := range g.Fields {
			t.Masked = t.Masked || f.Masked
			if i, ok := fieldIndex[f.Type]; ok {
				t.Types[i/64] |= 1 << (i % 64)
			}
		}
	}
	return t
}

// fieldIndex is each field type's place in contract.FieldTypes.
var fieldIndex = func() map[string]int {
	m := make(map[string]int, len(contract.FieldTypes))
	for i, ft := range contract.FieldTypes {
		m[ft.Name] = i
	}
	return m
}()
