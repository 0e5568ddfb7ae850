package fake

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// TestEveryFieldTypeHasItsGenerator: a row of the field-type table whose
// shape needs a generator by name (string values, OCR item tables) has
// one, and no generator is left for a type the table does not list. There
// is no fallback value: a missing generator is this failure.
func TestEveryFieldTypeHasItsGenerator(t *testing.T) {
	byShape := map[contract.ValueShape]struct {
		file, table string
		has         func(string) bool
	}{
		contract.ShapeString: {"fake/values.go", "stringValues", func(n string) bool { _, ok := stringValues[n]; return ok }},
		contract.ShapeOCR:    {"fake/ocr.go", "ocrSpecs", func(n string) bool { _, ok := ocrSpecs[n]; return ok }},
	}
	for _, ft := range contract.FieldTypes {
		if g, ok := byShape[ft.Shape]; ok && !g.has(ft.Name) {
			t.Errorf("%s: %s has no entry for %s field type %q (row of contract/fields.go)", g.file, g.table, ft.Shape, ft.Name)
		}
	}
	for name := range stringValues {
		if ft, ok := contract.FieldTypeByName(name); !ok || ft.Shape != contract.ShapeString {
			t.Errorf("fake/values.go: stringValues has %q, not a string field type of contract/fields.go", name)
		}
	}
	for name, spec := range ocrSpecs {
		if ft, ok := contract.FieldTypeByName(name); !ok || ft.Shape != contract.ShapeOCR {
			t.Errorf("fake/ocr.go: ocrSpecs has %q, not an OCR field type of contract/fields.go", name)
		}
		if len(spec.items) == 0 {
			t.Errorf("fake/ocr.go: ocrSpecs[%q] recognises no item", name)
		}
	}
}

// TestEveryShapeHasAGenerator: byShape generates every shape of
// contract.ValueShapes but the string one (its types have their own), and
// nothing else: FieldValue has no fallback value.
func TestEveryShapeHasAGenerator(t *testing.T) {
	for _, s := range contract.ValueShapes {
		if _, ok := byShape[s]; !ok && s != contract.ShapeString {
			t.Errorf("fake/values.go: byShape has no generator for value shape %q (contract/fields.go)", s)
		}
	}
	for s := range byShape {
		if s == contract.ShapeString || !slices.Contains(contract.ValueShapes, s) {
			t.Errorf("fake/values.go: byShape has %q, not a shape it should generate", s)
		}
	}
}

// TestEveryFieldTypeHasATitle: every row of the table names the title a
// form shows for it.
func TestEveryFieldTypeHasATitle(t *testing.T) {
	for _, ft := range contract.FieldTypes {
		if ft.Title == "" || FieldTitle(ft.Name) != ft.Title {
			t.Errorf("contract/fields.go: field type %q has no title", ft.Name)
		}
	}
}

// TestAddingAFieldTypeMovesNoOtherValue: a field's value depends on the
// item's seed, its type and how many fields of that type came before it,
// not on the other fields: values drawn with a type added in front are
// the same.
func TestAddingAFieldTypeMovesNoOtherValue(t *testing.T) {
	draw := func(types ...string) map[string]string {
		v := New(7).Values()
		out := map[string]string{}
		for _, typ := range types {
			data, err := json.Marshal(v.Next(typ))
			if err != nil {
				t.Fatal(err)
			}
			out[typ] = string(data)
		}
		return out
	}
	base, more := draw("name", "ocr_id_card", "text"), draw("tel", "name", "ocr_id_card", "text")
	for typ, b := range base {
		if more[typ] != b {
			t.Errorf("%s: %s before a type was added in front, %s after", typ, b, more[typ])
		}
	}
	v := New(7).Values()
	if a, b := v.Next("text"), v.Next("text"); a == b {
		t.Errorf("two text fields of one item both got %v: the second needs its own stream", a)
	}
}
