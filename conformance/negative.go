package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
)

// Negative tests: bodies a client must never send, generated from the
// request schemas (schemas/<group>/<operation>.request.json). Per member:
// a JSON type no lenient reading accepts (an object or an array for any
// member, a non-numeric string for an integer; never "123" or 5.0, which a
// service may read as numbers), a value below the minimum, a value outside
// the enum, a missing required member. Per endpoint: a body that is not
// JSON, not an object, truncated, or not UTF-8. Values above a maximum are
// left out: clamping them is the kit's choice, and paging checks cover it.
//
// Generation is deterministic: the values come from small pools, picked
// with the run's seed (--seed, DefaultSeed without one) mixed with the
// case's id, so the same seed sends the same bodies.

// DefaultSeed is the seed of the generated requests when --seed gives
// none: every run without one sends the same bodies, so that a report
// can be compared with the last one.
const DefaultSeed uint64 = 20260101

// utf8Placeholder is replaced by bytes that are not UTF-8 after marshalling
// (json.Marshal would repair them).
const utf8Placeholder = "__rtq_conform_not_utf8__"

// negCase is one negative test: what it sends, as a function of the base
// body of its endpoint (which holds profile values).
type negCase struct {
	id   string
	ep   contract.Endpoint
	what string
	// member is the member it breaks ("" for body-level cases).
	member string
	body   func(base map[string]any) []byte
	// around, when set, builds the body around the member's held value
	// (held.go) where the run holds one, in the place of body: an array
	// holding a value the target serves, which a target that unwraps
	// arrays serves as if the value were sent alone.
	around func(held any) func(base map[string]any) []byte
}

// bodyFor is the case's body for a run that holds held (heldValues).
func (c negCase) bodyFor(held map[string]any) func(base map[string]any) []byte {
	if v, ok := held[c.member]; ok && c.around != nil {
		return c.around(v)
	}
	return c.body
}

// reqSchema is what the generator reads of a request schema.
type reqSchema = rules.RequestSchema

var (
	objectPool = []any{map[string]any{"value": 1}, map[string]any{"id": "1"}, map[string]any{}}
	arrayPool  = []any{[]any{1}, []any{"1"}, []any{}}
	// wordPool are strings no reading takes for a number.
	wordPool = []string{"abc", "一二三", "not-a-number", "x"}
)

// negativeCases generates every case of every endpoint, in a stable order.
func negativeCases(seed uint64) ([]negCase, error) {
	all, err := rules.RequestSchemas()
	if err != nil {
		return nil, fmt.Errorf("negative tests: %w", err)
	}
	var out []negCase
	for _, ep := range contract.Endpoints {
		sch := all[ep.Name]
		out = append(out, memberCases(seed, ep, sch)...)
		out = append(out, bodyCases(ep, sch)...)
	}
	return out, nil
}

// pick returns one of n choices for a case id, the same on every run.
func pick(seed uint64, id string, n int) int {
	h := fnv.New64a()
	h.Write([]byte(id))
	r := rand.New(rand.NewPCG(seed, h.Sum64()))
	return r.IntN(n)
}

// badValue is one wrong value for a member: its kind (the last part of the
// case id), what it is in words, and the value.
type badValue struct {
	kind, what string
	v          any
}

func memberCases(seed uint64, ep contract.Endpoint, sch reqSchema) []negCase {
	var out []negCase
	names := sch.Names()
	prefix := "negative." + opName(ep) + "."
	for _, name := range names {
		p := sch.Properties[name]
		id := prefix + name + "."
		bad := []badValue{
			{"object", "an object", objectPool[pick(seed, id+"object", len(objectPool))]},
			{"array", "an array", arrayPool[pick(seed, id+"array", len(arrayPool))]},
		}
		if p.Type == "integer" {
			bad = append(bad, badValue{"string", "a string that is no number", wordPool[pick(seed, id+"string", len(wordPool))]})
		}
		if p.Minimum != nil {
			bad = append(bad, badValue{"belowMinimum", "below its minimum", int64(*p.Minimum) - 1})
		}
		if len(p.Enum) > 0 {
			bad = append(bad, badValue{"notAllowed", "a value the spec does not list", "rtq-conform-not-allowed"})
		}
		for _, b := range bad {
			c := negCase{id: id + b.kind, ep: ep, member: name, what: fmt.Sprintf("%s %s", name, b.what),
				body: setMember(sch, name, b.v)}
			if b.kind == "array" {
				c.around = func(held any) func(map[string]any) []byte {
					return setMember(sch, name, []any{held})
				}
			}
			out = append(out, c)
		}
	}
	return append(out, missingCases(ep, sch)...)
}

// setMember builds a body from the base with member set to v: the other
// alternatives of an anyOf group go (so that the member is the one read),
// and a condition that makes the member matter is set (if/then).
func setMember(sch reqSchema, member string, v any) func(map[string]any) []byte {
	return func(base map[string]any) []byte {
		body := copyMap(base)
		for _, alt := range sch.AnyOf {
			for _, r := range alt.Required {
				if r != member && inAnyOf(sch, member) {
					delete(body, r)
				}
			}
		}
		if slices.Contains(sch.Then.Required, member) {
			for k, c := range sch.If.Properties {
				body[k] = c.Const
			}
		}
		body[member] = v
		return marshal(body)
	}
}

func inAnyOf(sch reqSchema, member string) bool {
	for _, alt := range sch.AnyOf {
		if slices.Contains(alt.Required, member) {
			return true
		}
	}
	return false
}

// missingCases: each required member left out; every alternative of an
// anyOf left out at once; a member required under a condition left out
// with the condition set.
func missingCases(ep contract.Endpoint, sch reqSchema) []negCase {
	prefix := "negative." + opName(ep) + "."
	drop := func(names []string, set map[string]any) func(map[string]any) []byte {
		return func(base map[string]any) []byte {
			body := copyMap(base)
			for k, v := range set {
				body[k] = v
			}
			for _, n := range names {
				delete(body, n)
			}
			return marshal(body)
		}
	}
	var out []negCase
	for _, r := range sch.Required {
		out = append(out, negCase{id: prefix + r + ".missing", ep: ep, member: r, what: r + " missing", body: drop([]string{r}, nil)})
	}
	if len(sch.AnyOf) > 0 {
		var all []string
		for _, alt := range sch.AnyOf {
			all = append(all, alt.Required...)
		}
		name := all[0]
		for _, n := range all[1:] {
			name += "-or-" + n
		}
		out = append(out, negCase{id: prefix + name + ".missing", ep: ep, member: name, what: "neither of " + fmt.Sprint(all), body: drop(all, nil)})
	}
	cond, condText := map[string]any{}, ""
	for k, c := range sch.If.Properties {
		cond[k] = c.Const
		condText += fmt.Sprintf(" %s is %v", k, c.Const)
	}
	for _, r := range sch.Then.Required {
		if !slices.Contains(sch.Required, r) {
			out = append(out, negCase{id: prefix + r + ".missing", ep: ep, member: r, what: fmt.Sprintf("%s missing where%s", r, condText), body: drop([]string{r}, cond)})
		}
	}
	return out
}

// bodyCases are the endpoint's bodies that are not a JSON object.
func bodyCases(ep contract.Endpoint, sch reqSchema) []negCase {
	prefix := "negative." + opName(ep) + ".body."
	fixed := func(raw string) func(map[string]any) []byte {
		return func(map[string]any) []byte { return []byte(raw) }
	}
	notUTF8 := func(base map[string]any) []byte {
		body := copyMap(base)
		body[utf8Target(sch, base)] = utf8Placeholder
		raw := marshal(body)
		return bytes.Replace(raw, []byte(utf8Placeholder), []byte("rtq\xff\xfe"), 1)
	}
	truncated := func(base map[string]any) []byte {
		raw := marshal(base)
		return raw[:max(len(raw)/2, 1)]
	}
	return []negCase{
		{id: prefix + "notJSON", ep: ep, what: "a body that is not JSON", body: fixed("rtq-conform: this body is not JSON")},
		{id: prefix + "array", ep: ep, what: "a JSON array, not an object", body: fixed(`[{"page":1}]`)},
		{id: prefix + "string", ep: ep, what: "a JSON string, not an object", body: fixed(`"rtq-conform"`)},
		{id: prefix + "number", ep: ep, what: "a JSON number, not an object", body: fixed(`42`)},
		// null and true are JSON a decoder into a map or a struct may
		// take without an error (Go's leaves the map nil): not an object.
		{id: prefix + "null", ep: ep, what: "JSON null, not an object", body: fixed(`null`)},
		{id: prefix + "boolean", ep: ep, what: "a JSON boolean, not an object", body: fixed(`true`)},
		{id: prefix + "truncated", ep: ep, what: "a JSON object cut short", body: truncated},
		{id: prefix + "notUTF8", ep: ep, what: "a string member holding bytes that are not UTF-8 (RFC 8259 requires UTF-8)", body: notUTF8},
	}
}

// utf8Target is the string member whose value carries the bad bytes: one
// the base body already sends when there is one, so that the endpoint reads it.
func utf8Target(sch reqSchema, base map[string]any) string {
	var names []string
	for n, p := range sch.Properties {
		if p.Type == "string" || len(p.Enum) > 0 {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		if _, ok := base[n]; ok {
			return n
		}
	}
	return names[0]
}

func marshal(body map[string]any) []byte {
	raw, _ := json.Marshal(body)
	return raw
}
