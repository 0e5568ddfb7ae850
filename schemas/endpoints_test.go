package schemas

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// TestEndpointEnumsAreContractEndpoints: wherever a schema that is not a
// message (the scenario's, the profile's) lists endpoint names as an enum,
// the list is contract.Endpoints, name for name and in the spec's order.
func TestEndpointEnumsAreContractEndpoints(t *testing.T) {
	want := contract.EndpointNames()
	found := 0
	for _, file := range []string{"scenario.json", "profile.json"} {
		data, err := FS.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var doc any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		var walk func(v any, at string)
		walk = func(v any, at string) {
			switch v := v.(type) {
			case map[string]any:
				if enum, ok := v["enum"].([]any); ok && slices.ContainsFunc(enum, func(e any) bool { s, _ := e.(string); return slices.Contains(want, s) }) {
					found++
					var got []string
					for _, e := range enum {
						s, _ := e.(string)
						got = append(got, s)
					}
					if !slices.Equal(got, want) {
						t.Errorf("schemas/%s: the enum at %s differs from contract.Endpoints (contract/endpoints.go)\ngot:  %v\nwant: %v", file, at, got, want)
					}
				}
				for k, c := range v {
					walk(c, at+"/"+k)
				}
			case []any:
				for _, c := range v {
					walk(c, at)
				}
			}
		}
		walk(doc, "#")
	}
	if found == 0 {
		t.Fatal("schemas/scenario.json: no enum of endpoint names found (a fault rule's endpoint): the test would prove nothing")
	}
}
