package e2e

import (
	"testing"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/testkit/foreign"
	"github.com/rtq-kit/rtq/testkit/foreign/foreigntest"
)

// TestForeignBugsAreCaught: every realistic backend bug of the independent
// fake fails a check (must, or should where the statement is a should:
// the method), and the correct build passes with every statement covered,
// also without a reset (as staging runs): the runner's teeth hold against
// a service that is not the mock, without false alarms. The bugs run
// through the rtq command (rtqCommand), stopping at their first must
// failure; the correct builds run whole, in this process.
func TestForeignBugsAreCaught(t *testing.T) {
	for name, opts := range map[string]foreign.Options{"foreign": foreign.Defaults(), "mock-like": foreign.MockLike()} {
		t.Run("correct/"+name, func(t *testing.T) {
			t.Parallel()
			rep := foreigntest.Conform(t, opts, true)
			if f := mustFailures(rep); len(f) > 0 {
				t.Errorf("must failures on the correct build: %v", f)
			}
			if c := rep.Coverage.SpecStatements; c.Covered != c.Total {
				t.Errorf("spec statements %d/%d, missing %v", c.Covered, c.Total, c.Missing)
			}
			if f := failed(rep, conformance.Should); len(f) > 0 {
				t.Errorf("should failures on the correct build: %v", f)
			}
		})
		t.Run("correct-without-reset/"+name, func(t *testing.T) {
			t.Parallel()
			rep := foreigntest.Conform(t, opts, false)
			if f := append(failed(rep, conformance.Must), failed(rep, conformance.Should)...); len(f) > 0 {
				t.Errorf("failures on the correct build without a reset: %v", f)
			}
		})
	}
	for _, b := range foreign.BugInfos() {
		t.Run(string(b.Bug), func(t *testing.T) {
			t.Parallel()
			opts := foreign.Defaults()
			opts.Bug = b.Bug
			cmds, err := commands()
			if err != nil {
				t.Fatal(err)
			}
			rep, err := foreigntest.RunCommands(cmds, opts, true, "--fail-fast")
			if err != nil {
				t.Fatal(err)
			}
			if f := append(failed(rep, conformance.Must), failed(rep, conformance.Should)...); len(f) == 0 {
				t.Errorf("bug %s (%s: %s) fails no must check", b.Bug, b.Section, b.Breaks)
			}
		})
	}
}

// failed lists the failed checks of one severity, with their messages.
func failed(rep *conformance.Report, sev conformance.Severity) []string {
	var out []string
	for _, f := range rep.Checks {
		if f.Status == conformance.Fail && f.Severity == sev {
			out = append(out, f.ID+": "+f.Message)
		}
	}
	return out
}
