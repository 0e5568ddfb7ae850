package conformance

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/rtq-kit/rtq/conformance/rules"
)

// Masks that disagree between formats. Each format may mask a value its
// own way (§C8: the mask format is the kit's), and each on its own may
// show no more than a mask allows; but a client that reads two formats
// of one record holds both, and two masks that hide different parts of
// one value give the whole of it away together (json 138****5678 and
// markdown 1381234**** are 13812345678). So for each value a record's
// json masks, every masked form of the same value the record's other
// answers show (the same length once separators are taken out and
// full-width forms folded, as getRecord.masked compares; a mask
// character in it; its visible characters those of json where both
// show one, at least two of them) is put beside json's, position by
// position: what they show together must be what one of them shows
// alone.

// minShared is how many visible characters a masked form must share with
// json's, in their places, to be taken for a form of the same value.
const minShared = 2

// maskedForm is one masked form of a value: which of its positions show
// a character, and the answer it was found in.
type maskedForm struct {
	shown []bool
	text  []rune
	x     *Exchange
}

// formsOf are the masked forms of the json masked value m (normalised)
// that text shows (normalised).
func formsOf(m, text []rune, chars string) [][]rune {
	var out [][]rune
	for i := 0; i+len(m) <= len(text); i++ {
		w := text[i : i+len(m)]
		if i > 0 && wordGoesOn(text[i-1], text[i]) || i+len(m) < len(text) && wordGoesOn(text[i+len(m)], text[i+len(m)-1]) {
			continue
		}
		masks, shared, more, ok := 0, 0, 0, true
		for j := 0; j < len(w) && ok; j++ {
			r := w[j]
			inW, inM := strings.ContainsRune(chars, r), strings.ContainsRune(chars, m[j])
			switch {
			case inW:
				masks++
			case !isWordRune(r):
				ok = false
			case inM:
				more++ // shows what json hides
			case r == m[j]:
				shared++
			default:
				ok = false
			}
		}
		if ok && masks > 0 && more > 0 && shared >= minShared {
			out = append(out, w)
		}
	}
	return out
}

// unionLeak is what json's masked value m and the masked forms others
// show together, when that is more than any one of them shows alone
// ("" otherwise): the value, mask characters where none shows it.
func unionLeak(m []rune, others [][]rune, chars string) string {
	forms := append([][]rune{m}, others...)
	union := make([]rune, len(m))
	copy(union, m)
	for _, f := range others {
		for j, r := range f {
			if !strings.ContainsRune(chars, r) {
				union[j] = r
			}
		}
	}
	shows := func(f []rune) bool { // f alone shows all the union shows
		for j, r := range union {
			if !strings.ContainsRune(chars, r) && strings.ContainsRune(chars, f[j]) {
				return false
			}
		}
		return true
	}
	for _, f := range forms {
		if shows(f) {
			return ""
		}
	}
	return string(union)
}

// maskUnions fails, for each record, a value its json masks that the
// masked forms of its answers in every format show more of together
// than any one does: ref is the record's json, xs its answers, texts
// their masked strings (maskedTexts).
func (t *T) maskUnions(id int64, ref *maskRef, json *Exchange, xs []*Exchange, texts [][][]rune, chars string) {
	for _, m := range ref.masked {
		mv := rules.Normalised(m.value, chars)
		type found struct {
			form []rune
			x    *Exchange
		}
		var fs []found
		for i, x := range xs {
			for _, s := range texts[i] {
				for _, f := range formsOf(mv, s, chars) {
					fs = append(fs, found{f, x})
				}
			}
		}
		// In one order whatever order the answers came in: by form, then
		// by request; each form once.
		slices.SortStableFunc(fs, func(a, b found) int {
			return cmp.Or(cmp.Compare(string(a.form), string(b.form)), cmp.Compare(a.x.Req.String(), b.x.Req.String()))
		})
		var others [][]rune
		var from []*Exchange
		for i, f := range fs {
			if i == 0 || string(f.form) != string(fs[i-1].form) {
				others, from = append(others, f.form), append(from, f.x)
			}
		}
		if leak := unionLeak(mv, others, chars); leak != "" {
			shown := make([]string, len(others))
			for i, f := range others {
				shown[i] = fmt.Sprintf("%s (%s)", string(f), formatOf(from[i]))
			}
			t.errorfPair(from[0], json, "record %d field %d: json masks it as %s, the record's other answers as %s: together they show %s, more than any one mask allows",
				id, m.field, string(m.value), strings.Join(shown, ", "), leak)
		}
	}
}

// maskedTexts are the strings of each answer's payload, normalised, that
// hold a mask character: only those can show a masked form (formsOf).
// They are read once for every masked value of the record.
func maskedTexts(xs []*Exchange, chars string) [][][]rune {
	out := make([][][]rune, len(xs))
	for i, x := range xs {
		out[i] = maskedStrings(payloadOf(x), chars)
	}
	return out
}

// maskedStrings are the strings of one payload, normalised, that hold a
// mask character (maskedTexts of one answer; rtq proxy reads its answers
// one at a time).
func maskedStrings(payload any, chars string) [][]rune {
	var out [][]rune
	var ss []string
	collectStrings(payload, &ss)
	for _, s := range ss {
		if !strings.ContainsAny(s, chars) && !strings.ContainsFunc(s, folded) {
			continue // no mask character, nor one folded into one
		}
		n := rules.Normalised([]rune(s), chars)
		if slices.ContainsFunc(n, func(r rune) bool { return strings.ContainsRune(chars, r) }) {
			out = append(out, n)
		}
	}
	return out
}

// folded says normalised writes r as another rune (a full-width form).
func folded(r rune) bool { return r >= 0xFF01 && r <= 0xFF5E || r == 0x3000 }

// formatOf is the format a getRecord request asked for.
func formatOf(x *Exchange) string {
	body := x.Params()
	if f, _ := body["format"].(string); f != "" {
		return f
	}
	return "json"
}
