package mockserver

import (
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/scenario"
)

func badScenarioError() error {
	return &scenario.LoadError{Problems: []scenario.Problem{
		{File: "scenario.yaml", Line: 3, Column: 5, Path: "forms[0].name", Message: "name must be a string"},
		{File: "scenario.yaml", Line: 9, Column: 1, Path: "keys", Message: "keys must be a list"},
	}}
}

func checkBadScenarioAnswer(t *testing.T, a adminAnswer) {
	t.Helper()
	probs := a.doc["problems"].([]any)
	if a.status != 400 || len(probs) != 2 || mustJSON(probs[0]) != `{"column":5,"line":3,"message":"name must be a string","path":"forms[0].name"}` {
		t.Errorf("problems %d %s", a.status, mustJSON(probs))
	}
	if !strings.Contains(a.doc["error"].(string), "3:5: forms[0].name: name must be a string") {
		t.Errorf("error text %v", a.doc["error"])
	}
}

// TestAdminScenarioWithTheRealLoader posts real YAML: a broken document is
// refused with located problems and the old scenario stays.
func TestAdminScenarioWithTheRealLoader(t *testing.T) {
	m := startMock(t, nil, Options{})
	a := admin(t, m, "POST", "/__admin/scenario", "", "name: x\norgs: 5\nkeys: [1]\n")
	probs, _ := a.doc["problems"].([]any)
	if a.status != 400 || len(probs) == 0 {
		t.Fatalf("bad YAML: %d %s", a.status, a.raw)
	}
	for _, p := range probs {
		pm := p.(map[string]any)
		if pm["line"].(float64) < 1 || pm["message"] == "" {
			t.Errorf("problem without a position or message: %v", pm)
		}
	}
	if m.Scenario().Name != "mock-tests" {
		t.Errorf("old scenario replaced by %q", m.Scenario().Name)
	}
}
