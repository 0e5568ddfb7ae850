package main

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/rtqtest"

	"github.com/rtq-kit/rtq/testkit/refused"
)

// ruleCase is one command line and what the rules of docs/cli.md ("Messages
// and exit status") say of it: the exit status, and words its output must
// hold (the flag named; what to try next) or must not (a PASS).
type ruleCase struct {
	rule   string // "usage", "target" or "nothing checked"
	args   []string
	code   int
	want   []string
	reject []string
}

// TestEveryCommandKeepsTheRules holds the rules of docs/cli.md for every
// command: a usage error exits 2 and names the flag, a message about a
// target says what to try next, nothing checked is never a PASS. Every
// command of the tree appears at least once, so a new command comes with
// its rows.
func TestEveryCommandKeepsTheRules(t *testing.T) {
	for _, env := range []string{"RTQ_BASE_URL", "RTQ_API_KEY", "RTQ_WRITE_KEY", "RTQ_ADMIN_TOKEN"} {
		t.Setenv(env, "")
	}
	mock := startMock(t)
	guarded := rtqtest.Start(t, rtqtest.WithOptions(mockserver.Options{AdminToken: "s3cret-token"})).URL
	html := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(http.StatusNotImplemented)
		_, _ = w.Write([]byte("<html><body>Unsupported method ('POST')</body></html>"))
	}))
	t.Cleanup(html.Close)
	gone := closedURL(t)
	out := filepath.Join(t.TempDir(), "out.yaml")
	taken := strings.TrimPrefix(mock, "http://")

	cases := []ruleCase{
		// A usage error exits 2 and names the flag.
		{"usage", []string{"mock", "--scenaro", "x.yaml"}, 2, []string{"--scenaro", "did you mean --scenario?"}, nil},
		{"usage", []string{"mock", "--addr", "8080"}, 2, []string{"--addr", "127.0.0.1:8080"}, nil},
		{"usage", []string{"conform", "--base-ur", mock}, 2, []string{"did you mean --base-url?"}, nil},
		{"usage", []string{"conform", "--api-key", "k"}, 2, []string{"--base-url", "RTQ_BASE_URL"}, nil},
		{"usage", []string{"conform", "--base-url", "127.0.0.1:8080", "--api-key", "k"}, 2, []string{"--base-url", "http://127.0.0.1:8080"}, []string{"first path segment"}},
		{"usage", []string{"conform", "--base-url", mock, "--api-key", "k", "--format", "yaml"}, 2, []string{"--format"}, nil},
		{"usage", []string{"conform", "--base-url", mock + "/api/v2/rpc/", "--api-key", "k"}, 2, []string{"--base-url", "ends in /api/v2/rpc", mock}, nil},
		{"target", []string{"profile", "discover", "--base-url", mock, "--api-key", "wrong-key"}, 1, []string{"check --api-key"}, nil},
		{"usage", []string{"profile", "discover", "--base-url", mock}, 2, []string{"--api-key", "RTQ_API_KEY"}, []string{"--base-url"}},
		{"usage", []string{"profile", "discover", "--base-url", "localhost:8080", "--api-key", "k"}, 2, []string{"--base-url", "http://localhost:8080"}, nil},
		{"usage", []string{"profile", "--base-url", mock}, 2, []string{"--base-url", "a flag of rtq profile discover"}, nil},
		{"usage", []string{"gen", "--field-type", "name"}, 2, []string{"a flag of rtq gen record"}, nil},
		{"usage", []string{"scenario", "validate", "--strict", "x.yaml"}, 2, []string{"--strict"}, nil},
		{"usage", []string{"scenario", "profile", "--ot", "x"}, 2, []string{"--ot"}, nil},
		{"usage", []string{"scenario", "--x"}, 2, []string{"--x"}, nil},
		{"usage", []string{"gen", "record", "--field-tpe", "name"}, 2, []string{"did you mean --field-type?"}, nil},
		{"usage", []string{"gen", "--all"}, 2, []string{"--all"}, nil},
		{"usage", []string{"record"}, 2, []string{"--upstream", "--api-key (or RTQ_API_KEY)", "--out"}, nil},
		{"usage", []string{"record", "--upstream", mock, "--out", out}, 2, []string{"--api-key (or RTQ_API_KEY) is missing"}, []string{"--upstream"}},
		{"usage", []string{"record", "--upstream", "127.0.0.1:8080", "--api-key", "k", "--out", out}, 2, []string{"--upstream", "http://127.0.0.1:8080"}, nil},
		{"usage", []string{"record", "--upstream", mock, "--api-key", "k", "--out", out, "--addr", "8081"}, 2, []string{"--addr", "127.0.0.1:8081"}, nil},
		{"usage", []string{"proxy"}, 2, []string{"--upstream"}, nil},
		{"usage", []string{"proxy", "--upstream", "127.0.0.1:8080"}, 2, []string{"--upstream", "http://127.0.0.1:8080"}, nil},
		{"usage", []string{"proxy", "--upstream", mock, "--format", "yaml"}, 2, []string{"--format"}, nil},
		{"target", []string{"proxy", "--upstream", mock, "--addr", taken}, 1, []string{"in use", "--addr"}, nil},
		{"usage", []string{"openapi", "--ot", "x"}, 2, []string{"did you mean --out?"}, nil},
		{"usage", []string{"health", "127.0.0.1:8080"}, 2, []string{"URL", "http://127.0.0.1:8080"}, nil},
		{"usage", []string{"health", "--admin-tokn", "x", mock}, 2, []string{"did you mean --admin-token?"}, nil},
		{"usage", []string{"version", "--short"}, 2, []string{"--short"}, nil},
		{"usage", []string{"wasm", "--ot", "x"}, 2, []string{"did you mean --out?"}, nil},
		{"usage", []string{"wasm"}, 2, []string{"--out is missing"}, nil},
		{"usage", []string{"completion", "bash", "--no-desc"}, 2, []string{"--no-desc", "did you mean --no-descriptions?"}, nil},
		{"usage", []string{"--verbose"}, 2, []string{"--verbose"}, nil},
		{"usage", []string{"coverage", "--x"}, 2, []string{"--x"}, nil},
		{"usage", []string{"coverage", "merge", "--mn", "endpoints", "x.json"}, 2, []string{"did you mean --min?"}, nil},
		{"usage", []string{"coverage", "merge"}, 2, []string{"requires at least 1 arg"}, nil},
		{"usage", []string{"mock", "--coverage-out", out, "--coverage-format", "html"}, 2, []string{"--coverage-format", "junit"}, nil},

		// A message about a target says what to try next.
		{"target", []string{"mock", "--addr", taken}, 1, []string{"in use", "--addr"}, nil},
		{"target", []string{"health", gone}, 1, []string{"not reachable", "--addr"}, nil},
		{"target", []string{"health", guarded}, 1, []string{"HTTP 401", "--admin-token", "RTQ_ADMIN_TOKEN"}, nil},
		{"target", []string{"health", "--admin-token", "wrong", guarded}, 1, []string{"HTTP 401", "check --admin-token"}, nil},
		{"target", []string{"health", html.URL}, 1, []string{"not healthy", "base URL"}, nil},
		{"target", []string{"conform", "--base-url", gone, "--api-key", "k"}, 3, []string{"check --base-url"}, nil},
		{"target", []string{"conform", "--base-url", html.URL, "--api-key", "k"}, 1, []string{"does not look like the service", "check --base-url"}, []string{"PASS"}},
		{"target", []string{"conform", "--base-url", mock + "/wrong/prefix", "--api-key", "rtq-demo-read"}, 1, []string{"no endpoint at this URL", "check --base-url"}, []string{"PASS"}},
		{"target", []string{"conform", "--base-url", mock, "--api-key", "wrong-key"}, 1, []string{"refuses the read key", "check --api-key"}, []string{"PASS"}},
		{"target", []string{"conform", "--base-url", guarded, "--api-key", "rtq-demo-read", "--profile", guarded + "/__admin/profile"}, 2, []string{"HTTP 401", "--admin-token", "RTQ_ADMIN_TOKEN"}, nil},
		{"target", []string{"profile", "discover", "--base-url", gone, "--api-key", "k"}, 3, []string{"check --base-url"}, nil},
		{"target", []string{"record", "--crawl", "--upstream", mock, "--api-key", "wrong-key", "--out", out}, 1, []string{"HTTP 401", "check --api-key"}, nil},
		{"target", []string{"record", "--crawl", "--upstream", html.URL, "--api-key", "k", "--out", out}, 1, []string{"HTTP 501", "Unsupported method", "check --upstream"}, nil},
		{"target", []string{"record", "--upstream", mock, "--api-key", "k", "--out", out, "--addr", taken}, 1, []string{"in use", "--addr"}, nil},

		// Nothing checked is never a PASS.
		{"nothing checked", []string{"conform", "--base-url", mock, "--api-key", "rtq-demo-read", "--only", "getRecod.*"}, 2, []string{`--only "getRecod.*"`, "getRecord.*"}, []string{"PASS"}},
		{"nothing checked", []string{"conform", "--base-url", mock, "--api-key", "rtq-demo-read", "--skip", "*"}, 2, []string{`--skip "*"`, "nothing"}, []string{"PASS"}},
		{"nothing checked", []string{"conform", "--base-url", mock, "--api-key", "rtq-demo-read", "--only", "[getRecord"}, 2, []string{"--only", "not a glob"}, []string{"PASS"}},
		{"nothing checked", []string{"conform", "--base-url", mock, "--api-key", "rtq-demo-read", "--only", "verify.transitions"}, 2, []string{"nothing was checked", "--allow-writes"}, []string{"PASS"}},
		{"nothing checked", []string{"scenario", "validate", filepath.Join(t.TempDir(), "empty")}, 2, []string{"empty"}, []string{"ok"}},
	}
	seen := map[string]bool{}
	for _, tc := range cases {
		code, stdout, stderr := runCLI(t, tc.args...)
		all := stdout + stderr
		if code != tc.code {
			t.Errorf("%s: rtq %s: exit %d, want %d\n%s", tc.rule, strings.Join(tc.args, " "), code, tc.code, clip(all))
		}
		for _, w := range tc.want {
			if !strings.Contains(all, w) {
				t.Errorf("%s: rtq %s: output lacks %q\n%s", tc.rule, strings.Join(tc.args, " "), w, clip(all))
			}
		}
		for _, r := range tc.reject {
			if strings.Contains(all, r) {
				t.Errorf("%s: rtq %s: output holds %q\n%s", tc.rule, strings.Join(tc.args, " "), r, clip(all))
			}
		}
		seen[commandOf(tc.args)] = true
	}
	for _, path := range commandPaths() {
		if !seen[path] {
			t.Errorf("rtq %s has no row in this table: add the usage errors and target messages it can give", path)
		}
	}
}

// commandOf is the command path an argument list calls: the words before
// the first flag or argument that is not a subcommand.
func commandOf(args []string) string {
	root := newRootCmd()
	cmd, _, err := root.Find(args)
	switch {
	case err != nil:
		return "?"
	case cmd == root:
		return ""
	}
	return strings.TrimPrefix(cmd.CommandPath(), "rtq ")
}

// closedURL is the URL of a port nothing listens on.
func closedURL(t *testing.T) string {
	t.Helper()
	return refused.URL
}

// clip keeps a failure message readable.
func clip(s string) string {
	if len(s) > 1500 {
		return s[:1500] + "…"
	}
	return s
}
