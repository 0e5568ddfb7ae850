package conformance

import (
	"fmt"
	"strings"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
)

// Exotic strings. A string member takes any Unicode text (§4: "string"),
// and what a person types or pastes holds more than the letters a test
// writes: a character outside the Basic Multilingual Plane (an emoji,
// a rare CJK character: a utf8mb3 column or a UTF-16 length breaks on
// it), combining marks, bidirectional controls, control characters
// (NUL, which C strings and some databases refuse) and a long text. None
// is bad input, so the answer is the contract's for the value (a success
// the rules judge, or an error in the endpoint's shape), in JSON: never
// a framework's HTML page (C1.contentType, C1.jsonText). Each value is
// written around the member's held value, so that a reading that drops
// the odd characters is seen too (a number filter that strips them
// lists the held number's form: 4.3.number). A free-text member (the
// search key) gets every class on every run; every other string member
// one class, turned by the seed and by its place, so that the members
// together get every class.

// exoticClass is one class of exotic strings around a held value.
type exoticClass struct {
	name  string
	write func(held string) string
}

var exoticClasses = []exoticClass{
	{"astral", func(h string) string { return h + "🔥𠮷" }},
	{"combining", func(h string) string { return h + "e\u0301\u0308" }},
	{"bidi", func(h string) string { return "\u202e" + h + "\u202c\u2066" }},
	{"control", func(h string) string { return h + "\u0000\u0007\u001b" }},
	// A long text: the held value, then characters of four bytes in
	// UTF-8 (a rare CJK character and an emoji, over 2,000 characters in
	// all). A service that cuts a value it quotes at a count of bytes,
	// not of characters, cuts inside a character at three counts in four
	// whatever the count, and the members that take the class hold values
	// of different lengths: an answer that is then no UTF-8, or empty, is
	// what C1.jsonText fails.
	{"long", func(h string) string {
		return h + "巡检" + strings.Repeat("𠮷🔥", 1000)
	}},
}

// freeText are the members whose value is text a person types, not an
// identifier, a time, a token or one of an enum's values.
var freeText = map[string]bool{contract.GetFormList.Name + " search_key": true}

// exoticPlain are the string members that take no exotic value: times
// (a time is digits in a form, §C5, and its pools are timeforms.go's).
func exoticPlain(name string) bool { return name == "start_time" || name == "end_time" }

// exoticMember says whether member name of ep takes exotic values.
func exoticMember(p rules.Property, name string) bool {
	return p.Type == "string" && len(p.Enum) == 0 && !exoticPlain(name)
}

// memberTurn is the place of member name of ep among the members of
// every endpoint that kind says are alike, in the order of
// contract.Endpoints and of the schemas' names: consecutive members take
// consecutive values of a class, so that the run gives every value to
// some member.
func memberTurn(ep contract.Endpoint, name string, kind func(e contract.Endpoint, p rules.Property, name string) bool) int {
	all, _ := rules.RequestSchemas()
	turn := 0
	for _, e := range contract.Endpoints {
		sch := all[e.Name]
		for _, n := range sch.Names() {
			if !kind(e, sch.Properties[n], n) {
				continue
			}
			if e.Name == ep.Name && n == name {
				return turn
			}
			turn++
		}
	}
	return turn
}

// exoticTurn is memberTurn among the members that take one exotic class.
func exoticTurn(ep contract.Endpoint, name string) int {
	return memberTurn(ep, name, func(e contract.Endpoint, p rules.Property, n string) bool {
		return exoticMember(p, n) && !freeText[e.Name+" "+n]
	})
}

// exoticValues are the classes of member name of ep: every class for a
// free-text member, else one, the member's turn from the one the seed
// picks.
func exoticValues(seed uint64, ep contract.Endpoint, name string, held string) []valueClass {
	if held == "" {
		held = "rtq"
	}
	if freeText[ep.Name+" "+name] {
		out := make([]valueClass, 0, len(exoticClasses)+len(columnWidths))
		for _, c := range exoticClasses {
			out = append(out, valueClass{"exotic." + c.name, []any{c.write(held)}})
		}
		return append(out, widthClasses(held)...)
	}
	c := exoticClasses[(pick(seed, "exotic", len(exoticClasses))+exoticTurn(ep, name))%len(exoticClasses)]
	return []valueClass{{"exotic." + c.name, []any{c.write(held)}}}
}

// columnWidths are the widths a text column or an index is commonly
// declared with, in characters, in three bands: a key one character past
// any of them is still text a person may type (the contract names no
// length for free text, §4.3), so its answer is the contract's for the
// value (a success, or an error in the endpoint's shape), never a
// database's truncation error passed through. Each band is a class, sent
// on every run; the seed picks the width within a band, so that over
// seeds every width is passed.
var columnWidths = [][]int{{16, 20, 32, 50}, {64, 100, 128, 191, 254}, {255, 256, 512, 1000}}

// widthClasses are the held value repeated to one character past a
// width of each band of columnWidths.
func widthClasses(held string) []valueClass {
	out := make([]valueClass, len(columnWidths))
	for i, band := range columnWidths {
		vs := make([]any, len(band))
		for j, w := range band {
			vs[j] = pastWidth(held, w+1)
		}
		out[i] = valueClass{fmt.Sprintf("pastWidth.%d", i), vs}
	}
	return out
}

// pastWidth is held repeated and cut to n characters.
func pastWidth(held string, n int) string {
	r := []rune(strings.Repeat(held, n/len([]rune(held))+1))
	return string(r[:n])
}
