package mockserver_test

// Nothing loaded is lost: a rejected scenario replace keeps the old
// scenario and the state built on it, verifies included. (That page tokens
// survive a reset and a restart is TestTokensSurviveResetAndRestartButNotAnotherScenario.)

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/testkit/mocktest"
)

func TestReliabilityRejectedReplaceKeepsState(t *testing.T) {
	sc := mocktest.Default(t)
	m := mocktest.Start(t, sc, mockserver.Options{})
	write, read := mocktest.Key(t, sc, "demo-write"), mocktest.Key(t, sc, "demo-read")
	rec := mocktest.FirstRecord(t, sc, write.Org, mocktest.Movable)
	moved := mocktest.Post(t, m.URL, contract.Verify.Path(), write.Secret, fmt.Sprintf(`{"certificate_code":%q,"action_type":"set_next_certificate_status"}`, rec.Code))
	if mocktest.Num(mocktest.Object(t, moved.Body), "code") != 0 {
		t.Fatalf("verify: %s", moved.Body)
	}
	for _, bad := range []string{"name: [", "orgs: 5", "", strings.Repeat("x", 100)} {
		a := mocktest.Do(t, http.MethodPost, m.URL+"/__admin/scenario", nil, strings.NewReader(bad))
		if a.Status != 400 {
			t.Fatalf("bad scenario %q: HTTP %d %s", bad, a.Status, a.Body)
		}
	}
	a := mocktest.Post(t, m.URL, contract.GetRecord.Path(), read.Secret, fmt.Sprintf(`{"record_id":%d}`, rec.ID))
	data := mocktest.Object(t, a.Body)["data"].(map[string]any)["data"].(map[string]any)
	if changes, _ := data["state_changes"].([]any); len(changes) != len(rec.StateChanges)+1 {
		t.Errorf("after rejected replaces the record has %d state changes, want %d: the verify was lost", len(changes), len(rec.StateChanges)+1)
	}
	if m.Server.Scenario() != sc {
		t.Errorf("a rejected replace changed the scenario served")
	}
}
