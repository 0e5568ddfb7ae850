// Command foreignserve serves the independent fake of the service
// (testkit/foreign) on a loopback port with a chosen set of its bugs
// switched on, and says which of them the traffic it served touched. It
// exists for one proof: that rtq proxy reports the bugs a real client's
// traffic meets. scripts/check-frontend-examples.sh runs the frontend
// examples' browser suite through rtq proxy in front of it, and holds the
// proxy's report to this program's list: every bug that altered an answer
// the browser got must be reported (proxy/witness_test.go makes the same
// proof with its own traffic, in Go).
//
//	go run ./testkit/foreign/foreignserve --bugs all --addr 127.0.0.1:0 \
//	    --profile foreign.json --touched touched.json
//
// The data is the fake's own plus what the frontend examples ask for
// (foreign.Options.Examples: the demo keys, record 110001 and its
// certificate, record 100001). A test-only program, not part of rtq: it
// serves the fake, never the mock.
//
// Besides the service's endpoints it answers:
//
//	POST /__admin/reset     every credential back to its first status
//	POST /__admin/faults    {"endpoint": "record/getRecord", "times": 1,
//	                         "error": {"code": 503}}: the next calls of the
//	                         endpoint fail so, as the mock's faults do
//	GET  /__foreign/touched what the traffic so far did to each bug (JSON)
//
// The same JSON is written to --touched when the program stops (SIGINT,
// SIGTERM). A request a fault answers reaches no build of the fake, so it
// touches no bug.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/rtq-kit/rtq/testkit/foreign"
)

func main() {
	run := serve
	if len(os.Args) > 1 && os.Args[1] == "replay" {
		run = replay
		os.Args = os.Args[1:]
	}
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "foreignserve:", err)
		os.Exit(2)
	}
}

func serve(args []string, stderr io.Writer) error {
	fl := flag.NewFlagSet("foreignserve", flag.ContinueOnError)
	fl.SetOutput(stderr)
	addr := fl.String("addr", "127.0.0.1:0", "loopback address to listen on")
	bugList := fl.String("bugs", "all", `bugs to switch on: "all", "none", or names separated by commas`)
	profileOut := fl.String("profile", "", "write the build's conformance profile (JSON) to FILE")
	touchedOut := fl.String("touched", "", "write what the traffic did to each bug (JSON) to FILE on SIGINT or SIGTERM")
	logOut := fl.String("log", "", "write every request served, in order, to FILE on SIGINT or SIGTERM (for replay)")
	if err := fl.Parse(args); err != nil {
		return err
	}
	bugs, err := parseBugs(*bugList)
	if err != nil {
		return fmt.Errorf("--bugs: %w", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	f := newFake(bugs)
	if *profileOut != "" {
		if err := os.WriteFile(*profileOut, f.w.Service().Profile(), 0o644); err != nil {
			return fmt.Errorf("--profile: %w", err)
		}
	}
	ln, err := foreign.ListenLoopback(*addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: f, ReadHeaderTimeout: 10 * time.Second, ConnState: f.w.Service().ConnState}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	fmt.Fprintf(stderr, "foreignserve: the foreign fake with %d bugs on http://%s (GET %s for the bugs the traffic touched)\n",
		len(bugs), ln.Addr(), touchedPath)
	select {
	case <-ctx.Done():
	case err := <-done:
		if !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = srv.Shutdown(sctx)
	if *logOut != "" {
		if err := writeJSON(*logOut, f.logged()); err != nil {
			return fmt.Errorf("--log: %w", err)
		}
	}
	if *touchedOut != "" {
		if err := writeJSON(*touchedOut, f.report()); err != nil {
			return fmt.Errorf("--touched: %w", err)
		}
	}
	return nil
}

func writeJSON(path string, v any) error {
	b, _ := json.MarshalIndent(v, "", "  ")
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// allBugs are every bug of the fake: the first set and every round's.
func allBugs() []foreign.BugInfo {
	out := foreign.BugInfos()
	for _, r := range foreign.Rounds() {
		for _, b := range r.Bugs {
			if !slices.ContainsFunc(out, func(x foreign.BugInfo) bool { return x.Bug == b.Bug }) {
				out = append(out, b)
			}
		}
	}
	return out
}

// parseBugs reads --bugs.
func parseBugs(s string) ([]foreign.BugInfo, error) {
	all := allBugs()
	switch s {
	case "all":
		return all, nil
	case "none", "":
		return nil, nil
	}
	var out []foreign.BugInfo
	for _, name := range strings.Split(s, ",") {
		i := slices.IndexFunc(all, func(b foreign.BugInfo) bool { return string(b.Bug) == strings.TrimSpace(name) })
		if i < 0 {
			return nil, fmt.Errorf("no bug %q (the names are foreign.Bug values, as in testkit/foreign/bugs*.go)", name)
		}
		if !slices.Contains(out, all[i]) {
			out = append(out, all[i])
		}
	}
	return out, nil
}

const (
	resetPath   = "/__admin/reset"
	faultsPath  = "/__admin/faults"
	touchedPath = foreign.TouchedPath
)

// fake is the witness of the chosen bugs, behind the admin paths.
type fake struct {
	w    *foreign.Witness
	bugs []foreign.BugInfo

	mu sync.Mutex
	// faults are the failures still to answer, by endpoint path.
	faults   map[string][]int
	requests int
	log      []logged
}

func newFake(bugs []foreign.BugInfo) *fake {
	opts := foreign.Defaults()
	opts.Examples, opts.ResetPath = true, resetPath
	for _, b := range bugs {
		opts.Bugs = append(opts.Bugs, b.Bug)
	}
	return &fake{w: foreign.NewWitness(opts), bugs: bugs, faults: map[string][]int{}}
}

func (f *fake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case r.URL.Path == touchedPath && r.Method == http.MethodGet:
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		_ = json.NewEncoder(w).Encode(f.report())
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		http.Error(w, "the request body could not be read", http.StatusBadRequest)
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	f.mu.Lock()
	f.log = append(f.log, logged{Method: r.Method, Path: r.URL.RequestURI(), Header: r.Header.Clone(), Body: string(body)})
	f.mu.Unlock()
	if r.URL.Path == faultsPath && r.Method == http.MethodPost {
		f.addFault(w, r)
		return
	}
	f.mu.Lock()
	queue := f.faults[r.URL.Path]
	if len(queue) > 0 {
		f.faults[r.URL.Path] = queue[1:]
	} else if r.URL.Path != resetPath {
		f.requests++
	}
	f.mu.Unlock()
	if len(queue) > 0 {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(queue[0])
		fmt.Fprintf(w, `{"code":%d,"error_code":100300,"message":%q,"message_detail":"a fault the test asked for"}`,
			queue[0], http.StatusText(queue[0]))
		return
	}
	f.w.ServeHTTP(w, r)
}

// addFault reads a fault as the mock's admin API takes one.
func (f *fake) addFault(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Endpoint string `json:"endpoint"`
		Times    int    `json:"times"`
		Error    struct {
			Code int `json:"code"`
		} `json:"error"`
	}
	err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&in)
	if err == nil && (in.Endpoint == "" || in.Times < 1 || in.Times > 100 || in.Error.Code < 400 || in.Error.Code > 599) {
		err = errors.New("want endpoint, times 1 to 100 and error.code 400 to 599")
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		_ = json.NewEncoder(w).Encode(map[string]string{"error": "fault: " + err.Error()})
		return
	}
	f.mu.Lock()
	path := "/api/v2/rpc/" + in.Endpoint
	for range in.Times {
		f.faults[path] = append(f.faults[path], in.Error.Code)
	}
	f.mu.Unlock()
	_, _ = io.WriteString(w, `{"ok":true}`)
}

// touchedBug is one bug in the report: what the traffic did to it.
type touchedBug struct {
	Bug     string `json:"bug"`
	Section string `json:"section"`
	Breaks  string `json:"breaks"`
	// Requests are the requests whose answers it altered in what the
	// client got.
	Requests []foreign.Touch `json:"requests"`
	// Alone counts the answers it alters when it is the only bug.
	Alone int `json:"alone"`
}

// touchedReport is the JSON of GET /__foreign/touched and --touched.
type touchedReport struct {
	// Bugs are the bugs switched on.
	Bugs []string `json:"bugs"`
	// Requests counts the requests the fake's builds answered (a reset
	// and a fault's answer aside).
	Requests int `json:"requests"`
	// Touched are the bugs that altered an answer the client got.
	Touched []touchedBug `json:"touched"`
	// Masked are bugs this traffic would have met alone, hidden here by
	// another bug of the build (a run without that one shows them).
	Masked []touchedBug `json:"masked"`
}

func (f *fake) report() touchedReport {
	f.mu.Lock()
	rep := touchedReport{Requests: f.requests, Bugs: []string{}, Touched: []touchedBug{}, Masked: []touchedBug{}}
	f.mu.Unlock()
	by := f.w.ByBug()
	if len(f.bugs) == 1 {
		t := f.w.Touched()
		by = []foreign.BugTouches{{Bug: f.bugs[0].Bug, Touched: t, Alone: len(t)}}
	}
	for i, bt := range by {
		info := f.bugs[i]
		rep.Bugs = append(rep.Bugs, string(info.Bug))
		tb := touchedBug{Bug: string(info.Bug), Section: info.Section, Breaks: info.Breaks, Requests: bt.Touched, Alone: bt.Alone}
		switch {
		case len(bt.Touched) > 0:
			rep.Touched = append(rep.Touched, tb)
		case bt.Alone > 0:
			rep.Masked = append(rep.Masked, tb)
		}
	}
	return rep
}
