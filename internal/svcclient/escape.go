package svcclient

import (
	"fmt"
	"strings"
)

// Escape makes text a service chose safe to show on a terminal, in a CI
// log or in a YAML comment: every control character (C0, DEL, C1: the
// escape sequences, bells and line breaks) and every bidirectional
// override or isolate (U+202A-U+202E, U+2066-U+2069, which reorder what a
// reader sees) becomes a visible \uXXXX. Everything else is kept as is, so
// ordinary text (Chinese form names included) reads unchanged. It is the
// one escaper of rtq: reports, `rtq record` and `rtq profile discover` all
// show a service's words through it.
func Escape(text string) string {
	if strings.IndexFunc(text, Unsafe) < 0 {
		return text
	}
	var b strings.Builder
	for _, r := range text {
		if Unsafe(r) {
			fmt.Fprintf(&b, "\\u%04x", r)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Unsafe says r must not reach a terminal as it is (see Escape).
func Unsafe(r rune) bool {
	return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}
