package conformance

import (
	"testing"

	"github.com/rtq-kit/rtq/conformance/rules"
)

// A masked form of a value json masks is found in another format's text
// where it shows more than json, and not where it is json's own form,
// another value's form, part of a longer word, or hides what json shows.
func TestMaskedFormsBeyondJSONAreFound(t *testing.T) {
	chars := rules.DefaultMaskChars
	n := func(s string) []rune { return rules.Normalised([]rune(s), chars) }
	others := map[string]bool{"张*丰": true}
	for _, c := range []struct {
		m, text string
		want    []string
	}{
		{"陈**", "姓名：陈*怡，已核验", []string{"陈*怡"}},
		{"陈**", "姓名：陈**", nil},
		{"张**", "代表：张*丰", nil}, // another value's own form
		{"138****5678", "电话 13812*45678", []string{"13812*45678"}},
		{"138****5678", "电话 13812345678*", nil}, // no mask where json masks: not a form of it
		{"138****5678", "x 9138*2345678", nil},  // part of a longer number
		{"陈**", "陈*", nil},
		{"陈**", "*陈*怡", []string{"陈*怡"}},
		{"**怡", "陈*怡", []string{"陈*怡"}},
		{"陈**", "东*怡", nil}, // shows another character where json shows one
	} {
		var got []string
		for _, w := range sharesBeyond(n(c.m), n(c.text), chars, others) {
			got = append(got, string(w))
		}
		if len(got) != len(c.want) || len(got) > 0 && got[0] != c.want[0] {
			t.Errorf("%s in %q: got %q, want %q", c.m, c.text, got, c.want)
		}
	}
	if p := rules.MaskProblem("name", "陈*怡", chars, 3); p == "" {
		t.Errorf("陈*怡 of a three-character name: no problem, want one (a name shows its first character)")
	}
}
