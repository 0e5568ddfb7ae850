package conformance

import (
	"reflect"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
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
			out = append(out, ep.Name+" "+c.what+" "+string(c.bytes(base)))
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

// TestEveryMemberGetsEveryClassOfValues: every member of every request
// schema gets one value of each class of its type on every run, so that
// no class is left to the seed's luck; the seed picks only which value.
func TestEveryMemberGetsEveryClassOfValues(t *testing.T) {
	all, err := rules.RequestSchemas()
	if err != nil {
		t.Fatal(err)
	}
	prof := &profile.Profile{Forms: profile.Forms{Numbers: []string{"FX-001"}}}
	for _, ep := range contract.Endpoints {
		sch := all[ep.Name]
		cases := valueCases(DefaultSeed, ep, sch, prof)
		for _, name := range sch.Names() {
			seen := map[string]bool{}
			for _, c := range cases {
				if strings.HasPrefix(c.what, name+" ") {
					seen[c.what[strings.LastIndexByte(c.what, '(')+1:strings.LastIndexByte(c.what, ')')]] = true
				}
			}
			want := []string{"wrongType", "boolean", "null"}
			switch p := sch.Properties[name]; {
			case len(p.Enum) > 0:
				want = append(want, "otherCase", "padded", "prefix")
			case p.Type == "integer":
				want = append(want, "numberAsString", "numberAsOddString", "zero", "negative", "above", "fraction", "exponent")
			case fuzzy[ep.Name+" "+name]:
				want = append(want, "wildcard", "escape", "apostrophe", "quote")
			default:
				want = append(want, "wildcard", "escape", "apostrophe", "quote", "blank")
			}
			for _, w := range want {
				if !seen[w] {
					t.Errorf("%s %s: no value of class %s (got %v)", ep.Name, name, w, seen)
				}
			}
		}
	}
}

// TestWildcardsAreWrittenIntoAProfileNumber: the number filter's LIKE
// wildcards stand in a number the target holds, so that a LIKE reading
// lists forms a literal one does not.
func TestWildcardsAreWrittenIntoAProfileNumber(t *testing.T) {
	all, _ := rules.RequestSchemas()
	prof := &profile.Profile{Forms: profile.Forms{Numbers: []string{"FX-001"}}}
	for _, c := range valueCases(7, contract.GetFormList, all[contract.GetFormList.Name], prof) {
		if strings.HasPrefix(c.what, "number ") && strings.HasSuffix(c.what, "(wildcard)") {
			n, _ := c.body(map[string]any{})["number"].(string)
			if !strings.ContainsAny(n, `%_`) || !strings.Contains(n, "FX-00") && !strings.Contains(n, "X-001") {
				t.Fatalf("wildcard number %q is not written into FX-001", n)
			}
			return
		}
	}
	t.Fatal("no wildcard number sent")
}

// TestCurlLineOfAnotherAuthorization: a header of another form is shown
// as sent, the key as its shell variable, which the shell expands.
func TestCurlLineOfAnotherAuthorization(t *testing.T) {
	got := curlLine("http://h", &Request{Method: "POST", Path: "/p", Key: "none", Authorization: "Bearer$RTQ_API_KEY", ContentType: "-", Body: "{}"})
	want := `curl -sS -X POST 'http://h/p' -H "Authorization: Bearer$RTQ_API_KEY" -H 'Content-Type:' --data-raw '{}'`
	if got != want {
		t.Fatalf("curl line\n%s\nwant\n%s", got, want)
	}
}

// TestCurlLineOfAKeyElsewhere: a key in the query string or in another
// header is shown as its shell variable, in double quotes the shell
// expands, and never as its value.
func TestCurlLineOfAKeyElsewhere(t *testing.T) {
	path := "/p?" + authShown("api_key={key}", "read")
	got := curlLine("http://h", &Request{Method: "POST", Path: path, Key: "none", Headers: []string{"X-API-Key: " + authShown("{key}", "write")}, Body: "{}"})
	want := `curl -sS -X POST "http://h/p?api_key=${RTQ_API_KEY}" -H "X-API-Key: ${RTQ_WRITE_KEY}" -H 'Content-Type: application/json' --data-raw '{}'`
	if got != want {
		t.Fatalf("curl line\n%s\nwant\n%s", got, want)
	}
	if b := keyForm("Basic {basic}", "k"); b != "Basic azo=" {
		t.Fatalf(`keyForm("Basic {basic}", "k") = %q, want base64 of "k:"`, b)
	}
}
