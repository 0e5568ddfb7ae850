package scenario

import (
	"fmt"

	"github.com/rtq-kit/rtq/internal/problem"
)

// LoadError lists every problem of a scenario, so one run of
// `rtq scenario validate` shows everything to fix (style habit 9). It is the
// one load error of the kit's file loaders (profile.LoadError is the same
// type); OverBudget says the generators asked for more than the load allows.
type LoadError = problem.LoadError

// Problem is one thing wrong with a scenario, at a YAML position. Path is
// the YAML path of the offending node (forms[3].name); Message says what is
// wrong and what to write instead.
type Problem = problem.Problem

// at is where an item came from: its file and its YAML path there. Every
// list item type of the document (orgDoc, recordDoc, ...) embeds it, and
// annotate sets it.
type at struct {
	file *source
	path string
}

func (a at) child(key string) at { return at{a.file, joinPath(a.path, key)} }
func (a at) index(i int) at      { return at{a.file, fmt.Sprintf("%s[%d]", a.path, i)} }

// locate sets the origin of a document item that embeds at.
func (a *at) locate(to at) { *a = to }

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
	problem.Sort(ps.list)
	return &LoadError{Problems: ps.list, OverBudget: ps.overBudget}
}
