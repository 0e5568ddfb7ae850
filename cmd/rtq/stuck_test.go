package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/openapi"
	"github.com/rtq-kit/rtq/testkit/refused"
)

// TestLikeliestMistakesSayWhatToDo holds the messages of the second
// newcomer trial (the mistakes a user of Prism, WireMock, curl or
// Schemathesis makes first): each names the flag or command that was
// meant, and none is Go's or cobra's own wording.
func TestLikeliestMistakesSayWhatToDo(t *testing.T) {
	for _, env := range []string{"RTQ_BASE_URL", "RTQ_API_KEY", "RTQ_WRITE_KEY", "RTQ_ADMIN_TOKEN", "RTQ_STORE"} {
		t.Setenv(env, "")
	}
	mock := startMock(t)
	host := strings.TrimPrefix(mock, "http://")
	dir := t.TempDir()
	junit := filepath.Join(dir, "report.xml")
	if code, _, errOut := runCLI(t, "conform", "--base-url", mock, "--api-key", "rtq-demo-read", "--format", "junit", "--out", junit); code != 0 {
		t.Fatalf("the JUnit report for --baseline: exit %d %s", code, errOut)
	}
	scenarioFile := filepath.Join("..", "..", "scenarios", "default.yaml")

	for _, tc := range []struct {
		args   []string
		code   int
		want   []string
		reject []string
	}{
		// Names other tools use.
		{[]string{"mock", "--port", "9000"}, 2, []string{"--addr 127.0.0.1:9000"}, nil},
		{[]string{"mock", "--port=9000"}, 2, []string{"--addr 127.0.0.1:9000"}, nil},
		{[]string{"mock", "-p", "9000"}, 2, []string{"--addr 127.0.0.1:9000"}, nil},
		{[]string{"mock", "--token", "x"}, 2, []string{"did you mean --admin-token?"}, nil},
		{[]string{"conform", "--url", mock}, 2, []string{"did you mean --base-url?"}, nil},
		{[]string{"conform", "--key", "k"}, 2, []string{"did you mean --api-key?"}, nil},
		{[]string{"conform", "--junit"}, 2, []string{"did you mean --format junit?"}, nil},
		{[]string{"conform", "-o", "r.json"}, 2, []string{"did you mean --out?"}, nil},
		{[]string{"profile", "discover", "--key", "k"}, 2, []string{"did you mean --api-key?"}, nil},
		{[]string{"record", "--url", mock}, 2, []string{"did you mean --upstream?"}, nil},
		{[]string{"health", "--url", mock}, 2, []string{"takes the URL as its argument", "rtq health http://"}, nil},
		// Arguments where a flag was meant, and missing ones.
		{[]string{"health"}, 2, []string{"the mock's URL is missing", "rtq health http://127.0.0.1:8080"}, []string{"arg(s)"}},
		{[]string{"scenario", "validate"}, 2, []string{"a scenario file or directory is missing"}, []string{"arg(s)"}},
		{[]string{"conform", mock}, 2, []string{"did you mean --base-url " + mock + "?"}, []string{"unknown command"}},
		{[]string{"mock", scenarioFile}, 2, []string{"did you mean --scenario " + scenarioFile + "?"}, []string{"unknown command"}},
		// Files and keys that are not what the flag takes.
		{[]string{"conform", "--base-url", mock, "--api-key", "rtq-demo-read", "--profile", host + "/__admin/profile"}, 2,
			[]string{"did you mean http://" + host + "/__admin/profile?"}, nil},
		{[]string{"conform", "--base-url", mock, "--api-key", "rtq-demo-read", "--profile", scenarioFile}, 2,
			[]string{"1 problem(s)", "this is a scenario", "rtq scenario profile"}, []string{"not allowed here"}},
		{[]string{"conform", "--base-url", mock, "--api-key", "rtq-demo-read", "--baseline", junit}, 2,
			[]string{"a JUnit report", "--format json"}, nil},
		{[]string{"conform", "--base-url", mock}, 2, []string{"--api-key (or RTQ_API_KEY)"}, nil},
		{[]string{"profile", "discover", "--base-url", mock, "--api-key", "rtq-demo-read", "--record-id", "999"}, 1,
			[]string{"no record 999", "check --record-id"}, nil},
		// A file to write into a directory that is not there is refused
		// before the run, with the command that makes it.
		{[]string{"conform", "--base-url", mock, "--api-key", "rtq-demo-read", "--out", filepath.Join(dir, "reports", "r.json")}, 2,
			[]string{"mkdir -p " + filepath.Join(dir, "reports")}, []string{"checks:"}},
		{[]string{"record", "--crawl", "--upstream", mock, "--api-key", "rtq-demo-read", "--out", filepath.Join(dir, "scenarios", "s.yaml")}, 2,
			[]string{"mkdir -p " + filepath.Join(dir, "scenarios")}, nil},
		{[]string{"mock", "--scenario", ""}, 2, []string{`--scenario "": an empty path`}, []string{"stat"}},
		// A write key that writes nothing says so.
		{[]string{"conform", "--base-url", mock, "--api-key", "rtq-demo-read", "--write-key", "rtq-demo-write"}, 0,
			[]string{"--write-key (or RTQ_WRITE_KEY) is set but --allow-writes is not"}, nil},
		// A store that is down says what to do.
		{[]string{"mock", "--addr", "127.0.0.1:0", "--store", "redis://" + refused.Addr + "/0"}, 1,
			[]string{"is Redis running at " + refused.Addr + "?", "--store"}, []string{"dial tcp"}},
		// Go's words stay out.
		{[]string{"conform", "--base-url", refused.URL, "--api-key", "k"}, 3,
			[]string{"connection refused: nothing listens at"}, []string{"dial tcp", `Post "`}},
	} {
		code, stdout, stderr := runCLI(t, tc.args...)
		all := stdout + stderr
		if code != tc.code {
			t.Errorf("rtq %s: exit %d, want %d\n%s", strings.Join(tc.args, " "), code, tc.code, clip(all))
		}
		for _, w := range tc.want {
			if !strings.Contains(all, w) {
				t.Errorf("rtq %s: output lacks %q\n%s", strings.Join(tc.args, " "), w, clip(all))
			}
		}
		for _, r := range tc.reject {
			if strings.Contains(all, r) {
				t.Errorf("rtq %s: output holds %q\n%s", strings.Join(tc.args, " "), r, clip(all))
			}
		}
	}
	if _, err := os.Stat("r.json"); err == nil {
		t.Error("a refused command line wrote a file")
	}
}

// TestDocsGiveTheCommandTheyPromise: the README's "then see it in the
// record" reads the record after the verify; docs/ci.md gives the way to
// install from a clone, which needs no published module.
func TestDocsGiveTheCommandTheyPromise(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(readme)
	v := strings.Index(s, "api/v2/rpc/certificates/verify")
	if v < 0 || !strings.Contains(s[v:min(len(s), v+700)], "api/v2/rpc/record/getRecord") {
		t.Error("README: the verify example does not read the record back")
	}
	ci, err := os.ReadFile("../../docs/ci.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(ci), "go install ./cmd/rtq") {
		t.Error("docs/ci.md: no way to install rtq from a clone")
	}
}

// TestLicenseIsSaidEverywhere: the kit is Apache-2.0, and everywhere a
// user or a tool looks says so, with contract.License.
func TestLicenseIsSaidEverywhere(t *testing.T) {
	read := func(p string) string {
		data, err := os.ReadFile(filepath.Join("..", "..", p))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	if contract.License != "Apache-2.0" {
		t.Fatalf("contract.License = %q", contract.License)
	}
	if l := read("LICENSE"); !strings.Contains(l, "Apache License") || !strings.Contains(l, "Version 2.0, January 2004") || !strings.Contains(l, "END OF TERMS AND CONDITIONS") {
		t.Error("LICENSE is not the Apache License 2.0 text")
	}
	if r := read("README.md"); !strings.Contains(r, "`Apache-2.0`") || !strings.Contains(r, "](LICENSE)") {
		t.Error("README.md does not name the license and link LICENSE")
	}
	var pkg struct{ License string }
	if err := json.Unmarshal([]byte(read("wasm/assets/package.json")), &pkg); err != nil || pkg.License != contract.License {
		t.Errorf("the npm package of rtq wasm: license %q (%v)", pkg.License, err)
	}
	for _, f := range []string{"Dockerfile", "Dockerfile.release"} {
		if !strings.Contains(read(f), `LABEL org.opencontainers.image.licenses="`+contract.License+`"`) {
			t.Errorf("%s: no org.opencontainers.image.licenses label", f)
		}
	}
	doc, err := openapi.JSON()
	if err != nil {
		t.Fatal(err)
	}
	var o struct {
		Info struct {
			License struct{ Name, Identifier string }
		}
	}
	if err := json.Unmarshal(doc, &o); err != nil || o.Info.License.Identifier != contract.License {
		t.Errorf("rtq openapi: info.license %+v (%v)", o.Info.License, err)
	}
	if code, out, _ := runCLI(t, "version"); code != 0 || !strings.Contains(out, "license   "+contract.License) {
		t.Errorf("rtq version: exit %d\n%s", code, out)
	}
}

// TestNewcomerTrialStumbles: what the third trial, on a fresh clone,
// tripped on: a scenario file that is not there yet, a field type by the
// end of its name, a proxy recording that no client called.
func TestNewcomerTrialStumbles(t *testing.T) {
	if code, _, errOut := runCLI(t, "scenario", "validate", filepath.Join(t.TempDir(), "my.yaml")); code != 2 ||
		!strings.Contains(errOut, "scenarios/minimal.yaml") || strings.Contains(errOut, "stat ") {
		t.Errorf("a scenario file that is not there: exit %d\n%s", code, errOut)
	}
	if code, _, errOut := runCLI(t, "gen", "record", "--field-type", "id_card"); code != 2 || !strings.Contains(errOut, "did you mean ocr_id_card?") {
		t.Errorf("gen record --field-type id_card: exit %d\n%s", code, errOut)
	}

	upstream := startMock(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		code := run(ctx, []string{"record", "--upstream", upstream, "--api-key", "rtq-demo-read",
			"--out", filepath.Join(t.TempDir(), "s.yaml"), "--addr", "127.0.0.1:0"}, strings.NewReader(""), io.Discard, pw)
		pw.Close()
		done <- code
	}()
	var said strings.Builder
	sc := bufio.NewScanner(pr)
	for sc.Scan() {
		said.WriteString(sc.Text() + "\n")
		if strings.Contains(sc.Text(), "proxy on") {
			cancel() // Ctrl-C with no client having called
		}
	}
	if code := <-done; code != 0 || !strings.Contains(said.String(), "nothing was recorded") || !strings.Contains(said.String(), "--crawl") {
		t.Errorf("a proxy no client called: exit %d\n%s", code, said.String())
	}
}
