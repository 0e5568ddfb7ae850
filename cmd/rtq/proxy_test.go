package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/recorder"
)

// readProxyReport reads a JSON report rtq proxy wrote.
func readProxyReport(t *testing.T, path string) *conformance.Report {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rep conformance.Report
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatalf("%s: %v\n%s", path, err, data)
	}
	return &rep
}

// rtq proxy -- COMMAND runs a client with RTQ_PROXY_URL, stops when it
// exits, and writes the report; the key the client sent is nowhere in it
// or in the log.
func TestProxyRunsACommandThroughIt(t *testing.T) {
	mock := startMock(t)
	out := filepath.Join(t.TempDir(), "proxy.json")
	client := `curl -sS -o /dev/null -X POST "$RTQ_PROXY_URL/api/v2/rpc/record/getFormList" -H "Authorization: Bearer rtq-demo-read" -H "Content-Type: application/json" -d "{}"`
	code, stdout, stderr := runCLI(t, "proxy", "--upstream", mock, "--addr", "127.0.0.1:0", "--format", "json", "--out", out, "--", "sh", "-c", client)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	rep := readProxyReport(t, out)
	if rep.Traffic == nil || rep.Traffic.Judged != 1 || rep.Status != conformance.StatusPass {
		t.Fatalf("report: status %s, traffic %+v", rep.Status, rep.Traffic)
	}
	data, _ := os.ReadFile(out)
	if strings.Contains(string(data)+stdout+stderr, "rtq-demo-read") {
		t.Fatal("the key is in the report or the log")
	}
	// A client that fails: its exit status is the proxy's.
	code, _, _ = runCLI(t, "proxy", "--upstream", mock, "--addr", "127.0.0.1:0", "--out", out, "--", "sh", "-c", client+"; exit 7")
	if code != 7 {
		t.Fatalf("a client exiting 7: exit %d", code)
	}
	// No client call at all: nothing checked is never a pass.
	code, _, stderr = runCLI(t, "proxy", "--upstream", mock, "--addr", "127.0.0.1:0", "--out", out, "--", "true")
	if code != 2 || !strings.Contains(stderr, "no exchange was judged") {
		t.Fatalf("no traffic: exit %d, %s", code, stderr)
	}
}

// The report is written when the proxy is stopped (SIGINT and SIGTERM
// end the command's context), with the exit status of the verdict: a
// must broken is exit 1.
func TestProxyWritesItsReportWhenStopped(t *testing.T) {
	// A service that answers text/plain: C1.contentType, a must.
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		_, _ = w.Write([]byte(`{"code":0,"message":"ok","data":{}}`))
	}))
	t.Cleanup(srv.Close)
	broken := srv.URL
	out := filepath.Join(t.TempDir(), "proxy.json")
	ctx, stop := context.WithCancel(context.Background())
	var stdout, stderr bytes.Buffer
	f := proxyFlags{upstream: broken, addr: "127.0.0.1:0", format: "json", out: out}
	err := runProxy(ctx, f, &stdout, &stderr, func(url string) {
		r, err := http.Post(url+"/api/v2/rpc/record/getFormList", "application/json", strings.NewReader("{}"))
		if err == nil {
			r.Body.Close()
		}
		stop() // as SIGINT does
	})
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != 1 {
		t.Fatalf("a broken must: %v\n%s", err, stderr.String())
	}
	rep := readProxyReport(t, out)
	if rep.Status != conformance.StatusFail || rep.MustFailed() == 0 {
		t.Fatalf("report status %s, checks %+v", rep.Status, rep.Checks)
	}
}

// rtq record --judge: one process records and judges. The calls its
// client sends through the recording proxy are judged as rtq proxy judges
// them, and the report is written on exit, without the recording's key.
func TestRecordJudgesWhatItForwards(t *testing.T) {
	upstream := startMock(t)
	dir := t.TempDir()
	o := recorder.Options{Upstream: upstream, APIKey: "rtq-demo-read", Out: filepath.Join(dir, "rec.yaml")}
	obs, err := judgeForwarded(&o)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := recorder.NewRecording(o)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ready, done := make(chan string, 1), make(chan error, 1)
	go func() {
		_, err := rec.Serve(ctx, "127.0.0.1:0", func(url string) { ready <- url })
		done <- err
	}()
	var proxyURL string
	select {
	case proxyURL = <-ready:
	case err := <-done:
		t.Fatalf("proxy: %v", err)
	}
	client := recorder.NewUpstream(proxyURL, "any-client-key", nil)
	if err := recorder.Crawl(ctx, client, recorder.NewCapture(), recorder.CrawlOptions{RecordIDs: []int64{100001}}); err != nil {
		t.Fatalf("walk through the proxy: %v", err)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("proxy on exit: %v", err)
	}
	out := filepath.Join(dir, "judged.json")
	if err := writeJudged(out, obs); err != nil {
		t.Fatalf("judged: %v", err)
	}
	rep := readProxyReport(t, out)
	if rep.Status != conformance.StatusPass || rep.Traffic.Judged < 5 || rep.Coverage.SpecStatements.Covered < 20 {
		t.Fatalf("status %s, traffic %+v, statements %+v", rep.Status, rep.Traffic, rep.Coverage.SpecStatements)
	}
	data, _ := os.ReadFile(out)
	if strings.Contains(string(data), "rtq-demo-read") {
		t.Fatal("the recording's key is in the report")
	}
	if code, _, stderr := runCLI(t, "record", "--upstream", upstream, "--api-key", "k", "--out", o.Out, "--crawl", "--judge", out); code != 2 || !strings.Contains(stderr, "--judge") {
		t.Fatalf("--judge with --crawl: exit %d, %s", code, stderr)
	}
}
