package scenario

import (
	"strings"
	"testing"
)

// A record's own url (a recording keeps the service's) survives load →
// Marshal → load; a derived one is not written out, so it keeps following
// the host and code.
func TestRecordURLRoundTrips(t *testing.T) {
	doc := `
orgs: [{id: 1, name: 示例, code: demo, host: demo.rtq.example}]
records:
  - {id: 1, code: one, url: "https://app.example.com/records/1?x=1"}
  - {id: 2, code: two}
`
	sc, err := Parse("u.yaml", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	out, err := Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "url: https://app.example.com/records/1?x=1") || strings.Contains(string(out), "/r/two") {
		t.Errorf("Marshal should write record 1's own url and leave record 2's derived one out:\n%s", out)
	}
	again, err := Parse("again.yaml", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if got := again.Records[0].URL; got != "https://app.example.com/records/1?x=1" {
		t.Errorf("record 1 url after a round trip = %q", got)
	}
	if got := again.Records[1].URL; got != "https://demo.rtq.example/r/two" {
		t.Errorf("record 2 url after a round trip = %q, want the derived one", got)
	}
}
