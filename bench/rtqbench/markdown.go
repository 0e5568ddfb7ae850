package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// saveMarkdown writes the tables of docs/performance.md for this run, so
// figures are pasted, never retyped.
func (r *report) saveMarkdown(file string) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	defer f.Close()
	r.markdown(f)
	r.markdownScale(f)
	r.markdownLatency(f)
	return f.Close()
}

func (r *report) markdown(w io.Writer) {
	fmt.Fprintf(w, "Run of %s: %d CPUs (%s), %s; load average %s at start, %s at end; wrk -t%d -c%d, %s per run, %d rounds.\n\n",
		r.Date, r.Machine.CPUs, r.Machine.CPUModel, r.Machine.Go, r.Machine.LoadStart, r.Machine.LoadEnd,
		r.Load.Threads, r.Load.Conns, r.Load.Duration, r.Load.Rounds)
	fmt.Fprintln(w, "| server | mix | phase | req/s | p50 ms | p99 ms | server CPU µs/req | x baseline | what |")
	fmt.Fprintln(w, "|---|---|---|---:|---:|---:|---:|---:|---|")
	for _, row := range r.medianRows() {
		run, m := row.run, row.median
		fmt.Fprintf(w, "| %s | %s | %s | %.0f | %.2f | %.2f | %.1f | %s | %s |\n",
			run.Server, run.Mix, run.Phase, m.RPS, m.P50ms, m.P99ms, m.ServerCPUus, r.ratioToBaseline(run.Mix, m), run.About)
	}
	fmt.Fprintln(w, "\n| server | ready ms | ready CPU ms | idle RSS MB | peak RSS MB | anon MB | file MB | same bytes |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---|")
	for _, n := range r.serverNames() {
		s := r.Servers[n]
		same := ""
		if s.BytesOK != nil {
			same = map[bool]string{true: "yes", false: "NO"}[*s.BytesOK]
		}
		fmt.Fprintf(w, "| %s | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %s |\n", n, s.ReadyMs, s.ReadyCPUMs, mb(s.IdleRSSKiB),
			mb(s.PeakRSSKiB), mb(s.AnonKiB), mb(s.FileKiB), same)
	}
	fmt.Fprintln(w, "\n| target | want | got | verdict |")
	fmt.Fprintln(w, "|---|---|---|---|")
	for _, t := range r.Targets {
		fmt.Fprintf(w, "| %s | %s | %s | %s |\n", t.Name, t.Want, t.Got, verdict(t.Pass))
	}
}

// ratioToBaseline is m over the baseline of the same mix, or, marked *,
// over the baseline's getRecord figure.
func (r *report) ratioToBaseline(mixName string, m result) string {
	if base, ok := r.median("baseline", mixName, ""); ok {
		return fmt.Sprintf("%.2f", m.RPS/base.RPS)
	}
	if base, ok := r.median("baseline", mixGetRecord, ""); ok {
		return fmt.Sprintf("%.2f*", m.RPS/base.RPS)
	}
	return "-"
}

// markdownScale writes the -scale figures: load, memory, and the median of
// each Go benchmark.
func (r *report) markdownScale(w io.Writer) {
	s := r.Scale
	if s == nil {
		return
	}
	fmt.Fprintf(w, "\nScale scenario: %d records, %d forms, %d templates (file %d B): ready in %.0f ms (CPU used %.0f ms), RSS %.1f MB idle, %.1f MB peak after load.\n",
		s.Records, s.Forms, s.Templates, s.FileBytes, s.ReadyMs, s.ReadyCPUMs, mb(s.IdleRSSKiB), mb(s.PeakRSSKiB))
	fmt.Fprintln(w, "\n| Go benchmark (median run of -count) | ns/op | user-ns/op | sys-ns/op | B/op | allocs/op |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|")
	for _, b := range benchMedians(s.GoBench) {
		fmt.Fprintf(w, "| %s | %.0f | %.0f | %.0f | %.0f | %.0f |\n", b.name, b.ns, b.user, b.sys, b.bytes, b.allocs)
	}
}

type benchLine struct {
	name          string
	ns, user, sys float64
	bytes, allocs float64
}

// benchMedians groups `go test -bench` lines by name and keeps the one with
// the median ns/op, in first-seen order.
func benchMedians(out string) []benchLine {
	groups := map[string][]benchLine{}
	var order []string
	for _, line := range strings.Split(out, "\n") {
		name, m, ok := benchFields(line)
		if !ok {
			continue
		}
		if _, seen := groups[name]; !seen {
			order = append(order, name)
		}
		groups[name] = append(groups[name], benchLine{name, m["ns/op"], m["user-ns/op"], m["sys-ns/op"], m["B/op"], m["allocs/op"]})
	}
	var medians []benchLine
	for _, name := range order {
		g := groups[name]
		sort.Slice(g, func(i, j int) bool { return g[i].ns < g[j].ns })
		medians = append(medians, g[len(g)/2])
	}
	return medians
}
