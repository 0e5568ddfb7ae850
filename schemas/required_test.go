package schemas

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// requirement is one required member found in a document: the object at
// tokens must hold name, by the rule at loc (schema location).
type requirement struct {
	tokens []string
	name   string
	loc    string
	trail  string // the schemas walked from the root to loc
}

// requirements walks a valid document alongside its compiled schema and
// returns every required member the document satisfies, so deleting any of
// them must break validation. It follows $ref, allOf, the branch of if/then
// that applies, properties and items; of anyOf/oneOf only the branch that
// alone matches (several matching means no single member is essential).
func requirements(sch *jsonschema.Schema, v any, tokens []string, trail string) []requirement {
	if sch == nil {
		return nil
	}
	trail += " " + sch.Location
	var out []requirement
	sub := func(s *jsonschema.Schema, v any, tokens []string) {
		out = append(out, requirements(s, v, tokens, trail)...)
	}
	sub(sch.Ref, v, tokens)
	for _, s := range sch.AllOf {
		sub(s, v, tokens)
	}
	if sch.If != nil {
		if sch.If.Validate(v) == nil {
			sub(sch.Then, v, tokens)
		} else {
			sub(sch.Else, v, tokens)
		}
	}
	if only := soleMatch(append(sch.AnyOf, sch.OneOf...), v); only != nil {
		sub(only, v, tokens)
	}
	switch v := v.(type) {
	case map[string]any:
		for _, name := range sch.Required {
			if _, ok := v[name]; ok {
				out = append(out, requirement{slicesClone(tokens), name, sch.Location, trail})
			}
		}
		for name, ps := range sch.Properties {
			if pv, ok := v[name]; ok {
				sub(ps, pv, append(slicesClone(tokens), name))
			}
		}
	case []any:
		for i, e := range v {
			sub(sch.Items2020, e, append(slicesClone(tokens), fmt.Sprint(i)))
		}
	}
	return out
}

func soleMatch(alts []*jsonschema.Schema, v any) *jsonschema.Schema {
	var match *jsonschema.Schema
	for _, a := range alts {
		if a.Validate(v) == nil {
			if match != nil {
				return nil
			}
			match = a
		}
	}
	return match
}

func slicesClone(s []string) []string { return append([]string(nil), s...) }

// without returns a deep copy of doc with the member at tokens+name removed.
func without(doc any, tokens []string, name string) any {
	switch d := doc.(type) {
	case map[string]any:
		c := make(map[string]any, len(d))
		for k, v := range d {
			c[k] = v
		}
		if len(tokens) == 0 {
			delete(c, name)
			return c
		}
		c[tokens[0]] = without(d[tokens[0]], tokens[1:], name)
		return c
	case []any:
		c := append([]any(nil), d...)
		var i int
		fmt.Sscan(tokens[0], &i)
		c[i] = without(d[i], tokens[1:], name)
		return c
	}
	return doc
}

// requiredCases deletes, one at a time, every required member of every
// valid fixture (once per way of reaching its rule: one ImageItem.url in an
// image field, one in a checklist, one in an OCR value...); each case expects a problem at the member's parent naming
// the member. exercised collects "<schema location> <member>" of each.
func requiredCases(t *testing.T, s *Set) (cases []docCase, exercised map[string]bool) {
	t.Helper()
	exercised = map[string]bool{}
	for _, name := range fixtureFiles(t) {
		m := fixtureName.FindStringSubmatch(name)
		if m == nil || m[2] != "valid" {
			continue
		}
		file := m[1] + ".json"
		sch, _ := s.Schema(file)
		doc := readFixture(t, name)
		seen := map[string]bool{}
		for _, r := range requirements(sch, doc, nil, "") {
			if file != "record.json" && strings.HasPrefix(r.loc, BaseURL+"record.json#") {
				continue // record.valid.json covers the Record once, not twice
			}
			if seen[r.trail+" "+r.name] {
				continue // the same rule reached the same way (23 OCR fields)
			}
			seen[r.trail+" "+r.name] = true
			exercised[r.loc+" "+r.name] = true
			ptr := pointer(r.tokens)
			cases = append(cases, docCase{
				file: file, name: fmt.Sprintf("req-%d", len(cases)), doc: without(doc, r.tokens, r.name),
				pointer: ptr, rule: fmt.Sprintf("%q", r.name),
			})
		}
	}
	return cases, exercised
}

// TestDeletingAnyRequiredMemberIsRejected runs requiredCases, then checks
// that every required list in the kit's schema files was exercised, so no
// rule goes untested.
func TestDeletingAnyRequiredMemberIsRejected(t *testing.T) {
	t.Parallel() // the three slow walks overlap
	s := compiled(t)
	cases, exercised := requiredCases(t, s)
	for _, c := range cases {
		checkCase(t, s, c)
	}
	for _, want := range declaredRequirements(t) {
		if !exercised[want] {
			t.Errorf("no valid fixture exercises required member %s", want)
		}
	}
}

// declaredRequirements lists "<schema location> <member>" for every required
// list in the kit's message schemas, except conditions inside "if".
func declaredRequirements(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, f := range append(messageFiles(), "record.json", "common.json") {
		doc, err := readJSON(f)
		if err != nil {
			t.Fatal(err)
		}
		walkRequired(doc, BaseURL+f+"#", func(loc string, names []any) {
			for _, n := range names {
				out = append(out, fmt.Sprintf("%s %s", loc, n))
			}
		})
	}
	sort.Strings(out)
	return out
}

func walkRequired(doc any, loc string, fn func(string, []any)) {
	switch v := doc.(type) {
	case map[string]any:
		for k, e := range v {
			switch {
			case k == "if":
			case k == "required":
				if names, ok := e.([]any); ok {
					fn(loc, names)
				}
			default:
				walkRequired(e, loc+"/"+strings.ReplaceAll(k, "/", "~1"), fn)
			}
		}
	case []any:
		for i, e := range v {
			walkRequired(e, fmt.Sprintf("%s/%d", loc, i), fn)
		}
	}
}
