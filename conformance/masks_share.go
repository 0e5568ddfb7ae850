package conformance

import (
	"strings"

	"github.com/rtq-kit/rtq/conformance/rules"
)

// Each format's mask within its share. A value json masks is masked in
// every other answer of the record too (C8.otherFormats), and a masked
// form shows no more of it than its type's share (2.1.masked: a name its
// first character, a phone number seven digits, ...), in whichever
// format it is shown: json-ld and markdown are read by the same clients.
// The other formats have no field to say which string is which value,
// so a masked form of json's masked value m is found by its place: a
// run of m's length, with a mask character in it, showing every
// character m shows where m shows it and at least one where m hides one,
// its other characters letters or digits, not part of a longer word, and
// not the masked form json gives another value of the record. Such a
// form shows more than json does; it fails when that is more than its
// type's share (a name json masks as 陈** shown as 陈*怡).

// sharesBeyond are the masked forms of json's masked value m (normalised)
// in text (normalised) that show more than json does; others are json's
// masked forms of the record's other values, which are not m's.
func sharesBeyond(m, text []rune, chars string, others map[string]bool) [][]rune {
	visible := 0
	for _, r := range m {
		if !strings.ContainsRune(chars, r) {
			visible++
		}
	}
	if visible == 0 {
		return nil
	}
	var out [][]rune
	for i := 0; i+len(m) <= len(text); i++ {
		w := text[i : i+len(m)]
		if i > 0 && wordGoesOn(text[i-1], text[i]) || i+len(m) < len(text) && wordGoesOn(text[i+len(m)], text[i+len(m)-1]) {
			continue
		}
		masks, more, ok := 0, 0, true
		for j := 0; j < len(w) && ok; j++ {
			r := w[j]
			inW, inM := strings.ContainsRune(chars, r), strings.ContainsRune(chars, m[j])
			switch {
			case inW && inM:
				masks++
			case inW || !isWordRune(r):
				ok = false // hides what json shows, or is no character of a value
			case inM:
				more++
			case r != m[j]:
				ok = false
			}
		}
		if ok && masks > 0 && more > 0 && !others[string(w)] {
			out = append(out, w)
		}
	}
	return out
}

// maskShares fails, for each value a record's json masks, a masked form
// of it in the record's other answers (ref: its json; xs: its answers;
// texts: their masked strings, maskedTexts)
// that shows more than its type's share.
func (t *T) maskShares(id int64, ref *maskRef, json *Exchange, xs []*Exchange, texts [][][]rune, chars string) {
	others := map[string]bool{}
	for _, m := range ref.masked {
		others[string(rules.Normalised(m.value, chars))] = true
	}
	lengths := map[int64]int{}
	for _, h := range ref.held {
		lengths[h.field] = h.length
	}
	for _, m := range ref.masked {
		mv := rules.Normalised(m.value, chars)
		for i, x := range xs {
			if isJSONAnswer(x) {
				continue // its fields say which value is which: 2.1.masked judges them
			}
			found := false
			for _, text := range texts[i] {
				for _, w := range sharesBeyond(mv, text, chars, others) {
					if p := rules.MaskProblem(m.ftype, string(w), chars, lengths[m.field]); p != "" && !found {
						found = true
						t.errorfPair(x, json, "record %d field %d (%s): json masks it as %s, the %s answer shows %s: %s (2.1.masked, C8.otherFormats)",
							id, m.field, m.ftype, string(m.value), formatOf(x), string(w), p)
					}
				}
			}
			if found {
				break // one answer per value is enough to show it
			}
		}
	}
}
