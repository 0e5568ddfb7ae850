package main

import (
	"bufio"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/conformance"
)

// listeningLine is rtq proxy's start line on stderr.
var listeningLine = regexp.MustCompile(`listening on (http://\S+),`)

// A real rtq proxy process stopped by SIGTERM (as a CI runner or a
// container stops it) writes its report, with the exchange it judged.
func TestProcessProxySIGTERMWritesTheReport(t *testing.T) {
	mock := startMock(t)
	bin, env := rtqBinary(t)
	out := filepath.Join(t.TempDir(), "proxy.json")
	cmd := exec.Command(bin, "proxy", "--upstream", mock, "--addr", "127.0.0.1:0", "--format", "json", "--out", out)
	cmd.Env = append(os.Environ(), env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	listening := make(chan string, 1)
	var log strings.Builder
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			log.WriteString(sc.Text() + "\n")
			if m := listeningLine.FindStringSubmatch(sc.Text()); m != nil {
				listening <- m[1]
			}
		}
		_ = cmd.Wait()
		close(exited)
	}()
	t.Cleanup(func() { _ = cmd.Process.Kill(); <-exited })
	var url string
	select {
	case url = <-listening:
	case <-exited:
		t.Fatalf("rtq proxy ended before it listened: %s", log.String())
	}
	req, _ := http.NewRequest(http.MethodPost, url+"/api/v2/rpc/record/getFormList", strings.NewReader(`{}`))
	req.Header.Set("Authorization", "Bearer rtq-demo-read")
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-exited:
	case <-time.After(30 * time.Second):
		t.Fatal("SIGTERM did not stop rtq proxy")
	}
	if code := cmd.ProcessState.ExitCode(); code != 0 {
		t.Fatalf("exit %d after SIGTERM, want 0\n%s", code, log.String())
	}
	rep := readProxyReport(t, out)
	if rep.Traffic == nil || rep.Traffic.Judged != 1 || rep.Status != conformance.StatusPass {
		t.Fatalf("report after SIGTERM: status %s, traffic %+v", rep.Status, rep.Traffic)
	}
}
