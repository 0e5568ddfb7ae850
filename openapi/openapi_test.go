package openapi

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/schemas"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

const golden = "testdata/openapi.json"

// TestGolden keeps testdata/openapi.json equal to what rtq openapi prints,
// so a change of a schema, of the default scenario or of the mock's answers
// shows up in review as a change of the published API document. The npm
// checks of .ci/run (scripts/check-openapi.sh) read this file.
func TestGolden(t *testing.T) {
	got, err := JSON()
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (create it with go test ./openapi -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("the OpenAPI document differs from %s: a schema, the default scenario or the mock changed.\n"+
			"Look at the change, then regenerate: go test ./openapi -run TestGolden -update", golden)
	}
}

// TestEveryEndpointIsDescribed: a POST operation per endpoint, bearer security,
// request, success and error bodies, and at least one real success example
// whose request is given too.
func TestEveryEndpointIsDescribed(t *testing.T) {
	d, err := Build()
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Paths) != len(contract.Endpoints) {
		t.Errorf("%d paths, want %d", len(d.Paths), len(contract.Endpoints))
	}
	if d.Components.SecuritySchemes[SecurityScheme].Scheme != "bearer" || len(d.Security) != 1 {
		t.Errorf("bearer security missing: %+v %+v", d.Security, d.Components.SecuritySchemes)
	}
	for _, e := range contract.Endpoints {
		op, ok := d.Paths[e.Path()]
		if !ok {
			t.Errorf("%s: no path %s", e.Name, e.Path())
			continue
		}
		post := op.Post
		if post.OperationID == "" || post.Summary == "" {
			t.Errorf("openapi/openapi.go: endpointDocs has no operationId or summary for %s (contract/endpoints.go)", e.Name)
		}
		req := post.RequestBody.Content["application/json"]
		ok200 := post.Responses["200"].Content["application/json"]
		for _, status := range []string{"200", "400", "401", "default"} {
			if _, ok := post.Responses[status]; !ok {
				t.Errorf("%s: no %s response", e.Name, status)
			}
		}
		if len(ok200.Examples) == 0 || len(req.Examples) != len(ok200.Examples) {
			t.Errorf("openapi/examples.go: exampleTable has %d success examples and %d request examples of %s; want as many, at least one", len(ok200.Examples), len(req.Examples), e.Name)
		}
		if !slices.ContainsFunc(d.Tags, func(tag Tag) bool { return tag.Name == group(e) }) {
			t.Errorf("openapi/openapi.go: tags has no tag for the group %q of %s", group(e), e.Name)
		}
		if got, want := post.Responses["400"].Content["application/json"].Schema.Ref, componentsPrefix+fileComponent(e.Name+".error.json"); got != want {
			t.Errorf("%s: 400 schema %s, want %s", e.Name, got, want)
		}
	}
}

// TestLossless proves the hoisted components are schemas/ and nothing
// else: each one, with its $refs turned back into the file-relative form,
// equals the file (or the definition) it came from. (What readable then
// rewrites for generators is proven by meaning instead: TestMeaning.)
func TestLossless(t *testing.T) {
	comps, err := components()
	if err != nil {
		t.Fatal(err)
	}
	explicit(comps)
	origin := origins(t)
	for name, comp := range comps {
		src, ok := origin[name]
		if !ok {
			t.Errorf("component %s comes from no schema file", name)
			continue
		}
		got := roundTrip(t, comp)
		back := func(ref string) (string, error) {
			return relRef(src.file, origin[strings.TrimPrefix(ref, componentsPrefix)]), nil
		}
		if err := rewriteRefs(got, back); err != nil {
			t.Fatal(err)
		}
		want := roundTrip(t, src.schema)
		explicit(want)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("component %s differs from %s %s", name, src.file, src.def)
		}
	}
}

type origin struct {
	file, def string
	schema    any
}

// origins reads every schema file afresh: component name → where it is.
func origins(t *testing.T) map[string]origin {
	t.Helper()
	files, err := schemas.Files()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]origin{}
	for _, f := range files {
		doc, err := readSchema(f)
		if err != nil {
			t.Fatal(err)
		}
		defs, _ := doc["$defs"].(map[string]any)
		for n, def := range defs {
			out[defComponent(f, n)] = origin{f, n, def}
		}
		delete(doc, "$defs")
		delete(doc, "$schema")
		out[fileComponent(f)] = origin{f, "", doc}
	}
	return out
}

// relRef writes a reference to o as the file from holds it would.
func relRef(from string, o origin) string {
	frag := ""
	if o.def != "" {
		frag = "#/$defs/" + o.def
	}
	if o.file == from {
		return frag
	}
	rel, _ := filepath.Rel(path.Dir(from), o.file)
	return filepath.ToSlash(rel) + frag
}

// roundTrip copies v through JSON, so the test may rewrite it.
func roundTrip(t *testing.T, v any) any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out any
	if err := dec.Decode(&out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestExamplesConform validates every example twice: against the schema
// file in schemas/ it stands for, and against the document's own component
// (compiled from the document, so every rewritten $ref must resolve).
func TestExamplesConform(t *testing.T) {
	data, err := JSON()
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	const base = "https://rtq.dev/openapi.json"
	if err := c.AddResource(base, doc); err != nil {
		t.Fatal(err)
	}
	set, err := schemas.Compile()
	if err != nil {
		t.Fatal(err)
	}
	d, err := Build()
	if err != nil {
		t.Fatal(err)
	}
	origin := origins(t)
	n := 0
	for p, item := range d.Paths {
		for status, m := range media(item.Post) {
			comp := strings.TrimPrefix(m.Schema.Ref, componentsPrefix)
			sch, err := c.Compile(base + m.Schema.Ref)
			if err != nil {
				t.Fatalf("%s %s: compile %s: %v", p, status, comp, err)
			}
			for name, ex := range m.Examples {
				n++
				if err := set.ValidateJSON(origin[comp].file, ex.Value); err != nil {
					t.Errorf("%s %s example %s against schemas/: %v", p, status, name, err)
				}
				v, _ := jsonschema.UnmarshalJSON(bytes.NewReader(ex.Value))
				if err := sch.Validate(v); err != nil {
					t.Errorf("%s %s example %s against the document: %v", p, status, name, err)
				}
			}
		}
	}
	if n != len(exampleTable)+len(contract.Endpoints) {
		t.Errorf("%d examples checked, want %d answers and %d requests", n, len(exampleTable), len(contract.Endpoints))
	}
}

// media lists the request and every response of an operation by a label.
func media(op Operation) map[string]MediaType {
	out := map[string]MediaType{"request": op.RequestBody.Content["application/json"]}
	for status, r := range op.Responses {
		out[status] = r.Content["application/json"]
	}
	return out
}

// TestRefsTheExportCannotPlace: a $ref into the middle of a schema has no
// component to become, and says so instead of pointing nowhere.
func TestRefsTheExportCannotPlace(t *testing.T) {
	for _, tc := range []struct{ file, ref, want string }{
		{"record/getRecord.response.json", "../common.json#/$defs/ErrorCode", "common.ErrorCode"},
		{"record/getRecord.response.json", "#/$defs/Envelope", "record.getRecord.response.Envelope"},
		{"record/getRecord.response.json", "../record.json", "record"},
		{"record.json", "common.json#/$defs/IsoTime", "common.IsoTime"},
		{"record.json", "#/properties/code", ""},
		{"record.json", "#/$defs/Field/properties/x", ""},
		{"record.json", "#/$defs/", ""},
	} {
		_, got, err := resolveRef(tc.file, tc.ref)
		if got != tc.want || (err != nil) != (tc.want == "") {
			t.Errorf("resolveRef(%s, %s) = %q, %v; want %q", tc.file, tc.ref, got, err, tc.want)
		}
	}
}

// TestAnExampleTheMockDisagreesWith fails the build: the document never
// shows an answer the mock did not give.
func TestAnExampleTheMockDisagreesWith(t *testing.T) {
	table := []example{{endpoint: contract.GetRecord, name: "x", key: "rtq-demo-read", body: `{"record_id": 190001}`, status: 200}}
	if _, err := build(table); err == nil || !strings.Contains(err.Error(), "answered 404") {
		t.Errorf("Build with a wrong expected status: %v; want an error naming the real status", err)
	}
}
