package scenario

import (
	"errors"
	"strings"
	"testing"
)

// TestValidateReportsEveryProblemInOnePass: a value of the wrong kind in
// an enum (type: normal where a number is wanted) is reported with the
// reference problems behind it, not instead of them, so one run of
// rtq scenario validate lists everything to fix.
func TestValidateReportsEveryProblemInOnePass(t *testing.T) {
	doc := `orgs: [{id: 1, name: A, code: a, host: a.example}]
keys: [{name: k, secret: longenough1, org: b, scopes: [read]}]
forms: [{id: 1, org: a, name: F, type: normal}]
`
	_, err := Parse("s.yaml", []byte(doc))
	var le *LoadError
	if !errors.As(err, &le) {
		t.Fatalf("Parse = %v, want a LoadError", err)
	}
	var got []string
	for _, p := range le.Problems {
		got = append(got, p.String())
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{"keys[0].org", "forms[0].type"} {
		if !strings.Contains(all, want) {
			t.Errorf("problems lack %s:\n%s", want, all)
		}
	}
	if len(le.Problems) != 2 {
		t.Errorf("%d problems, want 2 (nothing said twice, nothing invented about the dropped type):\n%s", len(le.Problems), all)
	}
}
