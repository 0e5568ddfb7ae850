package scenario

import (
	"strings"
	"unicode/utf8"

	"github.com/rtq-kit/rtq/internal/editdist"
)

// suggest names the closest allowed word ("did you mean") or lists them all.
func suggest(got string, allowed []string) string {
	if best := closest(got, allowed); best != "" {
		return "did you mean " + quote(best) + "?"
	}
	return "allowed are " + strings.Join(allowed, ", ")
}

// closest returns the allowed word within a small edit distance of got, or
// "" when none is close enough to be a typo.
func closest(got string, allowed []string) string {
	best, bestD := "", 1<<30
	for _, a := range allowed {
		d := editdist.Distance(strings.ToLower(got), strings.ToLower(a))
		if d < bestD {
			best, bestD = a, d
		}
	}
	limit, n := 2, utf8.RuneCountInString(got)
	switch {
	case n < len(got): // Chinese names are short: one wrong character at most
		limit = 1
	case n > 8:
		limit = 3
	}
	if bestD <= limit && bestD < n {
		return best
	}
	return ""
}

// closeMatches returns every allowed word within the typo distance, best
// first, for messages that list candidates.
func closeMatches(got string, allowed []string, max int) []string {
	var out []string
	for d := 0; d <= 3 && len(out) < max; d++ {
		for _, a := range allowed {
			if editdist.Distance(strings.ToLower(got), strings.ToLower(a)) == d && len(out) < max {
				out = append(out, a)
			}
		}
		if d == 0 && len(out) > 0 {
			break
		}
	}
	return out
}

func quote(s string) string { return "\"" + s + "\"" }

// FieldTypeSuggestions lists up to five field types close to got, best
// first, so a command can answer a typo with what was probably meant.
// A name that is the end of a type's (id_card for ocr_id_card, meter for
// the ocr_*_meter types) lists those types when no typo is close.
func FieldTypeSuggestions(got string) []string {
	if out := closeMatches(got, fieldTypeNames(), 5); len(out) > 0 || len(got) < 3 {
		return out
	}
	var out []string
	for _, n := range fieldTypeNames() {
		if strings.HasSuffix(n, "_"+strings.ToLower(got)) && len(out) < 5 {
			out = append(out, n)
		}
	}
	return out
}
