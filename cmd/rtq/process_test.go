package main

import (
	"os"
	"testing"
)

// TestMain lets a test run this binary as rtq itself (a real process with
// real signals): with RTQ_TEST_AS_RTQ=1 the test binary is rtq.
func TestMain(m *testing.M) {
	if os.Getenv("RTQ_TEST_AS_RTQ") == "1" {
		ctx, stop := signalContext()
		code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
		stop()
		os.Exit(code)
	}
	os.Exit(m.Run())
}
