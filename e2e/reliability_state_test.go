package e2e

// Issue 7: "nothing loaded is lost". A rejected scenario replace keeps the
// old scenario and the state built on it (verifies included); page tokens
// stay valid across a reset and across a restart of the same scenario
// (contract-notes 5 and 10).

import (
	"fmt"
	"github.com/rtq-kit/rtq/internal/mocktest"
	"net/http"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver"
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

// walkTokens returns the first next_page_token of templates/list and of
// listQrcodes of the biggest own template, page size 1.
func walkTokens(t *testing.T, base, key, coding string) [2]string {
	t.Helper()
	var out [2]string
	for i, c := range []struct{ path, body string }{
		{contract.TemplatesList.Path(), `{"page_size":1}`},
		{contract.ListQrcodes.Path(), fmt.Sprintf(`{"page_size":1,"template":%q}`, coding)},
	} {
		a := mocktest.Post(t, base, c.path, key, c.body)
		data, _ := mocktest.Object(t, a.Body)["data"].(map[string]any)
		out[i], _ = data["next_page_token"].(string)
		if out[i] == "" {
			t.Fatalf("%s gave no next_page_token: %.200s", c.path, a.Body)
		}
	}
	return out
}

func TestReliabilityPageTokensSurviveResetAndRestart(t *testing.T) {
	sc := mocktest.Default(t)
	read := mocktest.Key(t, sc, "demo-read")
	var coding string
	most := 0
	for _, tp := range sc.Templates {
		if tp.Org.ID == read.Org.ID && len(tp.SubCodes) > most {
			coding, most = tp.Coding, len(tp.SubCodes)
		}
	}
	first := mocktest.Start(t, sc, mockserver.Options{})
	toks := walkTokens(t, first.URL, read.Secret, coding)
	mocktest.Do(t, http.MethodPost, first.URL+"/__admin/reset", nil, nil)
	second := mocktest.Start(t, mocktest.Default(t), mockserver.Options{}) // a restart: the scenario loaded again
	for _, m := range []*mocktest.Mock{first, second} {
		for i, c := range []struct{ path, extra string }{
			{contract.TemplatesList.Path(), ""},
			{contract.ListQrcodes.Path(), fmt.Sprintf(`,"template":%q`, coding)},
		} {
			a := mocktest.Post(t, m.URL, c.path, read.Secret, fmt.Sprintf(`{"page_size":1,"page_token":%q%s}`, toks[i], c.extra))
			if code := mocktest.Num(mocktest.Object(t, a.Body), "code"); code != 0 {
				t.Errorf("%s: a token issued before the reset/restart is refused: %.200s", c.path, a.Body)
			}
		}
	}
}
