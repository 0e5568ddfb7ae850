//go:build !js

package schemas

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Set is the compiled form of every file in FS. It is read-only after
// Compile, so one Set may be shared by any number of goroutines.
type Set struct {
	schemas map[string]*jsonschema.Schema
}

// Compile compiles every file in FS with draft 2020-12 as the default and
// format assertions on (a "uri" that is not a URI is an error, not a note).
// It costs about 20 ms (BenchmarkCompile): call it once per process and
// keep the Set.
func Compile() (*Set, error) {
	files, err := Files()
	if err != nil {
		return nil, err
	}
	return CompileFiles(files...)
}

// CompileFiles compiles only the named files (and their $defs), with the
// same options as Compile. A process that needs one schema, such as the
// scenario loader when rtq mock starts, then pays for that one and not for
// all of them: start-up time is a target users measure.
func CompileFiles(names ...string) (*Set, error) {
	files, err := Files()
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	for name, check := range formats {
		c.RegisterFormat(&jsonschema.Format{Name: name, Validate: check})
	}
	docs := make(map[string]any, len(files))
	for _, f := range files {
		doc, err := readJSON(f)
		if err != nil {
			return nil, err
		}
		if err := c.AddResource(BaseURL+f, doc); err != nil {
			return nil, fmt.Errorf("schemas: register %s: %w", f, err)
		}
		docs[f] = doc
	}
	var locs []string
	for _, f := range names {
		doc, ok := docs[f]
		if !ok {
			return nil, fmt.Errorf("schemas: no file %s (have %s)", f, strings.Join(files, ", "))
		}
		locs = append(append(locs, f), defNames(f, doc)...)
	}
	s := &Set{schemas: make(map[string]*jsonschema.Schema, len(locs))}
	for _, loc := range locs {
		sch, err := c.Compile(BaseURL + loc)
		if err != nil {
			return nil, fmt.Errorf("schemas: compile %s: %w", loc, err)
		}
		s.schemas[loc] = sch
	}
	return s, nil
}

// defNames lists the top-level definitions of a file as "file#/$defs/Name",
// so a caller can check one piece (a field value, an ImageItem) on its own.
func defNames(file string, doc any) []string {
	obj, _ := doc.(map[string]any)
	defs, _ := obj["$defs"].(map[string]any)
	names := make([]string, 0, len(defs))
	for n := range defs {
		names = append(names, file+"#/$defs/"+n)
	}
	sort.Strings(names)
	return names
}

// Files lists the schema files in FS, sorted, as paths relative to the
// schemas directory ("record.json", "record/getRecord.request.json").
func Files() ([]string, error) {
	var files []string
	err := fs.WalkDir(FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && path.Ext(p) == ".json" {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("schemas: list embedded files: %w", err)
	}
	sort.Strings(files)
	return files, nil
}

func readJSON(file string) (any, error) {
	data, err := FS.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("schemas: read %s: %w", file, err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("schemas: parse %s: %w", file, err)
	}
	return doc, nil
}

// Files returns the names of the compiled files, sorted (without the
// "#/$defs/..." entries Validate also accepts).
func (s *Set) Files() []string {
	names := make([]string, 0, len(s.schemas))
	for n := range s.schemas {
		if !strings.Contains(n, "#") {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// Schema returns the compiled schema of one file, for callers that walk it
// (the OpenAPI export, tests). ok is false for an unknown file.
func (s *Set) Schema(file string) (*jsonschema.Schema, bool) {
	sch, ok := s.schemas[file]
	return sch, ok
}

// Validate checks doc against the schema of file (for example
// "record/getRecord.response.json"), or against one top-level definition
// of a file ("record.json#/$defs/ImageItem"). doc is a decoded JSON value as
// jsonschema.UnmarshalJSON or encoding/json with UseNumber produce it; any
// other Go value (a struct, a typed map) is first passed through
// encoding/json, so callers may hand over the values they are about to send.
// A document that does not conform gives a *ValidationError listing every
// problem; an unknown file or a value JSON cannot encode gives a plain error.
func (s *Set) Validate(file string, doc any) error {
	sch, err := s.lookup(file)
	if err != nil {
		return err
	}
	v, err := normalize(doc)
	if err != nil {
		return fmt.Errorf("schemas: validate against %s: %w", file, err)
	}
	if err := sch.Validate(v); err != nil {
		return newValidationError(file, err)
	}
	return nil
}

// ValidateJSON decodes data (numbers kept exact) and validates it like
// Validate. Bytes that are not JSON are reported as a problem at the root, so
// callers handle one error type for "this body is wrong".
func (s *Set) ValidateJSON(file string, data []byte) error {
	if _, err := s.lookup(file); err != nil {
		return err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return &ValidationError{File: file, Problems: []Problem{{Pointer: "", Rule: "not valid JSON"}}}
	}
	return s.Validate(file, doc)
}

// FieldDef is the definition that checks one Record field, field_value
// against its field_type included.
const FieldDef = "record.json#/$defs/Field"

// ValidateFieldValue checks one field_value against the shape its
// field_type calls for (docs/contract.md §2.1), for generators of sample data that have a
// value but no Record around it. Problems point into the wrapping field
// ("/field_value/0/url", "/field_type" for an unknown type).
func (s *Set) ValidateFieldValue(fieldType string, value any) error {
	v, err := normalize(value)
	if err != nil {
		return fmt.Errorf("schemas: validate field_value of %s: %w", fieldType, err)
	}
	return s.Validate(FieldDef, map[string]any{
		"field_id": json.Number("1"), "field_title": "", "field_type": fieldType, "field_value": v,
		"options": map[string]any{"is_result": false, "is_highlight": false, "is_hidden": false, "is_masked": false},
	})
}

func (s *Set) lookup(file string) (*jsonschema.Schema, error) {
	sch, ok := s.schemas[file]
	if !ok {
		return nil, fmt.Errorf("schemas: no schema file %q (known: %s)", file, strings.Join(s.Files(), ", "))
	}
	return sch, nil
}

// normalize turns doc into the generic JSON values the validator walks.
func normalize(doc any) (any, error) {
	if isJSONValue(doc) {
		return doc, nil
	}
	data, err := json.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("encode %T as JSON: %w", doc, err)
	}
	return jsonschema.UnmarshalJSON(bytes.NewReader(data))
}

// isJSONValue reports whether v and everything inside it is already a
// decoded JSON value.
func isJSONValue(v any) bool {
	switch v := v.(type) {
	case nil, bool, string, float64, json.Number:
		return true
	case []any:
		for _, e := range v {
			if !isJSONValue(e) {
				return false
			}
		}
		return true
	case map[string]any:
		for _, e := range v {
			if !isJSONValue(e) {
				return false
			}
		}
		return true
	default:
		return false
	}
}
