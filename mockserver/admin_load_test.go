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

// The reproduction: 206 bytes asking for a million masked records took
// 12-34 s and 2.6 GB. Counted before anything is generated, it is refused
// at once with 413 naming the bound, and the old scenario stays.
const millionRecords = `name: big
orgs: [{id: 1, name: 组织, code: o, host: o.example}]
forms: [{id: 10, org: o, name: 表单}]
generate: {records: [{count: 1000000, form: 10, field_types: [name, tel], masked: [name, tel]}]}
`

func TestAdminScenarioUploadIsBounded(t *testing.T) {
	m := startMock(t, nil, Options{})
	a := admin(t, m, "POST", "/__admin/scenario", "", millionRecords)
	msg, _ := a.doc["error"].(string)
	if a.status != 413 || !strings.Contains(msg, "50000") || !strings.Contains(msg, "--max-generated") || len(a.doc["problems"].([]any)) == 0 {
		t.Fatalf("over the bound: %d %s", a.status, a.raw)
	}
	if m.Scenario().Name != "mock-tests" {
		t.Errorf("old scenario replaced by %q", m.Scenario().Name)
	}
	raised := startMock(t, nil, Options{MaxGenerated: 2_000})
	a = admin(t, raised, "POST", "/__admin/scenario", "", strings.Replace(millionRecords, "1000000", "2000", 1))
	if a.status != 200 || raised.Scenario().Name != "big" || len(raised.Scenario().Records) != 2000 {
		t.Fatalf("within a set bound: %d %s", a.status, a.raw)
	}
	a = admin(t, raised, "POST", "/__admin/scenario", "", strings.Replace(millionRecords, "1000000", "2001", 1))
	if a.status != 413 || !strings.Contains(a.doc["error"].(string), "2000") {
		t.Errorf("over a set bound: %d %s", a.status, a.raw)
	}
}

func TestAdminScenarioOneUploadAtATime(t *testing.T) {
	m := startMock(t, nil, Options{})
	m.Server.admin.Loading.Store(true) // as while another upload is being loaded
	a := admin(t, m, "POST", "/__admin/scenario", "", "name: x\n")
	if a.status != 429 || a.header.Get("Retry-After") == "" {
		t.Errorf("second upload: %d %s", a.status, a.raw)
	}
	m.Server.admin.Loading.Store(false)
	if a := admin(t, m, "POST", "/__admin/scenario", "", "name: x\norgs: 5\n"); a.status != 400 {
		t.Errorf("after it: %d %s", a.status, a.raw)
	}
}
