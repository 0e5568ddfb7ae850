package scenario

import (
	"encoding/json"
	"fmt"
	"maps"
	"math/big"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rtq-kit/rtq/schemas"
)

// The WebAssembly module checks a scenario against the scenario schema
// with this small validator: the JSON Schema library's package compiles
// every draft's meta-schema when a program starts, longer in WebAssembly
// than the module's whole start budget. It knows only the keywords
// schemas/scenario.json uses, and refuses to compile a schema with any
// other, so a new keyword cannot be silently ignored. It reports the
// violations the library reports, in the library's order within one
// value; TestLiteEqualsTheLibrary holds the two equal over every scenario
// of the repository and thousands of mutations of them.

// liteNode is one schema object, compiled.
type liteNode struct {
	raw        map[string]any
	types      []string // in jsonTypes' order
	enum       []any
	format     func(any) error
	ref        *liteNode
	required   []string
	props      map[string]*liteNode
	closed     bool      // additionalProperties: false
	additional *liteNode // additionalProperties: a schema
	items      *liteNode
	minItems   *int
	unique     bool
	minLength  *int
	pattern    *regexp.Regexp
	bounds     []liteBound // minimum, maximum, exclusiveMinimum, in that order
}

// liteBound is one numeric keyword and its value.
type liteBound struct {
	keyword string
	value   *big.Rat
	fails   func(cmp int) bool // of the value compared with the bound
}

// liteKeywords are the keywords compileLite reads, or may skip as mere
// annotations. Any other in a schema is an error.
var liteKeywords = map[string]bool{
	"type": true, "enum": true, "format": true, "$ref": true, "required": true, "properties": true,
	"additionalProperties": true, "items": true, "minItems": true, "uniqueItems": true, "minLength": true,
	"pattern": true, "minimum": true, "maximum": true, "exclusiveMinimum": true,
	// annotations
	"$schema": true, "$id": true, "$defs": true, "$comment": true, "title": true, "description": true,
	"examples": true, "default": true, "deprecated": true,
}

// liteCompiler compiles one schema document; refs are resolved within it.
type liteCompiler struct {
	root map[string]any
	done map[string]*liteNode // by JSON pointer
}

// compileLite compiles a schema document (decoded with UseNumber).
func compileLite(root map[string]any) (*liteNode, error) {
	c := &liteCompiler{root: root, done: map[string]*liteNode{}}
	return c.compile("", root)
}

func (c *liteCompiler) compile(ptr string, raw map[string]any) (*liteNode, error) {
	if n, ok := c.done[ptr]; ok {
		return n, nil
	}
	n := &liteNode{raw: raw}
	c.done[ptr] = n
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if !liteKeywords[k] {
			return nil, fmt.Errorf("scenario schema %s: keyword %q is not one the module's validator knows (scenario/lite.go)", ptr, k)
		}
		if err := c.keyword(n, ptr, k, raw[k]); err != nil {
			return nil, fmt.Errorf("scenario schema %s/%s: %w", ptr, k, err)
		}
	}
	return n, nil
}

// keyword compiles one keyword of the object at ptr into n.
func (c *liteCompiler) keyword(n *liteNode, ptr, k string, v any) error {
	var err error
	switch k {
	case "type":
		n.types = typeNames(v)
	case "enum":
		n.enum, _ = v.([]any)
	case "format":
		var ok bool
		if n.format, ok = schemas.Format(fmt.Sprint(v)); !ok {
			return fmt.Errorf("format %v has no check", v)
		}
	case "$ref":
		n.ref, err = c.ref(fmt.Sprint(v))
	case "required":
		for _, r := range asList(v) {
			n.required = append(n.required, fmt.Sprint(r))
		}
	case "properties":
		n.props = map[string]*liteNode{}
		for name, sub := range asObject(v) {
			if n.props[name], err = c.sub(ptr+"/properties/"+escapeToken(name), sub); err != nil {
				return err
			}
		}
	case "additionalProperties":
		if b, ok := v.(bool); ok {
			n.closed = !b
			return nil
		}
		n.additional, err = c.sub(ptr+"/additionalProperties", v)
	case "items":
		n.items, err = c.sub(ptr+"/items", v)
	case "minItems":
		n.minItems, err = count(v)
	case "minLength":
		n.minLength, err = count(v)
	case "uniqueItems":
		n.unique = v == true
	case "pattern":
		n.pattern, err = regexp.Compile(fmt.Sprint(v))
	case "minimum", "maximum", "exclusiveMinimum":
		err = n.bound(k, v)
	}
	return err
}

// bound adds a numeric keyword, kept in the order the library checks them.
func (n *liteNode) bound(k string, v any) error {
	r, ok := new(big.Rat).SetString(fmt.Sprint(v))
	if !ok {
		return fmt.Errorf("%v is not a number", v)
	}
	fails := map[string]func(int) bool{
		"minimum":          func(c int) bool { return c < 0 },
		"maximum":          func(c int) bool { return c > 0 },
		"exclusiveMinimum": func(c int) bool { return c <= 0 },
	}[k]
	n.bounds = append(n.bounds, liteBound{k, r, fails})
	order := []string{"minimum", "maximum", "exclusiveMinimum"}
	sort.SliceStable(n.bounds, func(i, j int) bool {
		return slices.Index(order, n.bounds[i].keyword) < slices.Index(order, n.bounds[j].keyword)
	})
	return nil
}

func (c *liteCompiler) sub(ptr string, v any) (*liteNode, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s: a schema here must be an object", ptr)
	}
	return c.compile(ptr, m)
}

// ref resolves a reference within the document ("#/$defs/form").
func (c *liteCompiler) ref(ref string) (*liteNode, error) {
	ptr, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return nil, fmt.Errorf("%s: only references within the document are known", ref)
	}
	node := schemaNode(c.root, ref)
	if node == nil {
		return nil, fmt.Errorf("%s: no such schema", ref)
	}
	return c.compile(ptr, node)
}

func escapeToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func asList(v any) []any            { l, _ := v.([]any); return l }
func asObject(v any) map[string]any { m, _ := v.(map[string]any); return m }
func count(v any) (*int, error) {
	n, err := strconv.Atoi(fmt.Sprint(v))
	if err != nil {
		return nil, fmt.Errorf("%v is not a count", v)
	}
	return &n, nil
}

// validate adds the violations of v at loc, in the library's order: a
// wrong type, value outside the enum or format stops there; then the
// reference's rules, then the rules of v's kind.
func (n *liteNode) validate(v any, loc []string, out *[]violation) {
	add := func(keyword string) {
		*out = append(*out, violation{loc: slices.Clone(loc), node: n.raw, keyword: keyword})
	}
	switch {
	case len(n.types) > 0 && !typeMatches(n.types, v):
		add("type")
		return
	case n.enum != nil && !slices.ContainsFunc(n.enum, func(e any) bool { return liteEqual(v, e) }):
		add("enum")
		return
	case n.format != nil && n.format(v) != nil:
		add("format")
		return
	}
	if n.ref != nil {
		n.ref.validate(v, loc, out)
	}
	switch v := v.(type) {
	case map[string]any:
		n.object(v, loc, out)
	case []any:
		n.array(v, loc, out)
	case string:
		n.str(v, add)
	case json.Number:
		for _, b := range n.bounds {
			if c, ok := compareNumber(v, b.value); ok && b.fails(c) {
				add(b.keyword)
			}
		}
	}
}

// compareNumber compares a document's number with a bound, as integers
// when both are (nearly every number of a scenario: ids, counts), else
// exactly as fractions; ok is false for a number that is not one.
func compareNumber(v json.Number, bound *big.Rat) (int, bool) {
	if i, err := strconv.ParseInt(v.String(), 10, 64); err == nil && bound.IsInt() && bound.Num().IsInt64() {
		return cmpInt(i, bound.Num().Int64()), true
	}
	r, ok := new(big.Rat).SetString(v.String())
	if !ok {
		return 0, false
	}
	return r.Cmp(bound), true
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func (n *liteNode) object(obj map[string]any, loc []string, out *[]violation) {
	var missing []string
	for _, r := range n.required {
		if _, ok := obj[r]; !ok {
			missing = append(missing, r)
		}
	}
	if missing != nil {
		*out = append(*out, violation{loc: slices.Clone(loc), node: n.raw, keyword: "required", names: missing})
	}
	var unknown []string
	for name, v := range obj { // in any order, as the library's
		switch sub, ok := n.props[name]; {
		case ok:
			sub.validate(v, append(loc, name), out)
		case n.additional != nil:
			n.additional.validate(v, append(loc, name), out)
		case n.closed:
			unknown = append(unknown, name)
		}
	}
	if unknown != nil {
		sort.Strings(unknown)
		*out = append(*out, violation{loc: slices.Clone(loc), node: n.raw, keyword: "additionalProperties", names: unknown})
	}
}

func (n *liteNode) array(arr []any, loc []string, out *[]violation) {
	if n.minItems != nil && len(arr) < *n.minItems {
		*out = append(*out, violation{loc: slices.Clone(loc), node: n.raw, keyword: "minItems"})
	}
	if n.unique {
		if i, j, ok := firstDuplicate(arr); ok {
			*out = append(*out, violation{loc: slices.Clone(loc), node: n.raw, keyword: "uniqueItems", dup: [2]int{i, j}})
		}
	}
	if n.items != nil {
		for i, item := range arr {
			n.items.validate(item, append(loc, strconv.Itoa(i)), out)
		}
	}
}

func (n *liteNode) str(s string, add func(string)) {
	if n.minLength != nil && utf8.RuneCountInString(s) < *n.minLength {
		add("minLength")
	}
	if n.pattern != nil && !n.pattern.MatchString(s) {
		add("pattern")
	}
}

// typeMatches: a whole number is an integer, whatever way it is written.
func typeMatches(types []string, v any) bool {
	t := typeOf(v)
	if slices.Contains(types, t) {
		return true
	}
	if n, ok := v.(json.Number); ok && slices.Contains(types, "integer") {
		if _, err := strconv.ParseInt(n.String(), 10, 64); err == nil {
			return true
		}
		r, ok := new(big.Rat).SetString(n.String())
		return ok && r.IsInt()
	}
	return false
}

// firstDuplicate finds the first item equal to an earlier one: i the
// earlier, j the later, the smallest j.
func firstDuplicate(arr []any) (int, int, bool) {
	seen := map[string]int{}
	for j, item := range arr {
		key := canonical(item)
		if i, ok := seen[key]; ok {
			return i, j, true
		}
		seen[key] = j
	}
	return 0, 0, false
}

// canonical writes a value so that equal values (1 and 1.0 included) are
// written alike.
func canonical(v any) string {
	switch v := v.(type) {
	case json.Number:
		if i, err := strconv.ParseInt(v.String(), 10, 64); err == nil {
			return "n" + strconv.FormatInt(i, 10)
		}
		if r, ok := new(big.Rat).SetString(v.String()); ok {
			return "n" + r.RatString()
		}
		return "n" + v.String()
	case string:
		return "s" + strconv.Quote(v)
	case []any:
		parts := make([]string, len(v))
		for i, e := range v {
			parts[i] = canonical(e)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case map[string]any:
		var b strings.Builder
		b.WriteString("{")
		for _, k := range slices.Sorted(maps.Keys(v)) {
			b.WriteString(strconv.Quote(k) + ":" + canonical(v[k]) + ",")
		}
		return b.String() + "}"
	}
	return fmt.Sprintf("%T:%v", v, v)
}

// liteEqual is JSON equality, numbers by value.
func liteEqual(a, b any) bool { return canonical(a) == canonical(b) }

// violations lists the violations of a document's tree.
func (n *liteNode) violations(tree any) ([]violation, error) {
	var out []violation
	n.validate(tree, nil, &out)
	return out, nil
}
