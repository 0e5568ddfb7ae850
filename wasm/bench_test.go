package wasm

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"
)

// BenchmarkNodeReady starts the module cold in a fresh Node process per
// iteration (testdata/bench/ready.mjs) and reports, as medians: createMock
// to ready (the target: under 500 ms) and the CPU it took (every thread:
// on a loaded machine the wall clock mostly measures the queue), the same counted from the
// process's start, the first getRecord, and a warm getRecord; and the
// module's size gzipped (target: under 4 MB). Sub-benchmark snapshot
// starts from the scenario rtq wasm resolved (createMock({})); scenario
// from scenarios/default.yaml given as text (createMock({scenario})),
// parsed and checked against the scenario schema at start.
// docs/performance.md has the figures and how they were taken:
//
//	go test -run '^$' -bench NodeReady -benchtime 10x ./wasm
func BenchmarkNodeReady(b *testing.B) {
	node, err := exec.LookPath("node")
	if err != nil {
		b.Skip("SKIPPED: node not found on PATH")
	}
	dir := written(b)
	script, err := filepath.Abs(filepath.Join("testdata", "bench", "ready.mjs"))
	if err != nil {
		b.Fatal(err)
	}
	text, err := filepath.Abs(filepath.Join("..", "scenarios", "default.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	b.Run("snapshot", func(b *testing.B) { benchReady(b, node, script, dir) })
	b.Run("scenario", func(b *testing.B) { benchReady(b, node, script, dir, text) })
}

// benchReady runs ready.mjs once per iteration and reports the medians.
func benchReady(b *testing.B, node, script, dir string, scenario ...string) {
	var ready, cpu, since, first, median []float64
	for b.Loop() {
		out, err := exec.Command(node, append([]string{script, dir}, scenario...)...).Output()
		if err != nil {
			b.Fatalf("node %s: %v", script, err)
		}
		var r struct{ CreateMock, CreateMockCPU, SinceStart, First, Median float64 }
		if err := json.Unmarshal(out, &r); err != nil {
			b.Fatalf("node said %q: %v", out, err)
		}
		ready, cpu, since = append(ready, r.CreateMock), append(cpu, r.CreateMockCPU), append(since, r.SinceStart)
		first, median = append(first, r.First), append(median, r.Median)
	}
	b.ReportMetric(mid(ready), "ready-ms")
	b.ReportMetric(mid(cpu), "ready-cpu-ms")
	b.ReportMetric(mid(since), "ready-since-exec-ms")
	b.ReportMetric(mid(first), "first-answer-ms")
	b.ReportMetric(mid(median), "warm-answer-ms")
	data, err := os.ReadFile(filepath.Join(dir, Module))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(gzipSize(b, data))/(1<<20), "gzip-MiB")
	b.ReportMetric(float64(len(data))/(1<<20), "raw-MiB")
	b.ReportMetric(0, "ns/op")
}

// mid is the median of xs.
func mid(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sort.Float64s(xs)
	return xs[len(xs)/2]
}
