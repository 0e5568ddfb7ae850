package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/rtqtest"
	"github.com/rtq-kit/rtq/testkit/tlsfront"
)

// The doc test runs every command block of README.md and docs/*.md, as
// written, with bash, against a real rtq (this test binary, as rtq) and a
// real mock, so that documentation drift fails CI. What it changes, and
// only that: http://127.0.0.1:8080 becomes the address of a mock it
// started on 127.0.0.1:0; https://staging.example.com, $STAGING and
// $STAGING_URL a second mock standing in for staging
// (testdata/docs/staging.yaml); https://staging.internal.example that
// mock behind a company's TLS front (a private CA, a client certificate
// required, a gateway that wants a header: testkit/tlsfront),
// with company-ca.pem, client.pem, client-key.pem and $GATEWAY_TOKEN in
// the block's directory and environment; a long-running command (rtq mock, the
// rtq record proxy) listens on 127.0.0.1:0 and stops once it is serving;
// rtq record's --rate is lifted (a local mock needs no pacing). Every
// curl fails on an HTTP error status.
//
// A block that cannot run here (a container engine, a CI service, a
// package from npm, a build or a load test of minutes) carries a marker on
// the line before it, which names why; it is skipped by name:
//
//	<!-- doc-test: skip: docker: needs a container engine -->

// docPages are the pages walked: README.md and every page of docs/.
func docPages(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob("../../docs/*.md")
	if err != nil || len(pages) < 5 {
		t.Fatalf("docs/*.md: %v (%d pages)", err, len(pages))
	}
	return append([]string{"../../README.md"}, pages...)
}

// docBlock is one command block of a page.
type docBlock struct {
	name string // page:line
	text string
	skip string // the marker's reason; "" runs the block
	info string // the fence's info string; "indented" for an indented block
}

var (
	skipMarker = regexp.MustCompile(`^<!--\s*doc-test:\s*skip:\s*(.+?)\s*-->$`)
	// shellInfo are the info strings of a fenced block that is a command block.
	shellInfo = map[string]bool{"sh": true, "bash": true, "shell": true, "console": true}
	// runnable are the commands a block may run here; any other first word
	// of a line needs a skip marker on the block.
	runnable = map[string]bool{"rtq": true, "curl": true, "open": true, "source": true, "for": true,
		"export": true, "cat": true, "echo": true, "#": true, "jq": true, "mkdir": true}
	// commandStart tells an indented command block from indented output.
	commandStart = regexp.MustCompile(`^(rtq|curl|go|docker|podman|kubectl|bench/run\.sh|source|npm|npx|open)\b`)
	// ciKeys tell a CI recipe (GitHub Actions, GitLab CI) among YAML blocks.
	ciKeys = regexp.MustCompile(`(?m)^\s*(-\s+)?(runs-on|script|before_script|run):`)
)

// blocksOf lists the command blocks of one page: fenced blocks whose info
// string is a shell, indented blocks that start with a command, and CI
// recipes (fenced YAML holding steps: or script:), which must be marked.
func blocksOf(page string, data []byte) []docBlock {
	var out []docBlock
	lines := strings.Split(string(data), "\n")
	name := filepath.Base(page)
	if name != "README.md" {
		name = "docs/" + name
	}
	marker := func(i int) string { // the marker on the line before line i, blank lines between
		for j := i - 1; j >= 0; j-- {
			if l := strings.TrimSpace(lines[j]); l != "" {
				if m := skipMarker.FindStringSubmatch(l); m != nil {
					return m[1]
				}
				return ""
			}
		}
		return ""
	}
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if info, ok := strings.CutPrefix(strings.TrimLeft(l, " "), "```"); ok {
			start, indent := i, len(l)-len(strings.TrimLeft(l, " "))
			var body []string
			for i++; i < len(lines) && !strings.HasPrefix(strings.TrimLeft(lines[i], " "), "```"); i++ {
				body = append(body, strings.TrimPrefix(lines[i], strings.Repeat(" ", indent)))
			}
			word, _, _ := strings.Cut(strings.TrimSpace(info), " ")
			text := strings.Join(body, "\n")
			ciRecipe := word == "yaml" && ciKeys.MatchString(text)
			if shellInfo[word] || ciRecipe {
				out = append(out, docBlock{name: name + ":" + strconv.Itoa(start+1), text: text, skip: marker(start), info: word})
			}
			continue
		}
		if strings.HasPrefix(l, "    ") && (i == 0 || strings.TrimSpace(lines[i-1]) == "") && commandStart.MatchString(strings.TrimSpace(l)) {
			start := i
			var body []string
			for ; i < len(lines) && (strings.HasPrefix(lines[i], "    ") || strings.TrimSpace(lines[i]) == "" && i+1 < len(lines) && strings.HasPrefix(lines[i+1], "    ")); i++ {
				body = append(body, strings.TrimPrefix(lines[i], "    "))
			}
			out = append(out, docBlock{name: name + ":" + strconv.Itoa(start+1), text: strings.Join(body, "\n"), skip: marker(start), info: "indented"})
		}
	}
	return out
}

// unrunnable names the first line of a block that runs something this
// test cannot (docker, go, npm, ...), or "" when every line can run.
func unrunnable(b docBlock) string {
	if b.info == "yaml" {
		return "a CI recipe"
	}
	cont, quoted := false, false
	for _, l := range strings.Split(b.text, "\n") {
		l = strings.TrimSpace(l)
		wasCont, wasQuoted := cont, quoted
		cont = strings.HasSuffix(l, "\\")
		quoted = quoted != (strings.Count(l, "'")%2 == 1) // inside a '...' spanning lines
		if l == "" || wasCont || wasQuoted {
			continue
		}
		words := strings.Fields(l)
		for len(words) > 1 && strings.Contains(words[0], "=") { // VAR=value command
			words = words[1:]
		}
		if strings.HasPrefix(words[0], "#") {
			continue
		}
		if !runnable[words[0]] {
			return l
		}
		for _, bad := range []string{"docker ", "podman ", "kubectl ", "npm ", "npx "} {
			if strings.Contains(l, bad) {
				return l
			}
		}
	}
	return ""
}

// TestDocCommandBlocksRun runs every command block of README.md and docs/.
func TestDocCommandBlocksRun(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	shims := docShims(t, self)
	var blocks []docBlock
	for _, page := range docPages(t) {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		blocks = append(blocks, blocksOf(page, data)...)
	}
	if len(blocks) < 20 {
		t.Fatalf("found %d command blocks in README.md and docs/: the walker lost them", len(blocks))
	}
	st := startStaging(t)
	for _, b := range blocks {
		t.Run(b.name, func(t *testing.T) {
			t.Parallel() // each block has its own mock and directory; staging is only read
			if b.skip != "" {
				t.Skipf("marked not runnable here: %s", b.skip)
			}
			if l := unrunnable(b); l != "" {
				t.Fatalf("%s runs what this test cannot (%q): mark the block with <!-- doc-test: skip: WHY --> on the line before it, or split it", b.name, l)
			}
			runDocBlock(t, b, shims, st)
		})
	}
}

// docShims writes the commands blocks call into a directory put first on
// PATH: rtq (this test binary as rtq), curl (failing on an HTTP error),
// open (fetches the page instead of opening a browser).
func docShims(t *testing.T, self string) string {
	t.Helper()
	dir := t.TempDir()
	curl, err := exec.LookPath("curl")
	if err != nil {
		t.Skip("no curl")
	}
	shims := map[string]string{
		"rtq":  "#!/bin/sh\nRTQ_TEST_AS_RTQ=1 RTQ_DOC_TEST=1 exec '" + self + "' \"$@\"\n",
		"curl": "#!/bin/sh\nexec '" + curl + "' --fail-with-body --max-time 20 \"$@\"\n",
		"open": "#!/bin/sh\nexec '" + curl + "' -sf --max-time 10 -o /dev/null \"$1\"\n",
	}
	for name, body := range shims {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// runDocBlock runs one block with bash -e in a directory holding the
// files blocks name, against a fresh mock and the shared staging.
func runDocBlock(t *testing.T, b docBlock, shims string, st staging) {
	mock, script := blockMock(t, b.text)
	staging := st.url
	dir := t.TempDir()
	docFixtures(t, dir, st, !strings.Contains(b.text, "--out staging.yaml"))
	text := strings.NewReplacer(
		"http://127.0.0.1:8080", mock, "https://staging.example.com", staging, "https://staging.internal.example", st.front.URL,
	).Replace(script)
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-e", "-o", "pipefail", "-c", text+"\nwait\n")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+shims+string(os.PathListSeparator)+os.Getenv("PATH"),
		"RTQ_API_KEY=rtq-demo-read", "RTQ_WRITE_KEY=", "RTQ_ADMIN_TOKEN=", "RTQ_BASE_URL="+mock,
		"STAGING="+staging, "STAGING_URL="+staging, "HOME="+dir, "GATEWAY_TOKEN="+tlsfront.GatewayToken)
	// The time-out kills the block's whole process group (docs_unix_test.go),
	// and output still held open by a child is not waited on past WaitDelay.
	killGroupOnCancel(cmd)
	cmd.WaitDelay = 5 * time.Second
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Errorf("%s: %v\n--- block, as run:\n%s\n--- output:\n%s", b.name, err, text, clip(out.String()))
	}
}

// docFixtures writes the files command blocks name: a scenario (my.yaml,
// my-scenario.yaml, my-scenarios/), and a profile of staging as
// staging.yaml unless the block writes a recording there.
func docFixtures(t *testing.T, dir string, st staging, profile bool) {
	t.Helper()
	sc, err := os.ReadFile("../../scenarios/minimal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{"my.yaml": sc, "my-scenario.yaml": sc, "my-scenarios/shop.yaml": sc} // no scenarios/: a page that writes there makes it, as a new project must
	if profile {
		files["staging.yaml"] = st.profile
	}
	for name, from := range map[string]string{"company-ca.pem": st.front.CA, "client.pem": st.front.Client, "client-key.pem": st.front.ClientKey} {
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = data
	}
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// asDocTest adapts the command line of a doc block's rtq call: a command
// that serves (rtq mock, the rtq record proxy) listens on 127.0.0.1:0, and
// rtq record goes unpaced. It reports whether the command serves.
func asDocTest(args []string) ([]string, bool) {
	if len(args) == 0 {
		return args, false
	}
	serves := args[0] == "mock" || args[0] == "record" && !contains(args, "--crawl")
	out := make([]string, 0, len(args)+2)
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case serves && a == "--addr" && i+1 < len(args):
			i++
			continue
		case serves && strings.HasPrefix(a, "--addr="):
			continue
		case args[0] == "record" && a == "--rate" && i+1 < len(args):
			i++
			continue
		}
		out = append(out, a)
	}
	if serves {
		out = append(out, "--addr", "127.0.0.1:0")
	}
	if args[0] == "record" {
		out = append(out, "--rate", "0")
	}
	return out, serves
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// runBriefly runs a serving command until its start line says it serves
// ("Ctrl-C"), then stops it as Ctrl-C does and returns its exit status.
func runBriefly(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			line := sc.Text()
			_, _ = io.WriteString(stderr, line+"\n")
			if strings.Contains(line, "Ctrl-C") {
				cancel()
			}
		}
		_, _ = io.Copy(io.Discard, pr)
	}()
	code := run(ctx, args, stdin, stdout, pw)
	pw.Close()
	return code
}

// blockMock is the mock a block talks to: the one its first line starts
// (rtq mock with its flags, "&" or not), which this test runs on
// 127.0.0.1:0 for the whole block, else a mock of the default scenario.
// It returns the mock's URL and the block without that first line.
func blockMock(t *testing.T, text string) (string, string) {
	t.Helper()
	first, rest, _ := strings.Cut(text, "\n")
	line := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(stripComment(first)), "&"))
	if !strings.HasPrefix(line, "rtq mock") || strings.HasSuffix(line, "\\") {
		return rtqtest.Start(t).URL, text
	}
	args := shellWords(t, strings.TrimPrefix(line, "rtq "))
	args, _ = asDocTest(args)
	url, _ := startCLIMock(t, args[1:]...)
	return url, rest
}

// stripComment drops a trailing "# ..." comment of a shell line.
func stripComment(l string) string {
	if i := strings.Index(l, " #"); i >= 0 && !strings.ContainsAny(l[:i], `'"`) {
		return l[:i]
	}
	return l
}

// shellWords splits a command line as bash does (quotes, $(...)).
func shellWords(t *testing.T, line string) []string {
	t.Helper()
	out, err := exec.Command("bash", "-c", "printf '%s\\0' "+line).Output()
	if err != nil {
		t.Fatalf("split %q: %v", line, err)
	}
	return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
}

// staging is the mock standing in for staging, shared by every block
// (they only read it: discover, conform without --allow-writes, record
// --crawl), and its profile as rtq profile discover writes it.
type staging struct {
	url     string
	profile []byte
	// front is the same staging behind a company's TLS front.
	front tlsfront.Front
}

func startStaging(t *testing.T) staging {
	t.Helper()
	url := rtqtest.Start(t, rtqtest.WithScenarioFiles("testdata/docs/staging.yaml")).URL
	code, out, errOut := runCLI(t, "profile", "discover", "--base-url", url, "--api-key", "rtq-demo-read",
		"--write-key", "rtq-demo-write", "--record-id", "1001", "--record-id", "1002")
	if code != 0 {
		t.Fatalf("staging's profile: exit %d: %s", code, errOut)
	}
	return staging{url: url, profile: []byte(out), front: tlsfront.Start(t, tlsfront.Company, url)}
}
