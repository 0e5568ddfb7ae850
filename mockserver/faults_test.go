package mockserver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/fault"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

var getRecordBody = fmt.Sprintf(`{"record_id":%d}`, testscenario.FullRecord)

// admin sends an admin call and returns its status and body.
func (m *mock) admin(t testing.TB, method, path, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, m.URL()+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	return resp.StatusCode, string(readAll(t, resp))
}

func (m *mock) addFault(t testing.TB, rule string) {
	t.Helper()
	if status, body := m.admin(t, "POST", "/__admin/faults", rule); status != 200 {
		t.Fatalf("POST /__admin/faults %s: %d %s", rule, status, body)
	}
}

func TestFaultDelayIsMeasured(t *testing.T) {
	m := startMock(t, nil, Options{})
	m.addFault(t, `{"endpoint":"record/getRecord","delay_ms":150,"jitter_ms":50}`)
	start := time.Now()
	wantOK(t, m.post(t, contract.GetRecord, readKey, getRecordBody))
	if d := time.Since(start); d < 150*time.Millisecond {
		t.Errorf("getRecord answered in %v, the rule delays it at least 150ms", d)
	}
	wantOK(t, m.post(t, contract.GetFormList, readKey, `{}`)) // another endpoint: no rule
}

func TestFaultErrorsInTheEndpointsShape(t *testing.T) {
	cases := []struct {
		ep                      contract.Endpoint
		rule                    string
		status, code, errorCode int
		retryAfter              string
	}{
		{contract.GetRecord, `{"code":401}`, 401, 401, contract.ErrUnauthorized, ""},
		{contract.GetRecord, `{"code":403}`, 403, 403, contract.ErrForbidden, ""},
		{contract.GetRecord, `{"code":429,"retry_after":2}`, 429, 429, contract.ErrRateLimited, "2"},
		{contract.GetFormList, `{"code":429}`, 429, 429, contract.ErrRateLimited, "1"},
		{contract.GetRecord, `{"code":500}`, 500, 500, contract.ErrSystem, ""},
		{contract.TemplatesList, `{"code":502}`, 502, 502, 0, ""},
		{contract.GetRecord, `{"code":503}`, 503, 503, contract.ErrSystem, ""},
		{contract.ListQrcodes, `{"code":504}`, 504, 504, 0, ""},
		{contract.Verify, `{"code":400,"error_code":100324}`, 400, 400, contract.ErrStatusForbids, ""},
		{contract.GetRecord, `{"code":503,"http_status":200,"message":"Down for maintenance"}`, 200, 503, contract.ErrSystem, ""},
	}
	bodies := map[string]string{
		contract.GetRecord.Name: getRecordBody, contract.Verify.Name: `{"certificate_code":"C-OK","action_type":"verify"}`,
	}
	for _, c := range cases {
		t.Run(c.ep.Name+c.rule, func(t *testing.T) {
			m := startMock(t, nil, Options{})
			m.addFault(t, `{"error":`+c.rule+`}`)
			body := bodies[c.ep.Name]
			if body == "" {
				body = "{}"
			}
			a := m.post(t, c.ep, testscenario.WriteSecret, body) // checked against the endpoint's error schema
			if a.status != c.status || a.code() != int64(c.code) {
				t.Fatalf("got HTTP %d code %d, want %d/%d: %s", a.status, a.code(), c.status, c.code, a.raw)
			}
			if c.errorCode != 0 && a.errorCode() != int64(c.errorCode) {
				t.Errorf("error_code %d, want %d: %s", a.errorCode(), c.errorCode, a.raw)
			}
			if got := a.header.Get("Retry-After"); got != c.retryAfter {
				t.Errorf("Retry-After %q, want %q", got, c.retryAfter)
			}
			if !strings.Contains(string(a.raw), "injected by fault rule f1") {
				t.Errorf("message_detail does not name the rule: %s", a.raw)
			}
			if strings.Contains(c.rule, "maintenance") && a.doc["message"] != "Down for maintenance" {
				t.Errorf("message: %s", a.raw)
			}
		})
	}
}

// rawPost sends a getRecord without the answer checks, for answers that
// are meant to break.
func rawPost(url string) (*http.Response, []byte, error) {
	req, _ := http.NewRequest("POST", url+contract.GetRecord.Path(), strings.NewReader(getRecordBody))
	req.Header.Set("Authorization", "Bearer "+readKey)
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := client.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	return resp, raw, err
}

func TestFaultDropClosesTheConnection(t *testing.T) {
	m := startMock(t, nil, Options{Faults: []fault.Rule{{Drop: true, Times: 1}}})
	if _, _, err := rawPost(m.URL()); err == nil {
		t.Fatal("a dropped connection gave an answer")
	}
	wantOK(t, m.post(t, contract.GetRecord, readKey, getRecordBody)) // times=1: spent
	if _, body := m.admin(t, "GET", "/__admin/requests?limit=2", ""); !strings.Contains(body, `"status":0`) {
		t.Errorf("the journal does not show the dropped request with status 0: %s", body)
	}
}

func TestFaultTruncatedBody(t *testing.T) {
	m := startMock(t, nil, Options{})
	m.addFault(t, `{"body":"truncated"}`)
	resp, raw, err := rawPost(m.URL())
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("read a truncated body: err %v, want unexpected EOF", err)
	}
	if resp.ContentLength <= 0 || int64(len(raw)) >= resp.ContentLength || len(raw) == 0 {
		t.Errorf("got %d bytes of a declared %d", len(raw), resp.ContentLength)
	}
}

func TestFaultDribbledBody(t *testing.T) {
	m := startMock(t, nil, Options{})
	m.addFault(t, `{"body":"dribble","delay_ms":180}`)
	start := time.Now()
	resp, raw, err := rawPost(m.URL())
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d < 180*time.Millisecond {
		t.Errorf("a body dribbled over 180ms came in %v", d)
	}
	a := checkAnswer(t, contract.GetRecord.Path(), resp.StatusCode, resp.Header, raw)
	wantOK(t, a)
}

// outcomes runs n getRecords and writes each one's status.
func outcomes(t *testing.T, m *mock, n int) string {
	var b strings.Builder
	for range n {
		a := m.post(t, contract.GetRecord, readKey, getRecordBody)
		fmt.Fprintf(&b, "%d ", a.status)
	}
	return b.String()
}

func TestFaultSeededRateRepeats(t *testing.T) {
	rule, err := fault.ParseFlag("endpoint=record/getRecord,rate=0.5,error=503")
	if err != nil {
		t.Fatal(err)
	}
	run := func() string {
		return outcomes(t, startMock(t, nil, Options{Seed: 42, Faults: []fault.Rule{rule}}), 24)
	}
	first, second := run(), run()
	if first != second {
		t.Fatalf("same seed, same requests, different faults:\n%s\n%s", first, second)
	}
	if !strings.Contains(first, "503") || !strings.Contains(first, "200") {
		t.Errorf("rate 0.5 over 24 requests: %s", first)
	}
}

func TestFaultMatchersAndTimes(t *testing.T) {
	m := startMock(t, nil, Options{})
	m.addFault(t, fmt.Sprintf(`[{"key":"demo-write","error":{"code":403}},
		{"record_id":%d,"times":2,"error":{"code":503}}]`, testscenario.FullRecord))
	if got := outcomes(t, m, 3); got != "503 503 200 " {
		t.Errorf("times=2 on the record: %s", got)
	}
	wantError(t, m.post(t, contract.GetFormList, testscenario.WriteSecret, `{}`), 403, contract.ErrForbidden)
	wantOK(t, m.post(t, contract.GetFormList, readKey, `{}`))
}

func TestFaultAdminAPI(t *testing.T) {
	m := startMock(t, nil, Options{Faults: []fault.Rule{{Error: &fault.Error{Code: 503}}}})
	status, body := m.admin(t, "POST", "/__admin/faults", `[{"delay_ms":5},{"error":{"code":503},"rate":3}]`)
	if status != 400 || !strings.Contains(body, "rule 2") || !strings.Contains(body, "rate") {
		t.Errorf("a bad rule: %d %s, want 400 naming rule 2 and rate", status, body)
	}
	if status, body := m.admin(t, "GET", "/__admin/health", ""); status != 200 {
		t.Errorf("a rule on every endpoint reached /__admin: %d %s", status, body)
	}
	m.addFault(t, `{"endpoint":"templates/list","delay_ms":1}`)
	if _, body := m.admin(t, "GET", "/__admin/faults", ""); !strings.Contains(body, `"id":"f1","source":"flag"`) ||
		!strings.Contains(body, `"id":"f2","source":"admin"`) {
		t.Errorf("list: %s", body)
	}
	if status, _ := m.admin(t, "POST", "/__admin/reset", ""); status != 200 {
		t.Fatal("reset")
	}
	if _, body := m.admin(t, "GET", "/__admin/faults", ""); !strings.Contains(body, `"f2"`) {
		t.Errorf("reset removed a runtime rule: %s", body)
	}
	if status, _ := m.admin(t, "DELETE", "/__admin/faults/f2", ""); status != 200 {
		t.Error("delete f2")
	}
	if status, body := m.admin(t, "DELETE", "/__admin/faults/f2", ""); status != 404 || !strings.Contains(body, "f2") {
		t.Errorf("delete f2 twice: %d %s", status, body)
	}
	if status, _ := m.admin(t, "DELETE", "/__admin/faults", ""); status != 200 {
		t.Error("delete all")
	}
	wantOK(t, m.post(t, contract.GetRecord, readKey, getRecordBody))
}

// waitHit polls until the first rule has been hit: the request is in its delay.
func waitHit(t *testing.T, m *mock) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if l, _ := m.faults.Set.List(); len(l) > 0 && l[0].Hits > 0 {
			return
		}
	}
	t.Fatal("the request never reached its fault")
}

func TestFaultDelayEndsWithTheClient(t *testing.T) {
	m := startMock(t, nil, Options{Faults: []fault.Rule{{DelayMS: fault.MaxDelayMS}}})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, "POST", m.URL()+contract.GetRecord.Path(), strings.NewReader(getRecordBody))
		req.Header.Set("Authorization", "Bearer "+readKey)
		_, err := http.DefaultClient.Do(req)
		done <- err
	}()
	waitHit(t, m)
	cancel()
	if err := <-done; err == nil {
		t.Fatal("a cancelled request got an answer")
	}
	// The handler returns at once: its journal entry appears, long before
	// the ten minutes of the delay.
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if _, body := m.admin(t, "GET", "/__admin/requests", ""); strings.Contains(body, "getRecord") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the delayed handler still runs after its client left")
		}
	}
}

func TestFaultDelayDoesNotHoldShutdown(t *testing.T) {
	m := startMock(t, nil, Options{Faults: []fault.Rule{{DelayMS: fault.MaxDelayMS}}})
	done := make(chan error, 1)
	go func() {
		resp, _, err := rawPost(m.URL())
		if err == nil && resp.StatusCode != 200 {
			err = fmt.Errorf("status %d", resp.StatusCode)
		}
		done <- err
	}()
	waitHit(t, m)
	if err := m.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := <-done; err != nil {
		t.Errorf("the delayed request was not answered at shutdown: %v", err)
	}
}

func TestFaultScenarioRulesRearmOnReset(t *testing.T) {
	sc := testscenario.Build()
	sc.Faults = []fault.Rule{{Endpoint: "record/getRecord", Times: 1, Error: &fault.Error{Code: 503}}}
	m := startMock(t, sc, Options{})
	m.addFault(t, `{"endpoint":"record/getRecord","times":1,"error":{"code":502}}`)
	if got := outcomes(t, m, 3); got != "503 502 200 " {
		t.Fatalf("scenario rule, then runtime rule: %s", got)
	}
	m.admin(t, "POST", "/__admin/reset", "")
	if got := outcomes(t, m, 2); got != "503 200 " {
		t.Errorf("after reset the scenario's rule is back, the spent runtime one stays spent: %s", got)
	}
}

// BenchmarkGetRecordJSONFaultMiss is BenchmarkGetRecordJSON with fault
// rules in force that do not match it: the cost of a miss (one lock, a
// few comparisons), against the single atomic load of no rules at all.
func BenchmarkGetRecordJSONFaultMiss(b *testing.B) {
	s := benchServer(b)
	if _, err := s.faults.Set.Add([]fault.Rule{
		{Endpoint: "templates/list", DelayMS: 100},
		{Key: "demo-write", RecordID: 1, Error: &fault.Error{Code: 503}},
	}, fault.FromAdmin, func(int) string { return "bench rule" }); err != nil {
		b.Fatal(err)
	}
	benchEndpoint(b, s, contract.GetRecord, readKey, `{"record_id":5001}`)
}

// BenchmarkGetRecordJSONFaultRecordMiss is a miss that reaches the body:
// a rule on another record's URL, so the request's record is read and
// both names are resolved to records before the rule gives up.
func BenchmarkGetRecordJSONFaultRecordMiss(b *testing.B) {
	s := benchServer(b)
	if _, err := s.faults.Set.Add([]fault.Rule{
		{Endpoint: "record/getRecord", RecordURL: testscenario.RecordURL(testscenario.CertOK), Error: &fault.Error{Code: 503}},
	}, fault.FromAdmin, func(int) string { return "bench rule" }); err != nil {
		b.Fatal(err)
	}
	benchEndpoint(b, s, contract.GetRecord, readKey, fmt.Sprintf(`{"record_id":%d}`, testscenario.FullRecord))
}

func TestFaultFlagMessageWithCommaReachesTheAnswer(t *testing.T) {
	for _, flag := range []string{
		`endpoint=record/getRecord,error=503,message="Down, back soon"`,
		`{"endpoint":"record/getRecord","error":{"code":503,"message":"Down, back soon"}}`,
	} {
		rule, err := fault.ParseFlag(flag)
		if err != nil {
			t.Fatalf("%s: %v", flag, err)
		}
		m := startMock(t, nil, Options{Faults: []fault.Rule{rule}})
		if a := m.post(t, contract.GetRecord, readKey, getRecordBody); a.code() != 503 || a.doc["message"] != "Down, back soon" {
			t.Errorf("%s: got %d %s", flag, a.code(), a.raw)
		}
	}
}
