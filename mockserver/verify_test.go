package mockserver

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	ts "github.com/rtq-kit/rtq/testkit/testscenario"
)

func setStatus(code, to string) string {
	return fmt.Sprintf(`{"certificate_code":%q,"action_type":"set_certificate_status","to_certificate_status":%q}`, code, to)
}

func setNext(code string) string {
	return fmt.Sprintf(`{"certificate_code":%q,"action_type":"set_next_certificate_status"}`, code)
}

// TestVerifyErrorTable drives every error of docs/contract.md §C6, each on a
// fresh server so no case depends on another.
func TestVerifyErrorTable(t *testing.T) {
	cases := []struct {
		name, key, body string
		code, errorCode int64
	}{
		{"no key", "", setNext(ts.CertOK), 401, contract.ErrUnauthorized},
		{"unknown key", "nope", setNext(ts.CertOK), 401, contract.ErrUnauthorized},
		{"read-only key", ts.ReadSecret, setNext(ts.CertOK), 403, contract.ErrNoPermission},
		{"no certificate_code", ts.WriteSecret, `{"action_type":"set_next_certificate_status"}`, 400, contract.ErrInvalidParams},
		{"certificate_code not a string", ts.WriteSecret, `{"certificate_code":5,"action_type":"set_next_certificate_status"}`, 400, contract.ErrInvalidParams},
		{"no action_type", ts.WriteSecret, `{"certificate_code":"C-OK"}`, 400, contract.ErrInvalidParams},
		{"set without target", ts.WriteSecret, `{"certificate_code":"C-OK","action_type":"set_certificate_status"}`, 400, contract.ErrInvalidParams},
		{"tpl_id not an integer", ts.WriteSecret, `{"certificate_code":"C-OK","action_type":"bogus","tpl_id":"x"}`, 400, contract.ErrInvalidParams},
		{"code_id a fraction", ts.WriteSecret, `{"certificate_code":"C-OK","action_type":"set_next_certificate_status","code_id":1.5}`, 400, contract.ErrInvalidParams},
		{"unknown action", ts.WriteSecret, `{"certificate_code":"C-OK","action_type":"bogus"}`, 400, contract.ErrInvalidAction},
		{"unknown code", ts.WriteSecret, setNext("NOPE"), 400, contract.ErrInvalidCode},
		{"not a credential", ts.WriteSecret, setNext(ts.PlainCode), 400, contract.ErrInvalidCode},
		{"other org", ts.OtherSecret, setNext(ts.CertOK), 400, contract.ErrInvalidCode},
		{"limited key, other form", ts.LimitedSecret, setNext(ts.CertOK), 400, contract.ErrNoPermission},
		{"record verification off", ts.WriteSecret, setNext(ts.CertRecordOff), 400, contract.ErrNotEnabled},
		{"form verification off", ts.WriteSecret, setNext(ts.CertFormOff), 400, contract.ErrNotEnabled},
		{"not approved", ts.WriteSecret, setNext(ts.CertUnapproved), 400, contract.ErrNotApproved},
		{"tpl_id mismatch", ts.WriteSecret, `{"certificate_code":"C-OK","action_type":"set_next_certificate_status","tpl_id":1}`, 400, contract.ErrScopeMismatch},
		{"code_id mismatch", ts.WriteSecret, `{"certificate_code":"C-OK","action_type":"set_next_certificate_status","code_id":1}`, 400, contract.ErrScopeMismatch},
		{"identity required", ts.WriteSecret, setNext(ts.CertIdentity), 400, contract.ErrIdentityNeeded},
		{"auth code invalid", ts.WriteSecret, setNext(ts.CertAuthCode), 400, contract.ErrAuthCodeInvalid},
		{"from differs", ts.WriteSecret, `{"certificate_code":"C-OK","action_type":"set_next_certificate_status","from_certificate_status":"已核验"}`, 400, contract.ErrStatusForbids},
		{"from unknown", ts.WriteSecret, `{"certificate_code":"C-OK","action_type":"set_next_certificate_status","from_certificate_status":"nope"}`, 400, contract.ErrStatusForbids},
		{"status forbids", ts.WriteSecret, setStatus(ts.CertVoid, "已核验"), 400, contract.ErrStatusForbids},
		{"flow finished", ts.WriteSecret, setNext(ts.CertArchived), 400, contract.ErrStatusForbids},
		{"no next status", ts.WriteSecret, setNext(ts.CertStuck), 400, contract.ErrInvalidTarget},
		{"target unknown", ts.WriteSecret, setStatus(ts.CertOK, "不存在"), 400, contract.ErrInvalidTarget},
		{"target unreachable", ts.WriteSecret, setStatus(ts.CertOK, "已归档"), 400, contract.ErrInvalidTarget},
		{"target is current", ts.WriteSecret, setStatus(ts.CertOK, "未核验"), 400, contract.ErrInvalidTarget},
		{"target is current by id", ts.WriteSecret, setStatus(ts.CertOK, "1"), 400, contract.ErrInvalidTarget},
		{"forced failure", ts.WriteSecret, setNext(ts.CertForce), 400, contract.ErrVerifyFailed},
		{"forced failure after status checks", ts.WriteSecret, setStatus(ts.CertForce, "未核验"), 400, contract.ErrInvalidTarget},
	}
	seen := map[int64]bool{}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := startMock(t, nil, Options{})
			a := m.post(t, contract.Verify, c.key, c.body)
			wantError(t, a, c.code, c.errorCode)
			if a.status != int(c.code) {
				t.Errorf("HTTP %d, want %d", a.status, c.code)
			}
			if d, _ := a.doc["message_detail"].(string); d == "" {
				t.Errorf("no message_detail: %s", a.raw)
			}
			seen[c.errorCode] = true
		})
	}
	for _, e := range contract.VerifyErrors {
		if !seen[int64(e.Code)] {
			t.Errorf("error %d (%s) has no case", e.Code, e.Message)
		}
	}
}

func TestVerifyMovesTheStatusAndGetRecordShowsIt(t *testing.T) {
	m := startMock(t, nil, Options{})
	a := m.post(t, contract.Verify, ts.WriteSecret, setStatus(ts.RecordURL(ts.CertOK), "2"))
	wantOK(t, a)
	d := a.data()
	if d["certificate_status"] != "已核验" || num(d["record_id"]) != 5010 || num(d["org_id"]) != ts.DemoOrg {
		t.Fatalf("verify data %v", d)
	}
	rec := m.post(t, contract.GetRecord, ts.ReadSecret, `{"record_id":5010}`).data()["data"].(map[string]any)
	ps := rec["process_status"].(map[string]any)
	if ps["enabled"] != true || ps["text"] != "已核验" || ps["color"] != "#00AA00" {
		t.Errorf("process_status %v", ps)
	}
	changes := rec["state_changes"].([]any)
	last := changes[len(changes)-1].(map[string]any)
	if mustJSON(last) != `{"from_state_option":{"color":"#999999","name":"未核验"},"state":{"id":71,"name":"证书状态","number":"FLOW-71"},"to_state_option":{"color":"#00AA00","name":"已核验"}}` {
		t.Errorf("state change %s", mustJSON(last))
	}
	md := m.post(t, contract.GetRecord, ts.ReadSecret, `{"record_id":5010,"format":"markdown"}`).data()["data"].(string)
	if !strings.Contains(md, `certificate_status: "已核验"`) {
		t.Errorf("markdown does not show the new status:\n%s", md)
	}
	// The flow goes on from the new status, and ends.
	wantOK(t, m.post(t, contract.Verify, ts.WriteSecret, setNext(ts.CertOK)))
	wantError(t, m.post(t, contract.Verify, ts.WriteSecret, setNext(ts.CertOK)), 400, contract.ErrStatusForbids)
	// A repeated verification is 100326.
	wantError(t, m.post(t, contract.Verify, ts.WriteSecret, setStatus(ts.CertOK, "已归档")), 400, contract.ErrInvalidTarget)

	m.Reset()
	rec = m.post(t, contract.GetRecord, ts.ReadSecret, `{"record_id":5010}`).data()["data"].(map[string]any)
	if rec["process_status"].(map[string]any)["text"] != "未核验" {
		t.Errorf("reset did not undo the verify: %v", rec["process_status"])
	}
}

func TestRepeatedVerificationIs100326(t *testing.T) {
	m := startMock(t, nil, Options{})
	wantOK(t, m.post(t, contract.Verify, ts.WriteSecret, setStatus(ts.CertOK, "已核验")))
	wantError(t, m.post(t, contract.Verify, ts.WriteSecret, setStatus(ts.CertOK, "已核验")), 400, contract.ErrInvalidTarget)
}
