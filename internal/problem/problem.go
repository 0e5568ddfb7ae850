// Package problem is the one error type of the kit's file loaders: a
// scenario and a profile both report every problem of a file, each at its
// line and column, so that one run shows everything to fix. Packages
// scenario and profile name it (scenario.LoadError, profile.LoadError are
// this type), so a caller needs one errors.As for either.
package problem

import (
	"fmt"
	"sort"
	"strings"
)

// Problem is one thing wrong with a file. Path is where inside the document,
// in the document's own syntax (a YAML path such as forms[3].name for a
// scenario, a JSON pointer for a profile); Message says what is wrong and
// what to write instead. Line is 0 when the position is unknown.
type Problem struct {
	File    string
	Line    int
	Column  int
	Path    string
	Message string
}

// root is how String shows an empty Path: the whole document.
const root = "$"

// String is file:line:col: path: message; the file part is left out when the
// document came without a name, the line and column when they are unknown.
func (p Problem) String() string {
	path := p.Path
	if path == "" {
		path = root
	}
	switch {
	case p.Line == 0:
		return fmt.Sprintf("%s: %s: %s", p.File, path, p.Message)
	case p.File == "":
		return fmt.Sprintf("%d:%d: %s: %s", p.Line, p.Column, path, p.Message)
	}
	return fmt.Sprintf("%s:%d:%d: %s: %s", p.File, p.Line, p.Column, path, p.Message)
}

// LoadError lists every problem of a load, not only the first.
type LoadError struct {
	Problems []Problem
	// OverBudget is set when the document asks for more than the load
	// allows (a scenario's generators past WithMaxGenerated): nothing was
	// made, and a server answers "too large" rather than "bad input".
	OverBudget bool
}

// Error prints one problem per line.
func (e *LoadError) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = p.String()
	}
	return strings.Join(lines, "\n")
}

// Sort puts problems in file order, so a reader fixes a file top to
// bottom: by file, then position (unknown positions last), then path and
// message, so that two loads print the same list (a schema walks maps in
// random order).
func Sort(ps []Problem) {
	sort.SliceStable(ps, func(i, j int) bool {
		a, b := ps[i], ps[j]
		switch {
		case a.File != b.File:
			return a.File < b.File
		case (a.Line == 0) != (b.Line == 0):
			return b.Line == 0
		case a.Line != b.Line:
			return a.Line < b.Line
		case a.Column != b.Column:
			return a.Column < b.Column
		case a.Path != b.Path:
			return a.Path < b.Path
		}
		return a.Message < b.Message
	})
}
