package rules

import (
	"strings"
	"testing"
)

// A URL's scheme and host are read without regard to case; its path, the
// record's code, character for character.
func TestSameURL(t *testing.T) {
	const want = "https://rtq.example/r/R2026abc"
	for _, c := range []struct {
		got  any
		same bool
	}{
		{want, true},
		{"HTTPS://RTQ.Example/r/R2026abc", true},
		{"https://rtq.example/r/R2026ABC", false},
		{"https://rtq.example/R/R2026abc", false},
		{"https://other.example/r/R2026abc", false},
		{"https://rtq.example/r/R2026abc?x=1", false},
		{" https://rtq.example/r/R2026abc", false},
		{"https://rtq.example/r/R2026abc ", false},
		{nil, false},
		{42, false},
	} {
		if got := SameURL(c.got, want); got != c.same {
			t.Errorf("SameURL(%v, %s) = %v, want %v", c.got, want, got, c.same)
		}
	}
}

// Objects a request names by URL are ours whatever the case of the
// host: a key refused its own record by HTTPS://RTQ.EXAMPLE/... is
// refused its own.
func TestObjectsHoldURLsInAnyHostCase(t *testing.T) {
	o := Objects{RecordURLs: map[string]bool{CanonURL("https://rtq.example/r/R1"): true}, TemplateURLs: map[string]bool{}, Codings: map[string]bool{}}
	for _, c := range []struct {
		u    string
		ours bool
	}{
		{"https://rtq.example/r/R1", true},
		{"HTTPS://RTQ.EXAMPLE/r/R1", true},
		{"https://rtq.example/r/r1", false},
		{"https://user@rtq.example/r/R1", false},
		{"R1", false},
	} {
		if got := o.holdsAll([]any{c.u}); got != c.ours {
			t.Errorf("holdsAll(%q) = %v, want %v", c.u, got, c.ours)
		}
	}
	if got := CanonURL("HTTPS://User@RTQ.Example:8443/P?Q#F"); got != "https://User@rtq.example:8443/P?Q#F" {
		t.Errorf("CanonURL = %q", got)
	}
}

// CaseURL touches the scheme and host only: a user name, a port's
// digits aside, and everything after the host stay as written.
func TestCaseURLTouchesSchemeAndHostOnly(t *testing.T) {
	for in, want := range map[string]string{
		"https://ann@qa.example.com:8443/c/AbC?x=Y#f": "HTTPS://ann@QA.EXAMPLE.COM:8443/c/AbC?x=Y#f",
		"http://rtq.example":                          "HTTP://RTQ.EXAMPLE",
		"fxr800001":                                   "fxr800001",
		"/r/abc://x":                                  "/r/abc://x",
	} {
		if got := CaseURL(in, strings.ToUpper); got != want {
			t.Errorf("CaseURL(%q) = %q, want %q", in, got, want)
		}
	}
}
