package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A proxy stopped with Ctrl-C probes creation times before it writes;
// when the upstream is slow, a second Ctrl-C must write the file at once,
// with placeholders, rather than leave the user waiting or lose the
// session. The upstream here never answers a probe.
func TestProcessSecondInterruptWritesWithoutTheProbe(t *testing.T) {
	probed := make(chan struct{}, 1)
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req map[string]any
		_ = json.NewDecoder(r.Body).Decode(&req)
		if _, filtered := req["end_time"]; filtered || req["start_time"] != nil || req["page_size"] == float64(1) {
			select {
			case probed <- struct{}{}:
			default:
			}
			<-r.Context().Done() // a probe call that never ends
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"code":0,"message":"","data":{"list":[{"tpl_id":1,"name":"甲","coding":"tpl-a"}],"next_page_token":null,"total":1}}`)
	}))
	t.Cleanup(upstream.Close)

	bin, env := rtqBinary(t)
	out := filepath.Join(t.TempDir(), "recorded.yaml")
	cmd := exec.Command(bin, "record", "--upstream", upstream.URL, "--api-key", "k", "--out", out,
		"--addr", "127.0.0.1:0", "--probe-times", "--rate", "0")
	cmd.Env = append(os.Environ(), env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	t.Cleanup(func() { _ = cmd.Process.Kill(); <-exited })
	rd := bufio.NewReader(stderr)
	line, _ := rd.ReadString('\n')
	url := regexp.MustCompile(`http://127\.0\.0\.1:\d+`).FindString(line)
	if url == "" {
		t.Fatalf("no banner with the URL: %q", line)
	}
	go func() { // keep draining stderr so the process never blocks on it
		for {
			if _, err := rd.ReadString('\n'); err != nil {
				return
			}
		}
	}()
	resp, err := procClient.Post(url+"/api/v2/rpc/templates/list", "application/json", strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()

	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-probed:
	case <-exited:
		t.Fatalf("rtq record exited on the first Ctrl-C without probing: %v", cmd.ProcessState)
	}
	select {
	case <-exited:
		t.Fatalf("rtq record exited while its probe was unanswered: %v", cmd.ProcessState)
	default:
	}
	// The probe is under way and will never finish: a second Ctrl-C.
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-exited:
	case <-time.After(30 * time.Second):
		t.Fatal("a second Ctrl-C did not stop the probe")
	}
	if code := cmd.ProcessState.ExitCode(); code != 0 {
		t.Fatalf("exit %v after the second Ctrl-C, want 0 (the file written)", cmd.ProcessState)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("the session was lost: %v", err)
	}
	if !strings.Contains(string(data), "coding: tpl-a") || !strings.Contains(string(data), "templates[].created_at are placeholders") {
		t.Errorf("the file should hold the template with placeholder times:\n%s", data)
	}
}

// A long crawl stopped with Ctrl-C writes what it saw and exits 4, as an
// interrupted conform run does: half an hour of crawling is not lost.
func TestProcessInterruptedCrawlWritesWhatItSaw(t *testing.T) {
	stalled := make(chan struct{}, 1)
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req map[string]any
		_ = json.NewDecoder(r.Body).Decode(&req)
		if req["page"] == float64(2) { // the second form page never comes
			select {
			case stalled <- struct{}{}:
			default:
			}
			<-r.Context().Done()
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"code":0,"message":"","data":{"version":"1","list":[{"id":2001,"name":"表一","type":0,"type_text":"普通表单","number":"F-1","note":"","created_at":1735693200,"updated_at":1735693200,"active_at":0,"project":null}],"page":{"current_page":1,"last_page":2,"per_page":20,"total":2}}}`)
	}))
	t.Cleanup(upstream.Close)
	bin, env := rtqBinary(t)
	out := filepath.Join(t.TempDir(), "recorded.yaml")
	cmd := exec.Command(bin, "record", "--upstream", upstream.URL, "--api-key", "k", "--out", out, "--crawl", "--rate", "0")
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	t.Cleanup(func() { _ = cmd.Process.Kill(); <-exited })
	select {
	case <-stalled:
	case <-exited:
		t.Fatalf("the crawl ended before the stalled page: %v\n%s", cmd.ProcessState, stderr.String())
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-exited:
	case <-time.After(30 * time.Second):
		t.Fatal("Ctrl-C did not stop the crawl")
	}
	if code := cmd.ProcessState.ExitCode(); code != 4 {
		t.Errorf("exit %d after Ctrl-C, want 4 (interrupted)\n%s", code, stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("an interrupted crawl wrote nothing: %v\n%s", err, stderr.String())
	}
	if !strings.Contains(string(data), "name: 表一") || !strings.Contains(stdout.String(), "1 forms") {
		t.Errorf("the file should hold the form seen before Ctrl-C, and stdout say so:\n%s\n%s", data, stdout.String())
	}
}
