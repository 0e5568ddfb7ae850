package openapi

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

const golden30 = "testdata/openapi-3.0.json"

// TestGolden30 keeps testdata/openapi-3.0.json equal to what rtq openapi
// --openapi 3.0 prints (scripts/check-openapi.sh checks that file too).
func TestGolden30(t *testing.T) {
	got, _, err := JSON30()
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(golden30, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden30)
	if err != nil {
		t.Fatalf("%v (create it with go test ./openapi -run TestGolden30 -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the OpenAPI 3.0 document differs from %s: regenerate with go test ./openapi -run TestGolden30 -update", golden30)
	}
}

// TestMeaning30 reads the 3.0.3 document back into JSON Schema 2020-12 the
// way 3.0.3 defines its dialect (nullable adds null beside a type; a
// boolean exclusiveMinimum makes minimum exclusive) and wants the same
// verdict on every fixture value as schemas/ gives (TestMeaning's check):
// what 3.0 can say, it says with the same meaning.
func TestMeaning30(t *testing.T) {
	doc, _, err := JSON30()
	if err != nil {
		t.Fatal(err)
	}
	tree, err := decode(doc)
	if err != nil {
		t.Fatal(err)
	}
	if tree["openapi"] != Version30 || strings.Contains(string(doc), `"type": "null"`) || strings.Contains(string(doc), `"if"`) {
		t.Fatal("the 3.0 document still has 3.1 constructs (a null type, an if)")
	}
	schemas := tree["components"].(map[string]any)["schemas"].(map[string]any)
	for name, s := range schemas {
		schemas[name] = up30(s)
	}
	data, err := json.Marshal(tree)
	if err != nil {
		t.Fatal(err)
	}
	sameMeaning(t, data)
}

// up30 reads a 3.0.3 schema as JSON Schema 2020-12.
func up30(v any) any {
	s, ok := v.(map[string]any)
	if !ok {
		return v
	}
	eachSubschema(s, func(_ string, sub any, set func(any)) { set(up30(sub)) })
	for k, bound := range map[string]string{"exclusiveMinimum": "minimum", "exclusiveMaximum": "maximum"} {
		if b, ok := s[k].(bool); ok {
			delete(s, k)
			if b {
				s[k] = s[bound]
				delete(s, bound)
			}
		}
	}
	if ex, ok := s["example"]; ok {
		delete(s, "example")
		s["examples"] = []any{ex}
	}
	delete(s, "discriminator") // an annotation of the oneOf beside it
	if n, _ := s["nullable"].(bool); n {
		delete(s, "nullable")
		return map[string]any{"anyOf": []any{map[string]any{"type": "null"}, s}}
	}
	delete(s, "nullable")
	return s
}

// TestDown30License: an SPDX identifier becomes the license's spdx.org
// page; terms SPDX does not list (LicenseRef-) have no 3.0 form and are
// named as lost.
func TestDown30License(t *testing.T) {
	for _, tc := range []struct{ id, url, lost string }{
		{"Apache-2.0", "https://spdx.org/licenses/Apache-2.0.html", ""},
		{"LicenseRef-Internal", "", "info.license.identifier (LicenseRef-Internal): a 3.0 license has a name and a url only"},
	} {
		tree, err := decode([]byte(`{"info": {"license": {"name": "n", "identifier": "` + tc.id + `"}}}`))
		if err != nil {
			t.Fatal(err)
		}
		lost := down30(tree)
		lic := tree["info"].(map[string]any)["license"].(map[string]any)
		if url, _ := lic["url"].(string); url != tc.url || lic["identifier"] != nil || strings.Join(lost, "") != tc.lost {
			t.Errorf("license %s → %v, lost %q; want url %q, lost %q", tc.id, lic, lost, tc.url, tc.lost)
		}
	}
}

// TestDown30Constructs: each 3.1 construct becomes its 3.0 form.
func TestDown30Constructs(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"type": ["string", "null"]}`, `{"nullable":true,"type":"string"}`},
		{`{"anyOf": [{"type": "null"}, {"$ref": "#/components/schemas/o"}]}`, `{"allOf":[{"$ref":"#/components/schemas/o"}],"nullable":true,"type":"object"}`},
		{`{"anyOf": [{"type": "null"}, {"type": "integer", "enum": [0, 1]}]}`, `{"enum":[0,1,null],"nullable":true,"type":"integer"}`},
		{`{"if": {"required": ["a"]}, "then": {"required": ["b"]}}`, `{"not":{"allOf":[{"required":["a"]},{"not":{"required":["b"]}}]}}`},
		{`{"exclusiveMinimum": 0}`, `{"exclusiveMinimum":true,"minimum":0}`},
		{`{"const": "x"}`, `{"enum":["x"]}`},
		{`{"examples": [1, 2]}`, `{"example":1}`},
	} {
		tree, err := decode([]byte(`{"components": {"schemas": {"o": {"type": "object"}, "x": ` + tc.in + `}}}`))
		if err != nil {
			t.Fatal(err)
		}
		down30(tree)
		got, _ := json.Marshal(tree["components"].(map[string]any)["schemas"].(map[string]any)["x"])
		if string(got) != tc.want {
			t.Errorf("%s → %s; want %s", tc.in, got, tc.want)
		}
	}
}
