package conformance

import (
	"slices"
	"strings"
	"testing"
)

// TestFalsyOnesNameNothing: a site's falsy forms are "0" first and then
// forms the seed picks, never one of ours and never empty or blank (the
// contract leaves "" to each parameter), and over seeds every form goes
// to every site.
func TestFalsyOnesNameNothing(t *testing.T) {
	for _, site := range []string{"template", "certificate_code", "number"} {
		seen := map[string]bool{}
		for seed := uint64(1); seed <= 60; seed++ {
			got := falsyOnes(seed, site, nil, 2)
			if len(got) != 2 || got[0] != "0" || got[1] == "0" {
				t.Fatalf("%s, seed %d: %q", site, seed, got)
			}
			for _, f := range got {
				if strings.TrimSpace(f) == "" {
					t.Errorf("%s: a blank form %q", site, f)
				}
				seen[f] = true
			}
		}
		for _, f := range falsyForms {
			if !seen[f] {
				t.Errorf("%s: no seed of 60 sends %q", site, f)
			}
		}
	}
	if got := falsyOnes(1, "number", map[string]bool{"0": true, "null": true}, 2); slices.Contains(got, "0") || slices.Contains(got, "null") || len(got) != 2 {
		t.Errorf("forms that are ours are sent: %q", got)
	}
}

// TestConfusablesRespellTheCode: every class of codeConfusables respells
// a code, and of a URL only its code, so that the scheme and host stay
// as issued; a class without a form of the code gives way.
func TestConfusablesRespellTheCode(t *testing.T) {
	for _, v := range []string{"hx810001", "https://demo.rtq.example/r/hx810001"} {
		head := v[:strings.LastIndexByte(v, '/')+1]
		for class := range codeConfusables {
			f, what := confusable(v, class, 0)
			if f == "" || f == v || what == "" || !strings.HasPrefix(f, head) {
				t.Errorf("%q, class %s: %q (%s)", v, codeConfusables[class], f, what)
			}
		}
	}
	if f, _ := confusable("hx810001", slices.Index(codeConfusables, "leadingZero"), 0); f != "hx0810001" {
		t.Errorf("leading zero: %q", f)
	}
	if f, _ := confusable("hx810001", slices.Index(codeConfusables, "accented"), 0); f != "ĥx810001" {
		t.Errorf("accented: %q", f)
	}
	// No digit: the leading zero gives way to the next class.
	if f, _ := confusable("abc", slices.Index(codeConfusables, "leadingZero"), 0); f == "" || f == "abc" {
		t.Errorf("no digit: %q", f)
	}
}
