package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/mockserver"
)

// Every rtq command line of the deployment examples under deploy/ parses
// with this rtq's own command tree: the subcommand exists and runs, every
// flag is one it has with a value of its type, the arguments are as many
// as it takes, and the values rtq checks before it serves (--addr,
// --store, health's URL) are good. Nothing is executed. A failure names
// the file and the line of the word at fault.
func TestDeployCommandLinesParse(t *testing.T) {
	lines, images := deployLines(t, "../../deploy")
	for _, d := range lines {
		if err := parseDeployLine(d); err != nil {
			t.Error(err)
		}
	}
	// The examples are there for these: a file that lost them is a test
	// that would pass on nothing.
	for _, want := range []struct{ file, cmd, flag string }{
		// The store is RTQ_STORE in both (its URL holds Redis' password,
		// which a command line would show in the process list):
		// TestDeployManifestsAreRestricted and TestComposeIsHardened
		// check it there.
		{"kubernetes/rtq-mock.yaml", "mock", "--allowed-host"},
		{"kubernetes/rtq-mock.yaml", "health", ""},
		{"compose/compose.yaml", "mock", "--allowed-host"},
		{"compose/compose.yaml", "health", ""},
		{"README.md", "conform", "--admin-token"},
	} {
		if !slices.ContainsFunc(lines, func(d deployLine) bool {
			a := d.args()
			return d.file == want.file && len(a) > 0 && a[0] == want.cmd && (want.flag == "" || slices.Contains(a, want.flag))
		}) {
			t.Errorf("deploy/%s: no rtq %s %s command line found: the example lost it, or this test no longer finds it", want.file, want.cmd, want.flag)
		}
	}
	// The manifests run the image the repository builds.
	name := containerImageName(t)
	if name != deployImage {
		t.Errorf("scripts/check-container.sh builds image %q; the deploy examples and this test name %q", name, deployImage)
	}
	if !slices.ContainsFunc(images, isDeployImage) {
		t.Errorf("no file under deploy/ runs image %s: images %q", deployImage, images)
	}
}

// A bad flag, an unknown subcommand, a missing argument and a bad --store
// are each reported at their file and line; a good line is not.
func TestDeployCommandLinesReportFileAndLine(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("k8s.yaml", `spec:
  containers:
    - image: registry.example/rtq-mock:v1
      args:
        - mock
        - --addr
        - 0.0.0.0:8080
        - --stor
        - redis://r:6379/0
      readinessProbe:
        exec: {command: ["/rtq", "health", "http://127.0.0.1:8080"]}
---
services:
  m:
    image: rtq-mock
    command: [mock, --store, "mongodb://x"]
    healthcheck:
      test: ["CMD", "/rtq", "health"]
`)
	write("README.md", "# x\n\n```sh\nrtq health http://127.0.0.1:8080 && \\\n  rtq helth http://x\n```\n\n"+
		"```yaml\nrtq mock --bad\n```\n\n```sh\nrtq conform --base-url http://h \\\n  --api-key k --formt json 2>&1 | tee x\n```\n")
	lines, _ := deployLines(t, dir)
	var errs []string
	for _, d := range lines {
		if err := parseDeployLine(d); err != nil {
			errs = append(errs, err.Error())
		}
	}
	got := strings.Join(errs, "\n")
	for _, want := range []string{
		"k8s.yaml:8: rtq mock", "--stor",
		"k8s.yaml:16: rtq mock", "mongodb",
		"k8s.yaml:18: rtq health",
		"README.md:5: rtq helth",
		"README.md:14: rtq conform", "--formt",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in the errors:\n%s", want, got)
		}
	}
	if len(errs) != 5 {
		t.Errorf("%d errors, want 5 (the good health probe and the yaml block are not errors):\n%s", len(errs), got)
	}
}

// deployLines collects the rtq command lines and the images of every file
// under root, named relative to it.
func deployLines(t *testing.T, root string) ([]deployLine, []string) {
	t.Helper()
	var lines []deployLine
	var images []string
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		name, _ := filepath.Rel(root, path)
		l, i, err := deployFileLines(path, filepath.ToSlash(name))
		lines, images = append(lines, l...), append(images, i...)
		return err
	})
	if err != nil {
		t.Fatalf("deploy files: %v", err)
	}
	return lines, images
}

// parseDeployLine parses one command line with rtq's command tree, as
// rtq would before it runs the command, and checks the values rtq checks
// first; it executes nothing.
func parseDeployLine(d deployLine) error {
	args := d.args()
	for i, a := range args {
		args[i] = unquote(a)
	}
	fail := func(word string, err error) error {
		return fmt.Errorf("%s: rtq %s: %v", d.where(wordIndex(args, word)), strings.Join(args, " "), err)
	}
	cmd, rest, err := newRootCmd().Find(args)
	if err != nil {
		return fail(firstWord(args), err)
	}
	if !cmd.Runnable() {
		return fail(firstWord(args), fmt.Errorf("%q is a group of commands, not one", cmd.CommandPath()))
	}
	if err := cmd.ParseFlags(rest); err != nil {
		return fail(badFlagWord(args, err), err)
	}
	if err := cmd.ValidateArgs(cmd.Flags().Args()); err != nil {
		return fail(firstWord(args), err)
	}
	if err := cmd.ValidateRequiredFlags(); err != nil {
		return fail(firstWord(args), err)
	}
	return checkDeployValues(cmd.Name(), func(name string) string { return cmd.Flags().Lookup(name).Value.String() },
		cmd.Flags().Args(), fail)
}

// checkDeployValues checks what rtq checks of its values before it does
// anything: mock's --addr and --store, health's URL. A value that is a
// shell variable is the user's to fill in.
func checkDeployValues(name string, flag func(string) string, args []string, fail func(string, error) error) error {
	switch name {
	case "mock":
		if addr := flag("addr"); !strings.Contains(addr, "$") {
			if err := checkAddrFlag("--addr", addr); err != nil {
				return fail(addr, err)
			}
		}
		if store := flag("store"); !strings.Contains(store, "$") {
			if _, err := mockserver.ParseStoreAddr(store); err != nil {
				return fail(store, fmt.Errorf("--store %v", err))
			}
		}
	case "health":
		if !strings.Contains(args[0], "$") {
			if _, err := healthURL(args[0]); err != nil {
				return fail(args[0], err)
			}
		}
	}
	return nil
}

// unknownFlag finds the flag pflag names in its error.
var unknownFlag = regexp.MustCompile(`(--?[A-Za-z0-9][-A-Za-z0-9]*)`)

// badFlagWord is the word a flag error is about, "" when it names none.
func badFlagWord(args []string, err error) string {
	for _, m := range unknownFlag.FindAllString(err.Error(), -1) {
		if i := wordIndex(args, m); i >= 0 {
			return args[i]
		}
	}
	return ""
}

// wordIndex is the index of the first argument that is word or starts
// with word= (a flag with its value); -1 when none is.
func wordIndex(args []string, word string) int {
	for i, a := range args {
		if word != "" && (a == word || strings.HasPrefix(a, word+"=")) {
			return i
		}
	}
	return -1
}

func firstWord(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return args[0]
}

// unquote takes away one pair of shell quotes around a word.
func unquote(w string) string {
	if len(w) >= 2 && (w[0] == '"' || w[0] == '\'') && w[len(w)-1] == w[0] {
		return w[1 : len(w)-1]
	}
	return w
}

// containerImageName is the image name scripts/check-container.sh builds
// (its podman build -t NAME:TAG).
func containerImageName(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("../../scripts/check-container.sh")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)podman_ build.*?\s-t ([a-z0-9._/-]+):`).FindSubmatch(data)
	if m == nil {
		t.Fatal("scripts/check-container.sh: no podman_ build ... -t NAME:TAG line")
	}
	return string(m[1])
}
