package conformance

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/rtq-kit/rtq/contract"
)

// Bodies that are not exactly one JSON object. A JSON text is one value
// (RFC 8259 §2), and docs/contract.md §C1 makes a body that is not JSON a
// parameter error: never a success. A lenient decoder takes many near
// forms of an object for one: it stops after the first value and serves
// it (a second object, a line of JSON after it, garbage, a stray closing
// bracket), or reads what only JavaScript, JSON5 or a configurable parser
// takes (a trailing comma, a comment, single quotes, a bare member name,
// a leading zero, NaN, a raw control character inside a string, an
// escape JSON has not), or decodes a JSON string a second time (a body
// encoded twice, which some services "repair"). Each form wraps the endpoint's base body, a body
// the target serves as it stands, so a target that reads the form
// leniently answers a success, which the rules over every answer fail
// (C1.badInput: rules.Decode takes none of these for an object). The
// forms are sampled: each endpoint gets a few per run, turned by the
// seed, and the endpoints together get every form on every run.

// bodyForm is one way of writing a body that is not one JSON object,
// given the base body as marshalled ({...}).
type bodyForm struct {
	name, what string
	write      func(obj []byte) []byte
}

// unknownMember is the unknown member a form writes into the base body: unknown
// members are ignored (§C1), so a target that reads the form leniently
// serves the base.
const unknownMember = `"rtq"`

// firstMember writes m as the first member of obj.
func firstMember(obj []byte, m string) []byte {
	inner := bytes.TrimSpace(obj[1 : len(obj)-1])
	if len(inner) == 0 {
		return []byte("{" + m + "}")
	}
	return []byte("{" + m + "," + string(inner) + "}")
}

var bodyForms = []bodyForm{
	{"twoObjects", "the object, then a second object", func(o []byte) []byte { return append(append([]byte{}, o...), `{"page":3}`...) }},
	{"jsonLines", "the object and a second one, a line each (JSON lines)", func(o []byte) []byte {
		return []byte(string(o) + "\n" + string(o) + "\n")
	}},
	{"garbage", "the object, then text", func(o []byte) []byte { return []byte(string(o) + " rtq-conform") }},
	{"strayBracket", "the object, then a stray closing bracket", func(o []byte) []byte { return []byte(string(o) + "}") }},
	{"trailingComma", "a comma after the last member", func(o []byte) []byte {
		return []byte(strings.TrimSuffix(string(firstMember(o, unknownMember+":1")), "}") + ",}")
	}},
	{"comment", "a comment before the object", func(o []byte) []byte { return []byte("/* rtq-conform */" + string(o)) }},
	{"singleQuotes", "a member name in single quotes", func(o []byte) []byte { return firstMember(o, `'rtq':1`) }},
	{"bareName", "a member name without quotes", func(o []byte) []byte { return firstMember(o, `rtq:1`) }},
	{"leadingZero", "a number with a leading zero", func(o []byte) []byte { return firstMember(o, unknownMember+":01") }},
	{"nan", "NaN, a number JSON has not", func(o []byte) []byte { return firstMember(o, unknownMember+":NaN") }},
	{"rawControl", "a tab unescaped inside a string", func(o []byte) []byte { return firstMember(o, unknownMember+":\"rtq\tconform\"") }},
	{"badEscape", `an escape JSON has not (\x41)`, func(o []byte) []byte { return firstMember(o, unknownMember+`:"\x41"`) }},
	// A client that encodes its body twice sends a JSON string holding
	// the object: one JSON value, and no object.
	{"encodedTwice", "the object encoded twice (a JSON string holding it)", func(o []byte) []byte {
		raw, _ := json.Marshal(string(o))
		return raw
	}},
}

// bodyFormsPerEndpoint is how many forms each endpoint gets on a run:
// enough that the endpoints together get every form.
func bodyFormsPerEndpoint() int {
	n := len(contract.Endpoints)
	return (len(bodyForms) + n - 1) / n
}

// bodyFormsOf are the forms endpoint ep gets on a run of seed: the
// endpoints take consecutive turns of the list from an offset the seed
// picks, so every form is sent on every run and each endpoint meets
// every form over the seeds.
func bodyFormsOf(seed uint64, ep contract.Endpoint) []bodyForm {
	idx := -1
	for i, e := range contract.Endpoints {
		if e.Name == ep.Name {
			idx = i
		}
	}
	if idx < 0 {
		return nil
	}
	k := bodyFormsPerEndpoint()
	off := pick(seed, "body forms", len(bodyForms))
	out := make([]bodyForm, 0, k)
	for j := range k {
		out = append(out, bodyForms[(off+idx*k+j)%len(bodyForms)])
	}
	return out
}

// bodyFormCases are the generated requests of ep's body forms.
func bodyFormCases(seed uint64, ep contract.Endpoint) []genCase {
	var out []genCase
	for _, f := range bodyFormsOf(seed, ep) {
		out = append(out, genCase{what: "a body that is not one JSON object: " + f.what + " (" + f.name + ")", value: true,
			raw: func(base map[string]any) []byte { return f.write(marshal(base)) }})
	}
	return out
}
