package admin

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/scenario"
)

// loadAPI is an admin API whose parser answers err (or a scenario named
// "new") and which counts the scenarios it serves.
func loadAPI(err error) (*API, *int) {
	replaced := new(int)
	return New(Config{
		MaxGenerated: 50_000,
		ParseScenario: func(string, []byte) (*scenario.Scenario, error) {
			if err != nil {
				return nil, err
			}
			return &scenario.Scenario{Name: "new"}, nil
		},
		Replace: func(*scenario.Scenario) error { *replaced++; return nil },
	}), replaced
}

func TestAScenarioWithProblemsKeepsTheOldOne(t *testing.T) {
	api, replaced := loadAPI(&scenario.LoadError{Problems: []scenario.Problem{
		{Line: 3, Column: 5, Path: "records[0].id", Message: "must be a positive integer"},
		{Line: 9, Column: 1, Path: "keys", Message: "is required"},
	}})
	w := serve(t, route(t, api, "POST /__admin/scenario"), post("/__admin/scenario", "name: x\n"))
	var body struct {
		Error    string
		Problems []adminProblem
	}
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || w.Code != 400 || *replaced != 0 {
		t.Fatalf("%d %s, replaced %d", w.Code, w.Body, *replaced)
	}
	if len(body.Problems) != 2 || body.Problems[0] != (adminProblem{3, 5, "records[0].id", "must be a positive integer"}) {
		t.Errorf("problems %+v", body.Problems)
	}
	if !strings.HasPrefix(body.Error, "the scenario has problems; the old one is still served:\n") || !strings.Contains(body.Error, "keys") {
		t.Errorf("error %q", body.Error)
	}
}

func TestAScenarioOverItsBudgetNamesTheBoundAndTheFlag(t *testing.T) {
	api, replaced := loadAPI(&scenario.LoadError{OverBudget: true, Problems: []scenario.Problem{{Line: 2, Path: "records", Message: "generates 1000000"}}})
	w := serve(t, route(t, api, "POST /__admin/scenario"), post("/__admin/scenario", "x"))
	if msg := adminError(t, w); w.Code != 413 || *replaced != 0 || !strings.Contains(msg, "50000 items") || !strings.Contains(msg, "--max-generated") {
		t.Errorf("over budget: %d %q", w.Code, msg)
	}
}

func TestOneScenarioUploadAtATime(t *testing.T) {
	api, replaced := loadAPI(nil)
	api.Loading.Store(true) // as if another upload were being loaded
	w := serve(t, route(t, api, "POST /__admin/scenario"), post("/__admin/scenario", "x"))
	if msg := adminError(t, w); w.Code != 429 || w.Header().Get("Retry-After") != "1" || !strings.Contains(msg, "another scenario is being loaded") {
		t.Errorf("a second upload: %d %q", w.Code, msg)
	}
	api.Loading.Store(false)
	w = serve(t, route(t, api, "POST /__admin/scenario"), post("/__admin/scenario", "x"))
	if w.Code != 200 || w.Body.String() != `{"scenario":"new","status":"ok"}` || *replaced != 1 || api.Loading.Load() {
		t.Errorf("an upload: %d %s, replaced %d, still loading %v", w.Code, w.Body, *replaced, api.Loading.Load())
	}
}
