package main

import (
	"math"
	"testing"
)

func TestParseResultReadsTheDoneLine(t *testing.T) {
	out := `Running 3s test @ http://127.0.0.1:1/x
  2 threads and 64 connections
Requests/sec:  41474.75
RTQ-RESULT requests=125450 duration_us=3024732 bytes=1137706050 p50_us=1338 p90_us=4820 p99_us=105344 max_us=165774 err_connect=1 err_read=2 err_write=0 err_status=7 err_timeout=3
`
	r, err := parseResult(out)
	if err != nil {
		t.Fatal(err)
	}
	if r.Requests != 125450 || r.P50ms != 1.338 || r.P99ms != 105.344 || r.ErrSocket != 6 || r.ErrStatus != 7 {
		t.Errorf("parsed %+v", r)
	}
	if math.Abs(r.RPS-41474.75) > 1 {
		t.Errorf("rps %.2f, want wrk's own 41474.75", r.RPS)
	}
}

func TestParseResultRejectsOutputWithoutIt(t *testing.T) {
	for _, out := range []string{"", "Requests/sec: 1\n", "RTQ-RESULT requests=1 duration_us=0\n", "RTQ-RESULT requests=x duration_us=1\n"} {
		if _, err := parseResult(out); err == nil {
			t.Errorf("parseResult(%q) gave no error", out)
		}
	}
}

func TestMedianNsTakesTheMiddleOfMatchingLines(t *testing.T) {
	out := `BenchmarkFormListPage/records=1000-2     	   10000	      3000 ns/op	  512 B/op	  9 allocs/op
BenchmarkFormListPage/records=1000-2     	   10000	      1000 ns/op	  512 B/op	  9 allocs/op
BenchmarkFormListPage/records=1000-2     	   10000	      2000 ns/op	  512 B/op	  9 allocs/op
BenchmarkFormListPage/records=100000-2   	   10000	      9999 ns/op	  512 B/op	  9 allocs/op
`
	if got := medianNs(out, "BenchmarkFormListPage/records=1000-", "ns/op"); got != 2000 {
		t.Errorf("median at 1000 = %v, want 2000", got)
	}
	if got := medianNs(out, "BenchmarkFormListPage/records=100000-", "ns/op"); got != 9999 {
		t.Errorf("median at 100000 = %v, want 9999", got)
	}
	if got := medianNs(out, "BenchmarkFormListPage/records=1000-", "cpu-ns/op"); got != 0 {
		t.Errorf("median of a metric no line has = %v, want 0", got)
	}
	withCPU := "BenchmarkX-2  10  500 ns/op  120 cpu-ns/op  8 B/op  1 allocs/op\n"
	if got := medianNs(withCPU, "BenchmarkX", "cpu-ns/op"); got != 120 {
		t.Errorf("cpu-ns/op = %v, want 120", got)
	}
	if got := medianNs(out, "BenchmarkNone", "ns/op"); got != 0 {
		t.Errorf("median of nothing = %v, want 0", got)
	}
}

func TestTargetsFailAndSkip(t *testing.T) {
	r := &report{Servers: map[string]*serverFig{"rtq": {ReadyMs: 80, PeakRSSKiB: 20000}}}
	r.add("rtq", mix{name: mixGetRecord}, "", result{RPS: 800, P99ms: 10})
	r.add("baseline", mix{name: mixGetRecord}, "", result{RPS: 1000, P99ms: 5})
	r.finish()
	want := map[string]string{
		"getRecord-json req/s vs baseline":            "FAIL", // 0.80 < 0.85
		"getRecord-json p99 vs baseline":              "FAIL", // 2.0 > 1.5
		"req/s vs prism (cold)":                       "SKIP",
		"rtq mock ready (exec to /__admin/health)":    "FAIL",
		"rtq mock peak RSS, default scenario, loaded": "PASS",
	}
	for _, tg := range r.Targets {
		if v, ok := want[tg.Name]; ok && verdict(tg.Pass) != v {
			t.Errorf("%s: %s (%s), want %s", tg.Name, verdict(tg.Pass), tg.Got, v)
		}
	}
}

func TestBenchMediansKeepsTheMiddleRunPerName(t *testing.T) {
	out := `BenchmarkA/records=1000-2   10  300 ns/op  10 B/op  1 allocs/op
BenchmarkA/records=1000-2   10  100 ns/op  10 B/op  1 allocs/op
BenchmarkA/records=1000-2   10  200 ns/op  12 B/op  2 allocs/op
BenchmarkB-2                10  999 ns/op  0 B/op  0 allocs/op
PASS`
	got := benchMedians(out)
	if len(got) != 2 || got[0].name != "BenchmarkA/records=1000-2" || got[0].ns != 200 || got[0].allocs != 2 || got[1].ns != 999 {
		t.Errorf("benchMedians = %+v", got)
	}
}
