package mockserver

import (
	"net/http"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	ts "github.com/rtq-kit/rtq/testkit/testscenario"
)

// okBody is a body each endpoint accepts for an object of the demo org.
var okBody = map[string]string{
	contract.GetRecord.Name:     `{"record_id":5002}`,
	contract.Verify.Name:        `{"certificate_code":"C-OK","action_type":"set_certificate_status","to_certificate_status":"已核验"}`,
	contract.GetFormList.Name:   `{}`,
	contract.TemplatesList.Name: `{}`,
	contract.ListQrcodes.Name:   `{"template":"tplA001"}`,
}

func TestMissingMalformedAndUnknownKeysGet401InTheEndpointsShape(t *testing.T) {
	m := startMock(t, nil, Options{})
	headers := map[string]string{
		"missing":       "",
		"empty bearer":  "Bearer ",
		"basic scheme":  "Basic " + ts.ReadSecret,
		"no scheme":     ts.ReadSecret,
		"unknown key":   "Bearer rtq-not-a-key",
		"secret+suffix": "Bearer " + ts.ReadSecret + "x",
		"secret prefix": "Bearer " + ts.ReadSecret[:len(ts.ReadSecret)-1],
	}
	for name, h := range headers {
		for _, ep := range contract.Endpoints {
			req, _ := http.NewRequest(http.MethodPost, m.URL()+ep.Path(), strings.NewReader(okBody[ep.Name]))
			if h != "" {
				req.Header.Set("Authorization", h)
			}
			a := do(t, req)
			if a.status != 401 {
				t.Errorf("%s %s: HTTP %d, want 401", name, ep.Name, a.status)
			}
			wantErrorShape(t, ep, a, 401, contract.ErrUnauthorized)
		}
	}
}

func TestBearerSchemeIsCaseInsensitive(t *testing.T) {
	m := startMock(t, nil, Options{})
	req, _ := http.NewRequest(http.MethodPost, m.URL()+contract.GetFormList.Path(), strings.NewReader("{}"))
	req.Header.Set("Authorization", "bearer "+ts.ReadSecret)
	wantOK(t, do(t, req))
}

// do sends a prepared request through the same checks as send.
func do(t *testing.T, req *http.Request) answer {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw := readAll(t, resp)
	return checkAnswer(t, req.URL.Path, resp.StatusCode, resp.Header, raw)
}

func TestReadKeyOnVerifyIs403With100328(t *testing.T) {
	m := startMock(t, nil, Options{})
	a := m.post(t, contract.Verify, ts.ReadSecret, okBody[contract.Verify.Name])
	if a.status != 403 {
		t.Errorf("HTTP %d, want 403", a.status)
	}
	wantError(t, a, 403, contract.ErrNoPermission)
}

func TestKeyWithoutReadScopeIs403With100403OnReads(t *testing.T) {
	m := startMock(t, nil, Options{})
	for _, ep := range contract.Endpoints {
		if ep.Write {
			continue
		}
		a := m.post(t, ep, ts.WriteOnlySecret, okBody[ep.Name])
		if a.status != 403 {
			t.Errorf("%s: HTTP %d, want 403", ep.Name, a.status)
		}
		wantErrorShape(t, ep, a, 403, contract.ErrForbidden)
	}
	wantOK(t, m.post(t, contract.Verify, ts.WriteOnlySecret, okBody[contract.Verify.Name]))
}

func TestLimitedKeyOnAnotherFormIs400With100328(t *testing.T) {
	m := startMock(t, nil, Options{})
	wantError(t, m.post(t, contract.Verify, ts.LimitedSecret, okBody[contract.Verify.Name]), 400, contract.ErrNoPermission)
	wantOK(t, m.post(t, contract.Verify, ts.LimitedSecret,
		`{"certificate_code":"C-LIM","action_type":"set_next_certificate_status"}`))
}

// TestAnotherOrgsObjectsBehaveAsMissing asks for every object of each
// organization with every key: a key of the other organization gets exactly
// the answer for an object that does not exist.
func TestAnotherOrgsObjectsBehaveAsMissing(t *testing.T) {
	m := startMock(t, nil, Options{})
	type object struct {
		org               int
		ep                contract.Endpoint
		body, missingBody string
	}
	objects := []object{
		{ts.DemoOrg, contract.GetRecord, `{"record_id":5002}`, `{"record_id":424242}`},
		{ts.DemoOrg, contract.GetRecord, `{"record_url":"` + ts.RecordURL(ts.PlainCode) + `"}`, `{"record_url":"https://demo.rtq.test/r/NOPE"}`},
		{ts.OtherOrg, contract.GetRecord, `{"record_id":5101}`, `{"record_id":424242}`},
		{ts.DemoOrg, contract.Verify, `{"certificate_code":"C-ARCH","action_type":"set_next_certificate_status"}`, `{"certificate_code":"NOPE","action_type":"set_next_certificate_status"}`},
		{ts.OtherOrg, contract.Verify, `{"certificate_code":"C-O2","action_type":"set_certificate_status","to_certificate_status":"未核验"}`, `{"certificate_code":"NOPE","action_type":"set_next_certificate_status"}`},
		{ts.DemoOrg, contract.ListQrcodes, `{"template":"tplA001"}`, `{"template":"nope"}`},
		{ts.DemoOrg, contract.ListQrcodes, `{"template":"` + ts.TemplateURL("tplA001") + `"}`, `{"template":"nope"}`},
		{ts.OtherOrg, contract.ListQrcodes, `{"template":"tplB001"}`, `{"template":"nope"}`},
	}
	keys := map[int][]string{ts.DemoOrg: {ts.WriteSecret, ts.LimitedSecret}, ts.OtherOrg: {ts.OtherSecret}}
	for _, o := range objects {
		for org, orgKeys := range keys {
			for _, key := range orgKeys {
				got := m.post(t, o.ep, key, o.body)
				if org == o.org {
					if got.code() == 404 || got.errorCode() == contract.ErrInvalidCode {
						t.Errorf("own org: %s %s answered as missing: %s", o.ep.Name, o.body, got.raw)
					}
					continue
				}
				missing := m.post(t, o.ep, key, o.missingBody)
				if string(got.raw) != string(missing.raw) || got.status != missing.status {
					t.Errorf("%s %s with a key of org %d:\n got     %d %s\n missing %d %s", o.ep.Name, o.body, org, got.status, got.raw, missing.status, missing.raw)
				}
			}
		}
	}
}

func TestListsShowOnlyTheKeysOrganization(t *testing.T) {
	m := startMock(t, nil, Options{})
	forms := m.post(t, contract.GetFormList, ts.OtherSecret, `{"page_size":20}`)
	if total := num(forms.data()["page"].(map[string]any)["total"]); total != 4 {
		t.Errorf("other org sees %d forms, want its 4", total)
	}
	tpls := m.post(t, contract.TemplatesList, ts.OtherSecret, `{}`)
	if total := num(tpls.data()["total"]); total != 3 {
		t.Errorf("other org sees %d templates, want its 3", total)
	}
}
