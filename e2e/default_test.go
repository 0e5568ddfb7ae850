package e2e

import (
	"bytes"
	"testing"

	"github.com/rtq-kit/rtq/conformance/report"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile/derive"
	"github.com/rtq-kit/rtq/testkit/mocktest"
)

// TestDefaultMockPassesWithFullCoverage is the done criterion, in
// process: the default mock gives no must failure and covers every field
// type, 12/12 error codes, every transition and every SPEC statement (each
// passed); a second run against the same (now written) mock passes too.
func TestDefaultMockPassesWithFullCoverage(t *testing.T) {
	sc := mocktest.Default(t)
	url := serve(t, newMock(t, sc).Handler())
	prof := derive.FromScenario(sc)
	for run := 1; run <= 2; run++ {
		rep := conform(t, url, prof)
		if f := mustFailures(rep); len(f) > 0 {
			var b bytes.Buffer
			report.Text(&b, rep)
			t.Fatalf("run %d: must failures: %v\n%s", run, f, b.String())
		}
		c := rep.Coverage
		if c.FieldTypes.Covered != len(contract.FieldTypes) || c.ErrorCodes.Covered != 12 || c.Transitions.Total == 0 || c.Transitions.Covered != c.Transitions.Total {
			t.Fatalf("run %d: coverage %+v; want every field type, 12/12, every transition", run, c)
		}
		if s := c.SpecStatements; s.Total < 70 || s.Covered != s.Total {
			t.Fatalf("run %d: spec statements %d/%d, missing %v; want every one", run, s.Covered, s.Total, s.Missing)
		}
		for _, st := range rep.Statements {
			if st.Status != "pass" && st.Status != "not_checked" {
				t.Errorf("run %d: statement %s is %s (%v)", run, st.ID, st.Status, st.Checks)
			}
		}
	}
}
