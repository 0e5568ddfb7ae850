// Command baseline is the yardstick of the load benchmark: a bare net/http
// server that answers every request with one fixed body. The body is the
// mock's own getRecord answer, captured at the start of a run, so both
// servers write the same number of bytes and the ratio between them is the
// cost of everything the mock does besides writing (auth, body parsing,
// lookup, rendering, journal, request log).
package main

import (
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"strconv"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "baseline:", err)
		os.Exit(2)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("baseline", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:0", "listen address (loopback only)")
	bodyFile := fs.String("body", "", "file whose bytes every answer carries")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *bodyFile == "" {
		return errors.New("-body is required: the file holding the answer to serve")
	}
	body, err := os.ReadFile(*bodyFile)
	if err != nil {
		return fmt.Errorf("read -body %s: %w", *bodyFile, err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("listen %s: %w", *addr, err)
	}
	fmt.Fprintf(os.Stderr, "baseline: serving %d bytes on http://%s\n", len(body), ln.Addr())
	return http.Serve(ln, Handler(body))
}

// Handler answers /__admin/health like the mock (so readiness is measured
// the same way) and everything else with body: no routing, no parsing, the
// least a Go server can do for one answer. The request body is not read;
// net/http discards it before reusing the connection.
func Handler(body []byte) http.Handler {
	health := []byte(`{"status":"ok"}`)
	length := strconv.Itoa(len(body))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h["Content-Type"] = []string{"application/json; charset=utf-8"}
		if r.URL.Path == "/__admin/health" {
			w.Write(health)
			return
		}
		h["Content-Length"] = []string{length}
		w.Write(body)
	})
}
