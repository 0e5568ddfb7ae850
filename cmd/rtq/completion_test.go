package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompletionScriptsLoad: rtq completion prints a script for each shell
// docs/ci.md sets up, and bash (when present) loads it and binds rtq.
func TestCompletionScriptsLoad(t *testing.T) {
	for _, shell := range []string{"bash", "zsh", "fish"} {
		code, out, errOut := runCLI(t, "completion", shell)
		if code != 0 || !strings.Contains(out, "rtq") {
			t.Fatalf("rtq completion %s = %d, %q; want 0 and a script", shell, code, errOut)
		}
		if shell != "bash" {
			continue
		}
		bash, err := exec.LookPath("bash")
		if err != nil {
			t.Log("no bash here: the script was printed but not loaded")
			continue
		}
		script := filepath.Join(t.TempDir(), "rtq.bash")
		if err := os.WriteFile(script, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := exec.Command(bash, "-c", "source "+script+" && complete -p rtq").CombinedOutput()
		if err != nil || !strings.Contains(string(got), "rtq") {
			t.Errorf("bash does not load the completion script: %v\n%s", err, got)
		}
	}
}

// TestCompletionOffersFlagValues asks cobra's completion entry point what
// the shells would offer.
func TestCompletionOffersFlagValues(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"__complete", "conform", "--format", ""}, "junit"},
		{[]string{"__complete", "gen", "record", "--field-type", "ide"}, "identity"},
		{[]string{"__complete", "he"}, "health"},
		{[]string{"__complete", ""}, "openapi"},
	} {
		code, out, _ := runCLI(t, tc.args...)
		if code != 0 || !strings.Contains(out, tc.want) {
			t.Errorf("rtq %s = %d, %q; want %q offered", strings.Join(tc.args, " "), code, out, tc.want)
		}
	}
}
