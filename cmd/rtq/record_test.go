package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/recorder"
	"github.com/rtq-kit/rtq/rtqtest"
	"github.com/rtq-kit/rtq/scenario"
)

// recordIDs are default-scenario records the CLI loop records: all field
// types, masked values, no form, credential records.
var recordIDs = []string{"100001", "100002", "100011", "100013", "110001", "110101"}

func recordArgs(upstream, out string, extra ...string) []string {
	args := []string{"record", "--upstream", upstream, "--api-key", "rtq-demo-read", "--out", out, "--rate", "0"}
	return append(args, extra...)
}

// serveFile serves a scenario file on 127.0.0.1:0, as rtq mock --scenario.
func serveFile(t *testing.T, path string) string {
	return rtqtest.Start(t, rtqtest.WithScenarioFiles(path)).URL
}

// assertNoKey fails when the upstream's key shows in any of texts.
func assertNoKey(t *testing.T, key string, texts map[string]string) {
	t.Helper()
	for where, text := range texts {
		if strings.Contains(text, key) {
			t.Errorf("the upstream's key %q reached %s", key, where)
		}
	}
}

func TestRecordCrawlClosedLoop(t *testing.T) {
	upstream := startMock(t)
	out := filepath.Join(t.TempDir(), "staging.yaml")
	args := []string{"--crawl", "--search-key", "巡检"}
	for _, id := range recordIDs {
		args = append(args, "--record-id", id)
	}
	code, stdout, stderr := runCLI(t, recordArgs(upstream, out, args...)...)
	if code != 0 {
		t.Fatalf("rtq record --crawl = %d\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "rtq-recorded-read") || !strings.Contains(stdout, "6 records") {
		t.Errorf("rtq record should print what it wrote and the placeholder keys, printed %q", stdout)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	assertNoKey(t, "rtq-demo-read", map[string]string{"the file": string(data), "stdout": stdout, "stderr": stderr})
	if !strings.HasPrefix(string(data), "# Recorded by rtq record") || !strings.Contains(string(data), "premasked: true") {
		t.Errorf("the file should start with its review header and keep masked values premasked:\n%.600s", data)
	}
	if !strings.Contains(string(data), `getFormList searches: 1 answer kept as the service gave them (service.replay), for search_key "巡检"`) {
		t.Errorf("the file should keep the search --search-key named, and say so in its header:\n%.1200s", data)
	}
	assertRecordingServes(t, out)
}

// assertRecordingServes is the end of the closed loop at the command
// level: the file validates, and rtq conform passes on the mock serving
// it, with the profile derived from it and its placeholder keys.
func assertRecordingServes(t *testing.T, out string) {
	t.Helper()
	if code, vout, _ := runCLI(t, "scenario", "validate", out); code != 0 {
		t.Fatalf("rtq scenario validate %s = %d\n%s", out, code, vout)
	}
	served := serveFile(t, out)
	code, cout, cerr := runCLI(t, "conform", "--base-url", served, "--profile", served+"/__admin/profile",
		"--api-key", "rtq-recorded-read", "--write-key", "rtq-recorded-write", "--allow-writes")
	if code != 0 {
		t.Fatalf("rtq conform on the recording %s = %d\n%s\n%s", out, code, cout, cerr)
	}
}

// The proxy half of the closed loop at the command level: a client walks
// the default scenario through the recording proxy, the file it writes on
// exit validates, and rtq conform passes on it with its derived profile.
func TestRecordProxyClosedLoop(t *testing.T) {
	upstream := startMock(t)
	out := filepath.Join(t.TempDir(), "proxied.yaml")
	rec, err := recorder.NewRecording(recorder.Options{Upstream: upstream, APIKey: "rtq-demo-read", Out: out})
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
	ids := []int64{100001, 100002, 100011, 100013, 110001, 110101}
	client := recorder.NewUpstream(proxyURL, "any-client-key", nil)
	if err := recorder.Crawl(ctx, client, recorder.NewCapture(), recorder.CrawlOptions{RecordIDs: ids}); err != nil {
		t.Fatalf("walk through the proxy: %v", err)
	}
	cancel() // as SIGINT: the proxy writes the file and stops
	if err := <-done; err != nil {
		t.Fatalf("proxy on exit: %v", err)
	}
	data, _ := os.ReadFile(out)
	assertNoKey(t, "rtq-demo-read", map[string]string{"the file": string(data)})
	assertRecordingServes(t, out)
}

func TestRecordFlagsThatNeedCrawl(t *testing.T) {
	for _, flag := range [][]string{{"--record-id", "1"}, {"--record-url", "https://s.example/r/a"}, {"--search-key", "巡检"}} {
		code, _, errOut := runCLI(t, append([]string{"record", "--upstream", "http://127.0.0.1:1", "--api-key", "k", "--out", "x.yaml"}, flag...)...)
		if code != 2 || !strings.Contains(errOut, "--crawl") || !strings.Contains(errOut, flag[0]) {
			t.Errorf("%s without --crawl = %d %q; want 2 naming it and --crawl", flag[0], code, errOut)
		}
	}
}

// --probe-times at the command level: the file holds the upstream's
// creation times to the second, and says nothing of placeholders.
func TestRecordProbeTimes(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join("..", "..", "recorder", "testdata", "timed.yaml")
	upstream := serveFile(t, src)
	out := filepath.Join(dir, "recorded.yaml")
	code, stdout, stderr := runCLI(t, recordArgs(upstream, out, "--crawl", "--probe-times")...)
	if code != 0 {
		t.Fatalf("rtq record --crawl --probe-times = %d\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "probing the creation times of 10 items in 3 listings") {
		t.Errorf("stderr should say what it probes:\n%s", stderr)
	}
	want, err := scenario.LoadFiles([]string{src})
	if err != nil {
		t.Fatal(err)
	}
	got, err := scenario.LoadFiles([]string{out})
	if err != nil {
		t.Fatal(err)
	}
	times := func(sc *scenario.Scenario) map[string]int64 {
		m := map[string]int64{}
		for _, tp := range sc.Templates {
			m[tp.Coding] = tp.CreatedAt
			for _, s := range tp.SubCodes {
				m[s.Coding] = s.CreatedAt
			}
		}
		return m
	}
	w, g := times(want), times(got)
	if len(w) != 10 || len(g) != len(w) {
		t.Fatalf("recorded %d templates and sub-codes, the upstream has %d (want 10)", len(g), len(w))
	}
	for coding, at := range w {
		if g[coding] != at {
			t.Errorf("%s: recorded created_at %d, the upstream's is %d", coding, g[coding], at)
		}
	}
	if data, _ := os.ReadFile(out); strings.Contains(string(data), "placeholders (2020") {
		t.Errorf("the header still calls the probed times placeholders:\n%.900s", data)
	}
}

// A crawl whose upstream fails after some of it was recorded writes what
// it saw and exits 1 saying why; one that saw nothing writes nothing.
func TestRecordCrawlUpstreamFailureKeepsWhatWasSeen(t *testing.T) {
	upstream := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req map[string]any
		_ = json.NewDecoder(r.Body).Decode(&req)
		w.Header().Set("Content-Type", "application/json")
		if req["page"] == float64(2) || r.Header.Get("Authorization") == "Bearer wrong" {
			w.WriteHeader(http.StatusBadGateway)
			fmt.Fprint(w, `{"code":502,"error_code":502,"message":"bad gateway","message_detail":""}`)
			return
		}
		fmt.Fprint(w, `{"code":0,"message":"","data":{"version":"1","list":[{"id":2001,"name":"表一","type":0,"type_text":"普通表单","number":"F-1","note":"","created_at":1735693200,"updated_at":1735693200,"active_at":0,"project":null}],"page":{"current_page":1,"last_page":2,"per_page":20,"total":2}}}`)
	}))
	t.Cleanup(upstream.Close)
	dir := t.TempDir()
	out := filepath.Join(dir, "late.yaml")
	code, stdout, stderr := runCLI(t, "record", "--upstream", upstream.URL, "--api-key", "k", "--out", out, "--crawl", "--rate", "0")
	if code != 1 || !strings.Contains(stderr, "bad gateway") || !strings.Contains(stdout, "1 forms") {
		t.Errorf("a late upstream failure = exit %d\nstdout %s\nstderr %s\nwant exit 1 naming it, and the summary of what was written", code, stdout, stderr)
	}
	if data, err := os.ReadFile(out); err != nil || !strings.Contains(string(data), "name: 表一") {
		t.Errorf("the form seen before the failure should be in the file: %v\n%s", err, data)
	}
	early := filepath.Join(dir, "early.yaml")
	if code, _, _ := runCLI(t, "record", "--upstream", upstream.URL, "--api-key", "wrong", "--out", early, "--crawl", "--rate", "0"); code != 1 {
		t.Errorf("a failure on the first call = exit %d, want 1", code)
	}
	if _, err := os.Stat(early); err == nil {
		t.Errorf("a crawl that recorded nothing wrote %s", early)
	}
}
