package conformance

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
)

// Generated requests: from each endpoint's request schema and the run's
// seed, the variants a tester tries beyond one bad member at a time (the
// negative tests): each integer bound on both sides, the value at the
// bound served, and every pair of members broken together (two faults in
// one request, each fault picked by the seed among the member's kinds).
// A request at a bound must be served; one with a fault is an error in
// the endpoint's shape. The code a fault gets is judged by the rules over
// every answer (7.params, 7.badAction, C3.*: where the order of verify's
// checks is the kit's, §C6, any code that order allows). A failing
// request is shrunk: members are dropped one by one while it still fails
// the same way, and the finding shows the smallest with a curl line.

// genCase is one generated request.
type genCase struct {
	what string
	// valid: the request must be served (a success); else it must be an
	// error in the endpoint's shape.
	valid bool
	// value: a value of a member's value space (values.go): an error in
	// the endpoint's shape when rules.Faults finds the body bad input,
	// else whatever the target answers, which the rules judge.
	value bool
	// kept are members shrinking must not drop (the faults, the bound).
	kept []string
	body func(base map[string]any) map[string]any
	// raw, when set, writes the body as bytes instead of body (a body
	// that is not one JSON object, bodyforms.go); it is never shrunk.
	raw func(base map[string]any) []byte
}

// bytes is the case's body as sent, from base.
func (c genCase) bytes(base map[string]any) []byte {
	if c.raw != nil {
		return c.raw(base)
	}
	return marshal(c.body(base))
}

// generatedCases are the variants of one endpoint, in a stable order.
func generatedCases(seed uint64, ep contract.Endpoint, sch reqSchema) []genCase {
	var out []genCase
	set := func(member string, v any) func(map[string]any) map[string]any {
		return func(base map[string]any) map[string]any {
			var body map[string]any
			_ = json.Unmarshal(setMember(sch, member, v)(base), &body)
			return body
		}
	}
	for _, name := range sch.Names() {
		p := sch.Properties[name]
		if p.Type != "integer" || ep.Write {
			continue
		}
		if p.Minimum != nil {
			out = append(out, genCase{what: fmt.Sprintf("%s %d, its minimum", name, int64(*p.Minimum)), valid: true, kept: []string{name}, body: set(name, int64(*p.Minimum))})
		}
		if p.Maximum != nil {
			out = append(out, genCase{what: fmt.Sprintf("%s %d, its maximum", name, int64(*p.Maximum)), valid: true, kept: []string{name}, body: set(name, int64(*p.Maximum))})
		}
	}
	out = append(out, bodyFormCases(seed, ep)...)
	out = append(out, kitFormCases(ep)...)
	faults := memberCases(seed, ep, sch)
	byMember := map[string][]negCase{}
	var members []string
	for _, c := range faults {
		if c.member == "" || strings.Contains(c.member, "-or-") {
			continue
		}
		if byMember[c.member] == nil {
			members = append(members, c.member)
		}
		byMember[c.member] = append(byMember[c.member], c)
	}
	sort.Strings(members)
	for i, a := range members {
		for _, b := range members[i+1:] {
			ca := byMember[a][pick(seed, ep.Name+" "+a+" "+b, len(byMember[a]))]
			cb := byMember[b][pick(seed, ep.Name+" "+b+" "+a, len(byMember[b]))]
			out = append(out, genCase{what: ca.what + ", and " + cb.what, kept: []string{a, b}, body: func(base map[string]any) map[string]any {
				var first, both map[string]any
				_ = json.Unmarshal(ca.body(base), &first)
				if first == nil {
					return nil
				}
				_ = json.Unmarshal(cb.body(first), &both)
				if _, missing := ca.missingOf(); missing {
					delete(both, ca.member)
				}
				return both
			}})
		}
	}
	return out
}

// missingOf says whether the case leaves its member out.
func (c negCase) missingOf() (string, bool) {
	return c.member, strings.HasSuffix(c.id, ".missing")
}

func generatedChecks(seed uint64) []Check {
	all, err := rules.RequestSchemas()
	if err != nil {
		return []Check{{ID: "generated.schemas", Endpoint: "*", Section: "4", Severity: Must, run: func(t *T) { t.Errorf(nil, "%v", err) }}}
	}
	var out []Check
	for _, ep := range contract.Endpoints {
		cases := generatedCases(seed, ep, all[ep.Name])
		if len(cases) == 0 {
			continue
		}
		out = append(out, Check{ID: "generated." + opName(ep), Endpoint: ep.Name, Section: ep.Section, Severity: Must, run: generatedRun(ep, all[ep.Name], cases)})
	}
	return out
}

func generatedRun(ep contract.Endpoint, sch reqSchema, cases []genCase) func(t *T) {
	return func(t *T) {
		role := "read"
		if ep == contract.Verify {
			if !t.hasKey("write") {
				t.Skipf("needs a write key (--write-key or keys.write)")
				return
			}
			role = "write"
		}
		base := t.negativeBase(ep)
		cases := append(cases[:len(cases):len(cases)], valueCases(t.r.opts.Seed, ep, sch, t.r.prof)...)
		xs := make([]*Exchange, len(cases))
		defer func() { t.oneCodePerMember(ep, sch, cases, xs) }()
		t.each(len(cases), func(t *T, i int) {
			c := cases[i]
			if c.raw != nil {
				x := t.post(ep, role, c.raw(base))
				if why := c.broken(t, ep, x); why != "" {
					t.Errorf(x, "%s: %s", c.what, why)
				}
				return
			}
			body := c.body(base)
			if body == nil || c.valid && ep == contract.ListQrcodes && len(t.r.prof.Templates.Items) == 0 {
				return // no template of the target to list
			}
			x := t.post(ep, role, body)
			xs[i] = x
			if why := c.broken(t, ep, x); why != "" {
				small, sx := t.shrink(ep, role, c, body, x)
				t.Errorf(sx, "%s: %s (the smallest request that shows it: %s)", c.what, why, marshal(small))
			}
		})
	}
}

// broken says what is wrong with the answer to a generated request ("":
// nothing).
func (c genCase) broken(t *T, ep contract.Endpoint, x *Exchange) string {
	obj, _ := x.Doc.(map[string]any)
	code, isInt := intOf(obj["code"])
	if c.value {
		faults := rules.Faults(ep, []byte(x.Req.Body))
		if len(faults) == 0 {
			if x.Err == nil && (obj == nil || !isInt) {
				return "the answer is no JSON object with an integer code"
			}
			return "" // not bad input: the rules judge the answer
		}
		c.valid, c.what = false, strings.Join(faults, "; ")
	}
	switch {
	case x.Err != nil:
		return "no answer: " + x.Err.Error()
	case obj == nil || !isInt:
		return "the answer is no JSON object with an integer code"
	case c.valid && code != 0:
		return fmt.Sprintf("a value the spec allows was refused: code %d error_code %v", code, obj["error_code"])
	case !c.valid && code == 0:
		return "a request with faults (" + c.what + ") was answered with a success"
	case !c.valid && t.r.validate(errorFile(ep), x) != nil && code != 401 && code != 403:
		return "the error is not in " + ep.Name + "'s error shape"
	}
	return ""
}

// shrink drops members of a failing request one by one, keeping each
// drop after which the request still fails the same way; it returns the
// smallest body and its exchange. It costs requests only on a failure.
func (t *T) shrink(ep contract.Endpoint, role string, c genCase, body map[string]any, x *Exchange) (map[string]any, *Exchange) {
	why := c.broken(t, ep, x)
	for changed := true; changed; {
		changed = false
		for _, k := range slices.Sorted(maps.Keys(body)) {
			if slices.Contains(c.kept, k) {
				continue
			}
			smaller := copyMap(body)
			delete(smaller, k)
			sx := t.send(ep, role, smaller)
			if c.broken(t, ep, sx) == why {
				body, x, changed = smaller, sx, true
			}
		}
	}
	return body, x
}

// oneCodePerMember: the values of one member that are bad input, each
// set alone in one base body (a boolean, a word, a fraction, an object
// where an integer goes), fail one check of verify's order (§C6, step
// 2: a parameter of the wrong type), whichever comes first in the
// target's order; so they get one error_code. A target that answers one
// of them otherwise read it as a value (PHP's cast reads true as 1) and
// went on to the record's own checks with it. Only verify's codes are
// the specification's (§7); elsewhere they are the kit's (§C4). An
// enum's member is left out: a string it does not list has a code of
// its own (100325 for action_type), a value of another type 100301.
func (t *T) oneCodePerMember(ep contract.Endpoint, sch reqSchema, cases []genCase, xs []*Exchange) {
	if ep != contract.Verify {
		return
	}
	type seen struct {
		code int64
		x    *Exchange
		what string
	}
	first := map[string]seen{}
	for i, c := range cases {
		x := xs[i]
		if x == nil || x.Err != nil || len(c.kept) != 1 || c.raw != nil {
			continue
		}
		member := c.kept[0]
		if len(sch.Properties[member].Enum) > 0 {
			continue // an enum's other strings have their own code (100325, §C6)
		}
		faults := rules.Faults(ep, []byte(x.Req.Body))
		if len(faults) == 0 || len(x.Req.Members) > 0 {
			continue
		}
		alone := true
		for _, f := range faults {
			alone = alone && strings.HasPrefix(f, member+" ") && !strings.HasPrefix(f, member+" missing")
		}
		obj, _ := x.Doc.(map[string]any)
		code, isInt := intOf(obj["code"])
		ec, hasEC := intOf(obj["error_code"])
		if !alone || !isInt || !hasEC || code == 0 || code == 401 || code == 403 || code == 413 || code == 429 || code >= 500 {
			continue
		}
		params := x.Params()
		rest := make(map[string]any, len(params))
		for k, v := range params {
			if k != member {
				rest[k] = v
			}
		}
		key := member + " " + string(marshal(rest))
		s, ok := first[key]
		if !ok {
			first[key] = seen{ec, x, strings.Join(faults, "; ")}
			continue
		}
		if s.code != ec {
			t.errorfPair(x, s.x, "%s gets error_code %d, and %s in the same body error_code %d: one order of verify's checks (§C6) refuses every invalid value of one member at one step, with one code; a target that answers one otherwise read the value as another (a boolean as 1) and checked the record with it",
				strings.Join(faults, "; "), ec, s.what, s.code)
		}
	}
}
