package svcclient

import (
	"context"
	"errors"
	"math"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

// refusing answers 429 (Retry-After: 0) to its first n calls, then 200.
func refusing(t *testing.T, n int32, status int, retryAfter string) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) <= n {
			if retryAfter != "" {
				w.Header().Set("Retry-After", retryAfter)
			}
			w.WriteHeader(status)
			return
		}
		_, _ = w.Write([]byte(`{"code":0}`))
	}))
	t.Cleanup(srv.Close)
	return srv, &calls
}

// A polite client waits a refusal out and sends the call again; the
// target's asking is counted.
func TestPoliteClientRetriesARefusal(t *testing.T) {
	for _, c := range []struct {
		name       string
		status     int
		retryAfter string
	}{{"429", http.StatusTooManyRequests, "0"}, {"429 without Retry-After", http.StatusTooManyRequests, ""}, {"503 with Retry-After", http.StatusServiceUnavailable, "0"}} {
		t.Run(c.name, func(t *testing.T) {
			srv, calls := refusing(t, 2, c.status, c.retryAfter)
			cl := New(Config{BaseURL: srv.URL, Polite: true})
			a, err := cl.Post(context.Background(), "/", "", nil)
			if err != nil || a.Status != http.StatusOK || calls.Load() != 3 {
				t.Fatalf("HTTP %d, %v after %d calls: want 200 after 3", a.Status, err, calls.Load())
			}
			if p := cl.Politeness(); p.Asked != 2 {
				t.Errorf("asked %d times, want 2", p.Asked)
			}
		})
	}
}

// A request written by hand (SendRaw) is a call like any other: a polite
// client waits its refusal out and writes it again, and counts it.
func TestPoliteClientRetriesARawRefusal(t *testing.T) {
	srv, calls := refusing(t, 2, http.StatusTooManyRequests, "0")
	cl := New(Config{BaseURL: srv.URL, Polite: true})
	a, err := cl.SendRaw(context.Background(), "", Raw{Method: http.MethodPost, Path: "/", Proto: "HTTP/1.0", Body: []byte("{}")})
	if err != nil || a.Status != http.StatusOK || calls.Load() != 3 {
		t.Fatalf("HTTP %d, %v after %d calls: want 200 after 3", a.Status, err, calls.Load())
	}
	if p := cl.Politeness(); p.Asked != 2 {
		t.Errorf("asked %d times, want 2", p.Asked)
	}
}

// The bound: after MaxRetries calls sent again, the refusal is the answer.
// A 503 without Retry-After is an answer, not a request to slow down; and
// a client that is not polite (the recording proxy) passes a 429 on.
func TestRefusalsAreBounded(t *testing.T) {
	srv, calls := refusing(t, 100, http.StatusTooManyRequests, "0")
	a, err := New(Config{BaseURL: srv.URL, Polite: true}).Post(context.Background(), "/", "", nil)
	if err != nil || a.Status != http.StatusTooManyRequests || calls.Load() != MaxRetries+1 {
		t.Errorf("always refused: HTTP %d, %v after %d calls; want the 429 after %d", a.Status, err, calls.Load(), MaxRetries+1)
	}
	srv, calls = refusing(t, 100, http.StatusServiceUnavailable, "")
	if a, _ := New(Config{BaseURL: srv.URL, Polite: true}).Post(context.Background(), "/", "", nil); a.Status != 503 || calls.Load() != 1 {
		t.Errorf("503 without Retry-After: HTTP %d after %d calls, want it at once", a.Status, calls.Load())
	}
	srv, calls = refusing(t, 100, http.StatusTooManyRequests, "0")
	if a, _ := New(Config{BaseURL: srv.URL}).Post(context.Background(), "/", "", nil); a.Status != 429 || calls.Load() != 1 {
		t.Errorf("not polite: HTTP %d after %d calls, want the 429 at once", a.Status, calls.Load())
	}
}

// The reset of the runner (PostNoBody) goes through the same rate as
// every other call: 11 calls at 100 a second take at least 100 ms.
func TestResetsKeepTheRate(t *testing.T) {
	srv, _ := refusing(t, 0, 0, "")
	c := New(Config{BaseURL: srv.URL, Rate: 100, Concurrency: 1})
	start := time.Now()
	for range 11 {
		if err := c.PostNoBody(context.Background(), "/__admin/reset", ""); err != nil {
			t.Fatal(err)
		}
	}
	if elapsed := time.Since(start); elapsed < 100*time.Millisecond {
		t.Errorf("11 resets at 100/s took %v, want at least 100ms", elapsed)
	}
	if c.Calls() != 11 {
		t.Errorf("the budget counted %d resets, want 11", c.Calls())
	}
}

// What the gate learns from the answers before a refusal: the most calls
// the target answered at once, less one, is the ceiling of the calls in
// flight, which start again at half of it; 80% of the calls answered in
// the second before is the ceiling of the rate, which starts at half.
func TestGateLearnsTheTargetsLimits(t *testing.T) {
	var rate float64
	g := newGate(func(r float64) { rate = r })
	g.bound(16)
	t0 := time.Now().Add(-5 * time.Second)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	// Four calls at once, answered; then 20 one after another.
	for i := range 4 {
		g.ok = append(g.ok, span{at(i), at(100)})
	}
	for i := range 20 {
		g.ok = append(g.ok, span{at(200 + 10*i), at(205 + 10*i)})
	}
	g.refused(at(500), 0)
	g.refused(at(499), 0) // the same burst: one lowering
	release, err := g.acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	release()
	if g.ceiling != 3 || g.window != 1 {
		t.Errorf("ceiling %v window %v, want 3 (4 at once, less one) and 1 (half, at least one)", g.ceiling, g.window)
	}
	if math.Abs(g.rateCeil-0.8*24) > 1e-9 || rate != g.rateCeil/2 {
		t.Errorf("rate ceiling %v, rate %v: want 80%% of the 24 answered in the second before, and half of it", g.rateCeil, rate)
	}
	if g.asked != 2 {
		t.Errorf("asked %d, want 2", g.asked)
	}
	for range 2 * climbCalls {
		g.answered(time.Now())
	}
	if g.window != g.ceiling || g.perSec != g.rateCeil {
		t.Errorf("after %d answers: window %v of %v, rate %v of %v: want both back at their ceiling", 2*climbCalls, g.window, g.ceiling, g.perSec, g.rateCeil)
	}
}

// A call sent once (Wire.Once) by a polite client is not sent again when
// refused, but the refusal counts as the target asking, and holds back
// the calls after it for its Retry-After: a target that limits every
// call looks, to that one call, like one that limits its envelope.
func TestACallSentOnceStillSlowsTheClient(t *testing.T) {
	srv, calls := refusing(t, 1, http.StatusTooManyRequests, "7")
	cl := New(Config{BaseURL: srv.URL, Polite: true})
	a, err := cl.SendWire(context.Background(), http.MethodPost, "/", "", nil, Wire{Once: true})
	if err != nil || a.Status != http.StatusTooManyRequests || calls.Load() != 1 {
		t.Fatalf("HTTP %d, %v after %d calls: want the 429 after 1", a.Status, err, calls.Load())
	}
	p := cl.Politeness()
	if p.Asked != 1 || p.Waited < 6*time.Second {
		t.Errorf("politeness %+v: want 1 asked and the 7 s of its Retry-After to wait", p)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := cl.Post(ctx, "/", "", nil); !errors.Is(err, ErrNotSent) || calls.Load() != 1 {
		t.Errorf("the next call within the Retry-After: %v after %d calls, want it not sent", err, calls.Load())
	}
}

// The calls counted as held when the target refused are those in flight
// over the whole refused call: one that ended while it was under way may
// have left the target before it came, and would put the bound above the
// target's limit.
func TestTheTargetHeldOnlyWhatSpansTheRefusal(t *testing.T) {
	g := newGate(func(float64) {})
	t0 := time.Now()
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	for range 3 {
		g.ok = append(g.ok, span{at(0), at(1000)}) // spans the refused call
	}
	g.ok = append(g.ok, span{at(0), at(505)}, span{at(0), at(509)}) // ended while it was under way
	g.ok = append(g.ok, span{at(501), at(900)})                     // sent after it
	g.burst = []span{{at(500), at(510)}}
	if n := g.fewestHeld(); n != 3 {
		t.Errorf("held %d, want 3", n)
	}
	g.burst = append(g.burst, span{at(600), at(1200)}) // none spans this one
	if n := g.fewestHeld(); n != 0 {
		t.Errorf("held %d over the burst, want the fewest, 0", n)
	}
}

// A target that answers fast and holds few at once looks like one that
// limits a rate; where calls were in flight over its refusal, the calls
// in flight are held under them all the same, not under the most the
// client saw at once (which a loaded client sees more of than the target
// held).
func TestAFastTargetsRefusalBoundsTheCallsInFlight(t *testing.T) {
	g := newGate(func(float64) {})
	g.bound(64)
	t0 := time.Now().Add(-3 * time.Second)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	for i := range 100 { // 100 in the second before, at most 6 at once as seen here
		g.ok = append(g.ok, span{at(10 * i), at(10*i + 55)})
	}
	for range 3 { // in flight over the whole refused call
		g.ok = append(g.ok, span{at(995), at(4000)}) // answered after the refusal came (now)
	}
	g.cutAt = at(0)
	g.refused(at(1000), 0)
	release, err := g.acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	release()
	if g.ceiling != 2 {
		t.Errorf("ceiling %v, want 2: three calls spanned the refusal, less one", g.ceiling)
	}
}

// A target that limits a rate is known by the calls it let in during the
// second before it refused, whether or not the client had read their
// answers by then: a loaded client, 64 calls in flight, had read 126 of
// the 190 a target let in, under twice the 64 it held at once, and took
// it for a target that limits calls in flight, setting no rate.
func TestTheCallsInFlightAtARefusalCountTowardsTheRate(t *testing.T) {
	var rate float64
	g := newGate(func(r float64) { rate = r })
	t0 := time.Now().Add(-5 * time.Second)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	for i := range 126 { // answered before the refused call was sent
		g.ok = append(g.ok, span{at(100 + 5*i), at(100 + 5*i + 60)})
	}
	for i := range 64 { // in flight when it was sent, answered after
		g.ok = append(g.ok, span{at(900 + i), at(1300)})
	}
	g.refused(at(1000), 0)
	release, err := g.acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	release()
	if math.Abs(g.rateCeil-0.8*190) > 1e-9 || rate != g.rateCeil/2 {
		t.Errorf("rate ceiling %v, rate %v: want 80%% of the 190 let in during the second before, and half of it", g.rateCeil, rate)
	}
}
