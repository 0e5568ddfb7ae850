package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"
)

// logged is one request the fake served, as it came (the key included:
// the fake's keys are test data).
type logged struct {
	Method string      `json:"method"`
	Path   string      `json:"path"`
	Header http.Header `json:"header"`
	Body   string      `json:"body"`
}

func (f *fake) logged() []logged {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.log)
}

// hopByHop are the headers a client sets for one connection, not for the
// service: the replay's own client sets them.
var hopByHop = []string{"Connection", "Content-Length", "Keep-Alive", "Transfer-Encoding", "Upgrade", "Te", "Trailer",
	"X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto"}

// replay sends the requests of a --log file again, one at a time and in
// order, to --to: the traffic a browser sent, without the browser, so
// that each bug can be met alone by the same requests.
func replay(args []string, stderr io.Writer) error {
	fl := flag.NewFlagSet("foreignserve replay", flag.ContinueOnError)
	fl.SetOutput(stderr)
	logFile := fl.String("log", "", "a --log FILE of foreignserve")
	to := fl.String("to", os.Getenv("RTQ_PROXY_URL"), "base URL to send the requests to (default $RTQ_PROXY_URL)")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if *logFile == "" || *to == "" {
		return fmt.Errorf("replay: --log and --to are required")
	}
	raw, err := os.ReadFile(*logFile)
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	var reqs []logged
	if err := json.Unmarshal(raw, &reqs); err != nil {
		return fmt.Errorf("replay: %s: %w", *logFile, err)
	}
	client := &http.Client{Timeout: 30 * time.Second}
	for i, l := range reqs {
		req, err := http.NewRequest(l.Method, strings.TrimSuffix(*to, "/")+l.Path, strings.NewReader(l.Body))
		if err != nil {
			return fmt.Errorf("replay: request %d: %w", i+1, err)
		}
		for k, vs := range l.Header {
			if !slices.ContainsFunc(hopByHop, func(h string) bool { return strings.EqualFold(h, k) }) {
				req.Header[k] = vs
			}
		}
		resp, err := client.Do(req)
		if err != nil {
			return fmt.Errorf("replay: request %d (%s %s): %w", i+1, l.Method, l.Path, err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	fmt.Fprintf(stderr, "foreignserve replay: %d requests sent to %s\n", len(reqs), *to)
	return nil
}
