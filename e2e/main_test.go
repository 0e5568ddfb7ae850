package e2e

import (
	"os"
	"testing"

	"github.com/rtq-kit/rtq/testkit/foreign/foreigntest"
	"github.com/rtq-kit/rtq/testkit/rtqbin"
)

// rtqCommand is the rtq command built from this module, once, for the
// tests that run hundreds of builds through `rtq conform` for their
// verdicts (runAll): outside this binary's race detector they cost a
// third of the time. The runner's own races are the in-process tests'
// job (TestReportIsTheSameAtAnyConcurrency, TestWritesNeverOverlap...).
var rtqCommand rtqbin.Shared

// fakeCommand serves each of those builds of the independent fake in a
// process of its own, outside the race detector too: served from this
// binary, the fake's answers cost as much as the runner's run.
var fakeCommand = rtqbin.Shared{Package: "github.com/rtq-kit/rtq/testkit/foreign/foreignbuild"}

// commands are both, built once.
func commands() (foreigntest.Commands, error) {
	rtq, err := rtqCommand.Path()
	if err != nil {
		return foreigntest.Commands{}, err
	}
	fake, err := fakeCommand.Path()
	return foreigntest.Commands{Rtq: rtq, Fake: fake}, err
}

func TestMain(m *testing.M) {
	// The commands this binary starts (rtq conform, the fake) live for
	// seconds and hold tens of megabytes: collecting their garbage a
	// quarter as often cuts their CPU by a sixth, and hundreds of them
	// run in a CI job. Read at their start; this process is not changed.
	if os.Getenv("GOGC") == "" {
		os.Setenv("GOGC", "400")
	}
	code := m.Run()
	rtqCommand.Cleanup()
	fakeCommand.Cleanup()
	os.Exit(code)
}
