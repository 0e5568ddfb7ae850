package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/rtq-kit/rtq/bench"
)

// scaleRecords is the size of the scale scenario (docs/performance.md, Targets).
const scaleRecords = 100000

// scaleFig is what -scale measured.
type scaleFig struct {
	Records    int     `json:"records"`
	Templates  int     `json:"templates"`
	Forms      int     `json:"forms"`
	FileBytes  int     `json:"file_bytes"`
	ReadyMs    float64 `json:"ready_ms"`
	ReadyCPUMs float64 `json:"ready_cpu_ms"`
	IdleRSSKiB int64   `json:"idle_rss_kib"`
	PeakRSSKiB int64   `json:"peak_rss_kib"`
	// PageNs* are user CPU ns per form-list page (user-ns/op): the mock's
	// own work, which a busy shared machine inflates far less than
	// wall-clock ns/op. PageSysNs* are the kernel's share (page faults).
	PageNs1k      float64 `json:"form_list_page_user_ns_1000"`
	PageNs100k    float64 `json:"form_list_page_user_ns_100000"`
	PageSysNs1k   float64 `json:"form_list_page_sys_ns_1000"`
	PageSysNs100k float64 `json:"form_list_page_sys_ns_100000"`
	GoBench       string  `json:"go_bench_output"`
}

// runScale starts the mock on a generated 100,000-record scenario, times
// exec-to-ready, loads it with the paged mixes, and runs the Go page
// benchmarks of bench/scale_test.go at 1,000 and 100,000 records.
func runScale(ctx context.Context, o options, ps *procs, l load, rep *report, w io.Writer) error {
	size := bench.SizeFor(scaleRecords)
	data := bench.ScenarioYAML(size)
	file := filepath.Join(o.outDir, "scale.yaml")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		return err
	}
	fig := &scaleFig{Records: size.Records, Templates: size.Templates, Forms: size.Forms, FileBytes: len(data)}
	rep.Scale = fig
	s, err := startMock(ctx, o, ps, "rtq-scale", file, 60*time.Second)
	if err != nil {
		return fmt.Errorf("scale: %w", err)
	}
	fig.ReadyMs, fig.ReadyCPUMs = ms(s.readyIn), float64(s.readyCPU)/1e6
	fig.IdleRSSKiB, _ = peakRSSKiB(s.cmd.Process.Pid)
	fmt.Fprintf(w, "scale: %d records, %d templates ready in %.0f ms (CPU %.0f ms), %.1f MB\n",
		size.Records, size.Templates, fig.ReadyMs, fig.ReadyCPUMs, mb(fig.IdleRSSKiB))
	for _, m := range scaleMixes(size) {
		if err := measure(ctx, l, s, m, "", rep, w); err != nil {
			return fmt.Errorf("scale: %w", err)
		}
	}
	fig.PeakRSSKiB, _ = peakRSSKiB(s.cmd.Process.Pid)
	ps.stop(s)
	return goBench(ctx, o, fig, w)
}

// scaleMixes page deep into the big lists with the page sizes of the
// default scenario's mixes (getFormList, templates-walk), so the two runs
// compare: the last form-list pages, and a whole cursor walk over 10,000
// templates.
func scaleMixes(size bench.Size) []mix {
	last := (size.Forms + 9) / 10
	var bodies []string
	for pg := max(last-4, 1); pg <= last; pg++ {
		bodies = append(bodies, fmt.Sprintf(`{"page":%d,"page_size":10}`, pg))
	}
	return []mix{
		{name: "scale-getFormList-deep", path: pathFormList, script: "cycle.lua", key: bench.ReadKey, bodies: bodies,
			about: fmt.Sprintf("last 5 pages of %d forms, 10 a page (compare getFormList)", size.Forms)},
		{name: "scale-templates-walk", path: pathTemplates, script: "walk.lua", key: bench.ReadKey,
			bodies: []string{`{"page_size":20}`},
			about:  fmt.Sprintf("cursor walk over %d templates, 20 a page (compare templates-walk)", size.Templates)},
		{name: "scale-getRecord-last", path: pathGetRecord, script: "post.lua", key: bench.ReadKey,
			bodies: []string{recordBody(int64(size.Records), "")}, about: "the last of 100,000 records"},
	}
}

// goBench runs the page benchmarks and keeps the median ns/op at each size.
func goBench(ctx context.Context, o options, fig *scaleFig, w io.Writer) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "test", "-run", "^$", "-bench", ".", "-benchmem", "-count", "3", "./bench/")
	out, err := cmd.CombinedOutput()
	fig.GoBench = string(out)
	os.WriteFile(filepath.Join(o.outDir, "scale-bench.txt"), out, 0o644)
	if err != nil {
		return fmt.Errorf("go test -bench ./bench/: %w\n%s", err, out)
	}
	fig.PageNs1k = medianNs(string(out), "BenchmarkFormListPage/records=1000-", "user-ns/op")
	fig.PageNs100k = medianNs(string(out), "BenchmarkFormListPage/records=100000-", "user-ns/op")
	fig.PageSysNs1k = medianNs(string(out), "BenchmarkFormListPage/records=1000-", "sys-ns/op")
	fig.PageSysNs100k = medianNs(string(out), "BenchmarkFormListPage/records=100000-", "sys-ns/op")
	fmt.Fprintf(w, "scale: Go benchmarks written to %s\n", filepath.Join(o.outDir, "scale-bench.txt"))
	return nil
}

// medianNs is the median of one metric (unit, e.g. "ns/op") over the
// benchmark lines whose name starts with prefix.
func medianNs(out, prefix, unit string) float64 {
	var vs []float64
	for _, line := range strings.Split(out, "\n") {
		name, metrics, ok := benchFields(line)
		if !ok || !strings.HasPrefix(name, prefix) {
			continue
		}
		if v, ok := metrics[unit]; ok {
			vs = append(vs, v)
		}
	}
	if len(vs) == 0 {
		return 0
	}
	sort.Float64s(vs)
	return vs[len(vs)/2]
}

// benchFields splits a `go test -bench` result line into its name and its
// value-unit pairs.
func benchFields(line string) (string, map[string]float64, bool) {
	f := strings.Fields(line)
	if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
		return "", nil, false
	}
	metrics := map[string]float64{}
	for i := 2; i+1 < len(f); i += 2 {
		v, err := strconv.ParseFloat(f[i], 64)
		if err != nil {
			return "", nil, false
		}
		metrics[f[i+1]] = v
	}
	_, ok := metrics["ns/op"]
	return f[0], metrics, ok
}
