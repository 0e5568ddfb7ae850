// Package editdist measures how far a typed word is from a known one, so
// every "did you mean" of rtq (scenario members, field types, flags,
// check ids) judges a typo by the same distance.
package editdist

// Distance is the Levenshtein distance of a and b over runes, so a
// Chinese name's wrong character counts once, not once per byte.
func Distance(as, bs string) int {
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
