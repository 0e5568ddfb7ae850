package scenario

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// TestShapeModelsAreTheSchemas holds each model of shapes (values.go)
// equal to the schema of its shape in schemas/record.json, the source of
// a value shape: the same members, the same required ones, the same types
// and enums all the way down. A difference names both files, the shape
// and where in the value it lies.
func TestShapeModelsAreTheSchemas(t *testing.T) {
	w := loadSchemaWalk(t)
	for _, s := range contract.ValueShapes {
		model, ok := shapes[s]
		if !ok {
			continue // TestEveryShapeHasItsModel names it
		}
		def, err := w.defOfShape(s)
		if err != nil {
			t.Errorf("schemas/record.json, shape %q: %v", s, err)
			continue
		}
		for _, d := range w.compare(model, w.node("#/$defs/"+def), "field_value") {
			t.Errorf("scenario/values.go shapes[%s] and schemas/record.json $defs/%s differ at %s", s, def, d)
		}
	}
}

// The comparison can fail: a model that drops, adds, loosens or retypes a
// member is named.
func TestShapeModelComparisonFindsADifference(t *testing.T) {
	w := loadSchemaWalk(t)
	schema := w.node("#/$defs/NumberValue")
	for name, model := range map[string]shape{
		"a member dropped":    object{{"value", tNumber}, {"unit", tString}},
		"a member added":      object{{"value", tNumber}, {"unit", tString}, {"unit_enabled", tBool}, {"x?", tString}},
		"a member optional":   object{{"value", tNumber}, {"unit?", tString}, {"unit_enabled", tBool}},
		"a member retyped":    object{{"value", tString}, {"unit", tString}, {"unit_enabled", tBool}},
		"a member nullable":   object{{"value", tNumber}, {"unit", nullable{tString}}, {"unit_enabled", tBool}},
		"an array, no object": arrayOf{tString},
	} {
		if len(w.compare(model, schema, "field_value")) == 0 {
			t.Errorf("%s: no difference found", name)
		}
	}
}

// schemaWalk resolves the nodes of record.json and the files it refers to.
type schemaWalk struct{ files map[string]map[string]any }

func loadSchemaWalk(t *testing.T) schemaWalk {
	t.Helper()
	w := schemaWalk{files: map[string]map[string]any{}}
	for _, f := range []string{"record.json", "common.json"} {
		b, err := os.ReadFile("../schemas/" + f)
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]any
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatalf("schemas/%s: %v", f, err)
		}
		w.files[f] = doc
	}
	return w
}

// node is the schema a $ref names ("#/$defs/X" in record.json,
// "common.json#/$defs/X"), nil when there is none.
func (w schemaWalk) node(ref string) any {
	file, path, _ := strings.Cut(ref, "#")
	if file == "" {
		file = "record.json"
	}
	var n any = w.files[file]
	for _, p := range strings.Split(strings.TrimPrefix(path, "/"), "/") {
		m, _ := n.(map[string]any)
		n = m[p]
	}
	return n
}

// resolve follows $ref until a schema with its own content.
func (w schemaWalk) resolve(n any) any {
	for i := 0; i < 10; i++ {
		m, ok := n.(map[string]any)
		if !ok {
			return n
		}
		ref, ok := m["$ref"].(string)
		if !ok {
			return n
		}
		n = w.node(ref)
	}
	return n
}

// defOfShape is the $defs name the Field schema's allOf gives field_value
// for the field types of shape s.
func (w schemaWalk) defOfShape(s contract.ValueShape) (string, error) {
	var typ string
	for _, ft := range contract.FieldTypes {
		if ft.Shape == s {
			typ = ft.Name
			break
		}
	}
	if typ == "" {
		return "", fmt.Errorf("no field type of contract.FieldTypes has it")
	}
	field, _ := w.node("#/$defs/Field").(map[string]any)
	branches, _ := field["allOf"].([]any)
	for _, b := range branches {
		bm, _ := b.(map[string]any)
		cond := dig(bm, "if", "properties", "field_type")
		list, _ := dig(cond, "enum").([]any)
		if slices.Contains(list, any(typ)) || dig(cond, "const") == any(typ) {
			if ref, ok := dig(bm, "then", "properties", "field_value", "$ref").(string); ok {
				return strings.TrimPrefix(ref, "#/$defs/"), nil
			}
		}
	}
	return "", fmt.Errorf("no allOf branch of $defs/Field gives field_value a $ref for %s", typ)
}

func dig(n any, path ...string) any {
	for _, p := range path {
		m, _ := n.(map[string]any)
		n = m[p]
	}
	return n
}

// compare lists where model and the schema n differ, at path.
func (w schemaWalk) compare(model shape, n any, path string) []string {
	n = w.resolve(n)
	if b, ok := n.(bool); ok && b {
		return []string{path + ": the schema takes any value, the model " + model.describe()}
	}
	m, _ := n.(map[string]any)
	if m == nil {
		return []string{path + ": the schema has no node here"}
	}
	types, null := schemaTypes(w, m)
	if nm, ok := model.(nullable); ok {
		if !null {
			return []string{path + ": the model takes null, the schema does not"}
		}
		model = nm.s
	} else if null {
		return []string{path + ": the schema takes null, the model does not"}
	}
	if alt := nonNull(m); alt != nil {
		return w.compare(model, alt, path)
	}
	switch x := model.(type) {
	case prim:
		if enum, ok := m["enum"].([]any); ok && x == tInt && allIntegers(enum) {
			return nil // an integer enum: the model checks the type
		}
		if !slices.Equal(types, []string{string(x)}) {
			return []string{fmt.Sprintf("%s: the model wants %s, the schema %v", path, x, types)}
		}
	case stringIn:
		enum, _ := m["enum"].([]any)
		got := make([]string, 0, len(enum))
		for _, e := range enum {
			got = append(got, fmt.Sprint(e))
		}
		want := slices.Clone([]string(x))
		sort.Strings(got)
		sort.Strings(want)
		if !slices.Equal(got, want) {
			return []string{fmt.Sprintf("%s: the model's enum %v, the schema's %v", path, want, got)}
		}
	case arrayOf:
		if !slices.Equal(types, []string{"array"}) {
			return []string{fmt.Sprintf("%s: the model wants an array, the schema %v", path, types)}
		}
		return w.compare(x.s, m["items"], path+"[]")
	case object:
		if !slices.Equal(types, []string{"object"}) {
			return []string{fmt.Sprintf("%s: the model wants an object, the schema %v", path, types)}
		}
		return w.compareObject(x, m, path)
	default:
		return []string{fmt.Sprintf("%s: a model of kind %T", path, model)}
	}
	return nil
}

func (w schemaWalk) compareObject(o object, m map[string]any, path string) []string {
	props, _ := m["properties"].(map[string]any)
	required := map[string]bool{}
	if req, ok := m["required"].([]any); ok {
		for _, r := range req {
			required[fmt.Sprint(r)] = true
		}
	}
	var diffs []string
	seen := map[string]bool{}
	for _, mem := range o {
		name, optional := strings.CutSuffix(mem.name, "?")
		seen[name] = true
		p, ok := props[name]
		if !ok {
			diffs = append(diffs, fmt.Sprintf("%s.%s: the model has it, the schema does not", path, name))
			continue
		}
		if optional == required[name] {
			diffs = append(diffs, fmt.Sprintf("%s.%s: required in the %s only", path, name, map[bool]string{true: "schema", false: "model"}[required[name]]))
		}
		diffs = append(diffs, w.compare(mem.s, p, path+"."+name)...)
	}
	for _, name := range slices.Sorted(maps.Keys(props)) {
		if !seen[name] {
			diffs = append(diffs, fmt.Sprintf("%s.%s: the schema has it, the model does not", path, name))
		}
	}
	return diffs
}

// schemaTypes are a node's types but null, and whether it takes null
// (type ["T","null"], or an anyOf with a null branch).
func schemaTypes(w schemaWalk, m map[string]any) ([]string, bool) {
	var types []string
	null := false
	switch t := m["type"].(type) {
	case string:
		types = []string{t}
	case []any:
		for _, e := range t {
			types = append(types, fmt.Sprint(e))
		}
	}
	if alts, ok := m["anyOf"].([]any); ok {
		for _, a := range alts {
			if am, _ := w.resolve(a).(map[string]any); am["type"] == "null" {
				null = true
			}
		}
	}
	if i := slices.Index(types, "null"); i >= 0 {
		null, types = true, slices.Delete(types, i, i+1)
	}
	return types, null
}

// nonNull is the one branch of an anyOf that is not null, nil without one.
func nonNull(m map[string]any) any {
	alts, ok := m["anyOf"].([]any)
	if !ok {
		return nil
	}
	var out any
	for _, a := range alts {
		if am, _ := a.(map[string]any); am["type"] != "null" {
			out = a
		}
	}
	return out
}

func allIntegers(enum []any) bool {
	for _, e := range enum {
		if f, ok := e.(float64); !ok || f != float64(int64(f)) {
			return false
		}
	}
	return len(enum) > 0
}
