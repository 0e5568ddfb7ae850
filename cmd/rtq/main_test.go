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

func TestRecordDescribesItsFlagsAndNeedsThem(t *testing.T) {
	code, out, _ := runCLI(t, "record", "--help")
	if code != 0 || !strings.Contains(out, "--upstream") || !strings.Contains(out, "--crawl") {
		t.Errorf("rtq record --help = %d; want 0 and --upstream, --crawl described, got %q", code, out)
	}
	code, _, errOut := runCLI(t, "record")
	if code != 2 || !strings.Contains(errOut, "--upstream") {
		t.Errorf("rtq record = %d, %q; want 2 and the required flags named", code, errOut)
	}
}
