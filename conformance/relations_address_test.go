package conformance

import (
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// A URL the run read of another kind of object (a QR code's link, a
// template's, a record's where a template's is taken) names nothing in
// a parameter that takes a URL: an answer that serves it fails, one
// that refuses it passes, whichever endpoint and host.
func TestAddressOfAnotherKindNamesNothing(t *testing.T) {
	r, err := newRunner(Options{BaseURL: "http://svc", ReadKey: "k-read-0001"})
	if err != nil {
		t.Fatal(err)
	}
	notFound := `{"code":404,"message":"not found","data":{},"error_code":100404,"message_detail":"no record has this URL"}`
	record := `{"code":0,"message":"ok","data":{"format":"json","content_type":"application/json; charset=utf-8","data":{"record_id":1001,"record_url":"https://h.example/r/AbC"}}}`
	listing := `{"code":0,"message":"ok","data":{"list":[{"id":1,"coding":"s1"}],"next_page_token":null,"total":1}}`
	for _, c := range []struct {
		name string
		ep   contract.Endpoint
		ask  addressAsk
		body string
		fail bool
	}{
		{"QR code link as record_url, served", contract.GetRecord,
			addressAsk{profile.RoleRead, "no", "the URL of the QR code of record 1001 under its own origin as record_url", map[string]any{"record_url": "https://h.example/q/QR1"}}, record, true},
		{"template URL under the base URL as record_url, refused", contract.GetRecord,
			addressAsk{profile.RoleRead, "no", "the URL of template T under the service's base URL as record_url", map[string]any{"record_url": "http://svc/t/T"}}, notFound, false},
		{"record URL as template, listed", contract.ListQrcodes,
			addressAsk{profile.RoleRead, "no", "the URL of record 1001 under the other organization's origin as template", map[string]any{"template": "https://o.example/r/AbC"}}, listing, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			tk := &T{r: r, check: Check{ID: "relation.tenancy"}}
			x := answered(c.ep, c.ask.role, `{}`, c.body)
			tk.judgeAddresses(c.ep, []addressAsk{c.ask}, []*Exchange{x}, func(*T, addressAsk, *Exchange, string) {
				t.Fatal("an address of no object is compared as if it named ours")
			})
			if got := len(tk.failures) > 0; got != c.fail {
				t.Fatalf("failures %v, want a failure: %v", tk.failures, c.fail)
			}
			if c.fail && !strings.Contains(tk.failures[0], c.ask.what) {
				t.Errorf("the failure does not say which URL: %s", tk.failures[0])
			}
		})
	}
}
