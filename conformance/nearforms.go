package conformance

import (
	"strings"
	"unicode"
)

// Near forms of an identifier. Identifiers are exact (docs/contract.md
// §C10; for a form number §C5): a record code, a template's coding, the
// code at the end of a URL and a form number name an object character for
// character. Beside the foldings of spellings.go (letter case, full
// width), a normaliser written for what people type reads other near
// forms as the same: separators dropped ("FX001" for "FX-001", a number
// read off a paper form), swapped ("FX_001"), added ("FX-00-1"), a space
// inside ("FX- 001"), a leading zero ("FX-0001"), a NUL and more after it
// ("FX-001\x00X", which a C string cuts back). Each names nothing, so
// a hit, a listing or a move by one is a breach. The classes are sampled:
// each identifier the run names gets some of them, turned by the seed
// and by its place in the run, so that the run's identifiers together
// get every class.

// nearClass is one class of near forms: its name and the form of id
// ("" when the class has no form of it, e.g. no separator to drop).
type nearClass struct {
	name string
	form func(id string) string
}

// separators are the characters identifiers are written with between
// their parts.
const idSeparators = "-_./: "

func isSeparator(r rune) bool { return strings.ContainsRune(idSeparators, r) }

var nearClasses = []nearClass{
	{"separatorsDropped", func(id string) string {
		return strings.Map(func(r rune) rune {
			if isSeparator(r) {
				return -1
			}
			return r
		}, id)
	}},
	{"separatorSwapped", func(id string) string {
		return strings.Map(func(r rune) rune {
			switch r {
			case '-':
				return '_'
			case '_', '.', '/', ':':
				return '-'
			}
			return r
		}, id)
	}},
	{"separatorAdded", func(id string) string {
		r := []rune(id)
		if len(r) < 2 {
			return ""
		}
		return string(r[:len(r)-1]) + "-" + string(r[len(r)-1:])
	}},
	{"innerSpace", func(id string) string {
		r := []rune(id)
		if len(r) < 2 {
			return ""
		}
		return string(r[:len(r)/2]) + " " + string(r[len(r)/2:])
	}},
	// A NUL and more after it: a lookup through a C string reads up to
	// the NUL, the identifier itself.
	{"cutAtNUL", func(id string) string { return id + "\x00X" }},
	{"leadingZero", func(id string) string {
		i := strings.IndexFunc(id, unicode.IsDigit)
		if i < 0 {
			return "0" + id
		}
		return id[:i] + "0" + id[i:]
	}},
}

// nearForms are n near forms of id, of consecutive classes from the one
// the seed picks for site (the place in the run: "number", "coding"),
// moved on by turn*n (the turn-th identifier of the site, so that the
// site's identifiers take consecutive classes); a class without a form
// of id, or whose form is id itself or one of ours (known, which names
// another object, not none), gives way to the next.
func nearForms(seed uint64, site string, turn int, id string, known map[string]bool, n int) []string {
	var out []string
	start := pick(seed, "near forms "+site, len(nearClasses)) + turn*n
	for i := 0; i < len(nearClasses) && len(out) < n; i++ {
		f := nearClasses[(start+i)%len(nearClasses)].form(id)
		if f != "" && f != id && !known[f] {
			out = append(out, f)
		}
	}
	return out
}

// urlNearForms are near forms of the code at the end of a URL (a
// record's https://<host>/r/<code>), the rest of the URL as it is.
func urlNearForms(seed uint64, site string, u string, known map[string]bool, n int) []string {
	i := strings.LastIndexByte(u, '/')
	if i < 0 || i == len(u)-1 || strings.Count(u[:i], "/") < 3 {
		return nil
	}
	var out []string
	for _, seg := range nearForms(seed, site, 0, u[i+1:], nil, n) {
		if s := u[:i+1] + seg; !known[s] {
			out = append(out, s)
		}
	}
	return out
}

// nearSpellings are near forms of an identifier that may be a URL (a
// certificate_code is a record code or the record's URL, §4.2).
func nearSpellings(seed uint64, site, id string, known map[string]bool, n int) []string {
	if strings.Contains(id, "://") {
		return urlNearForms(seed, site, id, known, n)
	}
	return nearForms(seed, site, 0, id, known, n)
}
