package rules

import (
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// TestCodingAccepted: Accept-Encoding read as RFC 9110 §12.5.3 reads it:
// weights in either case and with white space, 0 refusing, "*" for what
// is not listed, identity acceptable unless refused.
func TestCodingAccepted(t *testing.T) {
	for _, tc := range []struct {
		ae, coding string
		want       bool
	}{
		{"gzip", "gzip", true},
		{"gzip;q=0", "gzip", false},
		{"gzip;Q=0", "gzip", false},
		{" gzip ; q=0.000 , identity", "gzip", false},
		{"GZIP", "gzip", true},
		{"x-gzip", "gzip", true},
		{"gzip;q=0", "identity", true},
		{"identity, *;q=0", "gzip", false},
		{"identity, *;q=0", "identity", true},
		{"*;q=0", "identity", false},
		{"*", "br", true},
		{"gzip, identity;q=0", "identity", false},
		{"deflate", "gzip", false},
		{"deflate", "identity", true},
	} {
		if got := CodingAccepted(tc.ae, tc.coding); got != tc.want {
			t.Errorf("CodingAccepted(%q, %q) = %v, want %v", tc.ae, tc.coding, got, tc.want)
		}
	}
}

// TestAnAnswerInARefusedCodingIsNoJSON: hand-made answers coded as the
// request refused break C1.jsonText whatever their bytes (a coded body
// its client cannot read, or a header that lies about a plain one);
// coded as accepted, or plain where identity was refused (a server may
// disregard that), they do not.
func TestAnAnswerInARefusedCodingIsNoJSON(t *testing.T) {
	ep := contract.TemplatesList
	ok := `{"code":0,"message":"","data":{"list":[],"next_page_token":null,"total":0}}`
	for _, tc := range []struct {
		name, ae, ce, body string
		broken             bool
	}{
		{"gzip refused by a weight of 0, answered in gzip", "gzip;q=0", "gzip", "\x1f\x8b\x08", true},
		{"everything but identity refused, answered in br", "identity, *;q=0", "br", ok, true},
		{"deflate where only gzip is accepted", "GZIP", "deflate", "x", true},
		{"gzip accepted, unpacked by the client", " gzip ; q=0.5 ,identity", "gzip", ok, false},
		{"identity refused, answered plain", "*;q=0", "", ok, false},
		{"identity refused, answered identity by name", "identity;q=0", "identity", ok, false},
	} {
		x := &Exchange{Endpoint: &ep, Role: "read", Request: []byte(`{}`), Status: 200, ContentType: "application/json",
			AcceptEncoding: tc.ae, ContentEncoding: tc.ce, Body: []byte(tc.body)}
		var problems []string
		for _, v := range Judge(x, &Env{}) {
			if v.Statement == "C1.jsonText" {
				problems = append(problems, v.Problems...)
			}
		}
		if got := len(problems) > 0; got != tc.broken {
			t.Errorf("%s: broken = %v (%q), want %v", tc.name, got, problems, tc.broken)
		}
		if tc.broken && tc.ce != "" && !strings.Contains(strings.Join(problems, ";"), "refused") {
			t.Errorf("%s: %q does not say the coding was refused", tc.name, problems)
		}
	}
}
