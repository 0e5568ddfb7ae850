package scenario

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"weak"

	"github.com/rtq-kit/rtq/schemas"
)

// schemaFile is the scenario schema inside the schemas package.
const schemaFile = "scenario.json"

// A violation is one failed rule of the scenario schema at one place of a
// document, as a validator found it. Both validators give these: the JSON
// Schema library in the binary (schema.go), and in the WebAssembly module,
// which cannot afford that library's start-up, the small one of lite.go.
// The words a person reads are made from a violation here, once, so the
// binary and the module refuse a scenario with the same messages.
type violation struct {
	// loc is the instance location, as JSON pointer tokens.
	loc []string
	// node is the schema object whose keyword failed.
	node map[string]any
	// keyword is the rule: "type", "enum", "format", "required",
	// "additionalProperties", "minItems", "uniqueItems", "minLength",
	// "pattern", "minimum", "maximum", "exclusiveMinimum"; "" for any other
	// (text then words it).
	keyword string
	// names are the unknown members (additionalProperties) or the missing
	// ones (required).
	names []string
	// dup are the indexes of two equal items (uniqueItems).
	dup [2]int
	// text is the validator's own words for a rule of no keyword above.
	text string
}

// structure is the compiled scenario schema plus its raw JSON, which the
// messages read to list allowed fields and describe missing ones.
// validate lists the violations of a document's tree.
type structure struct {
	raw      map[string]any
	validate func(tree any) ([]violation, error)
}

// loadStructure returns the compiled scenario schema, compiling it when no
// load holds it any more. It is kept through a weak pointer: a long-running
// mock loads a scenario at start and maybe on a reload much later, and
// keeping the compiled schema (about 0.3 MB of pointers the garbage
// collector would scan on every cycle) between the two costs more than
// compiling it again (a few milliseconds). Loads close together share one
// compile. The result is never modified, so sharing it is safe.
func loadStructure() (*structure, error) {
	structureMu.Lock()
	defer structureMu.Unlock()
	if st := structureCache.Value(); st != nil {
		return st, nil
	}
	st, err := compileStructure()
	if err != nil {
		return nil, err
	}
	structureCache = weak.Make(st)
	return st, nil
}

var (
	structureMu    sync.Mutex
	structureCache weak.Pointer[structure]
)

// rawSchema is the scenario schema as plain JSON, numbers as written.
func rawSchema() (map[string]any, error) {
	data, err := schemas.FS.ReadFile(schemaFile)
	if err != nil {
		return nil, fmt.Errorf("read scenario schema: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var raw map[string]any
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("parse scenario schema: %w", err)
	}
	return raw, nil
}

// check validates one file's tree and adds a problem per failed rule.
func (st *structure) check(src *source, ps *problems) {
	all, err := st.validate(src.tree)
	if err != nil {
		ps.add(at{src, ""}, "cannot validate: %v", err)
		return
	}
	reportAll(src, all, ps)
}

// reportAll adds a problem per violation of src's tree, then takes from
// the tree what the typed decode must not see.
func reportAll(src *source, all []violation, ps *problems) {
	typos := map[string]bool{} // path + "\x00" + the field a typo stands for
	for _, v := range all {
		if v.keyword == "additionalProperties" {
			allowed := properties(v.node)
			for _, p := range v.names {
				typos[yamlPath(v.loc)+"\x00"+closest(p, allowed)] = true
			}
		}
	}
	for _, v := range all {
		report(src, v, typos, ps)
	}
	for _, v := range all {
		switch v.keyword {
		case "additionalProperties":
			dropMembers(src.tree, v.loc, v.names)
		case "enum":
			enum, _ := v.node["enum"].([]any)
			if !sameKind(valueAt(src.tree, v.loc), enum) { // type: normal where a number is wanted
				dropValue(src.tree, v.loc)
			}
		}
	}
}

// valueAt is the value at a JSON pointer's tokens in a document's tree.
func valueAt(tree any, loc []string) any {
	node := tree
	for _, tok := range loc {
		switch n := node.(type) {
		case map[string]any:
			node = n[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(n) {
				return nil
			}
			node = n[i]
		default:
			return nil
		}
	}
	return node
}

// sameKind says whether got is of the JSON kind of one of want: a value
// of another kind cannot be decoded into the Go field, which would stop
// the decode and hide every reference problem behind this one.
func sameKind(got any, want []any) bool {
	for _, w := range want {
		if valueKind(got) == valueKind(w) {
			return true
		}
	}
	return false
}

// valueKind is the JSON kind of a decoded value, whole numbers apart from
// fractions, whatever Go type the decoder chose for them.
func valueKind(v any) string {
	var f float64
	switch n := v.(type) {
	case json.Number:
		x, err := n.Float64()
		if err != nil {
			return "number"
		}
		f = x
	case float64:
		f = n
	case float32:
		f = float64(n)
	case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return "integer"
	default:
		return jsonKind(v)
	}
	if f == math.Trunc(f) {
		return "integer"
	}
	return "number"
}

// dropValue removes a member already reported from the tree before the
// typed decode, so that the rest of the document is still decoded and
// checked in the same pass; its path is blocked, so nothing else is said
// about the member it leaves unset.
func dropValue(tree any, loc []string) {
	if len(loc) == 0 {
		return
	}
	dropMembers(tree, loc[:len(loc)-1], loc[len(loc)-1:])
}

// dropMembers removes reported unknown members from the tree before the
// typed decode: encoding/json matches names case-insensitively, and
// "qrCodes" must stay an unknown field, not become qrcodes.
func dropMembers(tree any, loc []string, names []string) {
	if m, ok := valueAt(tree, loc).(map[string]any); ok {
		for _, name := range names {
			delete(m, name)
		}
	}
}

// report words one failed rule for a person editing YAML by hand, from
// the rule, the schema's object and the document's value. Only a wrong
// type or a missing member makes the decoded document too unreliable for
// reference checks; the other rules leave it usable.
func report(src *source, v violation, typos map[string]bool, ps *problems) {
	path := yamlPath(v.loc)
	here := at{src, path}
	ps.hard = ps.hard || breaksDecode(v, path, typos)
	got := valueAt(src.tree, v.loc)
	want := v.node[v.keyword]
	switch v.keyword {
	case "additionalProperties":
		allowed := properties(v.node)
		for _, p := range v.names {
			ps.add(here.child(p), "unknown field %q: %s", p, suggest(p, allowed))
			ps.block(here.child(p))
		}
		return
	case "required":
		for _, m := range v.names {
			if !typos[path+"\x00"+m] { // the typo's "did you mean" says it
				ps.add(here, "missing required field %q (%s)", m, describe(v.node, m))
			}
		}
		return
	case "type":
		ps.add(here, "is %s, want %s", article(typeOf(got)), strings.Join(typeNames(want), " or "))
	case "enum":
		enum, _ := want.([]any)
		ps.add(here, "%s is not one of %s", show(got), joinAny(enum))
	case "pattern":
		ps.add(here, "%q %s", got, patternHint(fmt.Sprint(want)))
	case "minItems":
		items, _ := got.([]any)
		ps.add(here, "needs at least %v item(s), has %d", want, len(items))
	case "minLength":
		s, _ := got.(string)
		ps.add(here, "is %d character(s) long, needs at least %v", utf8.RuneCountInString(s), want)
	case "format":
		ps.add(here, "%s is not a valid %s", show(got), want)
	case "minimum":
		ps.add(here, "is %v, less than the minimum %v", got, want)
	case "maximum":
		ps.add(here, "is %v, more than the maximum %v", got, want)
	case "exclusiveMinimum":
		ps.add(here, "is %v, must be more than %v", got, want)
	case "uniqueItems":
		ps.add(here, "items [%d] and [%d] are equal: list each once", v.dup[0], v.dup[1])
	default:
		ps.add(here, "%s", v.text)
	}
	ps.block(here)
}

// breaksDecode: a wrong type, or a missing member that no typo explains.
func breaksDecode(v violation, path string, typos map[string]bool) bool {
	switch v.keyword {
	case "type", "false":
		return true
	case "required":
		for _, m := range v.names {
			if !typos[path+"\x00"+m] {
				return true
			}
		}
	}
	return false
}

// jsonTypes are the JSON Schema type names in the order validators list
// the types a value may have.
var jsonTypes = []string{"null", "boolean", "number", "integer", "string", "array", "object"}

// typeNames is a "type" keyword's value as its names, in jsonTypes' order.
func typeNames(want any) []string {
	set := map[string]bool{}
	switch w := want.(type) {
	case string:
		set[w] = true
	case []any:
		for _, t := range w {
			if s, ok := t.(string); ok {
				set[s] = true
			}
		}
	}
	var out []string
	for _, t := range jsonTypes {
		if set[t] {
			out = append(out, t)
		}
	}
	return out
}

// typeOf is the JSON Schema type of a value of a document's tree: every
// number is a "number" (whether it is also an integer is the schema's
// question, not the value's).
func typeOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number, float64, float32, int, int64:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

// schemaNode follows the fragment of a schema URL into the raw schema.
func schemaNode(raw map[string]any, schemaURL string) map[string]any {
	_, frag, _ := strings.Cut(schemaURL, "#")
	node := raw
	for _, tok := range strings.Split(strings.TrimPrefix(frag, "/"), "/") {
		if tok == "" {
			continue
		}
		tok, _ = url.PathUnescape(tok)
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		next, ok := node[tok].(map[string]any)
		if !ok {
			return nil
		}
		node = next
	}
	return node
}

// properties are the member names a schema object declares, sorted.
func properties(node map[string]any) []string {
	props, _ := node["properties"].(map[string]any)
	names := make([]string, 0, len(props))
	for n := range props {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// describe is a declared member's description, for a missing one.
func describe(node map[string]any, prop string) string {
	props, _ := node["properties"].(map[string]any)
	p, _ := props[prop].(map[string]any)
	if d, ok := p["description"].(string); ok {
		return strings.TrimSuffix(d, ".")
	}
	return "see docs/scenarios.md"
}

// yamlPath writes a JSON pointer's tokens as a YAML path: forms[3].name.
func yamlPath(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		if isDigits(t) {
			b.WriteString("[" + t + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(t)
	}
	return b.String()
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func show(v any) string {
	if s, ok := v.(string); ok {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprint(v)
}

func joinAny(vs []any) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = fmt.Sprint(v)
	}
	return strings.Join(parts, ", ")
}

func patternHint(pattern string) string {
	switch pattern {
	case "^[A-Za-z0-9_-]+$":
		return "may hold only letters, digits, _ and - (it becomes part of a URL)"
	case "^#[0-9A-Fa-f]{6}$":
		return "is not a colour: write #RRGGBB, e.g. \"#52C41A\""
	}
	return "does not match " + pattern
}
