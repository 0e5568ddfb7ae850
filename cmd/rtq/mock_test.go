package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/internal/loopback"
)

// startCLIMock runs `rtq mock args...` in-process and returns its base URL
// (read from the start line) and a stop function that cancels it like
// SIGINT does and returns the exit status and the rest of stderr.
func startCLIMock(t *testing.T, args ...string) (string, func() (int, string)) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		code := run(ctx, append([]string{"mock", "--addr", "127.0.0.1:0"}, args...), strings.NewReader(""), io.Discard, pw)
		pw.Close()
		done <- code
	}()
	rd := bufio.NewReader(pr)
	line, err := rd.ReadString('\n')
	if err != nil {
		cancel()
		t.Fatalf("no start line: %q %v", line, err)
	}
	url := regexp.MustCompile(`http://127\.0\.0\.1:\d+`).FindString(line)
	if url == "" {
		cancel()
		t.Fatalf("start line without URL: %q", line)
	}
	rest := make(chan string, 1)
	go func() { b, _ := io.ReadAll(rd); rest <- line + string(b) }()
	stopped := false
	stop := func() (int, string) {
		stopped = true
		cancel()
		return <-done, <-rest
	}
	t.Cleanup(func() {
		if !stopped {
			stop()
		}
	})
	return url, stop
}

func TestMockServesTheDefaultScenarioAndStopsOnCancel(t *testing.T) {
	url, stop := startCLIMock(t)
	req, _ := http.NewRequest(http.MethodPost, url+"/api/v2/rpc/record/getFormList", strings.NewReader("{}"))
	req.Header.Set("Authorization", "Bearer rtq-demo-read")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(string(body), `{"code":0`) {
		t.Fatalf("getFormList: %d %s", resp.StatusCode, body)
	}
	code, stderr := stop()
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	for _, want := range []string{"Bearer rtq-demo-read", "POST /api/v2/rpc/record/getFormList 200", "key=demo-read", "shutting down"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "WARNING") {
		t.Errorf("loopback address warned:\n%s", stderr)
	}
}

func TestMockWarnsWithoutAdminTokenBeyondLoopback(t *testing.T) {
	for addr, want := range map[string]bool{"127.0.0.1:0": false, "localhost:0": false, "[::1]:0": false, "0.0.0.0:0": true, ":0": true} {
		if got := !loopback.Listen(addr); got != want {
			t.Errorf("%s: warn %v, want %v", addr, got, want)
		}
	}
}

func TestMockAdminTokenFromEnvironment(t *testing.T) {
	t.Setenv("RTQ_ADMIN_TOKEN", "env-token")
	url, _ := startCLIMock(t)
	resp, err := http.Get(url + "/__admin/health")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 401 {
		t.Errorf("admin without token: %d, want 401", resp.StatusCode)
	}
}

func TestMockBadScenarioExits2WithEveryProblem(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("name: x\norgs: 5\nkeys: nope\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "mock", "--addr", "127.0.0.1:0", "--scenario", bad)
	if code != 2 {
		t.Fatalf("exit %d, want 2; stderr:\n%s", code, stderr)
	}
	lines := regexp.MustCompile(`(?m)^`+regexp.QuoteMeta(bad)+`:\d+:\d+: \S+: .+$`).FindAllString(stderr, -1)
	if len(lines) < 2 {
		t.Errorf("want every problem as file:line:col: path: message, got:\n%s", stderr)
	}
}

func TestMockAllowedHostsFromFlagAndEnvironment(t *testing.T) {
	hostStatus := func(url, host string) int {
		req, _ := http.NewRequest(http.MethodGet, url+"/__admin/health", nil)
		req.Host = host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	url, _ := startCLIMock(t, "--allowed-host", "rtq-mock", "--allowed-host", "ci.internal")
	if hostStatus(url, "rtq-mock:8080") != 200 || hostStatus(url, "ci.internal") != 200 || hostStatus(url, "attacker.example") != 403 {
		t.Error("--allowed-host: listed names not served or others served")
	}
	t.Setenv("RTQ_ALLOWED_HOSTS", "svc-a, svc-b")
	url, _ = startCLIMock(t)
	if hostStatus(url, "svc-b:80") != 200 || hostStatus(url, "attacker.example") != 403 {
		t.Error("RTQ_ALLOWED_HOSTS: listed names not served or others served")
	}
}

func TestMockBadCORSOriginExits2NamingIt(t *testing.T) {
	code, _, stderr := runCLI(t, "mock", "--addr", "127.0.0.1:0", "--cors-origin", "localhost:3000")
	if code != 2 || !strings.Contains(stderr, `"localhost:3000"`) || !strings.Contains(stderr, "scheme://host") {
		t.Errorf("exit %d:\n%s", code, stderr)
	}
}
