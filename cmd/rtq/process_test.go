package main

import (
	"os"
	"testing"
)

// TestMain lets a test run this binary as rtq itself (a real process with
// real signals): with RTQ_TEST_AS_RTQ=1 the test binary is rtq.
func TestMain(m *testing.M) {
	if os.Getenv("RTQ_TEST_AS_RTQ") == "1" && os.Getenv("RTQ_DOC_TEST") == "1" {
		args, serves := asDocTest(os.Args[1:])
		if serves { // docs_test.go: a command block's rtq mock runs until it serves
			os.Exit(runBriefly(args, os.Stdin, os.Stdout, os.Stderr))
		}
		os.Args = append(os.Args[:1], args...)
	}
	if os.Getenv("RTQ_TEST_AS_RTQ") == "1" {
		ctx, stop := signalContext()
		code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
		stop()
		os.Exit(code)
	}
	os.Exit(m.Run())
}
