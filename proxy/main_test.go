package proxy_test

import (
	"os"
	"testing"

	"github.com/rtq-kit/rtq/testkit/rtqbin"
)

// fakeCommand serves the witnesses of the independent fake's builds
// (witness_test.go) from processes of their own, outside the race
// detector: served from this binary, their answers (two builds for every
// request) cost more than the proxy's judging of them.
var fakeCommand = rtqbin.Shared{Package: "github.com/rtq-kit/rtq/testkit/foreign/foreignbuild"}

func TestMain(m *testing.M) {
	code := m.Run()
	fakeCommand.Cleanup()
	os.Exit(code)
}
