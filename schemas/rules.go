//go:build !js

package schemas

import (
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// maxListed is how many allowed values a rule spells out before it only
// counts them (field_type has far more).
const maxListed = 12

// leafProblems words one failed keyword. Only schema-side facts appear
// (types, allowed values, limits, member names), never the document's value.
// A required rule with several missing members gives one problem per member.
func leafProblems(ptr string, k jsonschema.ErrorKind) []Problem {
	if r, ok := k.(*kind.Required); ok {
		out := make([]Problem, 0, len(r.Missing))
		for _, m := range r.Missing {
			out = append(out, Problem{Pointer: ptr, Rule: fmt.Sprintf("missing required member %q", m)})
		}
		return out
	}
	return []Problem{{Pointer: ptr, Rule: rule(k)}}
}

// rule words one failed keyword, see leafProblems.
func rule(k jsonschema.ErrorKind) string {
	switch k := k.(type) {
	case *kind.Type:
		return fmt.Sprintf("must be of type %s, found %s", strings.Join(k.Want, " or "), k.Got)
	case *kind.Enum:
		return oneOf(k.Want)
	case *kind.Const:
		return "must be " + literal(k.Want)
	case *kind.Format:
		return fmt.Sprintf("must be a valid %s", k.Want)
	case *kind.Pattern:
		return fmt.Sprintf("must match the pattern %s", k.Want)
	case *kind.AdditionalProperties:
		// Sorted: the validator lists them in the map's random order, and
		// a report must not change from one run to the next.
		return fmt.Sprintf("member(s) %s not allowed here", quoteAll(slices.Sorted(slices.Values(k.Properties))))
	case *kind.MaxProperties:
		return fmt.Sprintf("must have at most %d member(s)", k.Want)
	case *kind.MinProperties:
		return fmt.Sprintf("must have at least %d member(s)", k.Want)
	case *kind.MinItems:
		return fmt.Sprintf("must have at least %d item(s)", k.Want)
	case *kind.MaxItems:
		return fmt.Sprintf("must have at most %d item(s)", k.Want)
	case *kind.MinLength:
		return fmt.Sprintf("must be at least %d character(s) long", k.Want)
	case *kind.MaxLength:
		return fmt.Sprintf("must be at most %d character(s) long", k.Want)
	case *kind.Minimum:
		return "must be >= " + ratString(k.Want)
	case *kind.Maximum:
		return "must be <= " + ratString(k.Want)
	case *kind.ExclusiveMinimum:
		return "must be > " + ratString(k.Want)
	case *kind.ExclusiveMaximum:
		return "must be < " + ratString(k.Want)
	case *kind.MultipleOf:
		return "must be a multiple of " + ratString(k.Want)
	case *kind.OneOf:
		return "matches more than one alternative (oneOf)"
	case *kind.Not:
		return "matches a value the schema forbids (not)"
	case *kind.FalseSchema:
		return "not allowed here"
	case *kind.UniqueItems:
		return fmt.Sprintf("items %d and %d must not be equal", k.Duplicates[0], k.Duplicates[1])
	case *kind.DependentRequired:
		return fmt.Sprintf("member(s) %s required when %q is present", quoteAll(k.Missing), k.Prop)
	}
	return "does not match the schema"
}

func oneOf(want []any) string {
	if len(want) == 1 {
		return "must be " + literal(want[0])
	}
	if len(want) > maxListed {
		return fmt.Sprintf("must be one of the %d allowed values", len(want))
	}
	parts := make([]string, len(want))
	for i, w := range want {
		parts[i] = literal(w)
	}
	return "must be one of " + strings.Join(parts, ", ")
}

// literal writes a schema constant as JSON.
func literal(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

func ratString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	return r.FloatString(6)
}
