//go:build !js

package profile

import (
	"errors"
	"sync"

	"github.com/rtq-kit/rtq/schemas"
)

// compiled is the schema set, compiled on first use: loading a profile is
// rare, and a process that never loads one pays nothing.
var compiled = sync.OnceValues(schemas.Compile)

// schemaProblems validates the decoded document against schemas/profile.json,
// the same file any outside validator reads.
func schemaProblems(doc any) []Problem {
	set, err := compiled()
	if err != nil {
		return []Problem{{Message: "compile schemas: " + err.Error()}}
	}
	err = set.Validate("profile.json", doc)
	if err == nil {
		return nil
	}
	var ve *schemas.ValidationError
	if !errors.As(err, &ve) {
		return []Problem{{Message: err.Error()}}
	}
	out := make([]Problem, len(ve.Problems))
	for i, p := range ve.Problems {
		out[i] = Problem{Path: p.Pointer, Message: p.Rule}
	}
	return out
}
