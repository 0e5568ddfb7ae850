package conformance

import (
	"sync/atomic"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/profile"
)

// The rules of field values that JSON Schema does not express live in
// conformance/rules (values.go); these checks apply them to the
// profile's records.

func checkValuesOrder(t *T) { t.valueRules("chained_selects") }
func checkValuesMembers(t *T) {
	t.valueRules("sub_qrcode_edit_diff", "matrix", "dynamic_matrix", "file")
}

// valueRules applies the rules of the given field types to every field of
// every profile record.
func (t *T) valueRules(types ...string) {
	var seen atomic.Int64 // branches count side by side
	t.records(func(t *T, rec profile.Record) {
		payload, x := t.recordPayload(rec)
		if payload == nil {
			return
		}
		for _, f := range rules.Fields(payload) {
			ft, _ := f["field_type"].(string)
			for _, want := range types {
				if ft != want {
					continue
				}
				seen.Add(1)
				id, _ := intOf(f["field_id"])
				for _, p := range rules.ValueRules[ft](f["field_value"]) {
					t.Errorf(x, "record %d field %d (%s): %s", rec.ID, id, ft, p)
				}
			}
		}
	})
	if seen.Load() == 0 && t.skip == "" && !t.failed() {
		t.Skipf("no field of type %v in the profile's records", types)
	}
}
