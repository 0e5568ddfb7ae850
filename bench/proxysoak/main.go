// Command proxysoak drives distinct traffic through rtq proxy for a
// bounded time and prints its memory as a curve: the measurement behind
// "bounded memory over hours of traffic" in docs/performance.md.
//
//	go run ./bench/proxysoak -duration 15m -every 10s
//
// In one process it starts an upstream on 127.0.0.1:0 that answers every
// call at once with a valid, never-repeated answer (a record no read saw
// before, a filtered page of forms no walk served, a cursor page with a
// fresh token), a proxy in front of it judging every exchange (no
// sampling: each one is judged), and -clients clients, each a succession
// of sessions with its own key, that read records in every format, walk
// forms page by page and follow cursor walks to their end. Every -every
// it forces a GC and prints the exchanges so far, their rate, the live
// heap and the process's resident memory (VmRSS). With -upstream the
// proxy fronts that service instead (rtq mock, say), and the traffic is
// the same calls on its data.
//
// The curve, not a verdict, is the output: exit status 0 unless the
// proxy judged fewer exchanges than the clients got answers (1) or a usage error (2).
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// options are the soak's flags.
type options struct {
	duration  time.Duration
	every     time.Duration
	clients   int
	exchanges int    // stop after this many (0: only the duration bounds)
	upstream  string // "" starts the in-process upstream
	key       string // the key of -upstream's clients ("" for each session's own)
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var o options
	fs := flag.NewFlagSet("proxysoak", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.DurationVar(&o.duration, "duration", time.Minute, "how long to drive traffic")
	fs.DurationVar(&o.every, "every", 10*time.Second, "time between two samples of heap and RSS")
	fs.IntVar(&o.clients, "clients", 4, "concurrent clients")
	fs.IntVar(&o.exchanges, "exchanges", 0, "stop after this many exchanges (0: run for -duration)")
	fs.StringVar(&o.upstream, "upstream", "", "a running service to put the proxy in front of (default: an in-process upstream of never-repeated answers)")
	fs.StringVar(&o.key, "key", "", "the API key the clients send to -upstream (default: a fresh key per session)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if o.duration <= 0 || o.every <= 0 || o.clients < 1 || o.exchanges < 0 {
		fmt.Fprintf(stderr, "proxysoak: -duration %v, -every %v, -clients %d, -exchanges %d: need positive times, a client, a count >= 0\n",
			o.duration, o.every, o.clients, o.exchanges)
		return 2
	}
	res, err := soak(ctx, o, stdout)
	if err != nil {
		fmt.Fprintln(stderr, "proxysoak:", err)
		return 2
	}
	res.print(stdout)
	if res.judged < res.sent {
		fmt.Fprintf(stdout, "proxysoak: FAIL: %d exchanges sent, %d judged\n", res.sent, res.judged)
		return 1
	}
	return 0
}
