package wire

import "github.com/rtq-kit/rtq/mockserver/internal/state"

// A recorded record keeps its json-ld and markdown as the service rendered
// them (answer.Shown): they are served as they are while the record is
// at its scenario values (state.RecordView.Kept), since the specification leaves
// their layout open and the service's is what a frontend renders. A record
// a verify moved is rendered in the kit's layout (docs/record.md).

func recordLDPayload(v state.RecordView) []byte {
	if s := v.Rec.Shown; v.Kept && s != nil && s.JSONLD != nil {
		return s.JSONLD
	}
	return marshal(recordLD(v))
}

func recordMarkdownPayload(v state.RecordView) []byte {
	if s := v.Rec.Shown; v.Kept && s != nil && s.Markdown != nil {
		return marshal(*s.Markdown)
	}
	return marshal(recordMarkdown(v))
}

// maybe is a member the kit sends as null when it has no value, which a
// recorded service may have left out instead (answer.Record.Omit): with
// omit set, a member tagged omitzero is left out.
type maybe[T any] struct {
	v    *T
	omit bool
}

// IsZero makes omitzero leave the member out when the service did.
func (m maybe[T]) IsZero() bool { return m.omit }

// MarshalJSON writes the value, or null.
func (m maybe[T]) MarshalJSON() ([]byte, error) {
	if m.v == nil {
		return []byte("null"), nil
	}
	return marshal(*m.v), nil
}

// maybeOf is v, left out when r omits path and v is unset.
func maybeOf[T any](v *T, omits func(string) bool, path string) maybe[T] {
	return maybe[T]{v: v, omit: v == nil && omits(path)}
}
