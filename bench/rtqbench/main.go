// Command rtqbench is the load benchmark of rtq mock: it starts the mock,
// a bare net/http baseline serving the same bytes and, on request, the
// peers (WireMock, Prism, Mockoon), drives each with wrk under the same
// load, and prints requests/s, p50/p99 latency, readiness time and peak RSS
// per server and mix, their ratios, and PASS/FAIL against the targets of
// docs/performance.md. bench/run.sh builds it and installs what it needs;
// run that, not this, by hand.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"
)

// options are the flags; run.sh passes them through.
type options struct {
	rtq, baseline, wrk string // binaries
	luaDir, outDir     string
	peersDir           string
	scenario           string // empty: the embedded default
	quick, peers       bool
	scale              bool
	scaleFile          string // scenario for --scale (bench/scalegen output)
	threads, conns     int
	duration           time.Duration
	rounds             int
	warm               time.Duration // WireMock warm-up before its warm figure
	deadline           time.Duration
	replicas           int    // -replicas: processes on one Redis; 0 runs the usual benchmark
	redisServer        string // redis-server binary, for -replicas
	latency            bool   // -latency: the commands against a slow mock instead
	latencyDelays      []int  // ms of delay the mock is made slow by
	latencyProbe       []int  // the delays record --probe-times is timed at too
	latencyTimeout     time.Duration
}

func main() {
	o, err := parseFlags(os.Args[1:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "rtqbench:", err)
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, o.deadline)
	defer cancel()
	if err := run(ctx, o, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "rtqbench:", err)
		os.Exit(1)
	}
}

func parseFlags(args []string) (options, error) {
	var o options
	fs := flag.NewFlagSet("rtqbench", flag.ContinueOnError)
	fs.StringVar(&o.rtq, "rtq", ".tools/bin/rtq", "rtq binary")
	fs.StringVar(&o.baseline, "baseline", ".tools/bin/baseline", "baseline binary (bench/baseline)")
	fs.StringVar(&o.wrk, "wrk", "wrk", "wrk binary")
	fs.StringVar(&o.luaDir, "lua", "bench/lua", "directory of the wrk Lua scripts")
	fs.StringVar(&o.outDir, "out", "bench/out", "directory for logs, configs and results.json")
	fs.StringVar(&o.peersDir, "peers-dir", ".tools/peers", "npm prefix the peers are installed in")
	fs.StringVar(&o.scenario, "scenario", "", "scenario file for the mock (default: the embedded one)")
	fs.BoolVar(&o.quick, "quick", false, "short runs (3 s, one round): a smoke test, not figures")
	fs.BoolVar(&o.peers, "peers", false, "also measure WireMock, Prism and Mockoon")
	fs.BoolVar(&o.scale, "scale", false, "also load the 100,000-record scenario")
	fs.StringVar(&o.scaleFile, "scale-file", "bench/out/scale.yaml", "scenario file for -scale")
	fs.IntVar(&o.threads, "t", 2, "wrk threads")
	fs.IntVar(&o.conns, "c", 64, "wrk connections")
	fs.DurationVar(&o.duration, "d", 10*time.Second, "length of one measured run")
	fs.IntVar(&o.rounds, "rounds", 5, "alternating rounds of baseline and mock on the getRecord mix")
	fs.DurationVar(&o.warm, "warm", 60*time.Second, "WireMock load before its warm figure")
	fs.IntVar(&o.replicas, "replicas", 0, "measure the Redis store instead: memory, then 1 and N processes on one local redis-server (N >= 2)")
	fs.StringVar(&o.redisServer, "redis-server", "redis-server", "redis-server binary, for -replicas")
	fs.BoolVar(&o.latency, "latency", false, "measure instead conform, profile discover and record --crawl against the mock made slow (-latency-delays)")
	delays := fs.String("latency-delays", "0,50,200", "-latency: the delays (ms) the mock is made slow by")
	probe := fs.String("latency-probe", "0,50", "-latency: the delays (ms) at which record --crawl --probe-times is timed too (thousands of calls)")
	fs.DurationVar(&o.latencyTimeout, "latency-timeout", 5*time.Minute, "-latency: the longest one command may run")
	fs.DurationVar(&o.deadline, "deadline", 20*time.Minute, "the whole benchmark stops after this")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	var err error
	if o.latencyDelays, err = parseInts(*delays); err != nil {
		return o, fmt.Errorf("-latency-delays: %w", err)
	}
	if o.latencyProbe, err = parseInts(*probe); err != nil {
		return o, fmt.Errorf("-latency-probe: %w", err)
	}
	if o.quick { // quick's lengths, unless given explicitly
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if !set["d"] {
			o.duration = 3 * time.Second
		}
		if !set["rounds"] {
			o.rounds = 1
		}
		if !set["warm"] {
			o.warm = 10 * time.Second
		}
	}
	if o.duration < time.Second || o.rounds < 1 {
		return o, fmt.Errorf("-d must be at least 1s and -rounds at least 1")
	}
	if o.replicas == 1 || o.replicas < 0 {
		return o, fmt.Errorf("-replicas must be 0 (off) or at least 2, got %d", o.replicas)
	}
	return o, nil
}

// run is the whole benchmark; every process it starts is killed before it
// returns.
func run(ctx context.Context, o options, stdout io.Writer) error {
	if err := os.MkdirAll(o.outDir, 0o755); err != nil {
		return err
	}
	ps := &procs{}
	defer ps.stopAll()
	rep := newReport(o)
	l := load{wrk: o.wrk, luaDir: o.luaDir, threads: o.threads, conns: o.conns, duration: o.duration}
	if o.replicas > 0 {
		if err := runReplicas(ctx, o, ps, l, rep, stdout); err != nil {
			return err
		}
		return finishReport(o, rep, stdout)
	}
	if o.latency {
		if err := runLatency(ctx, o, ps, rep, stdout); err != nil {
			return err
		}
		return finishReport(o, rep, stdout)
	}
	p, err := runCore(ctx, o, ps, l, rep, stdout)
	if err != nil {
		return err
	}
	if o.peers {
		if err := runPeers(ctx, o, ps, l, p, rep, stdout); err != nil {
			return err
		}
	}
	if o.scale {
		if err := runScale(ctx, o, ps, l, rep, stdout); err != nil {
			return err
		}
	}
	return finishReport(o, rep, stdout)
}

// finishReport computes the targets, prints the tables and writes
// results.md and results.json.
func finishReport(o options, rep *report, stdout io.Writer) error {
	rep.finish()
	rep.print(stdout)
	if err := rep.saveMarkdown(filepath.Join(o.outDir, "results.md")); err != nil {
		return err
	}
	return rep.save(filepath.Join(o.outDir, "results.json"))
}
