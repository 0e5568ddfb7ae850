package openapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"strings"

	"github.com/rtq-kit/rtq/schemas"
)

// componentsPrefix is where every schema lives in the document.
const componentsPrefix = "#/components/schemas/"

// fileComponent names the component a schema file becomes:
// "record/getRecord.request.json" → "record.getRecord.request",
// "common.json" → "common".
func fileComponent(file string) string {
	return strings.ReplaceAll(strings.TrimSuffix(file, ".json"), "/", ".")
}

// defComponent names the component a top-level definition becomes:
// "common.json", "ErrorCode" → "common.ErrorCode".
func defComponent(file, def string) string {
	return fileComponent(file) + "." + def
}

// hoist turns the schema files reachable from roots into components: each
// file and each of its top-level $defs becomes one entry, and every $ref is
// rewritten to point at the entry it meant. Nothing else of a schema is
// touched, so the document says exactly what schemas/ says (TestLossless
// proves the way back). $schema is dropped: the document's
// jsonSchemaDialect is the same draft 2020-12. Entries no root reaches are
// left out, so a generator sees only the types the API uses.
func hoist(roots []string) (map[string]any, error) {
	out := map[string]any{}
	seen := map[string]bool{}
	for queue := append([]string(nil), roots...); len(queue) > 0; queue = queue[1:] {
		file := queue[0]
		if seen[file] {
			continue
		}
		seen[file] = true
		doc, err := readSchema(file)
		if err != nil {
			return nil, err
		}
		refs, err := hoistFile(file, doc, out)
		if err != nil {
			return nil, err
		}
		queue = append(queue, refs...)
	}
	return prune(out, roots), nil
}

// readSchema decodes one embedded schema file, numbers kept exact.
func readSchema(file string) (map[string]any, error) {
	data, err := schemas.FS.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("openapi: read schema %s: %w", file, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("openapi: parse schema %s: %w", file, err)
	}
	return doc, nil
}

// hoistFile adds file and its definitions to out and returns the other
// files its $refs name.
func hoistFile(file string, doc map[string]any, out map[string]any) ([]string, error) {
	var files []string
	rewrite := func(ref string) (string, error) {
		target, name, err := resolveRef(file, ref)
		if err != nil {
			return "", err
		}
		files = append(files, target)
		return componentsPrefix + name, nil
	}
	defs, _ := doc["$defs"].(map[string]any)
	delete(doc, "$defs")
	delete(doc, "$schema")
	entries := map[string]any{fileComponent(file): doc}
	for name, def := range defs {
		entries[defComponent(file, name)] = def
	}
	for name, entry := range entries {
		if _, dup := out[name]; dup {
			return nil, fmt.Errorf("openapi: schema %s: component %s is named twice", file, name)
		}
		if err := rewriteRefs(entry, rewrite); err != nil {
			return nil, fmt.Errorf("openapi: schema %s: %w", file, err)
		}
		out[name] = entry
	}
	return files, nil
}

// resolveRef reads a $ref of file: another file, or a top-level definition
// of one ("../common.json#/$defs/ErrorCode", "#/$defs/Envelope"). It
// returns the file it lands in and the component it becomes. Any other
// pointer is an error: the export would not know where it points.
func resolveRef(file, ref string) (target, component string, err error) {
	rel, frag, _ := strings.Cut(ref, "#")
	target = file
	if rel != "" {
		target = path.Clean(path.Join(path.Dir(file), rel))
	}
	if frag == "" {
		return target, fileComponent(target), nil
	}
	def, ok := strings.CutPrefix(frag, "/$defs/")
	if !ok || def == "" || strings.Contains(def, "/") {
		return "", "", fmt.Errorf("$ref %q: only whole files and top-level $defs can be exported", ref)
	}
	return target, defComponent(target, def), nil
}

// rewriteRefs replaces every "$ref" string under v with fn's answer.
func rewriteRefs(v any, fn func(string) (string, error)) error {
	switch x := v.(type) {
	case map[string]any:
		for k, sub := range x {
			if s, ok := sub.(string); ok && k == "$ref" {
				to, err := fn(s)
				if err != nil {
					return err
				}
				x[k] = to
				continue
			}
			if err := rewriteRefs(sub, fn); err != nil {
				return err
			}
		}
	case []any:
		for _, sub := range x {
			if err := rewriteRefs(sub, fn); err != nil {
				return err
			}
		}
	}
	return nil
}

// prune keeps the components the roots reach through $refs.
func prune(all map[string]any, roots []string) map[string]any {
	keep := map[string]any{}
	var visit func(name string)
	visit = func(name string) {
		if _, done := keep[name]; done {
			return
		}
		entry, ok := all[name]
		if !ok {
			return
		}
		keep[name] = entry
		_ = rewriteRefs(entry, func(ref string) (string, error) {
			visit(strings.TrimPrefix(ref, componentsPrefix))
			return ref, nil
		})
	}
	for _, r := range roots {
		visit(fileComponent(r))
	}
	return keep
}
