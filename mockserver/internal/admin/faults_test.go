package admin

import (
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/fault"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/namespace"
)

func faultAPI() (*API, setRules) {
	rules := setRules{fault.NewSet(1)}
	return New(Config{Faults: func(*chain.Call) namespace.Rules { return rules }}), rules
}

// TestAddingFaultsIsAllOrNoneAndNamesTheRule: a problem names the rule's
// place in the list and its member, and no rule of the list is added.
func TestAddingFaultsIsAllOrNoneAndNamesTheRule(t *testing.T) {
	api, rules := faultAPI()
	add := route(t, api, "POST /__admin/faults")
	for body, want := range map[string]string{
		`[{"error":{"code":500}},{"delay_ms":-5}]`:                        "rule 2",
		`[{"error":{"code":500}},{"endpoint":"record/nope","drop":true}]`: "endpoint",
		`{"drop":true,"colour":"red"}`:                                    "colour",
		`not json`:                                                        "",
	} {
		w := serve(t, add, post("/__admin/faults", body))
		if msg := adminError(t, w); w.Code != 400 || !strings.Contains(msg, want) {
			t.Errorf("%s: %d %q, want 400 naming %q", body, w.Code, msg, want)
		}
	}
	if !rules.Empty() {
		t.Error("a refused list added some of its rules")
	}
	w := serve(t, add, post("/__admin/faults", `[{"error":{"code":500}},{"drop":true}]`))
	if w.Code != 200 || !strings.Contains(w.Body.String(), `"id":"f2"`) || len(rules.Set.List()) != 2 {
		t.Errorf("a good list: %d %s", w.Code, w.Body)
	}
}

func TestRemovingAFaultThatIsNotThere(t *testing.T) {
	api, rules := faultAPI()
	if _, err := rules.Add([]fault.Rule{{Drop: true}}, fault.FromAdmin, func(int) string { return "r" }); err != nil {
		t.Fatal(err)
	}
	remove := route(t, api, "DELETE /__admin/faults/{id}")
	w := serve(t, remove, request{method: "DELETE", path: "/__admin/faults/f9"})
	if msg := adminError(t, w); w.Code != 404 || msg != `no fault rule "f9"; GET /__admin/faults lists them` {
		t.Errorf("unknown rule: %d %q", w.Code, msg)
	}
	if w := serve(t, remove, request{method: "DELETE", path: "/__admin/faults/f1"}); w.Code != 200 || !rules.Empty() {
		t.Errorf("removing f1: %d %s", w.Code, w.Body)
	}
}
