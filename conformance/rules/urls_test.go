package rules

import "testing"

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
		{nil, false},
		{42, false},
	} {
		if got := SameURL(c.got, want); got != c.same {
			t.Errorf("SameURL(%v, %s) = %v, want %v", c.got, want, got, c.same)
		}
	}
}
