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
	// A turn may be negative (the other organization's number takes
	// turn -1, before ours): the start is taken modulo the classes.
	start := ((pick(seed, "near forms "+site, len(nearClasses))+turn*n)%len(nearClasses) + len(nearClasses)) % len(nearClasses)
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

// Pasted forms of an identifier: what a client sends when it copies an
// identifier out of a scanner, a spreadsheet cell or a shared link. The
// identifier with white space around it (a trailing line feed from a
// scanner, a tab from a cell, a no-break space from a web page), and a
// URL with what a sharing app appends (a query string, a fragment).
// Identifiers are exact (§C10: a record's URL is accepted exactly as
// issued), so each names nothing; a target whose framework trims every
// string, or parses a URL and keeps its path, answers the object. The
// product is sides x characters, and for a URL the suffixes; each site
// that names an object gets one cell of each, picked by the seed and the
// site, so that over seeds every cell is sent.

// padSides are where white space goes around an identifier.
var padSides = []func(id, ws string) string{
	func(id, ws string) string { return ws + id },
	func(id, ws string) string { return id + ws },
	func(id, ws string) string { return ws + id + ws },
}

// padSpaces are the white space a paste leaves: a space, a tab, a line
// feed, a no-break space, an ideographic space.
var padSpaces = []string{" ", "\t", "\n", "\u00a0", "\u3000"}

// urlSuffixes are what a sharing app, a tracker or a server appends to
// a link, by class: a query string, a fragment, a trailing slash, a
// path parameter (a servlet container's session id).
var urlSuffixes = [][]string{{"?from=singlemessage", "?utm_source=share", "?"}, {"#", "#top", "#/"},
	{"/"}, {";jsessionid=0A1B2C3D4E5F", ";"}}

// pastedForms are the pasted forms of id at site: id with a trailing
// space, which both a store's PAD SPACE collation (SQL's CHAR and the
// default collations of MySQL and SQL Server compare 'A ' equal to 'A')
// and a framework that trims strings read as id, on every site; for an
// identifier one more padded form of the product, for a URL a suffix of
// every class. The seed and the site pick the cells; every is kept for
// the sites that asked for every class (all do now). None is one of
// ours (known).
func pastedForms(seed uint64, site, id string, known map[string]bool, every bool) []string {
	side := padSides[pick(seed, "pad side "+site, len(padSides))]
	out := []string{id + " "}
	if strings.Contains(id, "://") {
		// A URL: every class of suffix, each a reading of its own (a
		// query answered by a share handler, a fragment dropped for the
		// lookup and kept in the answer, a path parameter cut), and no
		// more white space than the trailing space.
		for _, class := range urlSuffixes {
			out = append(out, id+class[pick(seed, "url suffix "+site, len(class))])
		}
	} else if f := side(id, padSpaces[pick(seed, "pad space "+site, len(padSpaces))]); f != out[0] {
		out = append(out, f)
	}
	kept := out[:0]
	for _, f := range out {
		if !known[f] {
			kept = append(kept, f)
		}
	}
	return kept
}
