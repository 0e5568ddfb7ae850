package mockserver

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	ts "github.com/rtq-kit/rtq/testkit/testscenario"
)

// A rule naming a record matches a request naming the same record, however
// each names it: record_id or record_url for getRecord, a code or the
// record's URL for verify's certificate_code, resolved as getRecord and
// verify resolve them; at the root and in a namespace.
func TestFaultRuleMatchesTheRecordHoweverNamed(t *testing.T) {
	fullURL, certURL := ts.RecordURL("R-FULL"), ts.RecordURL(ts.CertOK)
	verify := func(code string) string {
		return fmt.Sprintf(`{"certificate_code":%q,"action_type":%q}`, code, contract.ActionNextStatus)
	}
	cases := []struct {
		name, rule string
		ep         contract.Endpoint
		body       string
		hit        bool
	}{
		{"id rule, url request", fmt.Sprintf(`"record_id":%d`, ts.FullRecord), contract.GetRecord, `{"record_url":"` + fullURL + `"}`, true},
		{"url rule, id request", `"record_url":"` + fullURL + `"`, contract.GetRecord, fmt.Sprintf(`{"record_id":%d}`, ts.FullRecord), true},
		{"url rule, url request", `"record_url":"` + fullURL + `"`, contract.GetRecord, `{"record_url":"` + fullURL + `"}`, true},
		{"id and url rule, both in request", fmt.Sprintf(`"record_id":%d,"record_url":%q`, ts.FullRecord, fullURL), contract.GetRecord,
			fmt.Sprintf(`{"record_id":%d,"record_url":%q}`, ts.FullRecord, fullURL), true},
		{"unknown url rule, same url", `"record_url":"https://demo.rtq.test/r/nope"`, contract.GetRecord, `{"record_url":"https://demo.rtq.test/r/nope"}`, true},
		{"id rule, another record's url", fmt.Sprintf(`"record_id":%d`, ts.FullRecord), contract.GetRecord, `{"record_url":"` + certURL + `"}`, false},
		{"url rule, another record's id", `"record_url":"` + certURL + `"`, contract.GetRecord, fmt.Sprintf(`{"record_id":%d}`, ts.FullRecord), false},
		{"url rule, url with a slash more", `"record_url":"` + fullURL + `"`, contract.GetRecord, `{"record_url":"` + fullURL + `/"}`, false},
		{"code rule, url request", `"certificate_code":"` + ts.CertOK + `"`, contract.Verify, verify(certURL), true},
		{"url rule, code request", `"certificate_code":"` + certURL + `"`, contract.Verify, verify(ts.CertOK), true},
		{"code rule, another code", `"certificate_code":"` + ts.CertOK + `"`, contract.Verify, verify(ts.CertVoid), false},
		{"code rule, another record's url", `"certificate_code":"` + ts.CertOK + `"`, contract.Verify, verify(ts.RecordURL(ts.CertVoid)), false},
	}
	m := startMock(t, nil, Options{})
	for i, c := range cases {
		for _, space := range []string{"", fmt.Sprintf("case%d", i)} {
			t.Run(c.name+"/"+space, func(t *testing.T) {
				prefix := ""
				if space != "" {
					prefix = "/s/" + space
				}
				if status, body := m.admin(t, "POST", prefix+"/__admin/faults", `{`+c.rule+`,"error":{"code":503}}`); status != 200 {
					t.Fatalf("add rule: %d %s", status, body)
				}
				t.Cleanup(func() { m.admin(t, "DELETE", prefix+"/__admin/faults", "") })
				a := nsPost(t, m, space, c.ep, ts.WriteSecret, c.body)
				if hit := strings.Contains(string(a.raw), "injected by fault rule"); hit != c.hit {
					t.Errorf("rule {%s} on %s %s: hit %v, want %v: %d %s", c.rule, c.ep.Name, c.body, hit, c.hit, a.status, a.raw)
				}
			})
		}
	}
}
