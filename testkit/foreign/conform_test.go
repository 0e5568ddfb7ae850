package foreign_test

import (
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/testkit/foreign"
	"github.com/rtq-kit/rtq/testkit/foreign/foreigntest"
)

// failures lists the failed checks of a severity, with their problems.
func failures(rep *conformance.Report, sev conformance.Severity) []string {
	var out []string
	for _, f := range rep.Checks {
		if f.Status == conformance.Fail && f.Severity == sev {
			out = append(out, f.ID+": "+f.Message+" "+strings.Join(f.Problems, "; "))
		}
	}
	return out
}

// The correct build implements every SPEC statement: the runner passes it,
// with every must check run, in both dialects.
func TestConformancePassesTheCorrectBuild(t *testing.T) {
	for name, opts := range map[string]foreign.Options{"foreign": foreign.Defaults(), "mock-like": foreign.MockLike()} {
		t.Run(name, func(t *testing.T) {
			rep := foreigntest.Conform(t, opts, true)
			for _, f := range failures(rep, conformance.Must) {
				t.Errorf("must: %s", f)
			}
			for _, f := range failures(rep, conformance.Should) {
				t.Errorf("should: %s", f)
			}
			if rep.Status != conformance.StatusPass {
				t.Errorf("status %s (%s)", rep.Status, rep.Reason)
			}
			for _, f := range rep.Checks {
				if f.Status != conformance.Skip || f.Severity != conformance.Must {
					continue
				}
				t.Errorf("must check skipped: %s: %s", f.ID, f.Message)
			}
			c := rep.Coverage
			if n := c.FieldTypes; n.Covered != n.Total {
				t.Errorf("testkit/foreign/values.go: the foreign service serves no field of type %v (rows of contract/fields.go; coverage %d/%d)", n.Missing, n.Covered, n.Total)
			}
			for _, n := range []conformance.Count{c.ErrorCodes, c.Transitions} {
				if n.Covered != n.Total {
					t.Errorf("coverage %d/%d, missing %v", n.Covered, n.Total, n.Missing)
				}
			}
		})
	}
}
