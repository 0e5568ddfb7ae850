package e2e

import (
	"os"
	"testing"

	"github.com/rtq-kit/rtq/testkit/rtqbin"
)

// rtqCommand is the rtq command built from this module, once, for the
// tests that run hundreds of builds through `rtq conform` for their
// verdicts (runAll): outside this binary's race detector they cost a
// third of the time. The runner's own races are the in-process tests'
// job (TestReportIsTheSameAtAnyConcurrency, TestWritesNeverOverlap...).
var rtqCommand rtqbin.Shared

func TestMain(m *testing.M) {
	code := m.Run()
	rtqCommand.Cleanup()
	os.Exit(code)
}
