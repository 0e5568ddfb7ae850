package discover

import (
	"fmt"

	"github.com/rtq-kit/rtq/profile"
)

// sink keeps what one step of discover saw, in the order it saw it: the
// notes a person should review and the findings. Steps that overlap each
// write to their own sink, and each sink is absorbed into its parent (at
// the top, the Result) in the plan's order, not the order the steps
// finished in: the profile and what is printed are the same at any
// concurrency.
type sink struct {
	notes    []noteLine
	findings []profile.Finding
}

// noteLine is one note and the profile section it is written in.
type noteLine struct{ section, text string }

func (s *sink) note(section, format string, args ...any) {
	s.notes = append(s.notes, noteLine{section, fmt.Sprintf(format, args...)})
}

// find records a breach of a SPEC statement seen while reading: it is
// written to the profile (rtq conform fails it under its statement id) and
// printed by rtq profile discover. It returns what was seen, for the
// comment of the fact it leaves out.
func (s *sink) find(statement, endpoint, format string, args ...any) string {
	what := fmt.Sprintf(format, args...)
	s.findings = append(s.findings, profile.Finding{Statement: statement, Endpoint: endpoint, What: what})
	return what
}

// absorb appends what child saw after what s saw so far.
func (s *sink) absorb(child *sink) {
	s.notes = append(s.notes, child.notes...)
	s.findings = append(s.findings, child.findings...)
}

// keep writes what s saw into the result.
func (r *Result) keep(s *sink) {
	for _, n := range s.notes {
		r.Notes[n.section] = append(r.Notes[n.section], n.text)
	}
	r.Profile.Findings = append(r.Profile.Findings, s.findings...)
}
