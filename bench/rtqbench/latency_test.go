package main

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// What the commands say of their calls is read as the bench reads it: a
// probed crawl says its crawl's and its probe's, which add up, since the
// probe begins when the crawl ends.
func TestLatencyReadsTheChainsTheCommandsSay(t *testing.T) {
	out := "rtq record: the crawl made 196 calls, the longest chain of them that each waited for the one before 26\n" +
		"rtq record: probed 3 of 9 listings (120 calls)\n" +
		"rtq record: the probe made 17870 calls, the longest chain of them that each waited for the one before 69\n"
	calls, chain := 0, 0
	for _, m := range chainSaid.FindAllStringSubmatch(out, -1) {
		n, _ := strconv.Atoi(m[1])
		c, _ := strconv.Atoi(m[2])
		calls, chain = calls+n, chain+c
	}
	if calls != 18066 || chain != 95 {
		t.Fatalf("read %d calls, chain %d; want 18066 and 95", calls, chain)
	}
	discover := "profile discover: 408 requests, the longest chain of them that each waited for the one before 68\n"
	if m := chainSaid.FindStringSubmatch(discover); m == nil || m[1] != "408" || m[2] != "68" {
		t.Fatalf("discover's line read as %q", m)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "conform.json")
	os.WriteFile(file, []byte(`{"target":"x","plan":{"concurrency":16,"longest_chain":31}}`), 0o644)
	if n, c := reportPlan(file); n != 31 || c != 16 {
		t.Fatalf("conform's plan read as chain %d, %d in flight; want 31 and 16", n, c)
	}
	os.WriteFile(file, []byte(`{"target":"x"}`), 0o644)
	if n, c := reportPlan(file); n != 0 || c != 0 {
		t.Fatalf("a report without a plan: chain %d, %d in flight; want 0 (not said)", n, c)
	}
}

func TestLatencyDelaysAreMillisecondsAndTheTargetsReadTheFigures(t *testing.T) {
	if got, err := parseInts("0, 50,200"); err != nil || len(got) != 3 || got[2] != 200 {
		t.Fatalf("parseInts = %v, %v", got, err)
	}
	for _, bad := range []string{"-1", "fifty", "50ms"} {
		if _, err := parseInts(bad); err == nil {
			t.Errorf("parseInts(%q) took it", bad)
		}
	}
	r := &report{Latency: []latencyFig{
		{Command: "conform", DelayMs: 0, Seconds: 0.3},
		{Command: "conform", DelayMs: 200, Seconds: 7.5, Chain: 10, BoundSeconds: 2},
	}}
	r.latencyTargets()
	want := []string{"PASS", "FAIL", "PASS"} // 7.5 s <= 8 s; 3.75x > 3x; 0.3 s < 0.5 s
	if len(r.Targets) != len(want) {
		t.Fatalf("targets %+v", r.Targets)
	}
	for i, w := range want {
		if got := verdict(r.Targets[i].Pass); got != w {
			t.Errorf("%s: %s (%s), want %s", r.Targets[i].Name, got, r.Targets[i].Got, w)
		}
	}
}
