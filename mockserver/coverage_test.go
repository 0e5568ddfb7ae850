package mockserver

import (
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/covreport"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// coverageOf reads GET /__admin/coverage (path under the mock's URL).
func coverageOf(t *testing.T, m *mock, path string) covreport.Report {
	t.Helper()
	resp, err := http.Get(m.URL() + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s: %d %s", path, resp.StatusCode, raw)
	}
	r, err := covreport.Read(raw)
	if err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	return r
}

func wantCount(t *testing.T, r covreport.Report, dim, id string, want int64) {
	t.Helper()
	got, ok := r.Dimension(dim).Count(id)
	if !ok || got != want {
		t.Errorf("%s %q: count %d (listed %v), want %d", dim, id, got, ok, want)
	}
}

// clientPost sends body with the headers given, as a client with its own
// habits would.
func clientPost(t *testing.T, url string, header map[string]string, body string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
}

// TestCoverageCountsWhatTheClientMet: each call lands in the entries it
// should, and only there; what was never met is named missing.
func TestCoverageCountsWhatTheClientMet(t *testing.T) {
	m := startMock(t, nil, Options{})
	wantOK(t, m.post(t, contract.GetRecord, readKey, getRecordBody))
	wantOK(t, m.post(t, contract.GetRecord, readKey, `{"record_id":5001,"format":"markdown"}`))
	wantError(t, m.post(t, contract.GetRecord, readKey, `{"record_id":999999}`), 404, contract.ErrNotFound)
	wantError(t, m.post(t, contract.GetRecord, "", getRecordBody), 401, contract.ErrUnauthorized)
	wantOK(t, m.post(t, contract.GetFormList, readKey, `{"page":999}`))
	wantOK(t, m.post(t, contract.Verify, testscenario.WriteSecret,
		`{"certificate_code":"`+testscenario.CertOK+`","action_type":"set_next_certificate_status"}`))
	wantError(t, m.post(t, contract.Verify, testscenario.WriteSecret,
		`{"certificate_code":"`+testscenario.CertVoid+`","action_type":"set_next_certificate_status"}`), 400, contract.ErrStatusForbids)
	if resp, err := http.Get(m.URL() + "/__admin/health"); err == nil { // an admin call: never counted
		resp.Body.Close()
	}

	r := coverageOf(t, m, "/__admin/coverage")
	if r.Calls != 7 {
		t.Errorf("calls %d, want 7 (the admin call not counted)", r.Calls)
	}
	wantCount(t, r, "endpoints", "record/getRecord", 4)
	wantCount(t, r, "endpoints", "templates/list", 0)
	wantCount(t, r, "parameters", "record/getRecord format=markdown", 1)
	wantCount(t, r, "parameters", "record/getRecord format=json", 3) // no format is json; the 401 call sent it too
	wantCount(t, r, "parameters", "record/getRecord record_id", 4)
	wantCount(t, r, "parameters", "record/getFormList page past the last", 1)
	wantCount(t, r, "errors", "record/getRecord 100404/404", 1)
	wantCount(t, r, "errors", "record/getRecord 100401/401", 1)
	wantCount(t, r, "errors", "certificates/verify 100324/400", 1)
	wantCount(t, r, "errors", "record/getRecord 429", 0)
	wantCount(t, r, "shapes", "record/getFormList empty list", 1)
	wantCount(t, r, "shapes", "record/getFormList last page", 0)
	wantCount(t, r, "shapes", "record/getRecord a masked value", 2)
	wantCount(t, r, "transitions", "form 1100: 未核验 -> 已核验", 1)
	for _, ft := range contract.FieldTypes {
		wantCount(t, r, "field_types", ft.Name, 2) // record 5001 holds every field type
	}
	if !slices.Contains(r.Dimensions.Endpoints.Missing, "templates/list") || slices.Contains(r.Dimensions.Endpoints.Missing, "record/getRecord") {
		t.Errorf("endpoints missing %v", r.Dimensions.Endpoints.Missing)
	}
	if u := r.Dimensions.Errors.Unreachable; len(u) != 0 {
		t.Errorf("errors unreachable %v: the test scenario holds a credential in every situation", u)
	}
	if r.Excluded.Admin != 1 {
		t.Errorf("excluded admin %d, want 1 (the health check)", r.Excluded.Admin)
	}
	if len(r.Findings) != 0 {
		t.Errorf("findings %+v, want none: every call was well formed", r.Findings)
	}
}

// TestCoverageFindsTheClientsOwnMistakes: each duty broken is a finding
// with the request that broke it, the key masked.
func TestCoverageFindsTheClientsOwnMistakes(t *testing.T) {
	m := startMock(t, nil, Options{})
	u := m.URL()
	auth := "Bearer " + readKey
	clientPost(t, u+contract.GetRecord.Path(), map[string]string{"Authorization": auth}, getRecordBody)
	clientPost(t, u+contract.GetRecord.Path(), map[string]string{"Authorization": auth, "Content-Type": "application/json"}, `[1]`)
	clientPost(t, u+contract.GetFormList.Path(), map[string]string{"Authorization": auth, "Content-Type": "application/json"}, `{"page_size":500,"pgae":2}`)
	clientPost(t, u+contract.GetFormList.Path()+"?api_key="+readKey, map[string]string{"Content-Type": "application/json"}, `{}`)
	clientPost(t, u+"/api/v2/rpc/record/getRecords", map[string]string{"Authorization": auth, "Content-Type": "application/json"}, `{}`)
	w := map[string]string{"Authorization": "Bearer " + testscenario.WriteSecret, "Content-Type": "application/json"}
	clientPost(t, u+contract.Verify.Path(), w, `{"certificate_code":"`+testscenario.CertVoid+`","action_type":"set_next_certificate_status"}`)
	clientPost(t, u+contract.Verify.Path(), w, `{"certificate_code":"`+testscenario.CertVoid+`","action_type":"set_next_certificate_status"}`)

	r := coverageOf(t, m, "/__admin/coverage")
	for duty, want := range map[string]int64{covreport.DutyContentType: 1, covreport.DutyJSONObject: 1,
		covreport.DutyPageSize: 1, covreport.DutyUnknownMember: 1, covreport.DutyKeyPlacement: 1,
		covreport.DutyNoEndpoint: 1, covreport.DutyVerifyRetry: 1} {
		f, ok := r.Finding(duty)
		if !ok || f.Count != want {
			t.Errorf("finding %s: %+v, want count %d", duty, f, want)
		}
	}
	f, _ := r.Finding(covreport.DutyKeyPlacement)
	if strings.Contains(f.Request.Path, readKey) || !strings.Contains(f.Request.Path, "api_key=***") {
		t.Errorf("key_placement shows %q: the key must be masked", f.Request.Path)
	}
	if f, _ := r.Finding(covreport.DutyContentType); f.Statement != "5.requestContentType" || f.Request.Body != getRecordBody {
		t.Errorf("content_type finding %+v", f)
	}
}

// TestCoverageLeavesOutTheKitAndSurvivesAReset: rtq's own tools are not
// the client; a reset of the state keeps the coverage, its own reset
// forgets it; a namespace counts apart.
func TestCoverageLeavesOutTheKitAndSurvivesAReset(t *testing.T) {
	m := startMock(t, nil, Options{})
	u := m.URL()
	h := map[string]string{"Authorization": "Bearer " + readKey, "Content-Type": "application/json"}
	clientPost(t, u+contract.GetRecord.Path(), h, getRecordBody)
	h["User-Agent"] = contract.KitUserAgent
	clientPost(t, u+contract.GetRecord.Path(), h, getRecordBody)
	delete(h, "User-Agent")
	clientPost(t, u+"/s/job-1"+contract.GetFormList.Path(), h, `{}`)
	clientPost(t, u+"/__admin/reset", nil, "")

	r := coverageOf(t, m, "/__admin/coverage")
	if r.Calls != 1 || r.Excluded.Kit != 1 {
		t.Errorf("root: calls %d kit %d, want 1 and 1", r.Calls, r.Excluded.Kit)
	}
	ns := coverageOf(t, m, "/s/job-1/__admin/coverage")
	wantCount(t, ns, "endpoints", "record/getFormList", 1)
	wantCount(t, ns, "endpoints", "record/getRecord", 0)
	all := coverageOf(t, m, "/__admin/coverage?namespace=*")
	if all.Calls != 2 {
		t.Errorf("every namespace: %d calls, want 2", all.Calls)
	}
	clientPost(t, u+"/__admin/coverage/reset", nil, "")
	if r := coverageOf(t, m, "/__admin/coverage"); r.Calls != 0 {
		t.Errorf("after POST /__admin/coverage/reset: %d calls", r.Calls)
	}
	if ns := coverageOf(t, m, "/s/job-1/__admin/coverage"); ns.Calls != 1 {
		t.Errorf("a reset of the root forgot namespace job-1: %d calls", ns.Calls)
	}
	resp, err := http.Get(u + "/__admin/coverage?namespace=" + strings.Repeat("x", 65))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 400 {
		t.Errorf("a namespace name too long: HTTP %d, want 400", resp.StatusCode)
	}
	var doc map[string]any
	raw, _ := json.Marshal(all)
	_ = json.Unmarshal(raw, &doc)
	if _, ok := doc["dimensions"].(map[string]any)["errors"]; !ok {
		t.Errorf("report JSON without dimensions.errors: %s", raw)
	}
}
