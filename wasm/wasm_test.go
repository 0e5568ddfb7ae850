package wasm

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
	"github.com/rtq-kit/rtq/wasm/pagemock"
)

// moduleBudget is the most the module may weigh gzipped (the target is under
// 4 MB). A dependency that pushes it over fails here; docs/performance.md
// says what each one cost.
const moduleBudget = 4 << 20

var (
	outMu  sync.Mutex
	outDir string
	outErr error
)

// written builds the module and writes every file once per test binary:
// the build takes half a minute on a busy machine. It is the CI check
// that the module still compiles with GOOS=js GOARCH=wasm: an import of
// fsnotify, os/signal or cgo reaching it fails here.
func written(t testing.TB) string {
	t.Helper()
	outMu.Lock()
	defer outMu.Unlock()
	if outDir == "" && outErr == nil {
		outDir, outErr = os.MkdirTemp("", "rtq-wasm-test-")
		if outErr == nil {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
			defer cancel()
			outErr = Write(ctx, Options{Out: outDir, Source: ".."})
		}
	}
	if outErr != nil {
		t.Fatalf("rtq wasm: %v", outErr)
	}
	return outDir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if outDir != "" {
		os.RemoveAll(outDir)
	}
	os.Exit(code)
}

func TestWriteGivesEveryFile(t *testing.T) {
	dir := written(t)
	for _, name := range []string{Module, GoRuntime, pagemock.SnapshotFile, "rtq-mock.mjs", "rtq-sw.js", "package.json"} {
		if fi, err := os.Stat(filepath.Join(dir, name)); err != nil || fi.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, Module))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte("\x00asm")) {
		t.Fatalf("%s is not a WebAssembly module", Module)
	}
	if n := gzipSize(t, data); n > moduleBudget {
		t.Errorf("%s is %d bytes gzipped, over the %d budget: see docs/performance.md for what each dependency costs", Module, n, moduleBudget)
	}
}

func gzipSize(t testing.TB, data []byte) int {
	t.Helper()
	var n countWriter
	zw, _ := gzip.NewWriterLevel(&n, gzip.BestCompression)
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return int(n)
}

type countWriter int

func (c *countWriter) Write(p []byte) (int, error) { *c += countWriter(len(p)); return len(p), nil }

var _ io.Writer = (*countWriter)(nil)

func TestWriteRefusesABadScenarioBeforeWriting(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	if err := os.WriteFile(bad, []byte("orgs: 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	err := Write(context.Background(), Options{Out: out, Scenarios: []string{bad}, Source: "/nonexistent"})
	if err == nil {
		t.Fatal("a scenario with problems was accepted")
	}
	if _, statErr := os.Stat(out); !os.IsNotExist(statErr) {
		t.Errorf("the output directory was made for a scenario with problems (%v)", statErr)
	}
}

// lookNode finds node, or skips the test with a loud reason.
func lookNode(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("node")
	if err != nil {
		t.Skip("SKIPPED: node not found on PATH: the WebAssembly module's Node tests did not run (install Node 18+)")
	}
	return p
}

// run runs a command in dir and fails the test with its output.
func run(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}

// installed packs the written directory with npm pack and installs the
// tarball into a fresh project, as a user's test suite would.
func installed(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("npm"); err != nil {
		t.Skip("SKIPPED: npm not found on PATH: the package built by npm pack was not tested")
	}
	dir := written(t)
	pack := t.TempDir()
	name := bytes.TrimSpace([]byte(run(t, dir, nil, "npm", "pack", "--silent", "--pack-destination", pack)))
	proj := t.TempDir()
	if err := os.WriteFile(filepath.Join(proj, "package.json"), []byte(`{"name":"rtq-wasm-test","private":true,"type":"module"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, proj, nil, "npm", "install", "--offline", "--no-audit", "--no-fund", "--silent", filepath.Join(pack, string(name)))
	return proj
}

// copyTests copies the Node test files into the project.
func copyTests(t *testing.T, proj string) {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join("testdata", "node"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join("testdata", "node", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(proj, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// nodeTest runs Node test files in a project that installed the package.
func nodeTest(t *testing.T, env []string, files ...string) {
	t.Helper()
	node := lookNode(t)
	proj := installed(t)
	copyTests(t, proj)
	t.Log(run(t, proj, env, node, append([]string{"--test", "--test-reporter=spec"}, files...)...))
}

// TestNodeAnswersEqualNative runs the fixed request set against rtq mock
// on a socket and against the module in Node, installed from its npm
// pack tarball, and compares every answer's bytes (testdata/node).
func TestNodeAnswersEqualNative(t *testing.T) {
	lookNode(t)
	sc, err := scenarios.Default()
	if err != nil {
		t.Fatal(err)
	}
	srv, err := mockserver.New(sc, mockserver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	nodeTest(t, []string{"RTQ_NATIVE_URL=" + srv.URL()}, "equal.test.mjs")
}

// TestNodeCoverage runs testdata/node/coverage.test.mjs: mock.coverage()
// counts a client's calls exactly and is GET /__admin/coverage's report.
func TestNodeCoverage(t *testing.T) {
	nodeTest(t, nil, "coverage.test.mjs")
}

// TestNodeExampleRuns runs the Node example of docs/frontend.md, which
// must be the file testdata/node/example.test.mjs word for word.
func TestNodeExampleRuns(t *testing.T) {
	example, err := os.ReadFile(filepath.Join("testdata", "node", "example.test.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join("..", "docs", "frontend.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(doc, example) {
		t.Errorf("docs/frontend.md does not hold testdata/node/example.test.mjs as it is: copy the file into the doc")
	}
	nodeTest(t, nil, "example.test.mjs")
}

// TestNodeStateOutlivesTheMock starts a mock on the requests another one
// stored and checks it has the same state (testdata/node/store.test.mjs):
// what keeps a service worker's state when the browser stops it.
func TestNodeStateOutlivesTheMock(t *testing.T) {
	nodeTest(t, nil, "store.test.mjs")
}

// badScenarios are texts rtq mock --scenario refuses, each with a word
// of the message it must give: one per rule of the scenario schema (the
// module checks them with its own validator, scenario/lite.go), and the
// YAML and emptiness refusals.
var badScenarios = []struct{ text, says string }{
	{"", "no organization"},
	{"  \n", "no organization"},
	{"orgs: 3\n", "want array"},
	{"orgs: [\n", "YAML"},
	{"orgs: [{id: 1, name: O, code: demo, host: demo.example, colour: red}]\n", `unknown field "colour"`},
	{"orgs: [" + okOrg + "]\nrecrods: []\n", `did you mean "records"`},
	{"http_status: sometimes\norgs: [" + okOrg + "]\n", "is not one of per_code, always_200"},
	{"orgs: [{id: 1, name: O, code: has space, host: demo.example}]\n", "may hold only letters"},
	{"orgs: [{id: one, name: O, code: demo, host: demo.example}]\n", "is a string, want integer"},
	{"orgs: [{id: 0, name: O, code: demo, host: demo.example}]\n", "less than the minimum 1"},
	{"service: {error_status_other: 600}\norgs: [" + okOrg + "]\n", "more than the maximum 599"},
	{"orgs: [{id: 1, name: O, code: demo, host: -bad-.example}]\n", "is not a valid hostname"},
	{"orgs: [{id: 1, name: O, code: demo}]\n", `missing required field "host"`},
	{"orgs: [" + okOrg + "]\nkeys: [{name: k, secret: s3cret-key-1234, scopes: [read, read]}]\n", "are equal"},
	{"orgs: [{id: 1, name: \"\", code: demo, host: demo.example}]\n", "needs at least 1"},
	{"orgs: [" + okOrg + "]\nforms: [{id: 2, name: F, flow: {id: 1, statuses: []}}]\n", "needs at least 1 item"},
	{"orgs: [" + okOrg + "]\nforms: [{id: 2, name: F, flow: {id: 1, statuses: [{id: 1, name: A, color: green}]}}]\n", "is not a colour"},
	{"orgs: [" + okOrg + "]\nforms: [{id: 2, name: F}]\nrecords: [{id: 5, form: 3}]\n", "form 3 does not exist"},
}

const okOrg = "{id: 1, name: O, code: demo, host: demo.example}"

// TestNodeModuleHoldsTheBinarysBar runs testdata/node/close.test.mjs:
// close() ends cleanly hundreds of times over, every text of
// badScenarios is refused by the module with the message rtq mock gives
// for it in a file, a scenario given as text is bounded as an upload is,
// and relative URLs resolve.
func TestNodeModuleHoldsTheBinarysBar(t *testing.T) {
	lookNode(t)
	type refusal struct {
		Scenario string `json:"scenario"`
		Want     string `json:"want"`
	}
	var refusals []refusal
	for _, c := range badScenarios {
		file := filepath.Join(t.TempDir(), "scenario.yaml")
		if err := os.WriteFile(file, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := scenario.LoadFiles([]string{file}) // what rtq mock --scenario FILE reads it with
		if err == nil {
			t.Fatalf("rtq mock's loader accepted %q", c.text)
		}
		want := strings.ReplaceAll(err.Error(), file, "scenario.yaml")
		if !strings.Contains(want, c.says) {
			t.Fatalf("rtq mock refuses %q with %q, not for the rule the case is for (%q)", c.text, want, c.says)
		}
		refusals = append(refusals, refusal{c.text, want})
	}
	data, err := json.Marshal(refusals)
	if err != nil {
		t.Fatal(err)
	}
	def, err := filepath.Abs(filepath.Join("..", "scenarios", "default.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	nodeTest(t, []string{"RTQ_REFUSALS=" + string(data), "RTQ_DEFAULT_SCENARIO=" + def}, "close.test.mjs")
}
