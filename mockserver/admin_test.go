package mockserver

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/scenario"
	ts "github.com/rtq-kit/rtq/testkit/testscenario"
)

type adminAnswer struct {
	status int
	header http.Header
	doc    map[string]any
	raw    string
}

func admin(t *testing.T, m *mock, method, path, token, body string) adminAnswer {
	t.Helper()
	req, _ := http.NewRequest(method, m.URL()+path, strings.NewReader(body))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if ct := resp.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Fatalf("%s %s: Content-Type %q", method, path, ct)
	}
	a := adminAnswer{status: resp.StatusCode, header: resp.Header, raw: string(raw)}
	if err := json.Unmarshal(raw, &a.doc); err != nil {
		t.Fatalf("%s %s: not a JSON object: %s", method, path, raw)
	}
	return a
}

func TestAdminHealthProfileAndUnknown(t *testing.T) {
	m := startMock(t, nil, Options{})
	if a := admin(t, m, "GET", "/__admin/health", "", ""); a.status != 200 || a.raw != `{"status":"ok"}` {
		t.Errorf("health: %d %s", a.status, a.raw)
	}
	if a := admin(t, m, "GET", "/__admin/profile", "", ""); a.status != 200 {
		t.Errorf("profile: %d %s", a.status, a.raw)
	}
	if a := admin(t, m, "GET", "/__admin/nope", "", ""); a.status != 404 || a.doc["error"] == nil {
		t.Errorf("unknown admin path: %d %s", a.status, a.raw)
	}
	if a := admin(t, m, "POST", "/__admin/health", "", ""); a.status != 405 || a.header.Get("Allow") != "GET" {
		t.Errorf("wrong admin method: %d Allow %q", a.status, a.header.Get("Allow"))
	}
}

func TestAdminResetUndoesVerify(t *testing.T) {
	m := startMock(t, nil, Options{})
	wantOK(t, m.post(t, contract.Verify, ts.WriteSecret, setNext(ts.CertOK)))
	wantError(t, m.post(t, contract.Verify, ts.WriteSecret, setStatus(ts.CertOK, "已核验")), 400, contract.ErrInvalidTarget)
	if a := admin(t, m, "POST", "/__admin/reset", "", ""); a.status != 200 {
		t.Fatalf("reset: %d %s", a.status, a.raw)
	}
	wantOK(t, m.post(t, contract.Verify, ts.WriteSecret, setStatus(ts.CertOK, "已核验")))
}

func TestAdminJournalIsNewestFirstAndBounded(t *testing.T) {
	m := startMock(t, nil, Options{JournalSize: 3})
	for _, body := range []string{`{"page":1}`, `{"page":2}`, `{"page":3}`, `{"page":4}`} {
		m.post(t, contract.GetFormList, readKey, body)
	}
	m.post(t, contract.GetFormList, "", `{}`)
	a := admin(t, m, "GET", "/__admin/requests", "", "")
	reqs := a.doc["requests"].([]any)
	if len(reqs) != 3 {
		t.Fatalf("journal has %d entries, want 3: %s", len(reqs), a.raw)
	}
	first, second := reqs[0].(map[string]any), reqs[1].(map[string]any)
	if first["status"] != 401.0 || first["key"] != "" || second["body"] != `{"page":4}` || second["key"] != "demo-read" {
		t.Errorf("journal order or content: %s", a.raw)
	}
	for _, k := range []string{"time", "method", "path", "key", "status", "code", "duration_ms", "body"} {
		if _, ok := second[k]; !ok {
			t.Errorf("entry lacks %s", k)
		}
	}
	admin(t, m, "DELETE", "/__admin/requests", "", "")
	if a := admin(t, m, "GET", "/__admin/requests", "", ""); len(a.doc["requests"].([]any)) != 0 {
		t.Errorf("journal not cleared: %s", a.raw)
	}
}

func TestAdminScenarioReplacesOrKeepsTheOld(t *testing.T) {
	replacement := ts.Build()
	replacement.Name = "replacement"
	replacement.Forms = replacement.Forms[:1]
	parse := func(_ string, data []byte) (*scenario.Scenario, error) {
		if strings.Contains(string(data), "bad") {
			return nil, badScenarioError()
		}
		if strings.Contains(string(data), "broken") {
			return nil, errors.New("yaml: line 1: did not find expected key")
		}
		return replacement, nil
	}
	m := startMock(t, nil, Options{ParseScenario: parse})
	for _, body := range []string{"bad: [", "broken"} {
		a := admin(t, m, "POST", "/__admin/scenario", "", body)
		if a.status != 400 || a.doc["error"] == nil || a.doc["problems"] == nil {
			t.Fatalf("bad scenario: %d %s", a.status, a.raw)
		}
		if p := getForms(t, m, `{}`); p.total != ts.PlainForms+3 {
			t.Fatalf("old scenario not kept: %d forms", p.total)
		}
	}
	checkBadScenarioAnswer(t, admin(t, m, "POST", "/__admin/scenario", "", "bad"))
	if a := admin(t, m, "POST", "/__admin/scenario", "", "good: yes"); a.status != 200 {
		t.Fatalf("good scenario: %d %s", a.status, a.raw)
	}
	if p := getForms(t, m, `{}`); p.total != 1 {
		t.Errorf("replacement not served: %d forms", p.total)
	}
}
