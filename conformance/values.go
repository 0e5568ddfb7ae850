package conformance

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// The value space of a member: for every member of every request schema,
// the values a tester tries, by class (a wrong JSON type, a boundary on
// either side, a fraction, an exponent, an empty or blank string, a LIKE
// wildcard, an enum member spelt otherwise). Every class is sent on every
// run; which value of a class a member gets is picked by the seed. What
// a value must get is not written here: rules.Faults says whether the
// body is bad input (then an error in the endpoint's shape, never a
// success), and otherwise the rules over every answer judge what comes
// back (a number filter of "FX-00_" lists only forms numbered so,
// statement 4.3.number).

// valueClass is one class of values of one JSON type of member.
type valueClass struct {
	name   string
	values []any
}

// num is a JSON number written as given (1e1, 2.5, -0).
func num(s string) json.Number { return json.Number(s) }

// integerClasses are the values of an integer member beyond its own
// minimum and maximum (generatedCases sends those): each class is one
// question a reading of integers answers.
func integerClasses(p rules.Property, held any) []valueClass {
	below, above := []any{num("0"), num("-0")}, []any{num("9007199254740993"), num("2147483648")}
	if p.Minimum != nil && *p.Minimum-1 != 0 {
		below = append(below, num(fmt.Sprint(int64(*p.Minimum)-1)))
	}
	if p.Maximum != nil {
		above = append(above, num(fmt.Sprint(int64(*p.Maximum)+1)))
	}
	asString, odd := []any{"2", "1"}, []any{" 2", "1e1", "+1"}
	if n, ok := held.(int64); ok {
		// The digits of a value the run holds (a record that exists):
		// a target that reads them serves that object, judged by every
		// rule as if the number were sent (2.1.identity, 2.1.schema).
		asString, odd = []any{fmt.Sprint(n)}, heldDigitForms(n)
	}
	negative := []any{num("-1"), num("-2147483649")}
	var wraps []valueClass
	if n, ok := held.(int64); ok && n > 0 {
		// The value the run holds, negative and past the widths an
		// integer is bound in: a reading that takes the absolute value,
		// or binds 32 or 64 bits and wraps, names the held object where
		// the number names none (an error, or no object of ours).
		negative = []any{num(fmt.Sprint(-n))}
		wraps = heldWraps(n)
	}
	classes := []valueClass{
		// A boolean is a class of its own on every member, true: PHP's (int)
		// cast reads true as 1, (string) as "1".
		{"wrongType", []any{"abc", ""}},
		{"boolean", []any{true}},
		// A digit string is what most clients send by mistake: read as
		// its number (the kit's lenient reading, §C1) or refused, never
		// echoed as a string; its odder spellings are a class apart.
		{"numberAsString", asString},
		{"numberAsOddString", odd},
		{"zero", below},
		{"negative", negative},
		{"above", above},
		{"fraction", []any{num("2.5"), num("1.5"), num("0.5"), num("-0.5")}},
		{"exponent", []any{num("1e1"), num("1.0"), num("2E0"), num("1e400")}},
		{"null", []any{nil}},
	}
	classes = append(classes, wraps...)
	if p.Maximum != nil {
		// Past the maximum as a digit string: a target that reads it as
		// its number caps or refuses it as it does the number (the
		// rules judge the page as if the number were sent); one that
		// caps JSON integers alone serves the page uncapped.
		classes = append(classes, valueClass{"aboveAsString", []any{fmt.Sprint(int64(*p.Maximum) + 1)}})
	}
	return classes
}

// heldWraps are the held value n plus 2^32 and plus 2^64, a class each:
// the numbers a 32-bit and a 64-bit binding read as n.
func heldWraps(n int64) []valueClass {
	plus := func(bits uint) any {
		v := new(big.Int).Lsh(big.NewInt(1), bits)
		return num(v.Add(v, big.NewInt(n)).String())
	}
	return []valueClass{{"wraps32", []any{plus(32)}}, {"wraps64", []any{plus(64)}}}
}

// stringClasses are the values of a string member: like is the member's
// own value (from the profile), written with SQL LIKE wildcards in the
// place of its own characters (each matches it under LIKE, none
// literally) and with an escape.
func stringClasses(like string) []valueClass {
	wrong := []any{num("42"), num("0")}
	if like != "" && strings.Trim(like, "0123456789") == "" && len(like) <= 15 && (like == "0" || like[0] != '0') {
		// A held value of digits alone, sent as the number it reads as:
		// read as its digits or refused, never as another object.
		wrong = []any{num(like)}
	}
	wild, escape := []any{"%", "_", `%_%`}, []any{`\`, `\%`}
	if like != "" {
		r := []rune(like)
		head, tail := string(r[:len(r)-1]), string(r[1:])
		wild = []any{head + "_", head + "%", "%" + tail}
		escape = []any{string(r[:len(r)/2]) + `\%`, like + `\`}
	}
	// Quotes end a string in SQL and in the markup a value is pasted
	// into: a name like O'Neil is data, and its answer is JSON.
	apos, quote := []any{"'", "O'Neil"}, []any{`"`, `\"`}
	if like != "" {
		apos, quote = []any{like + "'", "'" + like}, []any{like + `"`, `"` + like + `"`}
	}
	return []valueClass{
		{"wrongType", wrong},
		{"boolean", []any{true}},
		{"blank", []any{"", " ", "\t", "\u3000"}},
		{"wildcard", wild},
		{"escape", escape},
		{"apostrophe", apos},
		{"quote", quote},
		{"null", []any{nil}},
	}
}

// enumAliases are, per value of an enum member, the names a client
// writes for it from an older API, another service's documentation or a
// MIME type: the verb alone first (verify.values sends it on every
// run), then the others. None is a value of the enum: an enum takes
// exactly its values (§4.1, §4.2), so each is a parameter error (100325
// or 100301 for action_type), never the value it names.
var enumAliases = map[string][]string{
	contract.ActionNextStatus: {"next", "set_next", "next_status", "setNextCertificateStatus", "set_next_status"},
	contract.ActionSetStatus:  {"set", "set_status", "setCertificateStatus", "certificate_status"},
	"json":                    {"application/json"},
	"json-ld":                 {"jsonld", "json_ld", "ld+json", "application/ld+json", "jsonLd"},
	"markdown":                {"md", "text/markdown", "mdown"},
}

// enumClasses are the values of an enum member: its members spelt
// otherwise, under the aliases a client writes, and other JSON types.
func enumClasses(p rules.Property) []valueClass {
	var upper, padded, dashed, prefix, alias []any
	for _, e := range p.Enum {
		if s, ok := e.(string); ok {
			upper = append(upper, strings.ToUpper(s))
			padded = append(padded, s+" ", " "+s)
			if d := strings.ReplaceAll(s, "_", "-"); d != s {
				dashed = append(dashed, d)
			}
			if r := []rune(s); len(r) > 1 {
				prefix = append(prefix, string(r[:len(r)-1]))
			}
			for _, a := range enumAliases[s] {
				if !slices.Contains(p.Enum, any(a)) {
					alias = append(alias, a)
				}
			}
		}
	}
	var out []valueClass
	for _, c := range []valueClass{{"otherCase", upper}, {"padded", padded}, {"dashed", dashed}, {"prefix", prefix}, {"alias", alias}} {
		if len(c.values) > 0 {
			out = append(out, c)
		}
	}
	return append(out,
		valueClass{"wrongType", []any{num("1"), num("0")}},
		valueClass{"boolean", []any{true}},
		valueClass{"null", []any{nil}},
	)
}

// fuzzy are the members whose matching is the target's to define
// (§4.3: search_key is "fuzzy", §C5): what a blank key matches is not
// the runner's to say, so none is sent.
var fuzzy = map[string]bool{contract.GetFormList.Name + " search_key": true}

// likeValues are, per endpoint and member, the value wildcards are
// written into: a filter the profile says the target holds, so that a
// LIKE reading of it lists forms that do not match it literally; for
// verify, the probe's code, so that no reading of it names a record.
func likeValues(p *profile.Profile, ep contract.Endpoint, member string) string {
	switch {
	case ep == contract.Verify && member == "certificate_code":
		return probeCode // a code no record has stays one, however read
	case ep != contract.GetFormList:
		return ""
	case member == "number" && len(p.Forms.Numbers) > 0:
		return p.Forms.Numbers[0]
	case member == "search_key" && len(p.Forms.Searches) > 0:
		return p.Forms.Searches[0].Key
	}
	return ""
}

// alternatives are, per endpoint, a valid value of each member of an
// anyOf group: a fault in one member is sent beside the other given
// well, so that a target that reads the good one and ignores the bad is
// seen (a record_id that is no number beside the record's own record_url).
func alternatives(p *profile.Profile, ep contract.Endpoint) map[string]any {
	if ep != contract.GetRecord || len(p.Records) == 0 || p.Records[0].URL == "" {
		return nil
	}
	return map[string]any{"record_id": p.Records[0].ID, "record_url": p.Records[0].URL}
}

// valueCases are one value of each class of each member of ep, picked by
// the seed, each set in the endpoint's base body; a member of an anyOf
// group gets its bad value beside the other alternatives given well.
func valueCases(seed uint64, ep contract.Endpoint, sch rules.RequestSchema, p *profile.Profile) []genCase {
	var out []genCase
	alts := alternatives(p, ep)
	held := heldValues(p, ep)
	for _, name := range sch.Names() {
		prop := sch.Properties[name]
		var classes []valueClass
		switch {
		case len(prop.Enum) > 0:
			classes = enumClasses(prop)
		case prop.Type == "integer":
			classes = integerClasses(prop, held[name])
			classes = heldTailClasses(name, held[name], classes)
			if ep == contract.GetRecord && name == "record_id" && len(p.Foreign.RecordIDs) > 0 {
				// Another organization's record as a digit string: a
				// lenient reading must scope it as it scopes the number
				// (C2.tenancy judges a success that shows it).
				classes = append(classes, valueClass{"theirsAsString", []any{fmt.Sprint(p.Foreign.RecordIDs[0])}})
			}
		case prop.Type == "string":
			classes = stringClasses(likeValues(p, ep, name))
		}
		if exoticMember(prop, name) {
			h, _ := held[name].(string)
			classes = append(classes, exoticValues(seed, ep, name, h)...)
		}
		for _, c := range classes {
			if c.name == "blank" && fuzzy[ep.Name+" "+name] {
				continue
			}
			i := pick(seed, ep.Name+" "+name+" "+c.name, len(c.values))
			if c.name == "wrongType" {
				// The wrong types turn over the members of a type, so
				// that each run sends each (a number and a boolean for
				// a string, a boolean and a word for an integer).
				i = (pick(seed, "wrongType "+typeOf(prop), len(c.values)) + memberTurn(ep, name, sameType(prop))) % len(c.values)
			}
			v := c.values[i]
			raw, _ := json.Marshal(v)
			what := fmt.Sprintf("%s %s (%s)", name, raw, c.name)
			out = append(out, genCase{what: what, value: true, kept: []string{name}, body: valueBody(sch, name, v, nil)})
			if _, grouped := alts[name]; grouped && c.name == "wrongType" {
				out = append(out, genCase{what: what + " beside the other members given well", value: true,
					kept: slices.Sorted(maps.Keys(alts)), body: valueBody(sch, name, v, alts)})
			}
		}
	}
	return out
}

// valueBody sets member to v in the base body (as the negative tests do),
// and then the other alternatives to their good values when alts is given.
func valueBody(sch rules.RequestSchema, member string, v any, alts map[string]any) func(map[string]any) map[string]any {
	return func(base map[string]any) map[string]any {
		doc, _ := rules.Decode(setMember(sch, member, v)(base))
		body, _ := doc.(map[string]any)
		for k, good := range alts {
			if k != member {
				body[k] = good
			}
		}
		return body
	}
}

// typeOf is the kind of value space a member has: an enum's, an
// integer's or a string's.
func typeOf(p rules.Property) string {
	if len(p.Enum) > 0 {
		return "enum"
	}
	return p.Type
}

// sameType says which members share p's kind of value space.
func sameType(p rules.Property) func(contract.Endpoint, rules.Property, string) bool {
	return func(_ contract.Endpoint, q rules.Property, _ string) bool { return typeOf(q) == typeOf(p) }
}

// heldTailClasses are classes with, for a member that names an object
// by a value the run holds (tailSlots: record_id), its fractions those
// of the held id (800001.5, not 1.5) and a class for each other tail of
// it (tails.go: the held id with letters, an exponent, a space or a NUL
// and more after it), whose variant the seed picks as for every class.
// None is an integer (rules.Faults), so each is an error in the
// endpoint's shape, where a reading that drops the tail serves the held
// object.
func heldTailClasses(name string, held any, classes []valueClass) []valueClass {
	n, ok := held.(int64)
	if !ok || n <= 0 || !slices.Contains(tailSlots, name) {
		return classes
	}
	for i, c := range classes {
		if c.name == "fraction" {
			classes[i].values = heldFraction(n)
		}
	}
	v := strconv.FormatInt(n, 10)
	for _, c := range numberTails {
		if c.name == "fraction" {
			continue
		}
		var vs []any
		for alt := range 4 {
			if f := c.form(v, alt); f != "" && !slices.Contains(vs, any(f)) {
				vs = append(vs, f)
			}
		}
		if len(vs) > 0 {
			classes = append(classes, valueClass{"held " + c.name, vs})
		}
	}
	return classes
}
