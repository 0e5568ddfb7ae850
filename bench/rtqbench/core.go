package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
)

// loadScenario reads the scenario the mock serves, so the plan can name
// real records, forms and templates.
func loadScenario(file string) (*scenario.Scenario, error) {
	if file == "" {
		return scenarios.Default()
	}
	return scenario.LoadFiles([]string{file})
}

// startMock runs `rtq mock` with everything on (auth, journal, the request
// log to a file) and waits until /__admin/health answers.
func startMock(ctx context.Context, o options, ps *procs, name, scenarioFile string, limit time.Duration, extra ...string) (*server, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	argv := []string{o.rtq, "mock", "--addr", fmt.Sprintf("127.0.0.1:%d", port)}
	if scenarioFile != "" {
		argv = append(argv, "--scenario", scenarioFile)
	}
	argv = append(argv, extra...)
	s, err := ps.start(name, port, o.outDir, argv)
	if err != nil {
		return nil, err
	}
	return s, waitReady(ctx, s, healthProbe, limit)
}

// startBaseline serves body from a file in outDir named for the mix.
func startBaseline(ctx context.Context, o options, ps *procs, mixName string, body []byte) (*server, error) {
	bodyFile := filepath.Join(o.outDir, mixName+".answer")
	if err := os.WriteFile(bodyFile, body, 0o644); err != nil {
		return nil, err
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	argv := []string{o.baseline, "-addr", fmt.Sprintf("127.0.0.1:%d", port), "-body", bodyFile}
	s, err := ps.start("baseline", port, o.outDir, argv)
	if err != nil {
		return nil, err
	}
	return s, waitReady(ctx, s, healthProbe, 10*time.Second)
}

// runCore measures the mock against the baseline: the getRecord mix in
// alternating rounds (so drift on a shared machine hits both alike), then
// every other mix on the mock, then peak RSS and a timed conformance run.
func runCore(ctx context.Context, o options, ps *procs, l load, rep *report, w io.Writer) (*plan, error) {
	starts, err := sampleStarts(ctx, o, ps, readySamples-1)
	if err != nil {
		return nil, err
	}
	mock, err := startMock(ctx, o, ps, "rtq", o.scenario, 10*time.Second)
	if err != nil {
		return nil, err
	}
	rep.serverUp(mock)
	rep.medianReady(mock.name, append(starts, mock))
	sc, err := loadScenario(o.scenario)
	if err != nil {
		return nil, fmt.Errorf("load the mock's scenario for the plan: %w", err)
	}
	p, err := buildPlan(ctx, mock.url, sc)
	if err != nil {
		return nil, err
	}
	base, err := startBaseline(ctx, o, ps, mixGetRecord, p.typicalBody)
	if err != nil {
		return nil, err
	}
	rep.serverUp(base)
	fmt.Fprintf(w, "mock ready in %.1f ms, baseline in %.1f ms; answer %d B (record %d)\n",
		ms(mock.readyIn), ms(base.readyIn), len(p.typicalBody), p.typical.id)
	if err := runMixes(ctx, o, ps, l, p, mock, base, rep, w); err != nil {
		return nil, err
	}
	rep.serverPeak(mock)
	rep.serverPeak(base)
	ps.stop(base)
	rep.Conform = timeConform(ctx, o, mock.url, p)
	return p, nil
}

// runMixes measures the getRecord mix in o.rounds alternating rounds, then
// each other mix once on the mock, after a baseline twin serving the same
// answer where the mix sends one fixed request.
func runMixes(ctx context.Context, o options, ps *procs, l load, p *plan, mock, base *server, rep *report, w io.Writer) error {
	primary := p.mixes[0]
	for i := 0; i < o.rounds; i++ {
		for _, s := range []*server{base, mock} {
			if err := measure(ctx, l, s, primary, "", rep, w); err != nil {
				return err
			}
		}
	}
	if fig, ok := rep.Servers[mock.name]; ok {
		fig.PeakGetRecordKiB, _ = peakRSSKiB(mock.cmd.Process.Pid)
	}
	for _, m := range p.mixes[1:] {
		if m.answer != nil {
			if err := measureTwin(ctx, o, ps, l, m, rep, w); err != nil {
				return err
			}
		}
		if err := measure(ctx, l, mock, m, "", rep, w); err != nil {
			return err
		}
	}
	return nil
}

// measureTwin runs m against a baseline serving m's answer.
func measureTwin(ctx context.Context, o options, ps *procs, l load, m mix, rep *report, w io.Writer) error {
	twin, err := startBaseline(ctx, o, ps, m.name, m.answer)
	if err != nil {
		return err
	}
	defer ps.stop(twin)
	return measure(ctx, l, twin, m, "", rep, w)
}

// measure runs one mix on one server and records it; a run with socket
// errors, or status errors where none are expected, is an error: its
// figures would flatter whoever failed.
func measure(ctx context.Context, l load, s *server, m mix, phase string, rep *report, w io.Writer) error {
	cpu0 := cpuNs(s.cmd.Process.Pid)
	r, err := l.run(ctx, s.url, m)
	if err != nil {
		return err
	}
	if r.Requests > 0 {
		r.ServerCPUus = float64(cpuNs(s.cmd.Process.Pid)-cpu0) / 1e3 / float64(r.Requests)
	}
	rep.add(s.name, m, phase, r)
	fmt.Fprintf(w, "  %-9s %-22s %-5s %9.0f req/s  p50 %6.2f ms  p99 %6.2f ms  %6.1f µs CPU/req  status-errors %d\n",
		s.name, m.name, phase, r.RPS, r.P50ms, r.P99ms, r.ServerCPUus, r.ErrStatus)
	if r.ErrSocket > 0 || (r.ErrStatus > 0 && !m.mixedStatus) || r.Requests == 0 {
		return fmt.Errorf("%s on %s: %d requests, %d socket errors, %d status errors; see %s",
			m.name, s.name, r.Requests, r.ErrSocket, r.ErrStatus, s.logPath)
	}
	return nil
}

// conformFig is the timed `rtq conform` run against the loaded mock.
type conformFig struct {
	Seconds float64 `json:"seconds"`
	Exit    int     `json:"exit"`
	Error   string  `json:"error,omitempty"`
}

// timeConform resets the mock (the verify mix moved records) and times a
// full conformance run against it: the mock's own profile, writes allowed. Exit 0 or 1 both count
// as a complete run; the time is what the target is on.
func timeConform(ctx context.Context, o options, base string, p *plan) *conformFig {
	post(ctx, base, "/__admin/reset", "", "{}")
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, o.rtq, "conform", "--base-url", base,
		"--profile", base+"/__admin/profile", "--api-key", p.readKey, "--write-key", p.writeKey, "--allow-writes",
		"--format", "json", "--out", filepath.Join(o.outDir, "conform.json"))
	logf, err := os.Create(filepath.Join(o.outDir, "conform.log"))
	if err == nil {
		defer logf.Close()
		cmd.Stdout, cmd.Stderr = logf, logf
	}
	start := time.Now()
	err = cmd.Run()
	fig := &conformFig{Seconds: time.Since(start).Seconds()}
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee):
		fig.Exit = ee.ExitCode()
		if fig.Exit > 1 {
			fig.Error = fmt.Sprintf("rtq conform exited %d; see %s", fig.Exit, filepath.Join(o.outDir, "conform.log"))
		}
	default:
		fig.Exit, fig.Error = -1, err.Error()
	}
	return fig
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// readySamples is how many starts the ready figure is the median of: one
// exec-to-ready on a shared machine moved by 10-15 ms between runs.
const readySamples = 5

// sampleStarts starts and stops the mock n times, for the ready figure.
func sampleStarts(ctx context.Context, o options, ps *procs, n int) ([]*server, error) {
	var out []*server
	for i := 0; i < n; i++ {
		s, err := startMock(ctx, o, ps, "rtq-start", o.scenario, 10*time.Second)
		if err != nil {
			return nil, err
		}
		ps.stop(s)
		out = append(out, s)
	}
	return out, nil
}
