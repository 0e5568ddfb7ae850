package e2e

import (
	"bytes"
	"testing"

	"github.com/rtq-kit/rtq/conformance/report"
	"github.com/rtq-kit/rtq/internal/testscenario"
	"github.com/rtq-kit/rtq/scenario"
)

func TestFixtureMockPasses(t *testing.T) {
	sc := testscenario.Build()
	url := serve(t, newMock(t, sc).Handler())
	rep := conform(t, url, scenario.BuildProfile(sc))
	var b bytes.Buffer
	report.Text(&b, rep)
	t.Log(b.String())
	if f := mustFailures(rep); len(f) > 0 {
		t.Errorf("must failures: %v", f)
	}
}
