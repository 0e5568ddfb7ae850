package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A known must failure recorded in a baseline no longer fails the run; a
// new one would; a baseline that is no report is a usage error.
func TestConformBaselineFailsOnlyForNewMustFailures(t *testing.T) {
	url := startMock(t)
	dir := t.TempDir()
	base := filepath.Join(dir, "base.json")
	failing := []string{"conform", "--base-url", url, "--api-key", "rtq-other-org", "--only", "getRecord.json.schema", "--profile", url + "/__admin/profile"}
	if code, _, errOut := runCLI(t, append(failing, "--format", "json", "--out", base)...); code != 1 {
		t.Fatalf("the failing run: exit %d (%s), want 1", code, errOut)
	}
	code, out, errOut := runCLI(t, append(failing, "--baseline", base)...)
	if code != 0 || !strings.Contains(out, "still failing        1  getRecord.json.schema") || !strings.Contains(out, "KNOWN must") {
		t.Fatalf("against its own baseline: exit %d, stderr %q\n%s", code, errOut, out)
	}
	empty := filepath.Join(dir, "empty.json")
	os.WriteFile(empty, []byte(`{"checks":[]}`), 0o644)
	if code, _, errOut := runCLI(t, append(failing, "--baseline", empty)...); code != 1 || !strings.Contains(errOut, "did not fail in the baseline") {
		t.Fatalf("a failure the baseline lacks: exit %d, stderr %q; want 1", code, errOut)
	}
	notReport := filepath.Join(dir, "not.json")
	os.WriteFile(notReport, []byte(`{"target":"x"}`), 0o644)
	if code, _, errOut := runCLI(t, append(failing, "--baseline", notReport)...); code != 2 || !strings.Contains(errOut, "--baseline") {
		t.Fatalf("a baseline that is no report: exit %d, stderr %q; want 2", code, errOut)
	}
}
