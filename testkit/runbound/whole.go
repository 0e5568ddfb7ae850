package runbound

import (
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/conformance"
)

// AssertWhole fails t unless the report is whole: every check has one of
// the three outcomes and the summary adds up, no check crashed (the runner
// turns a panic in a check into a "check crashed" finding; against a
// hostile target that finding is a bug), and a failed check says why. The
// fuzz tests of the runner and of the kit end their runs with it.
func AssertWhole(t testing.TB, rep *conformance.Report) {
	t.Helper()
	s := rep.Summary
	if len(rep.Checks) == 0 || s.Total != len(rep.Checks) || s.Passed+s.Failed+s.Skipped != s.Total {
		t.Fatalf("report with %d checks, summary %+v: the summary must count every check once", len(rep.Checks), s)
	}
	for _, c := range rep.Checks {
		switch {
		case strings.Contains(c.Message, "check crashed"):
			t.Fatalf("check %s crashed on a hostile answer: %s", c.ID, c.Message)
		case c.Status != conformance.Pass && c.Status != conformance.Fail && c.Status != conformance.Skip:
			t.Fatalf("check %s has status %q", c.ID, c.Status)
		case c.Status == conformance.Fail && c.Message == "" && len(c.Problems) == 0:
			t.Fatalf("check %s failed without saying why", c.ID)
		}
	}
}
