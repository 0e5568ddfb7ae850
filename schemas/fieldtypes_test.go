package schemas

import (
	"errors"
	"fmt"
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
		t.Errorf("schemas/record.json: $defs/FieldType enum differs from the table of contract/fields.go (same names, same order)\ngot:  %v\nwant: %v", sch.Enum.Values, want)
	}
}

// docCase is one generated document with the verdict it must get. The Go
// tests check them, and TestDumpCasesForAjv writes them out for ajv.
type docCase struct {
	file  string // schema file
	name  string // what the case is about, unique per file
	doc   any
	valid bool
	// pointer and rule: a problem the invalid case must raise (a pointer
	// prefix and a rule fragment; empty rule means any).
	pointer, rule string
}

// inRecord wraps one field into a copy of the valid Record base, as its
// only field.
func inRecord(base map[string]any, f map[string]any) map[string]any {
	rec := make(map[string]any, len(base))
	for k, v := range base {
		rec[k] = v
	}
	g := map[string]any{}
	for k, v := range base["tpl_groups"].([]any)[0].(map[string]any) {
		g[k] = v
	}
	g["fields"] = []any{f}
	rec["tpl_groups"] = []any{g}
	return rec
}

// fieldTypeCases gives, for each field type of contract.FieldTypes, its sample value
// (valid) and the sample of every other, incompatible shape (invalid), each
// inside a Record.
func fieldTypeCases(t *testing.T) []docCase {
	t.Helper()
	samples := sampleValues(t)
	base := readFixture(t, "record.valid.json").(map[string]any)
	byShape := map[contract.ValueShape]any{}
	for _, ft := range contract.FieldTypes {
		v, ok := samples[ft.Name]
		if !ok {
			t.Errorf("fixtures/messages/record.valid.json holds no field of type %q (row of contract/fields.go)", ft.Name)
			continue
		}
		byShape[ft.Shape] = v
	}
	var out []docCase
	for _, ft := range contract.FieldTypes {
		out = append(out, docCase{file: "record.json", name: "ft-" + ft.Name, valid: true,
			doc: inRecord(base, field(ft.Name, samples[ft.Name]))})
		for shape, v := range byShape {
			if shape == ft.Shape || compatibleShapes[[2]contract.ValueShape{ft.Shape, shape}] {
				continue
			}
			out = append(out, docCase{file: "record.json", name: "ft-" + ft.Name + "-as-" + string(shape),
				doc: inRecord(base, field(ft.Name, v)), pointer: "/tpl_groups/0/fields/0/field_value"})
		}
	}
	return out
}

func TestEveryFieldTypeAcceptsItsShapeAndRejectsOthers(t *testing.T) {
	t.Parallel() // the three slow walks overlap
	s := compiled(t)
	cases := fieldTypeCases(t)
	if n := len(contract.FieldTypes); len(cases) < n*2 {
		t.Fatalf("only %d cases for %d field types", len(cases), n)
	}
	for _, c := range cases {
		checkCase(t, s, c)
	}
}

// checkCase validates a generated case and checks its verdict and, for an
// invalid one, where the problem is.
func checkCase(t *testing.T, s *Set, c docCase) {
	t.Helper()
	err := s.Validate(c.file, c.doc)
	switch {
	case c.valid && err != nil:
		t.Errorf("%s %s: want valid, got\n%v", c.file, c.name, err)
	case !c.valid && err == nil:
		t.Errorf("%s %s: want invalid, was accepted", c.file, c.name)
	case !c.valid:
		var verr *ValidationError
		if !errors.As(err, &verr) {
			t.Errorf("%s %s: want *ValidationError, got %v", c.file, c.name, err)
			return
		}
		for _, p := range verr.Problems {
			if strings.HasPrefix(p.Pointer, c.pointer) && strings.Contains(p.Rule, c.rule) {
				return
			}
		}
		t.Errorf("%s %s: want a problem under %q containing %q, got\n%v", c.file, c.name, c.pointer, c.rule, err)
	}
}

func TestUnknownFieldTypeIsRejected(t *testing.T) {
	s := compiled(t)
	err := s.ValidateFieldValue("photo", "x")
	assertProblem(t, "field_type photo", err, "/field_type", fmt.Sprintf("one of the %d allowed values", len(contract.FieldTypes)))
}

func TestValidateFieldValue(t *testing.T) {
	s := compiled(t)
	for name, v := range sampleValues(t) {
		if err := s.ValidateFieldValue(name, v); err != nil {
			t.Errorf("%s: sample rejected: %v", name, err)
		}
	}
	type item struct {
		URL  string `json:"url"`
		Size *int   `json:"size"`
	}
	err := s.ValidateFieldValue("image", []item{{URL: "https://x.example/a.jpg"}})
	assertProblem(t, "image without width", err, "/field_value/0", `missing required member "width"`)
	err = s.ValidateFieldValue("tel", 13800005678)
	assertProblem(t, "tel as a number", err, "/field_value", "must be of type string")
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
