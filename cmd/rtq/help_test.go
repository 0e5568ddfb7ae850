package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// helpDir holds one golden --help text per command.
const helpDir = "testdata/help"

// regenerate is what a failure tells the reader to run.
const regenerate = "go test ./cmd/rtq -run TestHelpGolden -update"

// commandPaths lists every command users can call, as the words typed
// after rtq ("" for rtq itself), from the command tree main builds.
func commandPaths() []string {
	var paths []string
	var walk func(c *cobra.Command, prefix []string)
	walk = func(c *cobra.Command, prefix []string) {
		paths = append(paths, strings.Join(prefix, " "))
		for _, sub := range c.Commands() {
			if sub.Hidden || sub.Name() == "help" {
				continue
			}
			walk(sub, append(append([]string(nil), prefix...), sub.Name()))
		}
	}
	walk(newRootCmd(), nil)
	sort.Strings(paths)
	return paths
}

// goldenName is the file of a command's help: rtq_scenario_validate.golden.
func goldenName(path string) string {
	return strings.Join(append([]string{"rtq"}, strings.Fields(path)...), "_") + ".golden"
}

// TestHelpGolden pins the --help text of every command: the names and
// defaults people read there are part of the kit's outside (docs/cli.md).
// A flag added, renamed or re-described shows up as a diff here.
func TestHelpGolden(t *testing.T) {
	want := map[string]bool{}
	for _, path := range commandPaths() {
		name := goldenName(path)
		want[name] = true
		code, out, errOut := runCLI(t, append(strings.Fields(path), "--help")...)
		if code != 0 || errOut != "" {
			t.Errorf("rtq %s --help = exit %d, stderr %q; want 0 and nothing on stderr", path, code, errOut)
			continue
		}
		file := filepath.Join(helpDir, name)
		if *update {
			if err := os.MkdirAll(helpDir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		golden, err := os.ReadFile(file)
		if err != nil {
			t.Errorf("rtq %s --help has no golden file %s; if the command is new, create it: %s", path, file, regenerate)
			continue
		}
		if string(golden) != out {
			t.Errorf("rtq %s --help differs from %s; if the change is intended (then update docs/cli.md too), regenerate: %s\n%s",
				path, file, regenerate, lineDiff(string(golden), out))
		}
	}
	staleGoldens(t, want)
}

// staleGoldens fails on (or, with -update, removes) golden files of
// commands that no longer exist.
func staleGoldens(t *testing.T, want map[string]bool) {
	t.Helper()
	entries, err := os.ReadDir(helpDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if want[e.Name()] {
			continue
		}
		if *update {
			if err := os.Remove(filepath.Join(helpDir, e.Name())); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("%s/%s belongs to no command; remove it: %s", helpDir, e.Name(), regenerate)
	}
}

// lineDiff shows the lines of the golden file and of the output that the
// other does not have at the same position: enough to see what changed.
func lineDiff(golden, got string) string {
	g, o := strings.Split(golden, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < len(g) || i < len(o); i++ {
		var gl, ol string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(o) {
			ol = o[i]
		}
		if gl != ol {
			b.WriteString("\t- " + gl + "\n\t+ " + ol + "\n")
		}
	}
	return b.String()
}

// flagName finds the flags in cobra's usage lines: "  -o, --out string".
var flagName = regexp.MustCompile(`(?m)^\s+(?:-\w, )?--([\w-]+)`)

// TestCLIDocListsEveryFlag keeps docs/cli.md, where users look names up,
// in step with the command tree: every command and every flag appears there.
func TestCLIDocListsEveryFlag(t *testing.T) {
	data, err := os.ReadFile("../../docs/cli.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	var walk func(c *cobra.Command, prefix string)
	walk = func(c *cobra.Command, prefix string) {
		if !strings.Contains(doc, prefix) {
			t.Errorf("docs/cli.md does not mention the command %q", prefix)
		}
		for _, m := range flagName.FindAllStringSubmatch(c.LocalFlags().FlagUsages(), -1) {
			if m[1] != "help" && !strings.Contains(doc, "--"+m[1]) {
				t.Errorf("docs/cli.md does not list %s --%s", prefix, m[1])
			}
		}
		for _, sub := range c.Commands() {
			if !sub.Hidden && sub.Name() != "help" {
				walk(sub, prefix+" "+sub.Name())
			}
		}
	}
	walk(newRootCmd(), "rtq")
}
