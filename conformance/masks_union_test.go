package conformance

import (
	"testing"

	"github.com/rtq-kit/rtq/conformance/rules"
)

// TestMaskUnion: two masks of one value that hide different parts give
// it away together; a mask that hides more, or the same, does not.
func TestMaskUnion(t *testing.T) {
	const chars = "*"
	json := []rune("138****5678")
	cases := []struct {
		text string
		leak string
	}{
		{"电话 1381234****", "13812345678"},
		{"电话 138-1234-****", "13812345678"},
		{"电话 138****5678", ""},
		{"电话 ***********", ""},
		{"电话 ******", ""},
		{"电话 13*******78", ""},
		{"电话 139****1111", ""},
	}
	for _, c := range cases {
		forms := formsOf(rules.Normalised(json, chars), rules.Normalised([]rune(c.text), chars), chars)
		if got := unionLeak(rules.Normalised(json, chars), forms, chars); got != c.leak {
			t.Errorf("%s beside %s: leak %q, want %q", c.text, string(json), got, c.leak)
		}
	}
}
