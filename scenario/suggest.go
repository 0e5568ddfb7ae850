package scenario

import (
	"strings"
	"unicode/utf8"
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
		d := distance(strings.ToLower(got), strings.ToLower(a))
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
			if distance(strings.ToLower(got), strings.ToLower(a)) == d && len(out) < max {
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

// distance is the Levenshtein distance over runes.
func distance(as, bs string) int {
	a, b := []rune(as), []rune(bs)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// FieldTypeSuggestions lists up to five field types close to got, best
// first, so a command can answer a typo with what was probably meant.
func FieldTypeSuggestions(got string) []string {
	return closeMatches(got, fieldTypeNames(), 5)
}
