package schemas

import (
	"bytes"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/rtq-kit/rtq/contract"
)

// compiled compiles the set once per test and fails the test if it cannot.
func compiled(t *testing.T) *Set {
	t.Helper()
	s, err := Compile()
	if err != nil {
		t.Fatalf("Compile: %v", err)
	}
	return s
}

// messageFiles are the message schemas docs/cli.md promises: a request,
// a response and an error for every endpoint.
func messageFiles() []string {
	var out []string
	for _, ep := range contract.Endpoints {
		for _, kind := range []string{"request", "response", "error"} {
			out = append(out, ep.Name+"."+kind+".json")
		}
	}
	return out
}

func TestEveryFileOnDiskIsEmbeddedAndCompiles(t *testing.T) {
	var onDisk []string
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".json") {
			onDisk = append(onDisk, filepath.ToSlash(p))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(onDisk)
	s := compiled(t)
	if got := s.Files(); !slices.Equal(got, onDisk) {
		t.Errorf("compiled files differ from files on disk\ncompiled: %v\non disk:  %v", got, onDisk)
	}
	for _, f := range append(messageFiles(), "record.json") {
		if _, ok := s.Schema(f); !ok {
			t.Errorf("docs/cli.md promises %s; it is not compiled", f)
		}
	}
}

func TestEveryRefIsRelative(t *testing.T) {
	files, err := Files()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		doc, err := readJSON(f)
		if err != nil {
			t.Fatal(err)
		}
		walkKeyword(doc, "$ref", func(ref string) {
			u, err := url.Parse(ref)
			if err != nil || u.IsAbs() || u.Host != "" || strings.HasPrefix(u.Path, "/") {
				t.Errorf("%s: $ref %q is not a relative reference", f, ref)
			}
		})
	}
}

func TestMessageSchemasDeclareDraft2020AndNoAbsoluteID(t *testing.T) {
	for _, f := range append(messageFiles(), "record.json", "common.json") {
		doc, err := readJSON(f)
		if err != nil {
			t.Fatal(err)
		}
		m := doc.(map[string]any)
		if m["$schema"] != "https://json-schema.org/draft/2020-12/schema" {
			t.Errorf("%s: $schema is %v, want draft 2020-12", f, m["$schema"])
		}
		walkKeyword(doc, "$id", func(id string) {
			if u, err := url.Parse(id); err != nil || u.IsAbs() {
				t.Errorf("%s: $id %q must be relative or absent", f, id)
			}
		})
		if _, ok := m["title"]; !ok {
			t.Errorf("%s: no title (the OpenAPI export reuses it)", f)
		}
	}
}

// walkKeyword calls fn for every string value of key anywhere in doc.
func walkKeyword(doc any, key string, fn func(string)) {
	switch v := doc.(type) {
	case map[string]any:
		for k, e := range v {
			if s, ok := e.(string); ok && k == key {
				fn(s)
			}
			walkKeyword(e, key, fn)
		}
	case []any:
		for _, e := range v {
			walkKeyword(e, key, fn)
		}
	}
}

// readFixture decodes a file under fixtures/messages with exact numbers.
func readFixture(t *testing.T, name string) any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "fixtures", "messages", name))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return doc
}

func TestCompileFilesCompilesOnlyWhatItIsAskedFor(t *testing.T) {
	set, err := CompileFiles("scenario.json")
	if err != nil {
		t.Fatal(err)
	}
	if got := set.Files(); len(got) != 1 || got[0] != "scenario.json" {
		t.Fatalf("CompileFiles(scenario.json).Files() = %v; want only scenario.json", got)
	}
	if _, err := CompileFiles("no-such.json"); err == nil || !strings.Contains(err.Error(), "no-such.json") {
		t.Fatalf("CompileFiles(no-such.json) error = %v; want one naming the file", err)
	}
}
