package main

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"
)

// report is everything one benchmark run measured; results.json is its
// JSON form and the printed tables are read off it.
type report struct {
	Date    string                `json:"date"`
	Machine machine               `json:"machine"`
	Load    loadConfig            `json:"load"`
	Servers map[string]*serverFig `json:"servers"`
	Runs    []runFig              `json:"runs"`
	Conform *conformFig           `json:"conform,omitempty"`
	Scale   *scaleFig             `json:"scale,omitempty"`
	Latency []latencyFig          `json:"latency,omitempty"`
	Targets []target              `json:"targets"`
	// Notes are problems that did not stop the run (a peer that would not
	// start, answers that differ), printed with the figures.
	Notes []string `json:"notes,omitempty"`
}

type machine struct {
	CPUs      int    `json:"cpus"`
	CPUModel  string `json:"cpu_model"`
	LoadStart string `json:"loadavg_start"`
	LoadEnd   string `json:"loadavg_end"`
	Go        string `json:"go"`
}

type loadConfig struct {
	Threads  int    `json:"threads"`
	Conns    int    `json:"conns"`
	Duration string `json:"duration"`
	Rounds   int    `json:"rounds"`
}

type serverFig struct {
	ReadyMs float64 `json:"ready_ms"`
	// ReadyCPUMs is the CPU time the server used to get ready (all its
	// threads; for a peer, its first process only).
	ReadyCPUMs float64 `json:"ready_cpu_ms"`
	// ReadySamples is how many starts ReadyMs and ReadyCPUMs are the
	// median of (0 or 1: one start).
	ReadySamples int   `json:"ready_samples,omitempty"`
	IdleRSSKiB   int64 `json:"idle_rss_kib"`
	PeakRSSKiB   int64 `json:"peak_rss_kib"`
	// PeakGetRecordKiB is the peak after the getRecord rounds only, before
	// the other mixes (verify's resets rebuild the state).
	PeakGetRecordKiB int64 `json:"peak_rss_after_getrecord_kib,omitempty"`
	// AnonKiB and FileKiB split the resident set after the load: heap and
	// stacks, and pages of the mapped binary (a bigger binary costs RSS).
	AnonKiB int64 `json:"rss_anon_kib"`
	FileKiB int64 `json:"rss_file_kib"`
	BytesOK *bool `json:"bytes_checked,omitempty"`
}

type runFig struct {
	Server string `json:"server"`
	Mix    string `json:"mix"`
	Phase  string `json:"phase,omitempty"`
	About  string `json:"about,omitempty"`
	result
}

// target is one line of the PASS/FAIL list. Pass is nil when the figure
// was not measured in this run (SKIP).
type target struct {
	Name string `json:"name"`
	Want string `json:"want"`
	Got  string `json:"got"`
	Pass *bool  `json:"pass"`
}

func newReport(o options) *report {
	return &report{
		Date:    time.Now().UTC().Format(time.RFC3339),
		Machine: machine{CPUs: runtime.NumCPU(), CPUModel: cpuModel(), LoadStart: loadavg(), Go: runtime.Version()},
		Load:    loadConfig{o.threads, o.conns, o.duration.String(), o.rounds},
		Servers: map[string]*serverFig{},
	}
}

func cpuModel() string {
	data, _ := os.ReadFile("/proc/cpuinfo")
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

func loadavg() string {
	data, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// serverUp records readiness and the idle memory right after it.
func (r *report) serverUp(s *server) {
	fig := &serverFig{ReadyMs: ms(s.readyIn), ReadyCPUMs: float64(s.readyCPU) / 1e6}
	fig.IdleRSSKiB, _ = peakRSSKiB(s.cmd.Process.Pid)
	r.Servers[s.name] = fig
}

// medianReady replaces a server's ready figures by the medians over
// starts (wall clock and CPU each on its own).
func (r *report) medianReady(name string, starts []*server) {
	fig, ok := r.Servers[name]
	if !ok || len(starts) == 0 {
		return
	}
	walls, cpus := make([]float64, len(starts)), make([]float64, len(starts))
	for i, s := range starts {
		walls[i], cpus[i] = ms(s.readyIn), float64(s.readyCPU)/1e6
	}
	fig.ReadyMs, fig.ReadyCPUMs = median(walls), median(cpus)
	fig.ReadySamples = len(starts)
}

func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// serverPeak records the high-water mark of memory after the load.
func (r *report) serverPeak(s *server) {
	if fig, ok := r.Servers[s.name]; ok {
		pid := s.cmd.Process.Pid
		fig.PeakRSSKiB, _ = peakRSSKiB(pid)
		fig.AnonKiB, _ = procStatus(pid, "RssAnon")
		fig.FileKiB, _ = procStatus(pid, "RssFile")
	}
}

func (r *report) add(server string, m mix, phase string, res result) {
	r.Runs = append(r.Runs, runFig{Server: server, Mix: m.name, Phase: phase, About: m.about, result: res})
}

// median is the run of server on mix (in phase) with the median req/s;
// ok is false when there is none.
func (r *report) median(server, mixName, phase string) (result, bool) {
	var rs []result
	for _, run := range r.Runs {
		if run.Server == server && run.Mix == mixName && run.Phase == phase {
			rs = append(rs, run.result)
		}
	}
	if len(rs) == 0 {
		return result{}, false
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].RPS < rs[j].RPS })
	return rs[len(rs)/2], true
}

func (r *report) save(file string) error {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(file, append(data, '\n'), 0o644)
}

func (r *report) note(format string, args ...any) {
	r.Notes = append(r.Notes, fmt.Sprintf(format, args...))
}

// print writes the tables people read: runs, servers, targets.
func (r *report) print(w io.Writer) {
	fmt.Fprintf(w, "\n== rtq benchmark %s ==\n", r.Date)
	fmt.Fprintf(w, "machine: %d CPUs, %s, %s; load average %s at start, %s at end\n",
		r.Machine.CPUs, r.Machine.CPUModel, r.Machine.Go, r.Machine.LoadStart, r.Machine.LoadEnd)
	fmt.Fprintf(w, "load: wrk -t%d -c%d, %s per run, %d alternating rounds on %s\n\n",
		r.Load.Threads, r.Load.Conns, r.Load.Duration, r.Load.Rounds, mixGetRecord)
	r.printRuns(w)
	r.printServers(w)
	r.printLatency(w)
	for _, n := range r.Notes {
		fmt.Fprintln(w, "note:", n)
	}
	fmt.Fprintln(w, "\ntargets:")
	for _, t := range r.Targets {
		fmt.Fprintf(w, "  %-4s %-44s want %-14s got %s\n", verdict(t.Pass), t.Name, t.Want, t.Got)
	}
}

func verdict(p *bool) string {
	switch {
	case p == nil:
		return "SKIP"
	case *p:
		return "PASS"
	}
	return "FAIL"
}

// printRuns lists the median of every server, mix and phase. "x base" is
// the ratio to the baseline serving the same answer (same mix), or, marked
// *, to the baseline's getRecord figure where the answers vary.
func (r *report) printRuns(w io.Writer) {
	fmt.Fprintf(w, "%-10s %-22s %-5s %10s %8s %8s %8s %8s  %s\n", "server", "mix", "phase", "req/s", "p50 ms", "p99 ms", "CPU µs", "x base", "what")
	for _, row := range r.medianRows() {
		run, m := row.run, row.median
		fmt.Fprintf(w, "%-10s %-22s %-5s %10.0f %8.2f %8.2f %8.1f %8s  %s\n",
			run.Server, run.Mix, run.Phase, m.RPS, m.P50ms, m.P99ms, m.ServerCPUus, r.ratioToBaseline(run.Mix, m), run.About)
	}
}

// medianRow is one server, mix and phase with the median of its rounds.
type medianRow struct {
	run    runFig
	median result
}

// medianRows lists every server, mix and phase once, in the order first
// run, with its median: the rows every report format prints.
func (r *report) medianRows() []medianRow {
	var rows []medianRow
	seen := map[string]bool{}
	for _, run := range r.Runs {
		key := run.Server + "|" + run.Mix + "|" + run.Phase
		if seen[key] {
			continue
		}
		seen[key] = true
		m, _ := r.median(run.Server, run.Mix, run.Phase)
		rows = append(rows, medianRow{run: run, median: m})
	}
	return rows
}

func (r *report) printServers(w io.Writer) {
	fmt.Fprintf(w, "\n%-10s %10s %10s %12s %12s %10s %10s\n", "server", "ready ms", "ready CPU", "idle RSS MB", "peak RSS MB", "anon MB", "file MB")
	for _, n := range r.serverNames() {
		s := r.Servers[n]
		fmt.Fprintf(w, "%-10s %10.1f %10.1f %12.1f %12.1f %10.1f %10.1f\n", n, s.ReadyMs, s.ReadyCPUMs, mb(s.IdleRSSKiB), mb(s.PeakRSSKiB),
			mb(s.AnonKiB), mb(s.FileKiB))
	}
}

// mb converts KiB to MB (10^6 bytes), the unit the targets are in.
func mb(kib int64) float64 { return float64(kib) * 1024 / 1e6 }

// serverNames lists the measured servers in the order both reports print.
func (r *report) serverNames() []string {
	return slices.Sorted(maps.Keys(r.Servers))
}
