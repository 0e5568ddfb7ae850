//go:build !js

package scenario

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// TestLiteEqualsTheLibrary holds the WebAssembly build's validator
// (lite.go) equal to the JSON Schema library the binary checks scenarios
// with: over every scenario file of the repository and thousands of
// mutations of them (a member of each kind of wrong value, an unknown or
// misspelt member, a member taken away, an item repeated, a list
// emptied), both must find the same violations and give the same
// problems, word for word. A keyword lite.go does not know, added to
// schemas/scenario.json, fails compileLite here.
func TestLiteEqualsTheLibrary(t *testing.T) {
	lib, err := compileStructure()
	if err != nil {
		t.Fatal(err)
	}
	root, err := compileLite(lib.raw)
	if err != nil {
		t.Fatalf("the module's validator cannot read schemas/scenario.json: %v", err)
	}
	lite := &structure{raw: lib.raw, validate: root.violations}
	docs, violated := 0, 0
	seen := map[string]bool{} // the places of the schema already mutated
	for _, file := range scenarioFiles(t) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		src, ok := parseSource(file, data, Limits{}.withDefaults(), &problems{})
		if !ok {
			continue // not YAML: no tree to validate
		}
		for _, m := range mutations(pruned(src.tree, nil, map[string]bool{}), seen) {
			docs++
			want := compareOn(t, lib, lite, src, m)
			if want > 0 {
				violated++
			}
			if t.Failed() {
				return
			}
		}
	}
	if docs < 1000 || violated < docs/2 {
		t.Fatalf("%d documents compared, %d with violations: the corpus lost its teeth", docs, violated)
	}
	t.Logf("%d documents compared, %d with violations", docs, violated)
}

// compareOn validates m.tree with both structures and fails the test on
// any difference; it returns how many violations the library found.
func compareOn(t *testing.T, lib, lite *structure, src *source, m mutation) int {
	t.Helper()
	got, err := lite.validate(copyTree(m.tree))
	if err != nil {
		t.Fatal(err)
	}
	want, err := lib.validate(copyTree(m.tree))
	if err != nil {
		t.Fatal(err)
	}
	if g, w := violationKeys(got), violationKeys(want); !slices.Equal(g, w) {
		t.Errorf("%s, %s: the module's validator found\n  %s\nthe library\n  %s", src.name, m.what, strings.Join(g, "\n  "), strings.Join(w, "\n  "))
		return len(want)
	}
	if g, w := problemsOf(got, src, m.tree), problemsOf(want, src, m.tree); !slices.Equal(g, w) {
		t.Errorf("%s, %s: the module says\n  %s\nthe binary\n  %s", src.name, m.what, strings.Join(g, "\n  "), strings.Join(w, "\n  "))
	}
	return len(want)
}

// violationKeys are violations as sorted, comparable lines.
func violationKeys(vs []violation) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		names := slices.Clone(v.names)
		sort.Strings(names)
		out[i] = fmt.Sprintf("%s %s %q %v %p %s", yamlPath(v.loc), v.keyword, names, v.dup, v.node, v.text)
	}
	sort.Strings(out)
	return out
}

// problemsOf is what a person reads for tree's violations, one line per
// problem.
func problemsOf(vs []violation, src *source, tree any) []string {
	ps := &problems{}
	reportAll(&source{name: src.name, tree: copyTree(tree), pos: src.pos}, vs, ps)
	out := make([]string, len(ps.list))
	for i, p := range ps.list {
		out[i] = fmt.Sprintf("%d:%d: %s: %s", p.Line, p.Column, p.Path, p.Message)
	}
	sort.Strings(out)
	return out
}

// scenarioFiles are the YAML files of the repository's scenarios, valid
// and invalid.
func scenarioFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, glob := range []string{"testdata/*/*.yaml", "testdata/*.yaml", "../scenarios/*.yaml", "../examples/*/*.yaml", "../fixtures/*/*.yaml"} {
		m, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	sizes := map[string]int64{}
	for _, f := range files {
		if fi, err := os.Stat(f); err == nil {
			sizes[f] = fi.Size()
		}
	}
	// the smallest first: a place of the schema is mutated in the
	// smallest document that has it, which is the quickest to validate
	sort.SliceStable(files, func(i, j int) bool { return sizes[files[i]] < sizes[files[j]] })
	if len(files) < 10 {
		t.Fatalf("only %d scenario files found", len(files))
	}
	return files
}

// mutation is a document with one change, and what the change was.
type mutation struct {
	what string
	tree any
}

// wrongValues stand in for a value: each kind, and the edges the schema
// draws (bounds, empty, patterns, formats).
var wrongValues = []any{
	"x y!", "", "https://ok.example/x", "not a uri", "-bad-.host", "#12345", strings.Repeat("a", 300),
	json.Number("0"), json.Number("-1"), json.Number("5.5"), json.Number("1e12"), json.Number("100"),
	true, nil, []any{}, []any{json.Number("1"), json.Number("1")}, map[string]any{},
}

// mutations are the document itself and, at every node of a place not
// seen (forms[].name is one place, whichever form), each change.
func mutations(tree any, seen map[string]bool) []mutation {
	out := []mutation{{"as written", tree}}
	walkTree(tree, nil, func(loc []string, v any) {
		place := placeOf(loc, v)
		if seen[place] {
			return
		}
		seen[place] = true
		at := "/" + strings.Join(loc, "/")
		for i, w := range wrongValues {
			out = append(out, mutation{fmt.Sprintf("%s = wrong value %d", at, i), replaced(tree, loc, w)})
		}
		switch v := v.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(v)) {
				out = append(out, mutation{at + " without " + k, edited(tree, loc, func(n any) any { delete(n.(map[string]any), k); return n })})
				out = append(out, mutation{at + " with " + k + "s", edited(tree, loc, func(n any) any { n.(map[string]any)[k+"s"] = v[k]; return n })})
			}
			out = append(out, mutation{at + " with an unknown member", edited(tree, loc, func(n any) any { n.(map[string]any)["colour"] = "red"; return n })})
		case []any:
			if len(v) > 0 {
				out = append(out, mutation{at + " with its first item twice", edited(tree, loc, func(n any) any { return append(n.([]any), n.([]any)[0]) })})
			}
		}
	})
	return out
}

// pruned is tree with only the list items that hold a place no earlier
// item holds: the default scenario's many records validate slowly, and
// a mutation of its hundredth record says nothing its first did not.
func pruned(tree any, loc []string, have map[string]bool) any {
	switch n := tree.(type) {
	case map[string]any:
		m := make(map[string]any, len(n))
		for _, k := range slices.Sorted(maps.Keys(n)) {
			m[k] = pruned(n[k], append(slices.Clone(loc), k), have)
		}
		return m
	case []any:
		var l []any
		for i, e := range n {
			if adds := addsPlace(e, append(slices.Clone(loc), "0"), have); adds || i == 0 {
				l = append(l, pruned(e, append(slices.Clone(loc), strconv.Itoa(len(l))), have))
			}
		}
		return append([]any{}, l...)
	}
	return tree
}

// addsPlace says whether a subtree at loc holds a place not in have, and
// adds its places to have.
func addsPlace(tree any, loc []string, have map[string]bool) bool {
	added := false
	walkTree(map[string]any{"x": tree}, nil, func(l []string, v any) {
		place := placeOf(append(slices.Clone(loc), l[1:]...), v)
		if !have[place] {
			have[place], added = true, true
		}
	})
	return added
}

// placeOf is where loc is in the schema's terms: indexes dropped, and
// the kind of the value, since a place may take more than one.
func placeOf(loc []string, v any) string {
	parts := make([]string, len(loc))
	for i, tok := range loc {
		parts[i] = tok
		if isDigits(tok) {
			parts[i] = "[]"
		}
	}
	return strings.Join(parts, "/") + " " + typeOf(v)
}

// walkTree calls fn at every node of tree below the root.
func walkTree(tree any, loc []string, fn func([]string, any)) {
	if len(loc) > 0 {
		fn(loc, tree)
	}
	switch n := tree.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(n)) {
			walkTree(n[k], append(slices.Clone(loc), k), fn)
		}
	case []any:
		for i, e := range n {
			walkTree(e, append(slices.Clone(loc), strconv.Itoa(i)), fn)
		}
	}
}

// replaced is a copy of tree with the value at loc replaced.
func replaced(tree any, loc []string, v any) any {
	return edited(tree, loc, func(any) any { return copyTree(v) })
}

// edited is a copy of tree with the value at loc changed by fn.
func edited(tree any, loc []string, fn func(any) any) any {
	out := copyTree(tree)
	parent := valueAt(out, loc[:len(loc)-1])
	last := loc[len(loc)-1]
	switch p := parent.(type) {
	case map[string]any:
		p[last] = fn(p[last])
	case []any:
		i, _ := strconv.Atoi(last)
		p[i] = fn(p[i])
	}
	return out
}

func copyTree(v any) any {
	switch n := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(n))
		for k, e := range n {
			m[k] = copyTree(e)
		}
		return m
	case []any:
		l := make([]any, len(n))
		for i, e := range n {
			l[i] = copyTree(e)
		}
		return l
	}
	return v
}

// BenchmarkLite is what a scenario given to the WebAssembly module as
// text pays for its schema check, natively: the compile of the schema
// (once per load while the weak cache holds it) and the check of the
// default scenario (about 26 KB of YAML). In the module both run about
// 25 times slower; BenchmarkNodeReady/scenario in ./wasm measures them
// there, within the whole start.
//
//	go test -run '^$' -bench Lite -benchmem ./scenario
func BenchmarkLite(b *testing.B) {
	raw, err := rawSchema()
	if err != nil {
		b.Fatal(err)
	}
	b.Run("compile", func(b *testing.B) {
		for b.Loop() {
			raw, _ := rawSchema()
			if _, err := compileLite(raw); err != nil {
				b.Fatal(err)
			}
		}
	})
	root, err := compileLite(raw)
	if err != nil {
		b.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join("..", "scenarios", "default.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	src, ok := parseSource("default.yaml", data, Limits{}.withDefaults(), &problems{})
	if !ok {
		b.Fatal("default.yaml does not parse")
	}
	b.Run("check-default", func(b *testing.B) {
		for b.Loop() {
			if vs, _ := root.violations(src.tree); len(vs) > 0 {
				b.Fatalf("default.yaml has %d violations", len(vs))
			}
		}
	})
}
