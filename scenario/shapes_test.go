package scenario

import (
	"slices"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// TestEveryShapeHasItsModel: scenario/values.go models every value shape
// of contract.ValueShapes, and nothing else; a shape without a model
// refuses every written value with a reason naming this file, never a nil
// pointer.
func TestEveryShapeHasItsModel(t *testing.T) {
	for _, s := range contract.ValueShapes {
		if shapes[s] == nil {
			t.Errorf("scenario/values.go: shapes has no model of value shape %q (contract/fields.go)", s)
		}
	}
	for s := range shapes {
		if !slices.Contains(contract.ValueShapes, s) {
			t.Errorf("scenario/values.go: shapes models %q, not a shape of contract.ValueShapes", s)
		}
	}
	if _, reason := shapeOf(contract.FieldType{Name: "x", Shape: "no_such_shape"}).check("v"); reason == "" {
		t.Error("a shape without a model accepted a value")
	}
}
