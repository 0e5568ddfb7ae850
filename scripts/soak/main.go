// Command soak drives `rtq mock` with mixed traffic for a bounded time and
// fails on any unexpected answer or on the mock's resident memory growing
// past a bound (docs/reliability.md section 4):
//
//	go run ./scripts/soak -duration 60s -rss-max 60MB
//
// It builds rtq once (or uses -bin), starts `rtq mock` on 127.0.0.1:0 as a
// child process, sends a fixed-seed mix from a bounded pool of workers
// (reads of own and foreign records in every format, form and template
// walks, sub-codes, verifies, bad bodies, bad keys, resets, journal
// reads), checks every answer (status < 500, JSON Content-Type, schema of
// the endpoint, the expected code) and samples VmRSS from /proc. Exit
// status 0: all answers as expected and RSS within bound; 1 otherwise;
// 2 for a usage or start-up error.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"
)

// options are the soak's flags.
type options struct {
	duration time.Duration
	rssMax   int64 // bytes
	workers  int
	seed     int64
	bin      string // prebuilt rtq; "" builds one
	verbose  bool
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run parses flags, soaks, prints the summary and returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	o, err := parseFlags(args, stderr)
	if err != nil {
		return 2
	}
	res, err := soak(ctx, o)
	if err != nil {
		fmt.Fprintln(stderr, "soak:", err)
		return 2
	}
	res.print(stdout, o)
	if len(res.unexpected) > 0 || res.rssPeak > o.rssMax {
		return 1
	}
	return 0
}

func parseFlags(args []string, stderr io.Writer) (options, error) {
	var o options
	var rss string
	fs := flag.NewFlagSet("soak", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.DurationVar(&o.duration, "duration", 60*time.Second, "how long to drive traffic")
	fs.StringVar(&rss, "rss-max", "60MB", "fail when the mock's VmRSS exceeds this (KB, MB, GB suffixes)")
	fs.IntVar(&o.workers, "workers", 8, "concurrent clients")
	fs.Int64Var(&o.seed, "seed", 1, "seed of the traffic mix")
	fs.StringVar(&o.bin, "bin", "", "rtq binary to run (default: go build ./cmd/rtq into a temporary directory)")
	fs.BoolVar(&o.verbose, "v", false, "print every unexpected answer, not the first 20")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	n, err := parseSize(rss)
	if err != nil || o.duration <= 0 || o.workers < 1 {
		fmt.Fprintf(stderr, "soak: -rss-max %q, -duration %v, -workers %d: need a size, a positive duration and at least one worker\n", rss, o.duration, o.workers)
		return o, errors.New("bad flags")
	}
	o.rssMax = n
	return o, nil
}

// parseSize reads "60MB", "512KB", "1GB" or plain bytes (binary units).
func parseSize(s string) (int64, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		m      int64
	}{{"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"B", 1}} {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSuffix(s, u.suffix), u.m
			break
		}
	}
	n, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("size %q: want e.g. 60MB", s)
	}
	return int64(n * float64(mult)), nil
}

// soak starts the mock, drives traffic for o.duration while sampling RSS,
// and stops the mock.
func soak(ctx context.Context, o options) (*result, error) {
	plan, err := newPlan(o.seed)
	if err != nil {
		return nil, err
	}
	m, err := startMock(ctx, o.bin)
	if err != nil {
		return nil, err
	}
	defer m.stop()
	res := &result{kinds: map[string]int{}, started: time.Now()}
	sampler := startRSS(m.pid(), 250*time.Millisecond)
	drive(ctx, m.url, plan, o, res)
	res.elapsed = time.Since(res.started)
	res.rssStart, res.rssPeak, res.rssEnd, res.samples = sampler.stop()
	if err := m.alive(); err != nil {
		res.fail("the mock died during the soak: %v", err)
	}
	return res, nil
}
