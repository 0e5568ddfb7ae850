package schemas

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// The field-type table (contract/fields.go) is the one list of field types;
// these tests name each place outside it that must list a new type, by file
// and by what is missing there.

// TestRecordSchemaListsEveryFieldTypeByShape: schemas/record.json checks a
// field_value by its type in $defs/Field's allOf, one if/then branch per
// shape. Every type of the table is in exactly one branch, and every type
// of one shape in the same branch's $ref.
func TestRecordSchemaListsEveryFieldTypeByShape(t *testing.T) {
	data, err := os.ReadFile("record.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Defs struct {
			Field struct {
				AllOf []struct {
					If struct {
						Properties struct {
							FieldType struct {
								Const string   `json:"const"`
								Enum  []string `json:"enum"`
							} `json:"field_type"`
						} `json:"properties"`
					} `json:"if"`
					Then struct {
						Properties struct {
							FieldValue struct {
								Ref string `json:"$ref"`
							} `json:"field_value"`
						} `json:"properties"`
					} `json:"then"`
				} `json:"allOf"`
			} `json:"Field"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	refOf := map[string]string{} // field type -> $ref of its branch
	for _, b := range doc.Defs.Field.AllOf {
		ft := b.If.Properties.FieldType
		for _, name := range append(ft.Enum, ft.Const) {
			if name == "" {
				continue
			}
			if _, twice := refOf[name]; twice {
				t.Errorf("schemas/record.json: $defs/Field allOf lists field type %q in two branches", name)
			}
			refOf[name] = b.Then.Properties.FieldValue.Ref
		}
	}
	refOfShape := map[contract.ValueShape]string{}
	for _, ft := range contract.FieldTypes {
		ref, ok := refOf[ft.Name]
		switch {
		case !ok:
			t.Errorf("schemas/record.json: $defs/Field allOf has no branch for field type %q: add it to the branch of shape %s (row of contract/fields.go)", ft.Name, ft.Shape)
		case refOfShape[ft.Shape] == "":
			refOfShape[ft.Shape] = ref
		case refOfShape[ft.Shape] != ref:
			t.Errorf("schemas/record.json: field type %q checks its value with %s, other %s types with %s", ft.Name, ref, ft.Shape, refOfShape[ft.Shape])
		}
		delete(refOf, ft.Name)
	}
	for name := range refOf {
		t.Errorf("schemas/record.json: $defs/Field allOf lists %q, which contract/fields.go does not", name)
	}
}

// TestFixturesHoldEveryFieldType: the two record fixtures hold a field of
// every type, so each type's sample value is validated (fieldTypeCases
// takes its samples from the first).
func TestFixturesHoldEveryFieldType(t *testing.T) {
	for _, file := range []string{"record.valid.json", filepath.Join("record", "getRecord.response.valid-json.json")} {
		seen := map[string]bool{}
		collectFieldTypes(readFixture(t, file), seen)
		for _, ft := range contract.FieldTypes {
			if !seen[ft.Name] {
				t.Errorf("fixtures/messages/%s: no field of type %q (row of contract/fields.go): add one with a sample value", filepath.ToSlash(file), ft.Name)
			}
		}
	}
}

// collectFieldTypes notes the field_type of every field object under v.
func collectFieldTypes(v any, seen map[string]bool) {
	switch x := v.(type) {
	case map[string]any:
		if name, ok := x["field_type"].(string); ok {
			if _, hasValue := x["field_value"]; hasValue {
				seen[name] = true
			}
		}
		for _, c := range x {
			collectFieldTypes(c, seen)
		}
	case []any:
		for _, c := range x {
			collectFieldTypes(c, seen)
		}
	}
}
