package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/profile/discover"
	"github.com/rtq-kit/rtq/recorder"
)

// The -latency mode measures what a slow service costs the commands that
// call one: rtq conform (reads and writes), rtq profile discover, rtq
// record --crawl and, at the delays of -latency-probe, rtq record --crawl
// --probe-times, each against the mock made slow with --fault delay_ms=D
// at each delay of -latency-delays, at each command's default concurrency.
// Beside each time: the requests made and the longest chain of them that
// each waited for the one before, as the command says on stderr, and the
// lower bound, that chain times the delay. Every command is bounded by
// -latency-timeout, the whole mode by -deadline.

// latencyFig is one command against the mock at one delay.
type latencyFig struct {
	Command string  `json:"command"`
	DelayMs int     `json:"delay_ms"`
	Seconds float64 `json:"seconds"`
	// Requests and Chain are what the command said (0: it did not say).
	Requests int `json:"requests,omitempty"`
	Chain    int `json:"chain,omitempty"`
	// BoundSeconds is Chain times the delay: no run can be shorter.
	BoundSeconds float64 `json:"lower_bound_seconds,omitempty"`
	// InFlight is the most requests the command keeps in flight (its
	// default --concurrency; 0: not known), and FlightSeconds the least
	// its requests take so: Requests / InFlight rounds of the delay. A
	// run near it is bound by its concurrency, not by its chain.
	InFlight      int     `json:"in_flight,omitempty"`
	FlightSeconds float64 `json:"in_flight_bound_seconds,omitempty"`
	Exit          int     `json:"exit"`
	Error         string  `json:"error,omitempty"`
}

// latencyCmd is one command the mode times.
type latencyCmd struct {
	name string
	// args are the command's arguments for the mock at base, writing into
	// dir; reset says the mock's state is put back first (a verify moved it).
	args  func(base, dir string, records []int64) []string
	reset bool
	probe bool // runs only at the delays of -latency-probe
	// report is the JSON report the command writes in dir, whose plan
	// says its chain (rtq conform's), "" when it says it on stderr.
	report string
	// inFlight is the command's default --concurrency (0: its report's
	// plan says it, or it is not known).
	inFlight int
}

// latencyCmds are the commands, in the order they are run at each delay.
var latencyCmds = []latencyCmd{
	{name: "conform", reset: true, report: "conform.json", args: func(base, dir string, _ []int64) []string {
		return []string{"conform", "--base-url", base, "--profile", base + "/__admin/profile", "--api-key", "rtq-demo-read",
			"--write-key", "rtq-demo-write", "--allow-writes", "--format", "json", "--out", filepath.Join(dir, "conform.json")}
	}},
	{name: "profile discover", inFlight: discover.DefaultConcurrency, args: func(base, dir string, records []int64) []string {
		return append([]string{"profile", "discover", "--base-url", base, "--api-key", "rtq-demo-read",
			"--out", filepath.Join(dir, "discovered.yaml")}, recordFlags(records)...)
	}},
	{name: "record --crawl", inFlight: recorder.DefaultConcurrency, args: func(base, dir string, records []int64) []string {
		return append([]string{"record", "--upstream", base, "--api-key", "rtq-demo-read", "--crawl", "--rate", "0",
			"--max-requests", "0", "--out", filepath.Join(dir, "crawl.yaml")}, recordFlags(records)...)
	}},
	{name: "record --crawl --probe-times", probe: true, inFlight: recorder.DefaultConcurrency, args: func(base, dir string, records []int64) []string {
		return append([]string{"record", "--upstream", base, "--api-key", "rtq-demo-read", "--crawl", "--probe-times", "--rate", "0",
			"--max-requests", "0", "--out", filepath.Join(dir, "probed.yaml")}, recordFlags(records)...)
	}},
}

func recordFlags(ids []int64) []string {
	var out []string
	for _, id := range ids {
		out = append(out, "--record-id", strconv.FormatInt(id, 10))
	}
	return out
}

// latencyRecords is how many of the mock's records discover and record
// name: a few, as a person would.
const latencyRecords = 3

// runLatency is the whole -latency mode; every process it starts is
// stopped before it returns.
func runLatency(ctx context.Context, o options, ps *procs, rep *report, w io.Writer) error {
	for _, delay := range o.latencyDelays {
		if err := latencyAt(ctx, o, ps, rep, w, delay); err != nil {
			return err
		}
	}
	return nil
}

// latencyAt times every command against one mock made delay ms slow.
func latencyAt(ctx context.Context, o options, ps *procs, rep *report, w io.Writer, delay int) error {
	port, err := freePort()
	if err != nil {
		return err
	}
	argv := []string{o.rtq, "mock", "--addr", fmt.Sprintf("127.0.0.1:%d", port)}
	if delay > 0 {
		argv = append(argv, "--fault", fmt.Sprintf("delay_ms=%d", delay))
	}
	if o.scenario != "" {
		argv = append(argv, "--scenario", o.scenario)
	}
	mock, err := ps.start(fmt.Sprintf("rtq-delay-%d", delay), port, o.outDir, argv)
	if err != nil {
		return err
	}
	defer ps.stop(mock)
	if err := waitReady(ctx, mock, healthProbe, 10*time.Second); err != nil {
		return err
	}
	own, err := profile.Load(ctx, mock.url+"/__admin/profile")
	if err != nil {
		return fmt.Errorf("the mock's profile: %w", err)
	}
	var records []int64
	for _, r := range own.Records[:min(latencyRecords, len(own.Records))] {
		records = append(records, r.ID)
	}
	dir := filepath.Join(o.outDir, fmt.Sprintf("latency-%dms", delay))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, c := range latencyCmds {
		if c.probe && !slices.Contains(o.latencyProbe, delay) {
			continue
		}
		if c.reset {
			post(ctx, mock.url, "/__admin/reset", "", "{}")
		}
		fig := timeCommand(ctx, o, dir, c, c.args(mock.url, dir, records))
		fig.DelayMs = delay
		if fig.Chain > 0 && delay > 0 {
			fig.BoundSeconds = float64(fig.Chain*delay) / 1000
		}
		if fig.InFlight > 0 && fig.Requests > 0 && delay > 0 {
			rounds := (fig.Requests + fig.InFlight - 1) / fig.InFlight
			fig.FlightSeconds = float64(rounds*delay) / 1000
		}
		rep.Latency = append(rep.Latency, fig)
		fmt.Fprintf(w, "  %-30s %4d ms delay  %7.2f s  %s\n", fig.Command, delay, fig.Seconds, fig.against())
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	return nil
}

// against says the requests, the chain and the bound of a figure.
func (f latencyFig) against() string {
	switch {
	case f.Error != "":
		return f.Error
	case f.Chain == 0:
		return "(the chain is not said)"
	case f.BoundSeconds == 0:
		return fmt.Sprintf("(%s requests, chain %d)", orDash(f.Requests), f.Chain)
	}
	return fmt.Sprintf("(%s requests, chain %d: lower bound %.2f s, %.2fx it)", orDash(f.Requests), f.Chain, f.BoundSeconds, f.Seconds/f.BoundSeconds)
}

// chainSaid is the line each command ends with on stderr: its calls (or
// requests) and the longest chain of them. A crawl with --probe-times
// says it twice, the crawl's and the probe's, one after the other.
var chainSaid = regexp.MustCompile(`(\d+) (?:requests|calls), the longest chain of them that each waited for the one before (\d+)`)

// reportPlan is plan.longest_chain and plan.concurrency of a JSON report
// of rtq conform, 0 when it has none (a runner that does not plan its
// requests).
func reportPlan(file string) (chain, inFlight int) {
	data, err := os.ReadFile(file)
	if err != nil {
		return 0, 0
	}
	var rep struct {
		Plan *struct {
			LongestChain int `json:"longest_chain"`
			Concurrency  int `json:"concurrency"`
		} `json:"plan"`
	}
	if json.Unmarshal(data, &rep) != nil || rep.Plan == nil {
		return 0, 0
	}
	return rep.Plan.LongestChain, rep.Plan.Concurrency
}

// timeCommand runs one command, bounded by -latency-timeout, with its
// output in dir, and reads what it said of its requests and chain.
func timeCommand(ctx context.Context, o options, dir string, c latencyCmd, args []string) latencyFig {
	ctx, cancel := context.WithTimeout(ctx, o.latencyTimeout)
	defer cancel()
	for _, f := range []string{"crawl.yaml", "probed.yaml"} {
		os.Remove(filepath.Join(dir, f)) // a recording merges into an existing file
	}
	cmd := exec.CommandContext(ctx, o.rtq, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	fig := latencyFig{Command: c.name, Seconds: time.Since(start).Seconds()}
	logName := strings.ReplaceAll(strings.ReplaceAll(c.name, " ", "_"), "-", "") + ".log"
	_ = os.WriteFile(filepath.Join(dir, logName), out.Bytes(), 0o644)
	for _, m := range chainSaid.FindAllStringSubmatch(out.String(), -1) {
		n, _ := strconv.Atoi(m[1])
		chain, _ := strconv.Atoi(m[2])
		fig.Requests, fig.Chain = fig.Requests+n, fig.Chain+chain
	}
	fig.InFlight = c.inFlight
	if c.report != "" {
		fig.Chain, fig.InFlight = reportPlan(filepath.Join(dir, c.report))
	}
	var ee *exec.ExitError
	switch {
	case err == nil:
	case ctx.Err() != nil:
		fig.Exit, fig.Error = -1, fmt.Sprintf("stopped after -latency-timeout %v", o.latencyTimeout)
	case errors.As(err, &ee):
		fig.Exit = ee.ExitCode()
		if fig.Exit > 1 || c.name != "conform" {
			fig.Error = fmt.Sprintf("exit %d; see %s", fig.Exit, filepath.Join(dir, logName))
		}
	default:
		fig.Exit, fig.Error = -1, err.Error()
	}
	return fig
}

// parseInts reads a comma-separated list of milliseconds.
func parseInts(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("%q: want milliseconds, 0 or more", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// latencyFigure is the figure of command at delay, if measured cleanly.
func (r *report) latencyFigure(command string, delay int) (latencyFig, bool) {
	for _, f := range r.Latency {
		if f.Command == command && f.DelayMs == delay && f.Error == "" {
			return f, true
		}
	}
	return latencyFig{}, false
}

// latencyTargets are the project's latency targets: conform at 200 ms within 8 s and 3x its
// lower bound, and with no delay under 0.5 s.
func (r *report) latencyTargets() {
	if len(r.Latency) == 0 {
		return
	}
	slow, ok := r.latencyFigure("conform", slowDelayMs)
	r.check(fmt.Sprintf("rtq conform, mock %d ms slow", slowDelayMs), fmt.Sprintf("<= %.0f s", maxSlowConformSec), ok,
		func() (string, bool) { return fmt.Sprintf("%.2f s", slow.Seconds), slow.Seconds <= maxSlowConformSec })
	r.check(fmt.Sprintf("rtq conform, mock %d ms slow, vs chain x delay", slowDelayMs), fmt.Sprintf("<= %.0fx", maxOverChain),
		ok && slow.BoundSeconds > 0, func() (string, bool) {
			x := slow.Seconds / slow.BoundSeconds
			return fmt.Sprintf("%.2fx (%.2f s / %.2f s)", x, slow.Seconds, slow.BoundSeconds), x <= maxOverChain
		})
	local, ok := r.latencyFigure("conform", 0)
	r.check("rtq conform, mock with no delay", fmt.Sprintf("< %.1f s", maxLocalConformSec), ok,
		func() (string, bool) { return fmt.Sprintf("%.2f s", local.Seconds), local.Seconds < maxLocalConformSec })
}

// printLatency lists the -latency figures.
func (r *report) printLatency(w io.Writer) {
	if len(r.Latency) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%-30s %8s %9s %9s %6s %10s %8s  %s\n", "command", "delay ms", "seconds", "requests", "chain", "bound s", "x bound", "requests / in flight x delay")
	for _, f := range r.Latency {
		fmt.Fprintf(w, "%-30s %8d %9.2f %9s %6s %10s %8s  %s %s\n", f.Command, f.DelayMs, f.Seconds, orDash(f.Requests), orDash(f.Chain),
			f.boundCell(), f.overBound(), f.flightCell(), f.Error)
	}
}

// markdownLatency writes the -latency table of docs/performance.md.
func (r *report) markdownLatency(w io.Writer) {
	if len(r.Latency) == 0 {
		return
	}
	fmt.Fprintf(w, "\nLatency run of %s: %d CPUs (%s); load average %s at start, %s at end.\n\n",
		r.Date, r.Machine.CPUs, r.Machine.CPUModel, r.Machine.LoadStart, r.Machine.LoadEnd)
	fmt.Fprintln(w, "| command | delay | time | requests | longest chain | lower bound (chain x delay) | time / bound | requests / in flight x delay |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|")
	for _, f := range r.Latency {
		t := fmt.Sprintf("%.2f s", f.Seconds)
		if f.Error != "" {
			t += " (" + f.Error + ")"
		}
		fmt.Fprintf(w, "| `rtq %s` | %d ms | %s | %s | %s | %s | %s | %s |\n", f.Command, f.DelayMs, t, orDash(f.Requests),
			orDash(f.Chain), f.boundCell(), f.overBound(), f.flightCell())
	}
}

func (f latencyFig) boundCell() string {
	if f.BoundSeconds == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f s", f.BoundSeconds)
}

func (f latencyFig) flightCell() string {
	if f.FlightSeconds == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f s (%d in flight)", f.FlightSeconds, f.InFlight)
}

func (f latencyFig) overBound() string {
	if f.BoundSeconds == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2fx", f.Seconds/f.BoundSeconds)
}

func orDash(n int) string {
	if n == 0 {
		return "-"
	}
	return strconv.Itoa(n)
}
