//go:build !js

package schemas

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// ValidationError says why a document does not match a schema file. It lists
// every problem, not the first, so one run shows a user everything to fix.
type ValidationError struct {
	File     string // schema file, e.g. "record/getRecord.response.json"
	Problems []Problem
}

// Problem is one failed rule. It names where and which rule, never the
// offending value: values may be masked personal data (docs/contract.md §C8),
// and error texts end up in logs and reports.
type Problem struct {
	Pointer string // JSON pointer into the document; "" is the root
	Rule    string // the rule that failed, e.g. `missing required member "url"`
}

// Error lists one "file: /pointer: rule" line per problem; the root
// document is written as "/".
func (e *ValidationError) Error() string {
	var b strings.Builder
	for i, p := range e.Problems {
		if i > 0 {
			b.WriteByte('\n')
		}
		ptr := p.Pointer
		if ptr == "" {
			ptr = "/"
		}
		fmt.Fprintf(&b, "%s: %s: %s", e.File, ptr, p.Rule)
	}
	return b.String()
}

// newValidationError converts the validator's error tree into problems.
func newValidationError(file string, err error) error {
	var verr *jsonschema.ValidationError
	if !errors.As(err, &verr) {
		return fmt.Errorf("schemas: validate against %s: %w", file, err)
	}
	probs := collect(verr)
	// The validator walks objects in map order; sorting by pointer makes the
	// text stable for logs, golden files and diffs.
	sort.SliceStable(probs, func(i, j int) bool {
		if probs[i].Pointer != probs[j].Pointer {
			return probs[i].Pointer < probs[j].Pointer
		}
		return probs[i].Rule < probs[j].Rule
	})
	probs = dedupe(probs)
	if len(probs) == 0 {
		probs = []Problem{{Pointer: "", Rule: "does not match the schema"}}
	}
	return &ValidationError{File: file, Problems: probs}
}

// collect flattens the tree: every leaf is a problem; an anyOf/oneOf that
// failed becomes one problem naming each alternative's first failure.
func collect(e *jsonschema.ValidationError) []Problem {
	ptr := pointer(e.InstanceLocation)
	switch k := e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		if only := soleCandidate(ptr, e.Causes); only != nil {
			return collect(only)
		}
		if p, ok := typeUnion(ptr, e.Causes); ok {
			return []Problem{p}
		}
		if len(e.Causes) > 0 {
			return []Problem{{Pointer: ptr, Rule: alternatives(ptr, e.Causes)}}
		}
		return leafProblems(ptr, k)
	}
	if len(e.Causes) == 0 {
		return leafProblems(ptr, e.ErrorKind)
	}
	var out []Problem
	for _, c := range e.Causes {
		out = append(out, collect(c)...)
	}
	return out
}

// soleCandidate picks, of the failed alternatives of an anyOf/oneOf, the
// one that failed for more than the value's type: for "null or ImageItem"
// given an object, the ImageItem's own problems are what the user must see.
func soleCandidate(ptr string, causes []*jsonschema.ValidationError) *jsonschema.ValidationError {
	var only *jsonschema.ValidationError
	for _, c := range causes {
		if typeMismatch(ptr, c) {
			continue
		}
		if only != nil {
			return nil
		}
		only = c
	}
	return only
}

// typeMismatch reports whether e failed only because the value at ptr has
// another JSON type than the alternative wants.
func typeMismatch(ptr string, e *jsonschema.ValidationError) bool {
	if len(e.Causes) == 0 {
		_, isType := e.ErrorKind.(*kind.Type)
		return isType && pointer(e.InstanceLocation) == ptr
	}
	for _, c := range e.Causes {
		if !typeMismatch(ptr, c) {
			return false
		}
	}
	return true
}

// typeUnion words alternatives that all failed on the value's type as one
// type rule: "must be of type null or object, found string".
func typeUnion(ptr string, causes []*jsonschema.ValidationError) (Problem, bool) {
	var want []string
	got := ""
	for _, c := range causes {
		if !typeMismatch(ptr, c) {
			return Problem{}, false
		}
		for _, leaf := range Leaves(c) {
			k := leaf.ErrorKind.(*kind.Type)
			want, got = append(want, k.Want...), k.Got
		}
	}
	if len(want) == 0 {
		return Problem{}, false
	}
	return Problem{Pointer: ptr, Rule: rule(&kind.Type{Got: got, Want: want})}, true
}

// Leaves flattens a validation error to the rules that failed at the
// bottom of its tree: the ones worth telling a person about (the nodes
// above them only say "some of the below failed"). The scenario loader
// words its problems from the same leaves.
func Leaves(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) == 0 {
		return []*jsonschema.ValidationError{e}
	}
	var out []*jsonschema.ValidationError
	for _, c := range e.Causes {
		out = append(out, Leaves(c)...)
	}
	return out
}

// alternatives words a failed anyOf/oneOf as "no alternative matched (1: …;
// 2: …)"; a cause located below ptr carries its own pointer.
func alternatives(ptr string, causes []*jsonschema.ValidationError) string {
	parts := make([]string, 0, len(causes))
	for i, c := range causes {
		probs := collect(c)
		text := "does not match"
		if len(probs) > 0 {
			text = probs[0].Rule
			if probs[0].Pointer != ptr {
				text = probs[0].Pointer + ": " + text
			}
		}
		parts = append(parts, fmt.Sprintf("%d: %s", i+1, text))
	}
	return "matches none of the alternatives (" + strings.Join(parts, "; ") + ")"
}

func dedupe(probs []Problem) []Problem {
	seen := make(map[Problem]bool, len(probs))
	out := probs[:0]
	for _, p := range probs {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

func pointer(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		t = strings.ReplaceAll(t, "~", "~0")
		b.WriteString(strings.ReplaceAll(t, "/", "~1"))
	}
	return b.String()
}
