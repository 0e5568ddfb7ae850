package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// runCLI runs rtq in-process and returns its exit status and output.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestVersionPrintsAVersion(t *testing.T) {
	code, out, _ := runCLI(t, "version")
	if code != 0 || !strings.HasPrefix(out, "rtq ") || len(strings.TrimSpace(out)) <= len("rtq") {
		t.Fatalf("rtq version = %d, %q; want 0 and a version line", code, out)
	}
}

func TestUnknownCommandIsAUsageError(t *testing.T) {
	code, _, errOut := runCLI(t, "no-such-command")
	if code != 2 || !strings.Contains(errOut, "unknown command") {
		t.Fatalf("exit %d, stderr %q; want 2 and 'unknown command'", code, errOut)
	}
}

func TestPlannedCommandsDescribeTheirFlagsAndSayNotYet(t *testing.T) {
	for _, c := range []struct{ cmd, flag string }{{"record", "--upstream"}} {
		code, out, _ := runCLI(t, c.cmd, "--help")
		if code != 0 || !strings.Contains(out, c.flag) {
			t.Errorf("rtq %s --help = %d; want 0 and %s described, got %q", c.cmd, code, c.flag, out)
		}
		code, _, errOut := runCLI(t, c.cmd)
		if code != 2 || !strings.Contains(errOut, "not implemented yet") {
			t.Errorf("rtq %s = %d, %q; want 2 and 'not implemented yet'", c.cmd, code, errOut)
		}
	}
}
