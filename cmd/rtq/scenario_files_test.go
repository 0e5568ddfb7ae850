//go:build unix

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
)

// scenarioDir copies the minimal scenario into a new directory.
func scenarioDir(t *testing.T) string {
	t.Helper()
	minimal, err := os.ReadFile("../../scenarios/minimal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.yaml"), minimal, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A *.yaml link to /dev/zero in a scenario directory (git stores links)
// was read without end; a named pipe blocked. rtq scenario validate now
// names the file and exits 2 at once.
func TestScenarioValidateRefusesFilesThatAreNotRegular(t *testing.T) {
	for name, mk := range map[string]func(string) error{
		"zero.yaml": func(p string) error { return os.Symlink("/dev/zero", p) },
		"pipe.yaml": func(p string) error { return syscall.Mkfifo(p, 0o644) },
	} {
		dir := scenarioDir(t)
		if err := mk(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
		code, _, errOut := runCLI(t, "scenario", "validate", dir)
		if code != 2 || !strings.Contains(errOut, filepath.Join(dir, name)) || !strings.Contains(errOut, "not a regular file") {
			t.Errorf("%s: exit %d, stderr %q; want 2 naming the file", name, code, errOut)
		}
	}
}

// Under --watch, a link to /dev/zero appearing in the directory is a
// broken change (the last good scenario stays), and SIGTERM still stops
// the mock.
func TestProcessWatchRefusesALinkToDevZeroAndStops(t *testing.T) {
	dir := scenarioDir(t)
	p := startProc(t, 0, "--scenario", dir, "--watch")
	lines := p.lines()
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.yaml")); err != nil {
		t.Fatal(err)
	}
	waitLine(t, lines, regexp.MustCompile(`zero\.yaml: not a regular file`))
	if code, body, _ := healthOn(t, p.url); code != 200 {
		t.Fatalf("the mock after the broken change: %d %s", code, body)
	}
	p.stop(t, shutdownBound)
}

// The YAML bounds have flags on rtq scenario validate (and rtq mock).
func TestScenarioValidateYAMLBoundFlags(t *testing.T) {
	dir := scenarioDir(t)
	code, out, _ := runCLI(t, "scenario", "validate", "--max-yaml-depth", "3", dir)
	if code != 1 || !strings.Contains(out, "nests more than 3 levels") || !strings.Contains(out, "--max-yaml-depth") {
		t.Errorf("--max-yaml-depth 3: exit %d, %q", code, out)
	}
	if code, out, _ := runCLI(t, "scenario", "validate", dir); code != 0 {
		t.Errorf("defaults: exit %d, %q", code, out)
	}
}
