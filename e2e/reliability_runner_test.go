package e2e

// The runner against hostile targets. A proxy in front of the
// real mock misbehaves on one endpoint: answers after the time-out, HTML,
// a body of hundreds of MB, a connection closed mid-answer, a 500. The run
// must end, each affected check must fail saying what happened, unaffected
// checks still pass, the runner stops reading a giant answer at its cap,
// reads are retried and verify is never retried (requests and bytes
// counted server-side).

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/profile/derive"
	"github.com/rtq-kit/rtq/testkit/mocktest"
	"github.com/rtq-kit/rtq/testkit/runbound"
)

// hostile is a proxy that misbehaves on one path and counts every request
// to it by key and body.
type hostile struct {
	next   http.Handler
	victim string
	mode   string
	// redirectTo is where "redirect" sends the runner; nothing may arrive there.
	redirectTo string
	// largest is the most bytes of one giant answer the proxy could write
	// before the runner hung up.
	largest atomic.Int64
	mu      sync.Mutex
	counts  map[string]int
}

func (h *hostile) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != h.victim {
		h.next.ServeHTTP(w, r)
		return
	}
	body, _ := io.ReadAll(r.Body)
	h.mu.Lock()
	h.counts[r.Header.Get("Authorization")+" "+string(body)]++
	h.mu.Unlock()
	switch h.mode {
	case "count":
		r.Body = io.NopCloser(bytes.NewReader(body))
		h.next.ServeHTTP(w, r)
	case "slow":
		select { // answer long after the runner's time-out, or when it hangs up
		case <-r.Context().Done():
		case <-time.After(20 * time.Second):
		}
		writeOK(w)
	case "html":
		w.Header().Set("Content-Type", "text/html")
		_, _ = io.WriteString(w, "<html><body><h1>502 Bad Gateway</h1></body></html>")
	case "giant":
		if n := streamGiant(w, giantBytes); n > h.largest.Load() {
			h.largest.Store(n) // answers stream one after another per connection; a lost race only lowers the figure
		}
	case "close":
		closeMidAnswer(w)
	case "500":
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = io.WriteString(w, "upstream exploded")
	case "trickle":
		trickle(w, r)
	case "redirect":
		w.Header().Set("Location", h.redirectTo)
		w.WriteHeader(http.StatusFound)
	}
}

func writeOK(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, `{"code":0,"message":"","data":{}}`)
}

// giantBytes is the size of the giant answer: 50 times the runner's cap.
const giantBytes = 400 << 20

// streamGiant writes a JSON-looking body of n bytes, without a
// Content-Length, stopping as soon as the client hangs up; it returns how
// many bytes it could write.
func streamGiant(w http.ResponseWriter, n int) int64 {
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, `{"code":0,"message":"`)
	chunk := []byte(strings.Repeat("x", 64<<10))
	var sent int64
	for sent < int64(n) {
		k, err := w.Write(chunk)
		sent += int64(k)
		if err != nil {
			break
		}
	}
	return sent
}

// trickle sends a valid start of an answer at once, then one byte every
// 50 ms until the client hangs up: the time-out must cover the body too.
func trickle(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, `{"code":0,"message":"`)
	w.(http.Flusher).Flush()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-tick.C:
			if _, err := io.WriteString(w, "x"); err != nil {
				return
			}
			w.(http.Flusher).Flush()
		}
	}
}

// closeMidAnswer promises 1,000 bytes, sends a few, and drops the
// connection.
func closeMidAnswer(w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		panic("no hijacker")
	}
	conn, buf, err := hj.Hijack()
	if err != nil {
		return
	}
	_, _ = buf.WriteString("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"code\":0,\"da")
	_ = buf.Flush()
	_ = conn.Close()
}

// hostileRun serves the default mock behind a hostile proxy and runs the
// selected checks against it.
func hostileRun(t *testing.T, ep contract.Endpoint, mode string, only []string) (*conformance.Report, *hostile) {
	t.Helper()
	sc := mocktest.Default(t)
	srv, err := mockserver.New(sc, mockserver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var followed atomic.Int64
	elsewhere := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		followed.Add(1)
		writeOK(w)
	}))
	t.Cleanup(func() {
		elsewhere.Close()
		if n := followed.Load(); n > 0 {
			t.Errorf("the runner followed %d redirects of the target", n)
		}
	})
	h := &hostile{next: srv.Handler(), victim: ep.Path(), mode: mode, counts: map[string]int{}, redirectTo: elsewhere.URL + "/api/v2/rpc/templates/list"}
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	prof := derive.FromScenario(sc)
	timeout, bound := patience(t)
	if stalling[mode] {
		timeout, bound = time.Second, 90*time.Second
	}
	opts := conformance.Options{BaseURL: ts.URL, Profile: prof, AllowWrites: true, Only: only,
		Timeout: timeout, Concurrency: 8}
	return runbound.Run(t, opts, bound), h
}

// stalling are the modes whose subject is the runner's time-out: only they
// get a short one (1 s, so the test stays fast) and a run bound. Every
// other mode answers, and what the runner makes of the answer must not
// depend on the machine's speed: with a 10 s time-out, -race and -cpu 1 on
// a busy 2-core box, reading the giant answers up to the cap took 16 to 48 s
// and some checks said "time-out" instead of "larger than".
var stalling = map[string]bool{"slow": true, "trickle": true}

// patience is a per-request time-out and a run bound that the machine's
// speed cannot reach (runbound.Patience).
func patience(t *testing.T) (timeout, bound time.Duration) {
	p := runbound.Patience(t)
	return p, p
}

// said is what a failed check's message or problems must mention, per mode.
var said = map[string]*regexp.Regexp{
	"slow":     regexp.MustCompile(`(?i)time-?out|deadline|timed out`),
	"html":     regexp.MustCompile(`(?i)json|html|content-type`),
	"giant":    regexp.MustCompile(`(?i)larger than|too large`),
	"close":    regexp.MustCompile(`(?i)eof|connection|closed|reset`),
	"500":      regexp.MustCompile(`500|(?i)json`),
	"trickle":  regexp.MustCompile(`(?i)time-?out|deadline|timed out`),
	"redirect": regexp.MustCompile(`302|(?i)json|redirect`),
}

func TestReliabilityRunnerHostileTargets(t *testing.T) {
	only := []string{"templates.*", "auth.*.list", "getRecord.json.schema", "formList.schema"}
	victim := contract.TemplatesList
	for _, mode := range []string{"slow", "html", "giant", "close", "500", "trickle", "redirect"} {
		t.Run(mode, func(t *testing.T) {
			rep, h := hostileRun(t, victim, mode, only)
			affected := 0
			for _, f := range rep.Checks {
				text := f.Message + "\n" + strings.Join(f.Problems, "\n")
				switch {
				case f.Endpoint != victim.Name:
					if f.Status != conformance.Pass {
						t.Errorf("%s (%s, not the hostile endpoint) did not pass: %s", f.ID, f.Status, text)
					}
				case f.Status == conformance.Fail:
					affected++
					if !said[mode].MatchString(text) {
						t.Errorf("%s failed without saying what happened (%s): %q", f.ID, mode, text)
					}
				}
			}
			if affected == 0 {
				t.Errorf("no %s check failed against a %s target", victim.Name, mode)
			}
			if mode == "close" { // a broken connection is retried; a time-out is not (it would triple the wait)
				assertRetried(t, h, 3)
			}
			if mode == "giant" {
				assertStoppedAtTheCap(t, h)
			}
		})
	}
}

// assertStoppedAtTheCap: the runner hung up on each giant answer soon
// after its cap, so it never held more than that. What the proxy wrote is
// the cap plus what the kernel buffers on the loopback (tens of MB at
// most with Linux's autotuning); a runner reading the whole answer would
// take all of it.
func assertStoppedAtTheCap(t *testing.T, h *hostile) {
	t.Helper()
	n := h.largest.Load()
	t.Logf("largest giant answer written before the runner hung up: %d MiB of %d", n>>20, giantBytes>>20)
	if n < conformance.MaxResponseBytes {
		t.Errorf("the proxy wrote only %d bytes of a giant answer: the runner hung up before its cap of %d", n, conformance.MaxResponseBytes)
	}
	if n > giantBytes/4 {
		t.Errorf("the proxy wrote %d bytes of one giant answer: the runner read far past its cap of %d", n, conformance.MaxResponseBytes)
	}
}

// assertRetried: each distinct read request reached the server n times
// (the first try and the retries), or a multiple of n when checks sent the
// same request more than once.
func assertRetried(t *testing.T, h *hostile, n int) {
	t.Helper()
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.counts) == 0 {
		t.Fatal("no request reached the hostile endpoint")
	}
	for req, c := range h.counts {
		if c%n != 0 {
			t.Errorf("read %q reached the server %d times, want a multiple of %d (1 try + %d retries)", req, c, n, n-1)
		}
	}
}

// TestReliabilityRunnerNeverRetriesVerify runs the same verify checks
// against a verify endpoint that works and one that never answers: no
// verify request may reach the failing one more often than the working
// one (a retry would triple it).
func TestReliabilityRunnerNeverRetriesVerify(t *testing.T) {
	only := []string{"verify.params.*", "verify.unknownCode", "verify.next", "verify.repeat"}
	_, clean := hostileRun(t, contract.Verify, "count", only)
	for _, mode := range []string{"close", "slow"} {
		t.Run(mode, func(t *testing.T) {
			rep, h := hostileRun(t, contract.Verify, mode, only)
			h.mu.Lock()
			defer h.mu.Unlock()
			if len(h.counts) == 0 {
				t.Fatal("no verify reached the server")
			}
			// A body the clean run never sent is fine once: a verify's
			// body may hold what earlier answers said (the status a
			// record is in), and a failing server says otherwise. Sent
			// twice, it is a retry.
			for req, c := range h.counts {
				if c > max(clean.counts[req], 1) {
					t.Errorf("verify %q reached a failing server %d times, a working one %d: a write must never be retried", req, c, clean.counts[req])
				}
			}
			for _, f := range rep.Checks {
				if f.Status == conformance.Pass {
					t.Errorf("%s passed against a verify endpoint that never answers", f.ID)
				}
				if text := f.Message + strings.Join(f.Problems, "\n"); f.Status == conformance.Fail && !said[mode].MatchString(text) {
					t.Errorf("%s failed without saying what happened: %q", f.ID, text)
				}
			}
		})
	}
}

// TestReliabilityRunnerSlowProbeIsNotUnreachable: a target that accepts
// connections but answers getFormList (the runner's first request) after
// the time-out is reachable; the run must go on and report per check, not
// stop with "target unreachable" (exit 3 means "cannot be reached at all").
func TestReliabilityRunnerSlowProbeIsNotUnreachable(t *testing.T) {
	rep, _ := hostileRun(t, contract.GetFormList, "slow", []string{"formList.schema", "getRecord.json.schema"})
	if f, ok := finding(rep, "getRecord.json.schema"); !ok || f.Status != conformance.Pass {
		t.Errorf("getRecord.json.schema should pass against a target slow only on getFormList: %+v", f)
	}
}
