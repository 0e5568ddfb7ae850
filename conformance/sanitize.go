package conformance

import (
	"fmt"
	"strings"
)

// dedupe folds repeated messages into one with a count, keeping order.
func dedupe(msgs []string) []string {
	count := map[string]int{}
	var order []string
	for _, m := range msgs {
		if count[m] == 0 {
			order = append(order, m)
		}
		count[m]++
	}
	for i, m := range order {
		if n := count[m]; n > 1 {
			order[i] = fmt.Sprintf("%s (%d times)", m, n)
		}
	}
	return order
}

// sanitize escapes control characters and bidirectional overrides in what a
// finding quotes from the target, so that no report format hands a terminal
// or a CI log an escape sequence the target chose.
func sanitize(f Finding) Finding {
	f.Message = clean(f.Message)
	for i, p := range f.Problems {
		f.Problems[i] = clean(p)
	}
	if f.Request != nil {
		r := *f.Request
		r.Body = clean(r.Body)
		f.Request = &r
	}
	return f
}

func clean(s string) string {
	if strings.IndexFunc(s, unsafeRune) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if unsafeRune(r) {
			fmt.Fprintf(&b, "\\u%04x", r)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func unsafeRune(r rune) bool {
	return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}
