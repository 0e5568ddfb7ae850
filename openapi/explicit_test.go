package openapi

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestPlainLintersNeedNoConfig: the document says what a plain
// `redocly lint` (no scripts/redocly.yaml) would otherwise guess wrong, so
// it reports nothing: every object schema says whether it admits other
// members, every required member is declared beside its required list,
// and the info names a license with an identifier.
func TestPlainLintersNeedNoConfig(t *testing.T) {
	data, err := JSON()
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	info, _ := doc["info"].(map[string]any)
	lic, _ := info["license"].(map[string]any)
	if lic["name"] == nil || lic["identifier"] == nil && lic["url"] == nil {
		t.Errorf("info.license = %v: want a name and an identifier or url", lic)
	}
	comps := doc["components"].(map[string]any)["schemas"]
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch n := v.(type) {
		case map[string]any:
			if isObjectSchema(n) && n["additionalProperties"] == nil && n["unevaluatedProperties"] == nil {
				t.Errorf("%s: an object schema that does not say whether it admits other members", path)
			}
			props, _ := n["properties"].(map[string]any)
			req, _ := n["required"].([]any)
			for _, r := range req {
				if _, ok := props[r.(string)]; !ok {
					t.Errorf("%s: required %q is not declared in its properties", path, r)
				}
			}
			for k, c := range n {
				if !dataKeywords[k] {
					walk(path+"/"+k, c)
				}
			}
		case []any:
			for _, c := range n {
				walk(path+"[]", c)
			}
		}
	}
	walk("#/components/schemas", comps)
	if t.Failed() {
		t.Log(strings.Repeat("-", 20), "regenerate after a fix: go test ./openapi -run TestGolden -update")
	}
}
