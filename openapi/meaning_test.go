package openapi

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/schemas"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestMeaning proves the document's components say what schemas/ says,
// whatever readable and explicit rewrote: every message under
// fixtures/messages/ and every value inside one (a field, a field_value,
// an envelope) validates the same against each component as against the
// schemas/ file or definition it came from; and each field and envelope
// again under every other field_type and format, against the components
// that hold fields and envelopes. A component
// readable made (a union's variant) has no file of its own: it is checked
// through its union.
func TestMeaning(t *testing.T) {
	data, err := JSON()
	if err != nil {
		t.Fatal(err)
	}
	sameMeaning(t, data)
}

// sameMeaning is TestMeaning of the document data.
func sameMeaning(t *testing.T, data []byte) {
	t.Helper()
	doc, src := meaningCompilers(t, data)
	origin := origins(t)
	tree, err := decode(data)
	if err != nil {
		t.Fatal(err)
	}
	comps, _ := tree["components"].(map[string]any)["schemas"].(map[string]any)
	values := fixtureValues(t)
	checked := 0
	for _, name := range slices.Sorted(maps.Keys(comps)) {
		o, ok := origin[name]
		if !ok {
			continue // a variant: its union is compared below
		}
		loc := o.file
		if o.def != "" {
			loc += "#/$defs/" + o.def
		}
		before, err := src.Compile(schemas.BaseURL + loc)
		if err != nil {
			t.Fatalf("compile %s: %v", loc, err)
		}
		after, err := doc.Compile(docURL + componentsPrefix + name)
		if err != nil {
			t.Fatalf("compile component %s: %v", name, err)
		}
		valid := 0
		accepts := map[string]bool{} // members of the values it accepts
		for _, v := range values {
			if v.varies != "" && !accepts[v.varies] {
				continue // a variation of a member this component never holds
			}
			errB, errA := before.Validate(v.value), after.Validate(v.value)
			if (errB == nil) != (errA == nil) {
				t.Errorf("%s: %s is %s by schemas/%s but %s by the document", name, v.where, verdict(errB), loc, verdict(errA))
			}
			if errB == nil && v.varies == "" {
				valid++
				if m, ok := v.value.(map[string]any); ok {
					for k := range m {
						accepts[k] = true
					}
				}
			}
			checked++
		}
		if valid == 0 && len(values) > 0 && testedComponent[name] {
			t.Errorf("%s: no value is valid against it: the comparison proves nothing", name)
		}
	}
	t.Logf("%d values × components compared", checked)
}

// testedComponent are the components readable rewrites: for these a test
// with no valid value would prove nothing, so one must be valid.
var testedComponent = map[string]bool{
	"record.Field": true, "record.getRecord.response.Envelope": true, "record.getRecord.request": true,
	"record": true, "record.Audit": true, "record.ProcessStatus": true, "record.RecordTemplate": true,
	"common.SuccessCode": true, "common.ErrorCode": true, "record.AddressValue": true,
}

const docURL = "https://rtq.dev/openapi.json"

// meaningCompilers returns two compilers with the same options: one with
// the document, one with the files of schemas/.
func meaningCompilers(t *testing.T, data []byte) (doc, src *jsonschema.Compiler) {
	t.Helper()
	newCompiler := func() *jsonschema.Compiler {
		c := jsonschema.NewCompiler()
		c.DefaultDraft(jsonschema.Draft2020)
		c.AssertFormat()
		return c
	}
	d, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	doc, src = newCompiler(), newCompiler()
	if err := doc.AddResource(docURL, d); err != nil {
		t.Fatal(err)
	}
	files, err := schemas.Files()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		raw, err := schemas.FS.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		if err := src.AddResource(schemas.BaseURL+f, v); err != nil {
			t.Fatal(err)
		}
	}
	return doc, src
}

func verdict(err error) string {
	if err == nil {
		return "valid"
	}
	return "invalid"
}

// value is one JSON value and where it was found. varies names the
// member a variation changed; variations come after every plain value.
type value struct {
	where, varies string
	value         any
}

// fixtureValues lists every fixture, every value inside each, and every
// object with a field_type or format member under each other value of it.
func fixtureValues(t *testing.T) []value {
	t.Helper()
	fieldTypes := enumValues(t, "record.json", "FieldType")
	formats := []any{"json", "json-ld", "markdown", "yaml"}
	var out, variations []value
	root := filepath.Join("..", "fixtures", "messages")
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".json" {
			return err
		}
		raw, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		var visit func(ptr string, v any)
		visit = func(ptr string, v any) {
			where := filepath.ToSlash(rel) + "#" + ptr
			out = append(out, value{where: where, value: v})
			switch x := v.(type) {
			case map[string]any:
				for _, alt := range []struct {
					member string
					values []any
				}{{"field_type", fieldTypes}, {"format", formats}} {
					if _, ok := x[alt.member].(string); !ok {
						continue
					}
					for _, other := range alt.values {
						if other == x[alt.member] {
							continue
						}
						c := maps.Clone(x)
						c[alt.member] = other
						variations = append(variations, value{where + " with " + alt.member + " " + other.(string), alt.member, c})
					}
				}
				for k, sub := range x {
					visit(ptr+"/"+k, sub)
				}
			case []any:
				for i, sub := range x {
					visit(ptr+"/"+jsonIndex(i), sub)
				}
			}
		}
		visit("", v)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The same value found twice (a 0, an empty string, a repeated field)
	// is checked once.
	seen := map[string]bool{}
	out = slices.DeleteFunc(append(out, variations...), func(v value) bool {
		key, _ := json.Marshal(v.value)
		dup := seen[string(key)]
		seen[string(key)] = true
		return dup
	})
	if len(out) < 1000 {
		t.Fatalf("only %d distinct values under %s: the fixtures moved?", len(out), root)
	}
	return out
}

func jsonIndex(i int) string { b, _ := json.Marshal(i); return string(b) }

// enumValues reads the enum of a definition straight from its file.
func enumValues(t *testing.T, file, def string) []any {
	t.Helper()
	doc, err := readSchema(file)
	if err != nil {
		t.Fatal(err)
	}
	defs, _ := doc["$defs"].(map[string]any)
	d, _ := defs[def].(map[string]any)
	e, _ := d["enum"].([]any)
	if len(e) == 0 {
		t.Fatalf("%s#/$defs/%s has no enum", file, def)
	}
	return e
}

// TestMeaningNoticesAChange: the comparison of TestMeaning fails when a
// rewrite changes what a component admits (here a variant that forgets
// one of its values), so its passing says something.
func TestMeaningNoticesAChange(t *testing.T) {
	comps, err := components()
	if err != nil {
		t.Fatal(err)
	}
	if err := readable(comps); err != nil {
		t.Fatal(err)
	}
	variant := comps["record.Field.string"].(map[string]any)
	ft := variant["properties"].(map[string]any)["field_type"].(map[string]any)
	ft["enum"] = ft["enum"].([]any)[1:] // drop "name"
	data, err := json.Marshal(map[string]any{"components": map[string]any{"schemas": comps}})
	if err != nil {
		t.Fatal(err)
	}
	v, _ := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(docURL, v); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(docURL + componentsPrefix + "record.Field")
	if err != nil {
		t.Fatal(err)
	}
	field := map[string]any{"field_id": json.Number("1"), "field_title": "n", "field_type": "name", "field_value": "Ada",
		"options": map[string]any{"is_result": false, "is_highlight": false, "is_hidden": false, "is_masked": false}}
	if err := sch.Validate(field); err == nil {
		t.Fatal("a name field is still valid against a union whose string variant lost name")
	}
	if !strings.Contains(string(data), `"record.Field.string"`) {
		t.Fatal("no variant record.Field.string")
	}
}
