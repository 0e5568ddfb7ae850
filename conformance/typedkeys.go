package conformance

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Keys as people type them. The filters above are words a test writes;
// a search box receives what a person's keyboard and input method
// produce: the first character alone (a search-as-you-type box sends a
// request at every key), a prefix, a word capitalised by a phone's
// keyboard, the ideographic space or a no-break space a Chinese input
// method or a pasted web page leaves around or inside a key, the line
// break or tab a cell copied from a spreadsheet ends in, full-width
// letters and digits (an input method's full-width mode), and a word
// with a letter of another script that looks the same. A number is typed
// as read off a paper form: with a revision letter, with a prefix
// ("No."), or with a revision after a separator; and every kind of form
// has a number a person may ask for, a system form's as much as one the
// designer made.
//
// The keys are generated from what the service holds: the profile's
// search keys and the names, notes and numbers of the unfiltered walk,
// ours and, where the other organization's key is given, its own (a key
// typed by our user that its forms hold is the one that shows a search
// leaving the organization out). Every class is sent on every run; the
// seed picks the value of each, the page size it goes with (20 or the
// default), one class also walked at the other size, and one class also
// sent beside a form's number. The numbers are one of each kind of form
// (its type and the shape of its number: letters, digits and separators)
// and the near forms of one.
//
// Judged by what holds for any reading of a fuzzy search and an exact
// number (§4.3, §C5, §C10 "Identifiers are exact"): total is the count
// of the forms a walk lists; every form listed is one of the unfiltered
// walk's (never the other organization's); a number alone gives exactly
// the unfiltered walk's forms of that number, and a key beside it a
// subset of them; the same key at another page size gives the same forms.

// typedSources are the texts keys are typed from.
type typedSources struct {
	// ours are our profile's keys and our forms' names, notes and
	// numbers; theirs the other organization's forms' names and numbers.
	ours, theirs []string
	// kinds are one number of each kind of our forms, by kind, sorted.
	kinds   [][]string
	numbers []string
}

// typedSourcesOf collects the sources from the profile and the walks.
func (t *T) typedSourcesOf(all, other walk) typedSources {
	var s typedSources
	seen := map[string]bool{}
	add := func(to *[]string, v any) {
		if str, _ := v.(string); strings.TrimSpace(str) != "" && !seen[str] {
			seen[str] = true
			*to = append(*to, str)
		}
	}
	for _, k := range t.r.prof.Forms.Searches {
		add(&s.ours, k.Key)
	}
	byKind := map[string][]string{}
	for _, it := range all.items {
		add(&s.ours, it["name"])
		add(&s.ours, it["note"])
		if n, _ := it["number"].(string); n != "" {
			add(&s.ours, n)
			s.numbers = append(s.numbers, n)
			kind := fmt.Sprintf("%v %s", it["type"], numberShape(n))
			byKind[kind] = append(byKind[kind], n)
		}
	}
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range byKind {
			if !yield(k) {
				return
			}
		}
	}) {
		s.kinds = append(s.kinds, byKind[k])
	}
	if other.broken == "" {
		for _, it := range other.items {
			add(&s.theirs, it["name"])
			add(&s.theirs, it["number"])
		}
	}
	return s
}

// numberShape is a number with its letters written A or a and its
// digits 9: FX-001A is AA-999A, a kind of number apart from FX-001's.
func numberShape(n string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case unicode.IsUpper(r):
			return 'A'
		case unicode.IsLetter(r):
			return 'a'
		case unicode.IsDigit(r):
			return '9'
		}
		return r
	}, n)
}

// unicodeSpaces are white space beyond ASCII a key is typed or pasted
// with: the ideographic space (a Chinese or Japanese input method), the
// no-break space (a web page), an em space and a narrow no-break space
// (a word processor).
var unicodeSpaces = []string{"\u3000", "\u00a0", "\u2003", "\u202f"}

// numberPrefixes are what is written before a number on a paper form.
var numberPrefixes = []string{"No.", "NO.", "#", "No ", "编号"}

// revisionSuffixes are a revision written after a separator.
var revisionSuffixes = []string{"-A", "-B", "/A", " Rev.1", "-R1", ".1"}

// homoglyphs are Latin letters and the Cyrillic letters that look the same.
var homoglyphs = map[rune]rune{'a': 'а', 'c': 'с', 'e': 'е', 'o': 'о', 'p': 'р', 'x': 'х', 'y': 'у',
	'A': 'А', 'B': 'В', 'C': 'С', 'E': 'Е', 'H': 'Н', 'K': 'К', 'M': 'М', 'O': 'О', 'P': 'Р', 'T': 'Т', 'X': 'Х'}

// typedKeyClasses are the classes of typed keys: each writes a key from
// the sources, with pick choosing among what it may write ("" when the
// sources give it nothing to write).
var typedKeyClasses = []struct {
	name  string
	write func(s typedSources, pick func(id string, n int) int) string
}{
	{"one character of ours", func(s typedSources, pick func(string, int) int) string {
		return firstRune(pickText(s.ours, "one", pick))
	}},
	{"one character of the other organization's", func(s typedSources, pick func(string, int) int) string {
		return firstRune(pickText(s.theirs, "theirs", pick))
	}},
	{"a prefix", func(s typedSources, pick func(string, int) int) string {
		r := []rune(pickText(keep(s.ours, func(v string) bool { return utf8.RuneCountInString(v) >= 3 }), "prefix", pick))
		if len(r) < 3 {
			return ""
		}
		return string(r[:2+pick("prefix length", len(r)-2)])
	}},
	{"a capitalised word", func(s typedSources, pick func(string, int) int) string {
		var words []string
		for _, src := range s.ours {
			for _, w := range strings.FieldsFunc(src, func(r rune) bool { return r > unicode.MaxASCII || !unicode.IsLetter(r) }) {
				if len(w) >= 2 {
					words = append(words, w)
				}
			}
		}
		w := pickText(words, "capitalised", pick)
		if w == "" {
			return ""
		}
		return strings.ToUpper(w[:1]) + strings.ToLower(w[1:])
	}},
	{"Unicode space around", func(s typedSources, pick func(string, int) int) string {
		k := pickText(s.ours, "spaced", pick)
		if k == "" {
			return ""
		}
		sp := unicodeSpaces[pick("space", len(unicodeSpaces))]
		// The ideographic space on the other side: the space an input
		// method types after a word.
		if pick("space side", 2) == 0 {
			return sp + k + "\u3000"
		}
		return "\u3000" + k + sp
	}},
	{"Unicode space inside", func(s typedSources, pick func(string, int) int) string {
		r := []rune(pickText(s.ours, "inside", pick))
		if len(r) < 2 {
			return ""
		}
		i := 1 + pick("inside at", len(r)-1)
		return string(r[:i]) + unicodeSpaces[pick("inside space", len(unicodeSpaces))] + string(r[i:])
	}},
	{"pasted from a spreadsheet cell", func(s typedSources, pick func(string, int) int) string {
		// A cell copied whole ends in the line break (Excel's CRLF, a
		// web sheet's LF) or, copied from a row, the tab before the next
		// cell.
		k := pickText(s.ours, "pasted", pick)
		if k == "" {
			return ""
		}
		return k + []string{"\n", "\r\n", "\t"}[pick("pasted end", 3)]
	}},
	{"full width", func(s typedSources, pick func(string, int) int) string {
		return fullWidth(pickText(withASCII(s.ours), "full", pick))
	}},
	{"half width", func(s typedSources, pick func(string, int) int) string {
		var wide []string
		for _, src := range s.ours {
			if h := halfWidth(src); h != src {
				wide = append(wide, h)
			}
		}
		return pickText(wide, "half", pick)
	}},
	{"mixed scripts", func(s typedSources, pick func(string, int) int) string {
		r := []rune(pickText(keep(s.ours, func(v string) bool {
			return strings.IndexFunc(v, func(r rune) bool { _, ok := homoglyphs[r]; return ok }) >= 0
		}), "mixed", pick))
		var at []int
		for i, c := range r {
			if _, ok := homoglyphs[c]; ok {
				at = append(at, i)
			}
		}
		if len(at) == 0 {
			return ""
		}
		i := at[pick("mixed at", len(at))]
		r[i] = homoglyphs[r[i]]
		return string(r)
	}},
}

// pickText is one of vs, picked under id; "" when vs is empty.
func pickText(vs []string, id string, pick func(string, int) int) string {
	if len(vs) == 0 {
		return ""
	}
	return vs[pick(id, len(vs))]
}

func firstRune(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	_, n := utf8.DecodeRuneInString(s)
	return s[:n]
}

// keep are the texts of vs that ok keeps.
func keep(vs []string, ok func(string) bool) []string {
	var out []string
	for _, v := range vs {
		if ok(v) {
			out = append(out, v)
		}
	}
	return out
}

// withASCII are the texts of vs that hold an ASCII letter or digit.
func withASCII(vs []string) []string {
	return keep(vs, func(v string) bool {
		return strings.IndexFunc(v, func(r rune) bool { return r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) }) >= 0
	})
}

// halfWidth folds the full-width forms of s back to ASCII.
func halfWidth(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 0xFF01 && r <= 0xFF5E {
			return r - 0xFEE0
		}
		return r
	}, s)
}

// maxNumberKinds bounds the kinds of form whose number is sent.
const maxNumberKinds = 6

// generateTypedKeys are the run's typed keys and numbers: each key class
// alone at a page size the seed picks (20, or the default: no page_size),
// one of them also at the other size (twin), one also beside a form's
// number; a number of each kind of form (at most maxNumberKinds, the
// seed picking which when there are more); a number with a revision
// letter, one with a revision after a separator and one with a prefix.
func generateTypedKeys(seed uint64, s typedSources) []formFilterCase {
	pickFor := func(class string) func(string, int) int {
		return func(id string, n int) int { return pick(seed, "typed "+class+" "+id, n) }
	}
	var out []formFilterCase
	for _, c := range typedKeyClasses {
		k := c.write(s, pickFor(c.name))
		if k == "" {
			continue
		}
		at := []int{20, atDefault}[pick(seed, "typed size "+c.name, 2)]
		out = append(out, formFilterCase{what: fmt.Sprintf("search_key %q (typed: %s)", k, c.name), f: map[string]any{"search_key": k}, keyed: true, at: at})
	}
	if len(out) > 0 {
		i := pick(seed, "typed twin", len(out))
		twin := out[i]
		twin.at = 20
		if out[i].at == 20 {
			twin.at = atDefault
		}
		twin.twin = i + 1
		twin.what += " at another page size"
		out = append(out, twin)
		if len(s.numbers) > 0 {
			k := out[pick(seed, "typed beside", len(out)-1)]
			n := s.numbers[pick(seed, "typed beside number", len(s.numbers))]
			// keyed stays false: beside a number, the answer is judged as a
			// subset of that number's forms, without walking the key alone.
			out = append(out, formFilterCase{what: fmt.Sprintf("number %q beside %s", n, k.what), f: map[string]any{"number": n, "search_key": k.f["search_key"]}, number: n, at: k.at})
		}
	}
	kinds := s.kinds
	if len(kinds) > maxNumberKinds {
		kinds = slices.Clone(kinds)
		for i := range maxNumberKinds {
			j := i + pick(seed, fmt.Sprint("typed kinds ", i), len(kinds)-i)
			kinds[i], kinds[j] = kinds[j], kinds[i]
		}
		kinds = kinds[:maxNumberKinds]
	}
	number := func(what, n string) {
		out = append(out, formFilterCase{what: fmt.Sprintf("number %q (%s)", n, what), f: map[string]any{"number": n}, number: n, at: 20})
	}
	for _, ns := range kinds {
		number("a number of each kind of form", ns[pick(seed, "typed kind "+ns[0], len(ns))])
	}
	if len(s.numbers) > 0 {
		// A revision letter follows a digit where a number ends in one.
		digitEnd := keep(s.numbers, func(v string) bool { r, _ := utf8.DecodeLastRuneInString(v); return unicode.IsDigit(r) })
		if len(digitEnd) == 0 {
			digitEnd = s.numbers
		}
		n := digitEnd[pick(seed, "typed revision", len(digitEnd))]
		number("with a revision letter", n+string(rune('A'+pick(seed, "typed revision letter", 26))))
		n = s.numbers[pick(seed, "typed revision sep", len(s.numbers))]
		number("with a revision after a separator", n+revisionSuffixes[pick(seed, "typed revision suffix", len(revisionSuffixes))])
		n = s.numbers[pick(seed, "typed prefix", len(s.numbers))]
		number("with a prefix", numberPrefixes[pick(seed, "typed prefix value", len(numberPrefixes))]+n)
	}
	return out
}
