package e2e

// Issue 7.5, the admin side: --admin-token protects /__admin, the CLI warns
// loudly when it listens beyond loopback without one, and secrets are
// compared in constant time (checked in the source: timing tests are flaky
// by nature, the code that compares is not).

import (
	"bufio"
	"context"
	"github.com/rtq-kit/rtq/internal/mocktest"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/mockserver"
)

func TestSecurityAdminToken(t *testing.T) {
	const token = "adm-7c1e-not-a-real-token"
	m := mocktest.Start(t, mocktest.Default(t), mockserver.Options{AdminToken: token})
	calls := []struct{ method, path string }{
		{http.MethodGet, "/__admin/health"}, {http.MethodGet, "/__admin/profile"},
		{http.MethodPost, "/__admin/reset"}, {http.MethodGet, "/__admin/requests"},
		{http.MethodDelete, "/__admin/requests"}, {http.MethodPost, "/__admin/scenario"},
		{http.MethodGet, "/__admin/nope"},
	}
	for _, c := range calls {
		for _, auth := range []string{"", "Bearer wrong", "Bearer " + token + "x", "Basic " + token, token} {
			a := mocktest.Do(t, c.method, m.URL+c.path, map[string]string{"Authorization": auth}, strings.NewReader("name: ["))
			if a.Status != http.StatusUnauthorized {
				t.Errorf("%s %s with Authorization %q: HTTP %d, want 401", c.method, c.path, auth, a.Status)
			}
		}
	}
	ok := mocktest.Do(t, http.MethodGet, m.URL+"/__admin/health", map[string]string{"Authorization": "Bearer " + token}, nil)
	if ok.Status != 200 {
		t.Errorf("health with the right token: HTTP %d %s", ok.Status, ok.Body)
	}
	reset := mocktest.Do(t, http.MethodPost, m.URL+"/__admin/reset", map[string]string{"Authorization": "bearer " + token}, nil)
	if reset.Status != 200 {
		t.Errorf("reset with the right token: HTTP %d %s", reset.Status, reset.Body)
	}
	if strings.Contains(m.Log.String(), token) {
		t.Errorf("the admin token appears in the log")
	}
}

// buildRTQ builds the rtq binary into the test's temporary directory.
func buildRTQ(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "rtq")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/rtq").CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/rtq: %v\n%s", err, out)
	}
	return bin
}

// cliMock is a running `rtq mock` child process and its stderr.
type cliMock struct {
	url   string
	log   *mocktest.LogBuffer
	lines chan string
}

// startCLI runs `rtq mock args...` and waits for its "serving" banner. The
// process is ended at cleanup.
func startCLI(t *testing.T, bin string, args ...string) *cliMock {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, append([]string{"mock"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); _ = cmd.Wait() })
	c := &cliMock{log: &mocktest.LogBuffer{}, lines: make(chan string, 4096)}
	go func() {
		defer close(c.lines)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			_, _ = io.WriteString(c.log, sc.Text()+"\n")
			c.lines <- sc.Text()
		}
	}()
	line := c.waitFor(t, "serving")
	if c.url = regexp.MustCompile(`http://[^ ;,)]+`).FindString(line); c.url == "" {
		t.Fatalf("no URL in the banner %q", line)
	}
	return c
}

// waitFor reads stderr lines until one contains s.
func (c *cliMock) waitFor(t *testing.T, s string) string {
	t.Helper()
	timer := time.NewTimer(60 * time.Second)
	defer timer.Stop()
	for {
		select {
		case line, ok := <-c.lines:
			if !ok {
				t.Fatalf("rtq mock ended before writing %q; stderr:\n%s", s, c.log.String())
			}
			if strings.Contains(line, s) {
				return line
			}
		case <-timer.C:
			t.Fatalf("rtq mock wrote no %q in 60 s; stderr:\n%s", s, c.log.String())
		}
	}
}

// startupLog is everything the mock wrote up to and including the log
// line of one request sent after the banner (the warning, when there is
// one, is written between the two).
func (c *cliMock) startupLog(t *testing.T) string {
	t.Helper()
	mocktest.Do(t, http.MethodGet, c.url+"/__admin/health", nil, nil)
	c.waitFor(t, "/__admin/health")
	return c.log.String()
}

// loopbackAlias finds a host name other than "localhost" that resolves
// only to loopback addresses, so the warning can be exercised without
// listening beyond this machine.
func loopbackAlias() string {
	candidates := []string{"ip6-localhost", "ip6-loopback", "localhost.localdomain"}
	if h, err := os.Hostname(); err == nil {
		candidates = append([]string{h}, candidates...)
	}
	for _, name := range candidates {
		addrs, err := net.LookupHost(name)
		if err != nil || len(addrs) == 0 {
			continue
		}
		all := true
		for _, a := range addrs {
			if ip := net.ParseIP(a); ip == nil || !ip.IsLoopback() {
				all = false
			}
		}
		if all {
			return name
		}
	}
	return ""
}

func TestSecurityCLIWarnsBeyondLoopbackWithoutAdminToken(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the rtq binary")
	}
	bin := buildRTQ(t)
	if text := startCLI(t, bin, "--addr", "127.0.0.1:0").startupLog(t); strings.Contains(text, "WARNING") {
		t.Errorf("warned on a loopback address:\n%s", text)
	}
	alias := loopbackAlias()
	if alias == "" {
		t.Skip("no host name here resolves only to loopback; the warning itself is unit-tested in cmd/rtq")
	}
	if text := startCLI(t, bin, "--addr", alias+":0").startupLog(t); !strings.Contains(text, "WARNING") || !strings.Contains(text, "--admin-token") {
		t.Errorf("listening on %s (not a loopback literal) without --admin-token, no loud warning:\n%s", alias, text)
	}
	c := startCLI(t, bin, "--addr", alias+":0", "--admin-token", "cli-token-123")
	if text := c.startupLog(t); strings.Contains(text, "WARNING") {
		t.Errorf("warned although --admin-token is set:\n%s", text)
	}
	if a := mocktest.Do(t, http.MethodGet, c.url+"/__admin/health", nil, nil); a.Status != 401 {
		t.Errorf("--admin-token set, admin call without it: HTTP %d", a.Status)
	}
	if a := mocktest.Do(t, http.MethodGet, c.url+"/__admin/health", map[string]string{"Authorization": "Bearer cli-token-123"}, nil); a.Status != 200 {
		t.Errorf("--admin-token set, admin call with it: HTTP %d", a.Status)
	}
	if strings.Contains(c.log.String(), "cli-token-123") {
		t.Errorf("the admin token appears in the CLI's log")
	}
}

// TestSecurityConstantTimeCompare reads the mock's source: no secret
// (Key.Secret, AdminToken, a bearer token) is compared with == or !=,
// the admin token goes through crypto/subtle, and API keys are looked up
// by SHA-256 digest.
func TestSecurityConstantTimeCompare(t *testing.T) {
	files, _ := filepath.Glob("../mockserver/*.go")
	more, _ := filepath.Glob("../mockserver/internal/*/*.go")
	files = append(files, more...)
	fset := token.NewFileSet()
	var sawSubtle, sawDigest bool
	secretName := regexp.MustCompile(`(?i)(secret|admintoken|token|bearer)$`)
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatalf("parse %s: %v", file, err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if x, ok := n.X.(*ast.Ident); ok && x.Name == "subtle" && n.Sel.Name == "ConstantTimeCompare" {
					sawSubtle = true
				}
				if x, ok := n.X.(*ast.Ident); ok && x.Name == "sha256" && n.Sel.Name == "Sum256" {
					sawDigest = true
				}
			case *ast.BinaryExpr:
				if n.Op == token.EQL || n.Op == token.NEQ {
					for _, side := range []ast.Expr{n.X, n.Y} {
						if name := exprName(side); secretName.MatchString(name) && !isEmptyString(n.X) && !isEmptyString(n.Y) {
							t.Errorf("%s: %s compared with %s", fset.Position(n.Pos()), name, n.Op)
						}
					}
				}
			}
			return true
		})
	}
	if !sawSubtle {
		t.Error("no crypto/subtle.ConstantTimeCompare in the mock: how is the admin token compared?")
	}
	if !sawDigest {
		t.Error("no sha256.Sum256 in the mock: API keys are not looked up by digest")
	}
}

func exprName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel.Name
	}
	return ""
}

func isEmptyString(e ast.Expr) bool {
	lit, ok := e.(*ast.BasicLit)
	return ok && lit.Value == `""`
}
