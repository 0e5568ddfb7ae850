package e2e

// Issue 7: "nothing loaded is lost". A rejected scenario replace keeps the
// old scenario and the state built on it (verifies included); page tokens
// stay valid across a reset and across a restart of the same scenario
// (contract-notes 5 and 10).

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver"
)

func TestReliabilityRejectedReplaceKeepsState(t *testing.T) {
	sc := relDefault(t)
	m := startRelMock(t, sc, mockserver.Options{})
	write, read := relKeyByName(t, sc, "demo-write"), relKeyByName(t, sc, "demo-read")
	rec := relFirstRecord(t, sc, write.Org, relMovable)
	moved := relPostJSON(t, m.url, contract.Verify.Path(), write.Secret, fmt.Sprintf(`{"certificate_code":%q,"action_type":"set_next_certificate_status"}`, rec.Code))
	if relNum(relDecodeObject(t, moved.body), "code") != 0 {
		t.Fatalf("verify: %s", moved.body)
	}
	for _, bad := range []string{"name: [", "orgs: 5", "", strings.Repeat("x", 100)} {
		a := relDoRaw(t, http.MethodPost, m.url+"/__admin/scenario", nil, strings.NewReader(bad))
		if a.status != 400 {
			t.Fatalf("bad scenario %q: HTTP %d %s", bad, a.status, a.body)
		}
	}
	a := relPostJSON(t, m.url, contract.GetRecord.Path(), read.Secret, fmt.Sprintf(`{"record_id":%d}`, rec.ID))
	data := relDecodeObject(t, a.body)["data"].(map[string]any)["data"].(map[string]any)
	if changes, _ := data["state_changes"].([]any); len(changes) != len(rec.StateChanges)+1 {
		t.Errorf("after rejected replaces the record has %d state changes, want %d: the verify was lost", len(changes), len(rec.StateChanges)+1)
	}
	if m.srv.Scenario() != sc {
		t.Errorf("a rejected replace changed the scenario served")
	}
}

// walkTokens returns the first next_page_token of templates/list and of
// listQrcodes of the biggest own template, page size 1.
func relWalkTokens(t *testing.T, base, key, coding string) [2]string {
	t.Helper()
	var out [2]string
	for i, c := range []struct{ path, body string }{
		{contract.TemplatesList.Path(), `{"page_size":1}`},
		{contract.ListQrcodes.Path(), fmt.Sprintf(`{"page_size":1,"template":%q}`, coding)},
	} {
		a := relPostJSON(t, base, c.path, key, c.body)
		data, _ := relDecodeObject(t, a.body)["data"].(map[string]any)
		out[i], _ = data["next_page_token"].(string)
		if out[i] == "" {
			t.Fatalf("%s gave no next_page_token: %.200s", c.path, a.body)
		}
	}
	return out
}

func TestReliabilityPageTokensSurviveResetAndRestart(t *testing.T) {
	sc := relDefault(t)
	read := relKeyByName(t, sc, "demo-read")
	var coding string
	most := 0
	for _, tp := range sc.Templates {
		if tp.Org.ID == read.Org.ID && len(tp.SubCodes) > most {
			coding, most = tp.Coding, len(tp.SubCodes)
		}
	}
	first := startRelMock(t, sc, mockserver.Options{})
	toks := relWalkTokens(t, first.url, read.Secret, coding)
	relDoRaw(t, http.MethodPost, first.url+"/__admin/reset", nil, nil)
	second := startRelMock(t, relDefault(t), mockserver.Options{}) // a restart: the scenario loaded again
	for _, m := range []*relMock{first, second} {
		for i, c := range []struct{ path, extra string }{
			{contract.TemplatesList.Path(), ""},
			{contract.ListQrcodes.Path(), fmt.Sprintf(`,"template":%q`, coding)},
		} {
			a := relPostJSON(t, m.url, c.path, read.Secret, fmt.Sprintf(`{"page_size":1,"page_token":%q%s}`, toks[i], c.extra))
			if code := relNum(relDecodeObject(t, a.body), "code"); code != 0 {
				t.Errorf("%s: a token issued before the reset/restart is refused: %.200s", c.path, a.body)
			}
		}
	}
}
