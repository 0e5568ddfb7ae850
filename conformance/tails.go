package conformance

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Tails: a value the run holds, then something a lenient reading drops.
// Identifiers are exact (docs/contract.md §C10) and an integer member
// takes an integer (§C1): a held record id as a fraction (800001.5), a
// held id with letters after its digits (800001abc), with an exponent
// that makes it no integer (800001e-1), with a space or a NUL and more
// after it, and a held code, coding or URL with a NUL and more after it
// or a NUL at its end, each name nothing. But the readers services are
// built on take the head and drop the rest: PHP's intval and MySQL's
// casts read the digits a string starts with, strtol stops at the first
// byte that is no digit, a float cast truncates, a C string ends at the
// NUL. A service that reads so answers the held object, or moves it, for
// a value nobody issued.
//
// The transforms are one table per kind of value (numberTails for an
// integer or a status id, stringTails for a code, a coding, a URL or a
// form number). Each slot that names an object by a held value (tailSlots)
// takes them in turn: the seed picks where the run starts, each slot
// starts one class further than the slot before it and each next value
// of a slot (another case, a second tail) one further again, so that one
// run sends every class and over seeds every class meets every slot.
// Each is judged as what it is, a value that names nothing: a refusal in
// the endpoint's error shape, not found, no item or no move, never the
// held object.

// tailClass is one class of tails: form is v with the tail in variant
// alt, "" when the class has no form of v.
type tailClass struct {
	name string
	form func(v string, alt int) string
	// number: for an integer member the form goes as a JSON number (a
	// fraction is sent as a client's float is), not as a string.
	number bool
}

// tailLetters are what follows an id's digits: a word, a letter, a unit,
// a long suffix, a hex digit's letters (intval and MySQL's casts stop at
// each; no underscore, which Go's ParseFloat reads between digits).
var tailLetters = []string{"abc", "x", "a1", "px", "L", "ff"}

// tailMore is what follows a space or a NUL: more digits (a second id
// pasted behind the first) or letters.
var tailMore = []string{"1", "x", "0", "abc"}

var numberTails = []tailClass{
	{"letters", func(v string, alt int) string { return v + tailLetters[alt%len(tailLetters)] }, false},
	{"fraction", func(v string, alt int) string {
		return v + []string{".5", ".25", ".9", ".0001"}[alt%4]
	}, true},
	// An exponent that makes the value no integer: 800001e-1 is
	// 80000.1 (strtol still reads 800001).
	{"exponent", func(v string, alt int) string {
		for k := 1 + alt%3; k < 30; k++ {
			f := v + "e-" + strconv.Itoa(k)
			if x, err := strconv.ParseFloat(f, 64); err == nil && x != math.Trunc(x) {
				return f
			}
		}
		return ""
	}, false},
	{"spaceMore", func(v string, alt int) string { return v + " " + tailMore[alt%len(tailMore)] }, false},
	{"nulMore", func(v string, alt int) string { return v + "\x00" + tailMore[alt%len(tailMore)] }, false},
}

var stringTails = []tailClass{
	{"nulMore", func(v string, alt int) string { return v + "\x00" + tailMore[alt%len(tailMore)] }, false},
	{"nulEnd", func(v string, _ int) string { return v + "\x00" }, false},
}

// tailSlots are the members that name an object by a held value, in the
// order they take the classes of their table.
var tailSlots = []string{
	"record_id", "tpl_id", "code_id", "to_certificate_status", "from_certificate_status",
	"certificate_code", "template", "template url", "record_url", "certificate url", "number",
}

// tailForm is one tail: its class and the value as sent.
type tailForm struct {
	class string
	v     any
}

// heldTail is the turn-th tail of held value v at slot (one of tailSlots):
// of numberTails where numeric, else of stringTails, the class the
// seed, the slot and the turn pick and a variant the seed picks; asNumber
// sends a numeric class's JSON number as one (an integer member). A form
// that is one of ours (known) gives way to the next class; ok is false
// where no class has a form of v.
func heldTail(seed uint64, slot string, turn int, v string, numeric, asNumber bool, known map[string]bool) (tailForm, bool) {
	table := stringTails
	if numeric {
		table = numberTails
	}
	start := pick(seed, "tails", len(table)) + slices.Index(tailSlots, slot) + turn
	for i := range table {
		c := table[(start+i)%len(table)]
		f := c.form(v, pick(seed, "tails "+slot+" "+c.name+" "+strconv.Itoa(turn), 1<<20))
		if f == "" || f == v || known[f] {
			continue
		}
		if c.number && asNumber {
			return tailForm{c.name, json.Number(f)}, true
		}
		return tailForm{c.name, f}, true
	}
	return tailForm{}, false
}

// tailStrings are the first n tails of v at slot as strings, for a
// string member.
func tailStrings(seed uint64, slot, v string, known map[string]bool, n int) []string {
	var out []string
	numeric := v != "" && strings.Trim(v, "0123456789") == ""
	for turn := range n {
		if f, ok := heldTail(seed, slot, turn, v, numeric, false, known); ok {
			out = append(out, f.v.(string))
		}
	}
	return out
}
