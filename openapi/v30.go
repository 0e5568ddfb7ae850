package openapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Version30 is the version of the document for tools that read only
// OpenAPI 3.0 (those built on kin-openapi, older generators).
const Version30 = "3.0.3"

// OpenAPI 3.0's schemas are a dialect of their own, older than JSON Schema
// 2020-12: no null type (a schema says nullable instead), exclusiveMinimum
// and exclusiveMaximum are booleans beside minimum and maximum, no if/then,
// no const, and a $ref stands alone (3.0 ignores what sits beside it).
// down30 writes the 3.1 document in that dialect, each construct in the
// form 3.0 has for the same meaning (TestMeaning30 reads the result back
// and validates the fixtures against it), and lists what it had to leave
// out: what 3.0 cannot say.

// JSON30 returns the OpenAPI 3.0.3 document, indented like JSON, and what
// 3.0 could not say of the 3.1 document, one sorted line each.
func JSON30() (doc []byte, lost []string, err error) {
	data, err := JSON()
	if err != nil {
		return nil, nil, err
	}
	tree, err := decode(data)
	if err != nil {
		return nil, nil, err
	}
	lost = down30(tree)
	// The members in the order of the 3.1 document (a map would sort them).
	var buf bytes.Buffer
	buf.WriteString("{")
	for i, k := range order30 {
		v, ok := tree[k]
		if !ok {
			continue
		}
		var member bytes.Buffer
		enc := json.NewEncoder(&member)
		enc.SetEscapeHTML(false)
		enc.SetIndent("  ", "  ")
		if err := enc.Encode(v); err != nil {
			return nil, nil, fmt.Errorf("openapi: encode 3.0 %s: %w", k, err)
		}
		if i > 0 {
			buf.WriteString(",")
		}
		fmt.Fprintf(&buf, "\n  %q: %s", k, bytes.TrimRight(member.Bytes(), "\n"))
		delete(tree, k)
	}
	if len(tree) > 0 {
		return nil, nil, fmt.Errorf("openapi: 3.0: members %v have no place in the order", slices.Sorted(maps.Keys(tree)))
	}
	buf.WriteString("\n}\n")
	return buf.Bytes(), lost, nil
}

// order30 is the order of a 3.0 document's members.
var order30 = []string{"openapi", "info", "servers", "security", "tags", "paths", "components"}

// decode reads a JSON object, numbers kept exact and members in the order
// encoding/json writes them back (sorted), as the 3.1 document has them.
func decode(data []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var tree map[string]any
	if err := dec.Decode(&tree); err != nil {
		return nil, fmt.Errorf("openapi: decode: %w", err)
	}
	return tree, nil
}

// down30 rewrites the decoded 3.1 document as 3.0.3 in place and returns
// what could not be said.
func down30(tree map[string]any) []string {
	lost := map[string]int{}
	tree["openapi"] = Version30
	delete(tree, "jsonSchemaDialect")
	if info, ok := tree["info"].(map[string]any); ok {
		if lic, ok := info["license"].(map[string]any); ok {
			if id, ok := lic["identifier"].(string); ok {
				delete(lic, "identifier")
				// A listed SPDX license has a page of its own; a
				// LicenseRef- names terms SPDX does not list.
				switch {
				case lic["url"] != nil:
				case !strings.HasPrefix(id, "LicenseRef-"):
					lic["url"] = "https://spdx.org/licenses/" + id + ".html"
				default:
					lost[fmt.Sprintf("info.license.identifier (%s): a 3.0 license has a name and a url only", id)]++
				}
			}
		}
	}
	comps, _ := tree["components"].(map[string]any)
	schemas, _ := comps["schemas"].(map[string]any)
	for _, name := range slices.Sorted(maps.Keys(schemas)) {
		if s, ok := schemas[name].(map[string]any); ok {
			schema30(schemas, s, lost)
		}
	}
	out := make([]string, 0, len(lost))
	for _, what := range slices.Sorted(maps.Keys(lost)) {
		line := what
		if n := lost[what]; n > 1 {
			line = fmt.Sprintf("%s (%d places)", what, n)
		}
		out = append(out, line)
	}
	return out
}

// keywords30 are the members a 3.0 schema object may have (besides x-).
var keywords30 = map[string]bool{
	"title": true, "multipleOf": true, "maximum": true, "exclusiveMaximum": true, "minimum": true,
	"exclusiveMinimum": true, "maxLength": true, "minLength": true, "pattern": true, "maxItems": true,
	"minItems": true, "uniqueItems": true, "maxProperties": true, "minProperties": true, "required": true,
	"enum": true, "type": true, "allOf": true, "oneOf": true, "anyOf": true, "not": true, "items": true,
	"properties": true, "additionalProperties": true, "description": true, "format": true, "default": true,
	"nullable": true, "discriminator": true, "readOnly": true, "writeOnly": true, "xml": true,
	"externalDocs": true, "example": true, "deprecated": true, "$ref": true,
}

// schema30 rewrites one schema and everything under it, outermost first
// (a null member of an anyOf is read by its parent).
func schema30(comps map[string]any, s map[string]any, lost map[string]int) {
	nullableUnion(comps, s)
	nullableType(s, lost)
	ifThen30(s)
	if c, ok := s["const"]; ok && s["enum"] == nil {
		s["enum"] = []any{c}
		delete(s, "const")
	}
	for k, bound := range map[string]string{"exclusiveMinimum": "minimum", "exclusiveMaximum": "maximum"} {
		if n, ok := s[k].(json.Number); ok {
			s[bound], s[k] = n, true
		}
	}
	if ex, ok := s["examples"].([]any); ok && s["example"] == nil && len(ex) > 0 {
		s["example"] = ex[0]
		delete(s, "examples")
	}
	if _, isRef := s["$ref"]; isRef {
		for k := range s {
			if k != "$ref" {
				lost[fmt.Sprintf("%q beside a $ref: 3.0 ignores what sits beside a $ref (an annotation only)", k)]++
			}
		}
	}
	for k := range s {
		if !keywords30[k] && !strings.HasPrefix(k, "x-") {
			lost[fmt.Sprintf("the %q keyword: 3.0 has none", k)]++
			delete(s, k)
		}
	}
	eachSubschema(s, func(_ string, v any, _ func(any)) {
		if m, ok := v.(map[string]any); ok {
			schema30(comps, m, lost)
		}
	})
}

// nullableType writes {"type": ["string", "null"]} as {"type": "string",
// "nullable": true}.
func nullableType(s map[string]any, lost map[string]int) {
	types, ok := s["type"].([]any)
	if !ok {
		return
	}
	var rest []any
	for _, t := range types {
		if t == "null" {
			s["nullable"] = true
		} else {
			rest = append(rest, t)
		}
	}
	switch len(rest) {
	case 1:
		s["type"] = rest[0]
	default:
		// Not in this document; written as an anyOf of one type each.
		delete(s, "type")
		alts := make([]any, len(rest))
		for i, t := range rest {
			alts[i] = map[string]any{"type": t}
		}
		s["anyOf"] = alts
		if len(rest) == 0 {
			lost[`"type": "null" alone: 3.0 has no null type`]++
		}
	}
}

// nullableUnion writes {"anyOf": [{"type": "null"}, X]} as X with
// "nullable": true: X's keywords written in when X is inline, else
// {"type": <X's type>, "nullable": true, "allOf": [X]} (3.0.3 lets
// nullable add null only beside a type).
func nullableUnion(comps map[string]any, s map[string]any) {
	for _, k := range []string{"anyOf", "oneOf"} {
		alts, _ := s[k].([]any)
		if len(alts) != 2 {
			continue
		}
		i := slices.IndexFunc(alts, func(a any) bool {
			m, _ := a.(map[string]any)
			return len(m) == 1 && m["type"] == "null"
		})
		if i < 0 {
			continue
		}
		other, _ := alts[1-i].(map[string]any)
		delete(s, k)
		s["nullable"] = true
		if ref, ok := other["$ref"].(string); ok {
			target, _ := comps[strings.TrimPrefix(ref, componentsPrefix)].(map[string]any)
			if t, ok := target["type"].(string); ok {
				s["type"] = t
			}
			s["allOf"] = []any{other}
			continue
		}
		for kw, v := range other {
			s[kw] = v
		}
		if enum, ok := s["enum"].([]any); ok {
			s["enum"] = append(enum, nil)
		}
	}
}

// ifThen30 writes "if A then B" as "not (A and not B)", which 3.0 has.
func ifThen30(s map[string]any) {
	iff, ok := s["if"]
	if !ok {
		return
	}
	then, hasThen := s["then"]
	els, hasElse := s["else"]
	delete(s, "if")
	delete(s, "then")
	delete(s, "else")
	var rules []any
	if hasThen {
		rules = append(rules, map[string]any{"not": map[string]any{"allOf": []any{iff, map[string]any{"not": then}}}})
	}
	if hasElse {
		rules = append(rules, map[string]any{"not": map[string]any{"allOf": []any{map[string]any{"not": iff}, map[string]any{"not": els}}}})
	}
	if len(rules) == 1 && s["not"] == nil {
		maps.Copy(s, rules[0].(map[string]any))
		return
	}
	all, _ := s["allOf"].([]any)
	s["allOf"] = append(all, rules...)
}
