package schemas

import (
	"slices"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// compatibleShapes are pairs {type's shape, sample's shape} where the spec
// itself lets the sample pass, because nested objects stay open to extra
// members: an audio item {url, size, duration} is a valid video item and the
// other way round; a chained_selects value {values: [{option_id,
// option_text, level}]} is a valid checkbox value (not the reverse: level is
// required).
var compatibleShapes = map[[2]contract.ValueShape]bool{
	{contract.ShapeAudio, contract.ShapeVideo}:             true,
	{contract.ShapeVideo, contract.ShapeAudio}:             true,
	{contract.ShapeCheckbox, contract.ShapeChainedSelects}: true,
}

// sampleValues takes one field_value per field type from the full valid
// record fixture, so the fixture and this test cannot drift apart.
func sampleValues(t *testing.T) map[string]any {
	t.Helper()
	rec := readFixture(t, "record.valid.json").(map[string]any)
	out := map[string]any{}
	for _, g := range rec["tpl_groups"].([]any) {
		for _, f := range g.(map[string]any)["fields"].([]any) {
			field := f.(map[string]any)
			out[field["field_type"].(string)] = field["field_value"]
		}
	}
	return out
}

func field(fieldType string, value any) map[string]any {
	return map[string]any{
		"field_id": 1, "field_title": "t", "field_type": fieldType, "field_value": value,
		"options": map[string]any{"is_result": false, "is_highlight": false, "is_hidden": false, "is_masked": false},
	}
}

func TestFieldTypeEnumIsTheSpecList(t *testing.T) {
	s := compiled(t)
	sch, ok := s.Schema("record.json#/$defs/FieldType")
	if !ok || sch.Enum == nil {
		t.Fatal("record.json#/$defs/FieldType has no enum")
	}
	var want []any
	for _, ft := range contract.FieldTypes {
		want = append(want, ft.Name)
	}
	if !slices.Equal(sch.Enum.Values, want) {
		t.Errorf("field_type enum differs from contract.FieldTypes\ngot:  %v\nwant: %v", sch.Enum.Values, want)
	}
}

func TestEveryFieldTypeAcceptsItsShapeAndRejectsOthers(t *testing.T) {
	s := compiled(t)
	samples := sampleValues(t)
	byShape := map[contract.ValueShape]any{}
	for _, ft := range contract.FieldTypes {
		v, ok := samples[ft.Name]
		if !ok {
			t.Errorf("%s: record.valid.json holds no field of this type", ft.Name)
			continue
		}
		byShape[ft.Shape] = v
	}
	for _, ft := range contract.FieldTypes {
		t.Run(ft.Name, func(t *testing.T) {
			if err := s.Validate("record.json#/$defs/Field", field(ft.Name, samples[ft.Name])); err != nil {
				t.Errorf("valid %s value rejected:\n%v", ft.Shape, err)
			}
			for shape, v := range byShape {
				if shape == ft.Shape || compatibleShapes[[2]contract.ValueShape{ft.Shape, shape}] {
					continue
				}
				err := s.Validate("record.json#/$defs/Field", field(ft.Name, v))
				if err == nil {
					t.Errorf("a %s value was accepted for field_type %s", shape, ft.Name)
				} else if !strings.Contains(err.Error(), ": /field_value") {
					t.Errorf("a %s value for %s: problem not located under /field_value:\n%v", shape, ft.Name, err)
				}
			}
		})
	}
}

func TestUnknownFieldTypeIsRejected(t *testing.T) {
	s := compiled(t)
	err := s.Validate("record.json#/$defs/Field", field("photo", "x"))
	assertProblem(t, "field_type photo", err, "/field_type", "one of the 53 allowed values")
}

func TestEditDiffFieldTypesAreTheSpecList(t *testing.T) {
	s := compiled(t)
	sch, ok := s.Schema("record.json#/$defs/SubQrcodeEditChangeItem")
	if !ok {
		t.Fatal("no SubQrcodeEditChangeItem")
	}
	var want []any
	for _, n := range contract.EditDiffFieldTypes {
		want = append(want, n)
	}
	if got := sch.Properties["field_type"].Enum.Values; !slices.Equal(got, want) {
		t.Errorf("SubQrcodeEditChangeItem.field_type enum = %v, want %v", got, want)
	}
}
