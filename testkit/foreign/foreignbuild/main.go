// Command foreignbuild serves one build of the independent fake
// (testkit/foreign), exactly as foreign.New makes it from the options it
// is given, on a loopback port, for the tests that run `rtq conform`
// against hundreds of builds for their verdicts (e2e's rounds of breaks):
// served from the test binary, every answer of the fake ran under the
// race detector and cost about as much as the runner's whole run, where
// the verdicts need the fake's answers, not its races (the fake's own
// tests run it under -race). A test-only program, not part of rtq.
//
//	foreignbuild --options '{"Bug":"…","ResetPath":"/_test/reset"}' \
//	    --profile foreign.json
//
// It writes the build's conformance profile to --profile, then its base
// URL and a newline on standard output once it listens, and serves until
// its standard input closes (the test that started it ends or dies) or
// it gets SIGINT or SIGTERM.
//
// With --witness it serves a foreign.Witness of the build instead (the
// build and its twin without its bugs answer every request; --compare
// makes the twin Defaults, for a correct variant), and answers
//
//	GET /__foreign/touched   the requests whose answers differed (JSON)
//
// as the live-traffic tests of rtq proxy need it.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/rtq-kit/rtq/testkit/foreign"
)

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "foreignbuild:", err)
		os.Exit(2)
	}
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fl := flag.NewFlagSet("foreignbuild", flag.ContinueOnError)
	fl.SetOutput(stderr)
	addr := fl.String("addr", "127.0.0.1:0", "loopback address to listen on")
	optsJSON := fl.String("options", "{}", "the build's foreign.Options as JSON (the zero value of a member left out)")
	profileOut := fl.String("profile", "", "write the build's conformance profile (JSON) to FILE")
	witness := fl.Bool("witness", false, "serve a witness of the build: GET "+foreign.TouchedPath+" lists the requests whose answers its bugs altered")
	compare := fl.Bool("compare", false, "with --witness: compare the build with Defaults, not with itself without its bugs")
	if err := fl.Parse(args); err != nil {
		return err
	}
	var opts foreign.Options
	if err := json.Unmarshal([]byte(*optsJSON), &opts); err != nil {
		return fmt.Errorf("--options: %w", err)
	}
	if *compare && !*witness {
		return errors.New("--compare: only with --witness")
	}
	var handler http.Handler
	var svc *foreign.Server
	switch {
	case *witness:
		w := foreign.NewWitness(opts)
		if *compare {
			w = foreign.NewComparison(opts, foreign.Defaults())
		}
		// Not a ServeMux: it would clean and redirect the odd paths the
		// runner sends on purpose before the fake saw them.
		handler = http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodGet && r.URL.Path == foreign.TouchedPath {
				rw.Header().Set("Content-Type", "application/json")
				_ = json.NewEncoder(rw).Encode(w.Touched())
				return
			}
			w.ServeHTTP(rw, r)
		})
		svc = w.Service()
	default:
		svc = foreign.New(opts)
		handler = svc
	}
	if *profileOut != "" {
		if err := os.WriteFile(*profileOut, svc.Profile(), 0o600); err != nil {
			return fmt.Errorf("--profile: %w", err)
		}
	}
	ln, err := foreign.ListenLoopback(*addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second, ConnState: svc.ConnState}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	fmt.Fprintf(stdout, "http://%s\n", ln.Addr())

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	closed := make(chan struct{})
	go func() { _, _ = io.Copy(io.Discard, stdin); close(closed) }()
	select {
	case <-ctx.Done():
	case <-closed:
	case err := <-done:
		if !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return srv.Shutdown(sctx)
}
