//go:build !js

package scenario

import (
	"fmt"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/rtq-kit/rtq/schemas"
)

// compileStructure compiles the scenario schema with the JSON Schema
// library every other schema of the kit is checked with.
func compileStructure() (*structure, error) {
	set, err := schemas.CompileFiles(schemaFile)
	if err != nil {
		return nil, fmt.Errorf("compile scenario schema: %w", err)
	}
	sch, ok := set.Schema(schemaFile)
	if !ok {
		return nil, fmt.Errorf("compile scenario schema: schemas has no %s", schemaFile)
	}
	raw, err := rawSchema()
	if err != nil {
		return nil, err
	}
	return &structure{raw: raw, validate: func(tree any) ([]violation, error) {
		return violationsOf(sch, raw, tree)
	}}, nil
}

// keywordOf names the rule of each error kind the scenario schema can
// give; another kind is reported in the library's own words.
func keywordOf(k jsonschema.ErrorKind) (keyword string, names []string, dup [2]int) {
	switch k := k.(type) {
	case *kind.AdditionalProperties:
		return "additionalProperties", k.Properties, dup
	case *kind.Required:
		return "required", k.Missing, dup
	case *kind.UniqueItems:
		return "uniqueItems", nil, k.Duplicates
	case *kind.FalseSchema:
		return "false", nil, dup
	case *kind.Type, *kind.Enum, *kind.Format, *kind.Pattern, *kind.MinItems, *kind.MinLength,
		*kind.Minimum, *kind.Maximum, *kind.ExclusiveMinimum:
		kw := k.KeywordPath()
		return kw[len(kw)-1], nil, dup
	}
	return "", nil, dup
}

// violationsOf validates a tree with the library and lists its failed
// rules as violations, in the order the library found them.
func violationsOf(sch *jsonschema.Schema, raw map[string]any, tree any) ([]violation, error) {
	err := sch.Validate(tree)
	if err == nil {
		return nil, nil
	}
	verr, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return nil, err
	}
	leaves := schemas.Leaves(verr)
	out := make([]violation, 0, len(leaves))
	for _, leaf := range leaves {
		v := violation{loc: leaf.InstanceLocation, node: schemaNode(raw, leaf.SchemaURL)}
		v.keyword, v.names, v.dup = keywordOf(leaf.ErrorKind)
		if v.keyword == "" || v.keyword == "false" {
			v.text = leaf.ErrorKind.LocalizedString(message.NewPrinter(language.English))
		}
		out = append(out, v)
	}
	return out, nil
}
