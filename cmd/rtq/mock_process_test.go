package main

// Tests of rtq mock as a real process, the way CI harnesses, editors and
// shells treat a child: a stderr closed or never read, SIGTERM, a scenario
// written in two chunks under --watch, a low ulimit -n. The test binary
// runs as rtq (TestMain); RTQ_TEST_BINARY runs them against another build
// instead (how they were shown to fail before the fixes).

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// rtqBinary is what runs as rtq: this test binary (TestMain makes it rtq
// under RTQ_TEST_AS_RTQ=1), or RTQ_TEST_BINARY.
func rtqBinary(t *testing.T) (string, []string) {
	t.Helper()
	if p := os.Getenv("RTQ_TEST_BINARY"); p != "" {
		return p, nil
	}
	return os.Args[0], []string{"RTQ_TEST_AS_RTQ=1"}
}

// mockProc is a running rtq mock with its stderr as a pipe.
type mockProc struct {
	cmd    *exec.Cmd
	stderr io.ReadCloser
	rd     *bufio.Reader
	url    string
	exited chan struct{}
}

// startProc starts `rtq mock --addr 127.0.0.1:0 args...`, under
// `ulimit -n` when fds > 0, and reads its banner line for the URL.
func startProc(t *testing.T, fds int, args ...string) *mockProc {
	t.Helper()
	bin, env := rtqBinary(t)
	args = append([]string{"mock", "--addr", "127.0.0.1:0"}, args...)
	cmd := exec.Command(bin, args...)
	if fds > 0 {
		cmd = exec.Command("sh", append([]string{"-c", fmt.Sprintf(`ulimit -n %d && exec "$0" "$@"`, fds), bin}, args...)...)
	}
	cmd.Env = append(os.Environ(), env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &mockProc{cmd: cmd, stderr: stderr, rd: bufio.NewReader(stderr), exited: make(chan struct{})}
	go func() { _ = cmd.Wait(); close(p.exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-p.exited
	})
	line, err := p.rd.ReadString('\n')
	p.url = regexp.MustCompile(`http://127\.0\.0\.1:\d+`).FindString(line)
	if p.url == "" {
		t.Fatalf("no banner with the URL: %q %v", line, err)
	}
	return p
}

// stop sends SIGTERM and waits for the exit, failing past bound.
func (p *mockProc) stop(t *testing.T, bound time.Duration) {
	t.Helper()
	start := time.Now()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatalf("SIGTERM: %v (the mock had died: %v)", err, p.cmd.ProcessState)
	}
	select {
	case <-p.exited:
	case <-time.After(bound):
		t.Fatalf("SIGTERM: still running after %v", bound)
	}
	if code := p.cmd.ProcessState.ExitCode(); code != 0 {
		t.Fatalf("exit %v after %v, want 0", p.cmd.ProcessState, time.Since(start))
	}
}

// shutdownBound is the documented bound of a shutdown (5 s for requests
// in flight, 1 s for the log) with room for a loaded machine.
const shutdownBound = 8 * time.Second

var procClient = &http.Client{Timeout: 5 * time.Second}

func (p *mockProc) post(t *testing.T, path, body string) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, p.url+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer rtq-demo-read")
	resp, err := procClient.Do(req)
	if err != nil {
		select {
		case <-p.exited:
			t.Fatalf("the mock died: %v", p.cmd.ProcessState)
		default:
		}
		t.Fatalf("POST %.40s: %.200v", path, err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

const formList = "/api/v2/rpc/record/getFormList"

func TestProcessSurvivesAClosedStderr(t *testing.T) {
	p := startProc(t, 0)
	p.stderr.Close()           // rtq mock 2>&1 | head -1
	for i := 0; i < 300; i++ { // several batches of log, each written into the closed pipe
		if code := p.post(t, formList, "{}"); code != 200 {
			t.Fatalf("request %d: %d", i, code)
		}
	}
	p.stop(t, shutdownBound)
}

func TestProcessKeepsAnsweringWhenStderrIsNeverRead(t *testing.T) {
	p := startProc(t, 0) // a harness that reads the banner and nothing more
	long := "/" + strings.Repeat("x", 4000)
	for i := 0; i < 400; i++ { // 1.6 MB of log: past the pipe and the log's buffer
		if code := p.post(t, long, "{}"); code != 404 {
			t.Fatalf("request %d: %d", i, code)
		}
	}
	if code := p.post(t, formList, "{}"); code != 200 {
		t.Fatalf("an API request with the log stuck: %d", code)
	}
	p.stop(t, shutdownBound)
}

// lines reads stderr into a channel, one line at a time.
func (p *mockProc) lines() <-chan string {
	ch := make(chan string, 100)
	go func() {
		defer close(ch)
		for {
			line, err := p.rd.ReadString('\n')
			if err != nil {
				return
			}
			ch <- line
		}
	}()
	return ch
}

// waitLine returns the first line matching re, failing past a deadline.
func waitLine(t *testing.T, lines <-chan string, re *regexp.Regexp) string {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case line, ok := <-lines:
			if !ok {
				t.Fatalf("stderr ended before a line matching %s", re)
			}
			if re.MatchString(line) {
				return line
			}
		case <-deadline:
			t.Fatalf("no line matching %s", re)
		}
	}
}

func TestProcessWatchLoadsATwoChunkWriteWhole(t *testing.T) {
	minimal, err := os.ReadFile("../../scenarios/minimal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "s.yaml")
	if err := os.WriteFile(file, minimal, 0o644); err != nil {
		t.Fatal(err)
	}
	p := startProc(t, 0, "--scenario", file, "--watch")
	lines := p.lines()
	full := strings.Replace(string(minimal), "name: 最小示例", "name: second", 1)
	cut := strings.Index(full, "\nrecords:") + 1
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(full[:cut]); err != nil { // a valid scenario without its records
		t.Fatal(err)
	}
	seen := waitLine(t, lines, regexp.MustCompile(`scenario files changed|reloaded scenario`))
	if strings.Contains(seen, "reloaded") {
		t.Fatalf("the first chunk was served: %s", seen)
	}
	if _, err := f.WriteString(full[cut:]); err != nil {
		t.Fatal(err)
	}
	seen = waitLine(t, lines, regexp.MustCompile(`reloaded scenario|problems`))
	if !strings.Contains(seen, `reloaded scenario "second"`) {
		t.Fatalf("after the second chunk: %s", seen)
	}
	req, _ := http.NewRequest(http.MethodPost, p.url+"/api/v2/rpc/record/getRecord", strings.NewReader(`{"record_id":100001}`))
	req.Header.Set("Authorization", "Bearer rtq-demo-write")
	resp, err := procClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("a record of the second chunk: %d", resp.StatusCode)
	}
}

// healthOn sends GET /__admin/health on a new connection and reads the
// answer within a bounded deadline; the connection stays open.
func healthOn(t *testing.T, url string) (int, string, net.Conn) {
	t.Helper()
	nc, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	_ = nc.SetDeadline(time.Now().Add(3 * time.Second))
	if _, err := nc.Write([]byte("GET /__admin/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(nc), nil)
	if err != nil {
		t.Fatalf("a new client got no answer: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp.StatusCode, string(body), nc
}

func TestProcessRefusesFastAtTheDescriptorLimit(t *testing.T) {
	p := startProc(t, 32)
	go func() { _, _ = io.Copy(io.Discard, p.rd) }()
	var open []net.Conn
	for i := 0; ; i++ {
		if i == 64 {
			t.Fatal("64 idle connections under ulimit -n 32 and no refusal")
		}
		code, body, nc := healthOn(t, p.url)
		if code == 200 {
			open = append(open, nc)
			continue
		}
		if code != 503 || !strings.Contains(body, "file descriptors") {
			t.Fatalf("at the limit: %d %s", code, body)
		}
		break
	}
	for _, nc := range open {
		nc.Close()
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		code, _, nc := healthOn(t, p.url)
		nc.Close()
		if code == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("health never recovered once the connections closed")
		}
	}
	p.stop(t, shutdownBound)
}
