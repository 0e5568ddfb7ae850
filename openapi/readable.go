package openapi

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
)

// Client generators read a narrower language than JSON Schema 2020-12.
// oapi-codegen and ogen decode every schema into an object, so a boolean
// schema (`"data": true`) stops them; all three generators drop if/then,
// so the record's payload and every field value came out untyped; and
// they ignore the keywords beside a $ref, and give a const or an enum
// without a type no type at all. readable rewrites the hoisted components
// into forms they do read, each with the same meaning (TestMeaning
// validates every fixture, and every value inside it, against each
// component and against the schemas/ file it came from, and wants the
// same answer):
//
//   - a boolean schema becomes its object form: true is {}, false is
//     {"not": {}} (additionalProperties keeps its boolean, which OpenAPI 3.0
//     itself defines and every generator reads);
//   - an object whose allOf is only if/then branches on one required
//     member's value, branches that split that member's enum between them,
//     becomes a oneOf of one component per branch with an OpenAPI
//     discriminator on that member: each variant is the object with the
//     member narrowed to its branch's values and the branch's members
//     written in (getRecord's payload by format, a field by field_type);
//   - a $ref with assertions beside it takes in the assertions of its
//     target when the target is a leaf that refers to nothing, so no
//     keyword is lost on a generator that reads only the $ref;
//   - a const or enum without a type gets the type of its values, a const
//     becomes an enum of one value (ogen cannot encode a typed const), and
//     an enum with null becomes a null-or-enum anyOf (oapi-codegen cannot
//     put null in a Go enum);
//   - an anyOf of bare required lists ("record_id or record_url") becomes
//     the if/then that says the same (ogen reads an anyOf as a sum type
//     and cannot name its variants; a constraint with no type belongs in
//     a keyword generators leave to validation);
//   - a number without a format says "double" (oapi-codegen would
//     otherwise type a latitude float32; format is an annotation in JSON
//     Schema 2020-12, so nothing is asserted).
//
// Each rewrite that finds its shape but not its conditions is an error,
// not a silent pass: a schema change must not quietly turn a typed union
// back into an untyped one.

// readable rewrites comps (changed in place) as described above.
func readable(comps map[string]any) error {
	for _, name := range slices.Sorted(maps.Keys(comps)) {
		if err := unions(comps, name); err != nil {
			return err
		}
	}
	for name, c := range comps {
		comps[name] = booleans(c)
	}
	for _, name := range slices.Sorted(maps.Keys(comps)) {
		if err := inlineRefSiblings(comps, comps[name]); err != nil {
			return fmt.Errorf("openapi: component %s: %w", name, err)
		}
		typeValues(comps[name])
		walk(comps[name], requiredChoice)
		walk(comps[name], doubles)
	}
	return nil
}

// walk calls fn on s and every schema under it, deepest first.
func walk(s any, fn func(map[string]any)) {
	n, ok := s.(map[string]any)
	if !ok {
		return
	}
	eachSubschema(n, func(_ string, v any, _ func(any)) { walk(v, fn) })
	fn(n)
}

// requiredChoice rewrites {"anyOf": [{"required": [a]}, {"required": [b]},
// ...]} as {"if": {"not": {"required": [a]}}, "then": <the same of the
// rest>}: valid when a is there, else when the rest holds.
func requiredChoice(n map[string]any) {
	alts, _ := n["anyOf"].([]any)
	if len(alts) < 2 || n["if"] != nil || n["then"] != nil || n["else"] != nil {
		return
	}
	for _, a := range alts {
		m, _ := a.(map[string]any)
		if len(m) != 1 || m["required"] == nil {
			return
		}
	}
	var choice func(alts []any) map[string]any
	choice = func(alts []any) map[string]any {
		if len(alts) == 1 {
			return alts[0].(map[string]any)
		}
		return map[string]any{"if": map[string]any{"not": alts[0]}, "then": choice(alts[1:])}
	}
	delete(n, "anyOf")
	maps.Copy(n, choice(alts))
}

// doubles gives a number with no format the format "double".
func doubles(n map[string]any) {
	if n["type"] == "number" && n["format"] == nil {
		n["format"] = "double"
	}
}

// schemaKeywords hold one subschema; schemaMaps a map of them; schemaLists
// a list of them. Every other keyword holds a value.
var (
	schemaKeywords = []string{"additionalProperties", "items", "not", "if", "then", "else", "contains",
		"propertyNames", "unevaluatedItems", "unevaluatedProperties", "contentSchema"}
	schemaMaps  = []string{"properties", "patternProperties", "$defs", "dependentSchemas"}
	schemaLists = []string{"allOf", "anyOf", "oneOf", "prefixItems"}
)

// eachSubschema calls fn on every direct subschema of n with a setter that
// replaces it.
func eachSubschema(n map[string]any, fn func(keyword string, v any, set func(any))) {
	for _, k := range schemaKeywords {
		if v, ok := n[k]; ok {
			fn(k, v, func(to any) { n[k] = to })
		}
	}
	for _, k := range schemaMaps {
		if m, ok := n[k].(map[string]any); ok {
			for name, v := range m {
				fn(k, v, func(to any) { m[name] = to })
			}
		}
	}
	for _, k := range schemaLists {
		if l, ok := n[k].([]any); ok {
			for i, v := range l {
				fn(k, v, func(to any) { l[i] = to })
			}
		}
	}
}

// booleans returns s with every boolean schema in it written as an object.
func booleans(s any) any {
	switch b := s.(type) {
	case bool:
		if b {
			return map[string]any{}
		}
		return map[string]any{"not": map[string]any{}}
	case map[string]any:
		eachSubschema(b, func(keyword string, v any, set func(any)) {
			// additionalProperties is the one place OpenAPI 3.0 defines a
			// boolean, and every generator reads it there.
			if _, isBool := v.(bool); isBool && keyword == "additionalProperties" {
				return
			}
			set(booleans(v))
		})
	}
	return s
}

// unions turns the component name into a discriminated oneOf when it has
// the shape (see readable); the variants become components beside it.
func unions(comps map[string]any, name string) error {
	n, ok := comps[name].(map[string]any)
	if !ok {
		return nil
	}
	member, branches, ok := ifThenOn(n)
	if !ok {
		return nil
	}
	fail := func(format string, a ...any) error {
		return fmt.Errorf("openapi: component %s: if/then on %s: %s", name, member, fmt.Sprintf(format, a...))
	}
	props, _ := n["properties"].(map[string]any)
	all, ok := enumOf(comps, props[member])
	if !ok || !slices.Contains(anyStrings(n["required"]), member) {
		return fail("the member is not required with an enum of strings")
	}
	covered := map[string]bool{}
	oneOf := make([]any, 0, len(branches))
	mapping := map[string]any{}
	for _, b := range branches {
		vname := name + "." + variantName(comps, b)
		if _, dup := comps[vname]; dup {
			return fail("variant %s is named twice", vname)
		}
		for _, v := range b.values {
			if covered[v] || !slices.Contains(all, v) {
				return fail("value %q is in two branches or not in the enum", v)
			}
			covered[v] = true
			mapping[v] = componentsPrefix + vname
		}
		variant, err := narrow(n, member, b)
		if err != nil {
			return fail("%v", err)
		}
		if t, ok := variant["title"].(string); ok {
			variant["title"] = t + " (" + variantName(comps, b) + ")"
		}
		comps[vname] = variant
		oneOf = append(oneOf, map[string]any{"$ref": componentsPrefix + vname})
	}
	if len(covered) != len(all) {
		return fail("the branches cover %d of the %d values", len(covered), len(all))
	}
	union := map[string]any{
		"oneOf":         oneOf,
		"discriminator": map[string]any{"propertyName": member, "mapping": mapping},
	}
	for _, k := range []string{"title", "description"} {
		if v, ok := n[k]; ok {
			union[k] = v
		}
	}
	comps[name] = union
	return nil
}

// branch is one if/then of a union: the member's values it matches and
// the members it then constrains.
type branch struct {
	values []string
	then   map[string]any
}

// ifThenOn recognizes an object whose allOf is only if/then branches, every
// if requiring the same member and giving it a const or an enum of strings.
func ifThenOn(n map[string]any) (member string, branches []branch, ok bool) {
	all, _ := n["allOf"].([]any)
	if len(all) == 0 {
		return "", nil, false
	}
	for _, a := range all {
		b, _ := a.(map[string]any)
		iff, _ := b["if"].(map[string]any)
		then, _ := b["then"].(map[string]any)
		if len(b) != 2 || iff == nil || then == nil || len(iff) != 2 || len(then) != 1 {
			return "", nil, false
		}
		req := anyStrings(iff["required"])
		props, _ := iff["properties"].(map[string]any)
		thenProps, _ := then["properties"].(map[string]any)
		if len(req) != 1 || len(props) != 1 || thenProps == nil || (member != "" && req[0] != member) {
			return "", nil, false
		}
		member = req[0]
		cond, _ := props[member].(map[string]any)
		values, ok := literalStrings(cond)
		if !ok || len(cond) != 1 {
			return "", nil, false
		}
		branches = append(branches, branch{values, thenProps})
	}
	return member, branches, true
}

// literalStrings reads {"const": "x"} or {"enum": ["x", "y"]}.
func literalStrings(s map[string]any) ([]string, bool) {
	if c, ok := s["const"].(string); ok {
		return []string{c}, true
	}
	e, ok := s["enum"].([]any)
	out := anyStrings(e)
	return out, ok && len(out) == len(e) && len(e) > 0
}

// enumOf reads the values a member's schema allows, following one $ref.
func enumOf(comps map[string]any, s any) ([]string, bool) {
	m, _ := s.(map[string]any)
	if ref, ok := m["$ref"].(string); ok {
		m, _ = comps[strings.TrimPrefix(ref, componentsPrefix)].(map[string]any)
	}
	if m == nil {
		return nil, false
	}
	return literalStrings(map[string]any{"enum": m["enum"], "const": m["const"]})
}

// variantName names a branch's component: its value when it has one, else
// the target of the one $ref it puts on a member ("record.OcrValue" →
// "Ocr").
func variantName(comps map[string]any, b branch) string {
	if len(b.values) == 1 {
		return b.values[0]
	}
	for _, k := range slices.Sorted(maps.Keys(b.then)) {
		if m, ok := b.then[k].(map[string]any); ok {
			if ref, ok := m["$ref"].(string); ok {
				parts := strings.Split(ref, ".")
				return strings.ToLower(strings.TrimSuffix(parts[len(parts)-1], "Value"))
			}
		}
	}
	return strings.Join(b.values, "_")
}

// narrow writes the variant of object n for branch b: n without its allOf,
// the member's schema replaced by the branch's values, and each member the
// branch constrains replaced by the branch's schema (when n's own says
// nothing of the value) or merged with it (when their keywords differ).
func narrow(n map[string]any, member string, b branch) (map[string]any, error) {
	v := deepCopy(n).(map[string]any)
	delete(v, "allOf")
	props := v["properties"].(map[string]any)
	enum := make([]any, len(b.values))
	for i, s := range b.values {
		enum[i] = s
	}
	props[member] = map[string]any{"type": "string", "enum": enum}
	for k, then := range b.then {
		t, ok := deepCopy(then).(map[string]any)
		if !ok {
			return nil, fmt.Errorf("then of %s is not an object schema", k)
		}
		base, _ := props[k].(map[string]any)
		if b, isBool := props[k].(bool); (isBool && b) || (!isBool && len(base) == 0) {
			props[k] = t
			continue
		}
		if base == nil {
			return nil, fmt.Errorf("member %s is false or missing", k)
		}
		for kw, val := range t {
			if _, clash := base[kw]; clash {
				return nil, fmt.Errorf("member %s: keyword %s in both the object and the branch", k, kw)
			}
			base[kw] = val
		}
	}
	return v, nil
}

// inlineRefSiblings walks s: where a $ref has assertions beside it, the
// target's own keywords (a leaf: no $ref, no subschema) are written in
// and the $ref dropped.
func inlineRefSiblings(comps map[string]any, s any) error {
	n, ok := s.(map[string]any)
	if !ok {
		return nil
	}
	var err error
	eachSubschema(n, func(_ string, v any, _ func(any)) {
		if err == nil {
			err = inlineRefSiblings(comps, v)
		}
	})
	if err != nil {
		return err
	}
	ref, ok := n["$ref"].(string)
	if !ok || !hasAssertions(n) {
		return nil
	}
	target, _ := comps[strings.TrimPrefix(ref, componentsPrefix)].(map[string]any)
	for k, v := range target {
		if annotations[k] {
			continue
		}
		if _, clash := n[k]; clash || k == "$ref" || isSchemaKeyword(k) {
			return fmt.Errorf("$ref %s beside %v: its target's %s cannot be written in", ref, slices.Sorted(maps.Keys(n)), k)
		}
		n[k] = v
	}
	delete(n, "$ref")
	return nil
}

// annotations are keywords that assert nothing.
var annotations = map[string]bool{"title": true, "description": true, "examples": true, "default": true,
	"deprecated": true, "readOnly": true, "writeOnly": true, "$comment": true}

// hasAssertions: n says something besides its $ref and annotations.
func hasAssertions(n map[string]any) bool {
	for k := range n {
		if k != "$ref" && !annotations[k] {
			return true
		}
	}
	return false
}

func isSchemaKeyword(k string) bool {
	return slices.Contains(schemaKeywords, k) || slices.Contains(schemaMaps, k) || slices.Contains(schemaLists, k)
}

// typeValues walks s: a const or an enum with no type gets the JSON types
// of its values (which it only ever admits anyway).
func typeValues(s any) {
	n, ok := s.(map[string]any)
	if !ok {
		return
	}
	eachSubschema(n, func(_ string, v any, _ func(any)) { typeValues(v) })
	if c, has := n["const"]; has && n["enum"] == nil {
		n["enum"] = []any{c}
		delete(n, "const")
	}
	if _, typed := n["type"]; typed || n["$ref"] != nil {
		return
	}
	values, ok := n["enum"].([]any)
	if !ok {
		return
	}
	seen := map[string]bool{}
	for _, v := range values {
		seen[jsonType(v)] = true
	}
	if seen["integer"] && seen["number"] {
		delete(seen, "integer")
	}
	types := slices.Sorted(maps.Keys(seen))
	sort.SliceStable(types, func(i, j int) bool { return types[j] == "null" && types[i] != "null" })
	if len(types) == 1 {
		n["type"] = types[0]
		return
	}
	list := make([]any, len(types))
	for i, t := range types {
		list[i] = t
	}
	n["type"] = list
	nullOr(n)
}

// nullOr splits an enum of values and null ({"type": ["integer", "null"],
// "enum": [0, 1, null]}) into {"anyOf": [{"type": "null"}, {"type":
// "integer", "enum": [0, 1]}]}: generators that map an enum to a Go or
// TypeScript enum of one type stop at the null.
func nullOr(n map[string]any) {
	types := anyStrings(n["type"])
	values, _ := n["enum"].([]any)
	if len(types) != 2 || types[1] != "null" || !slices.Contains(values, nil) {
		return
	}
	rest := slices.DeleteFunc(slices.Clone(values), func(v any) bool { return v == nil })
	delete(n, "type")
	delete(n, "enum")
	n["anyOf"] = []any{map[string]any{"type": "null"}, map[string]any{"type": types[0], "enum": rest}}
}

// jsonType is the JSON Schema type of a decoded value (numbers decoded as
// json.Number).
func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		if _, err := x.Int64(); err == nil {
			return "integer"
		}
		return "number"
	case []any:
		return "array"
	default:
		return "object"
	}
}

// anyStrings keeps the strings of a decoded JSON list.
func anyStrings(v any) []string {
	l, _ := v.([]any)
	out := make([]string, 0, len(l))
	for _, x := range l {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// deepCopy copies a decoded JSON tree.
func deepCopy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, sub := range x {
			out[k] = deepCopy(sub)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, sub := range x {
			out[i] = deepCopy(sub)
		}
		return out
	}
	return v
}
