//go:build !js

package scenario

import (
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"weak"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/rtq-kit/rtq/schemas"
)

// schemaFile is the scenario schema inside the schemas package.
const schemaFile = "scenario.json"

// structure is the compiled scenario schema plus its raw JSON, which the
// messages read to list allowed fields and describe missing ones.
type structure struct {
	schema *jsonschema.Schema
	raw    map[string]any
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

func compileStructure() (*structure, error) {
	set, err := schemas.CompileFiles(schemaFile)
	if err != nil {
		return nil, fmt.Errorf("compile scenario schema: %w", err)
	}
	sch, ok := set.Schema(schemaFile)
	if !ok {
		return nil, fmt.Errorf("compile scenario schema: schemas has no %s", schemaFile)
	}
	data, err := schemas.FS.ReadFile(schemaFile)
	if err != nil {
		return nil, fmt.Errorf("read scenario schema: %w", err)
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("parse scenario schema: %w", err)
	}
	return &structure{schema: sch, raw: raw}, nil
}

// check validates one file's tree and adds a problem per failed rule.
func (st *structure) check(src *source, ps *problems) {
	err := st.schema.Validate(src.tree)
	if err == nil {
		return
	}
	verr, ok := err.(*jsonschema.ValidationError)
	if !ok {
		ps.add(at{src, ""}, "cannot validate: %v", err)
		return
	}
	all := schemas.Leaves(verr)
	typos := map[string]bool{} // path + "\x00" + the field a typo stands for
	for _, leaf := range all {
		if k, ok := leaf.ErrorKind.(*kind.AdditionalProperties); ok {
			allowed := st.properties(leaf.SchemaURL)
			for _, p := range k.Properties {
				typos[yamlPath(leaf.InstanceLocation)+"\x00"+closest(p, allowed)] = true
			}
		}
	}
	for _, leaf := range all {
		st.report(src, leaf, typos, ps)
	}
	for _, leaf := range all {
		switch k := leaf.ErrorKind.(type) {
		case *kind.AdditionalProperties:
			dropMembers(src.tree, leaf.InstanceLocation, k.Properties)
		case *kind.Enum:
			if !sameKind(k.Got, k.Want) { // type: normal where a number is wanted
				dropValue(src.tree, leaf.InstanceLocation)
			}
		}
	}
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
	node := tree
	for _, tok := range loc {
		switch n := node.(type) {
		case map[string]any:
			node = n[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(n) {
				return
			}
			node = n[i]
		default:
			return
		}
	}
	if m, ok := node.(map[string]any); ok {
		for _, name := range names {
			delete(m, name)
		}
	}
}

// report words one failed rule for a person editing YAML by hand.
// Only a wrong type or a missing member makes the decoded document too
// unreliable for reference checks; the other rules leave it usable.
func (st *structure) report(src *source, e *jsonschema.ValidationError, typos map[string]bool, ps *problems) {
	path := yamlPath(e.InstanceLocation)
	here := at{src, path}
	ps.hard = ps.hard || breaksDecode(e, path, typos)
	switch k := e.ErrorKind.(type) {
	case *kind.AdditionalProperties:
		allowed := st.properties(e.SchemaURL)
		for _, p := range k.Properties {
			ps.add(here.child(p), "unknown field %q: %s", p, suggest(p, allowed))
			ps.block(here.child(p))
		}
	case *kind.Required:
		for _, m := range k.Missing {
			if !typos[path+"\x00"+m] { // the typo's "did you mean" says it
				ps.add(here, "missing required field %q (%s)", m, st.describe(e.SchemaURL, m))
			}
		}
	case *kind.Type:
		ps.add(here, "is %s, want %s", article(k.Got), strings.Join(k.Want, " or "))
		ps.block(here)
	case *kind.Enum:
		ps.add(here, "%s is not one of %s", show(k.Got), joinAny(k.Want))
		ps.block(here)
	case *kind.Pattern:
		ps.add(here, "%q %s", k.Got, patternHint(k.Want))
		ps.block(here)
	case *kind.MinItems:
		ps.add(here, "needs at least %d item(s), has %d", k.Want, k.Got)
		ps.block(here)
	case *kind.MinLength:
		ps.add(here, "is %d character(s) long, needs at least %d", k.Got, k.Want)
		ps.block(here)
	case *kind.Format:
		ps.add(here, "%s is not a valid %s", show(k.Got), k.Want)
		ps.block(here)
	default:
		ps.add(here, "%s", e.ErrorKind.LocalizedString(message.NewPrinter(language.English)))
		ps.block(here)
	}
}

// breaksDecode: a wrong type, or a missing member that no typo explains.
func breaksDecode(e *jsonschema.ValidationError, path string, typos map[string]bool) bool {
	switch k := e.ErrorKind.(type) {
	case *kind.Type, *kind.FalseSchema:
		return true
	case *kind.Required:
		for _, m := range k.Missing {
			if !typos[path+"\x00"+m] {
				return true
			}
		}
	}
	return false
}

// schemaNode follows the fragment of a schema URL into the raw schema.
func (st *structure) schemaNode(schemaURL string) map[string]any {
	_, frag, _ := strings.Cut(schemaURL, "#")
	node := st.raw
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

func (st *structure) properties(schemaURL string) []string {
	props, _ := st.schemaNode(schemaURL)["properties"].(map[string]any)
	names := make([]string, 0, len(props))
	for n := range props {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func (st *structure) describe(schemaURL, prop string) string {
	props, _ := st.schemaNode(schemaURL)["properties"].(map[string]any)
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
