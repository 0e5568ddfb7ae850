package scenario

import (
	"fmt"
	"sort"
	"strings"
)

// LoadError lists every problem of a scenario, so one run of
// `rtq scenario validate` shows everything to fix (style habit 9).
type LoadError struct {
	Problems []Problem
	// OverBudget is set when the generators ask for more items than the
	// load allows (WithMaxGenerated): nothing was generated, and a server
	// answers "too large" rather than "bad input".
	OverBudget bool
}

// Problem is one thing wrong with a scenario, at a YAML position. Path is
// the YAML path of the offending node (forms[3].name); Message says what is
// wrong and what to write instead.
type Problem struct {
	File    string
	Line    int
	Column  int
	Path    string
	Message string
}

// String is file:line:col: path: message (the file part is left out when
// the scenario came without a name).
func (p Problem) String() string {
	path := p.Path
	if path == "" {
		path = "$"
	}
	if p.File == "" {
		return fmt.Sprintf("%d:%d: %s: %s", p.Line, p.Column, path, p.Message)
	}
	return fmt.Sprintf("%s:%d:%d: %s: %s", p.File, p.Line, p.Column, path, p.Message)
}

// Error prints one problem per line.
func (e *LoadError) Error() string {
	lines := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		lines[i] = p.String()
	}
	return strings.Join(lines, "\n")
}

// at is where an item came from: its file and its YAML path there.
type at struct {
	file *source
	path string
}

func (a at) child(key string) at { return at{a.file, joinPath(a.path, key)} }
func (a at) index(i int) at      { return at{a.file, fmt.Sprintf("%s[%d]", a.path, i)} }

func joinPath(base, key string) string {
	if base == "" {
		return key
	}
	return base + "." + key
}

// problems collects problems; positions are resolved when they are added.
type problems struct {
	list []Problem
	// blocked holds the paths that already have a structural problem, so a
	// semantic check does not report the same node twice.
	blocked map[string]bool
	// hard is set by a structural problem that makes the decoded document
	// unreliable (a wrong type, a missing member); reference checks then
	// wait for the next run.
	hard bool
	// overBudget: the generators ask for more than the load allows.
	overBudget bool
}

func (ps *problems) add(a at, format string, args ...any) {
	file, path := "", a.path
	line, col := 1, 1
	if a.file != nil {
		file = a.file.name
		line, col = a.file.position(path)
		if ps.blocked[a.file.name+"\x00"+path] {
			return
		}
	}
	ps.list = append(ps.list, Problem{File: file, Line: line, Column: col, Path: path, Message: fmt.Sprintf(format, args...)})
}

// block marks a path as reported, so later checks stay quiet about it.
func (ps *problems) block(a at) {
	if a.file == nil {
		return
	}
	if ps.blocked == nil {
		ps.blocked = map[string]bool{}
	}
	ps.blocked[a.file.name+"\x00"+a.path] = true
}

func (ps *problems) err() error {
	if len(ps.list) == 0 {
		return nil
	}
	sort.SliceStable(ps.list, func(i, j int) bool {
		a, b := ps.list[i], ps.list[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		if a.Path != b.Path { // the schema walks maps in random order
			return a.Path < b.Path
		}
		return a.Message < b.Message
	})
	return &LoadError{Problems: ps.list, OverBudget: ps.overBudget}
}
