package conformance

import (
	"reflect"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
)

func generatedBodies(t *testing.T, seed uint64) []string {
	t.Helper()
	all, err := rules.RequestSchemas()
	if err != nil {
		t.Fatal(err)
	}
	base := map[string]any{"certificate_code": "c", "action_type": contract.ActionNextStatus, "record_id": 1, "template": "t"}
	var out []string
	for _, ep := range contract.Endpoints {
		for _, c := range generatedCases(seed, ep, all[ep.Name]) {
			out = append(out, ep.Name+" "+c.what+" "+string(marshal(c.body(base))))
		}
	}
	return out
}

// TestTheSameSeedSendsTheSameRequests: the generated requests are a
// function of the seed: the same seed gives the same bodies, another
// seed other faults in some pair.
func TestTheSameSeedSendsTheSameRequests(t *testing.T) {
	a, b := generatedBodies(t, 7), generatedBodies(t, 7)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the same seed generated other requests")
	}
	if reflect.DeepEqual(a, generatedBodies(t, 8)) {
		t.Fatal("another seed generated the same requests")
	}
	pairs := 0
	for _, s := range a {
		if strings.Contains(s, ", and ") {
			pairs++
		}
	}
	if pairs < 20 {
		t.Fatalf("%d requests with two faults, want every pair of members of every endpoint", pairs)
	}
}

// TestCurlLineNeverHoldsAKey: a reproduction reads the key from the
// environment and quotes the body for a shell.
func TestCurlLineNeverHoldsAKey(t *testing.T) {
	got := curlLine("http://127.0.0.1:8080/", &Request{Method: "POST", Path: "/api/v2/rpc/record/getFormList", Key: "write", Body: `{"search_key":"it's"}`})
	want := `curl -sS -X POST 'http://127.0.0.1:8080/api/v2/rpc/record/getFormList' -H "Authorization: Bearer $RTQ_WRITE_KEY" -H 'Content-Type: application/json' --data-raw '{"search_key":"it'\''s"}'`
	if got != want {
		t.Fatalf("curl line\n%s\nwant\n%s", got, want)
	}
}
