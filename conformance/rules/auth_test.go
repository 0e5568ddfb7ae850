package rules

import (
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// TestReadKeyRuleOnlyOnOurs: a read key refused on another organization's
// object, or on one nobody knows, is how §C2 lets a service answer; on
// our own object or on a list it breaks C2.readKey.
func TestReadKeyRuleOnlyOnOurs(t *testing.T) {
	env := &Env{Ours: Objects{RecordIDs: map[int64]bool{1: true}, Codings: map[string]bool{"T1": true}},
		Theirs: Objects{RecordIDs: map[int64]bool{2: true}}}
	refused := []byte(`{"code":403,"error_code":100403,"message":"","message_detail":""}`)
	cases := []struct {
		ep      string
		req     string
		applies bool
	}{
		{"record/getRecord", `{"record_id":1}`, true},
		{"record/getRecord", `{"record_id":2}`, false},
		{"record/getRecord", `{"record_id":99}`, false},
		{"record/getFormList", `{}`, true},
		{"templates/listQrcodes", `{"template":"T1"}`, true},
		{"templates/listQrcodes", `{"template":"https://x/t/T9"}`, false},
	}
	for _, c := range cases {
		ep, ok := contract.EndpointNamed(c.ep)
		if !ok {
			t.Fatalf("no endpoint %s", c.ep)
		}
		x := &Exchange{Endpoint: &ep, Role: "read", Request: []byte(c.req), Body: refused, Status: 403}
		got := false
		for _, v := range Judge(x, env) {
			if v.Statement == "C2.readKey" {
				got = true
				if len(v.Problems) == 0 {
					t.Errorf("%s %s: a refusal of the read key is no problem", c.ep, c.req)
				}
			}
		}
		if got != c.applies {
			t.Errorf("%s %s: C2.readKey applies %v, want %v", c.ep, c.req, got, c.applies)
		}
	}
}
