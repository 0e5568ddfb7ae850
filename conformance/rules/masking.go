package rules

import (
	"fmt"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// How much a mask may show (docs/contract.md §C8, 2.1.masked). The mask
// format is the kit's, so a target may mask its own way (other mask
// characters, one per hidden character or a fixed run of them, a
// separator kept); but a value is "returned in desensitized form" only
// when most of what identifies it is hidden. The share a mask may show in
// clear is the most any reading of the field type's rule shows: a
// person's name its first character; a phone number three and four
// digits; an identity number six and four (the region code and the last
// four, more than the kit's own four and four); any other string its
// first and last character. Where the value's length is known (the
// profile's held values), at least one of its characters is hidden, so a
// value of one character shows none. Shown characters are counted as
// Normalised leaves them: separators out, full-width forms folded.

// maskShare is, per masking rule, how many characters a mask may show,
// and the shortest value the rule is for (a shorter one gets the general
// rule's share).
var maskShare = map[contract.MaskRule]struct{ share, from int }{
	contract.MaskName:     {1, 1},
	contract.MaskPhone:    {7, 8},
	contract.MaskIdentity: {10, 9},
	contract.MaskGeneral:  {2, 1},
}

// MaskShare is how many characters a masked value of fieldType and
// length characters (0: unknown) may show in clear; a type the table
// does not know gets any other string's share.
func MaskShare(fieldType string, length int) int {
	ft, ok := contract.FieldTypeByName(fieldType)
	rule := maskShare[ft.Mask]
	if !ok || length > 0 && length < rule.from {
		rule = maskShare[contract.MaskGeneral]
	}
	if length > 0 {
		return min(rule.share, length-1)
	}
	return rule.share
}

// Shown is how many characters of a masked form show in clear: those
// that are neither mask characters nor separators.
func Shown(masked string, chars string) int {
	n := 0
	for _, r := range Normalised([]rune(masked), chars) {
		if !strings.ContainsRune(chars, r) {
			n++
		}
	}
	return n
}

// MaskProblem says what a masked form of a value of fieldType shows
// beyond its share ("" when nothing). length is the value's length in
// characters when known (0: unknown).
func MaskProblem(fieldType, masked, chars string, length int) string {
	limit := MaskShare(fieldType, length)
	if got := Shown(masked, chars); got > limit {
		if length > 0 {
			return fmt.Sprintf("%q shows %d of its %d characters in clear, a %s value at most %d", masked, got, length, fieldType, limit)
		}
		return fmt.Sprintf("%q shows %d characters in clear, a masked %s value at most %d", masked, got, fieldType, limit)
	}
	return ""
}

// Normalised is rs in the one form masks and values are compared in:
// mask characters as they are, every other rune as profile.Fold leaves
// it (full-width forms folded to ASCII, separators left out).
func Normalised(rs []rune, chars string) []rune {
	out := make([]rune, 0, len(rs))
	for _, r := range rs {
		if strings.ContainsRune(chars, r) {
			out = append(out, r)
		} else if f, keep := profile.Fold(r); keep {
			out = append(out, f)
		}
	}
	return out
}
