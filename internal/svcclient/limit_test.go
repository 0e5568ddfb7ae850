package svcclient

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// TestLimitSpacesCalls: at 100 calls a second, 11 calls take at least
// 100 ms (a lower bound only: a slow machine cannot fail it), and a wait
// for a turn after ctx ends gives up with ctx's error, as a call not sent.
func TestLimitSpacesCalls(t *testing.T) {
	l := newLimits(100, 0) // one every 10ms
	start := time.Now()
	for i := 0; i < 11; i++ {
		if err := l.wait(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if elapsed := time.Since(start); elapsed < 100*time.Millisecond {
		t.Fatalf("11 calls at 100/s took %v, want at least 100ms", elapsed)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	slow := newLimits(0.001, 0) // one every 1000 s: the second wait must give up
	_ = slow.wait(context.Background())
	if err := slow.wait(ctx); !errors.Is(err, context.Canceled) || !errors.Is(err, ErrNotSent) {
		t.Fatalf("a cancelled wait returned %v, want context.Canceled as ErrNotSent", err)
	}
}

// TestBudget: MaxRequests calls are allowed, the next is ErrBudget, and a
// budget raised later counts the calls already made.
func TestBudget(t *testing.T) {
	c := New(Config{BaseURL: "http://127.0.0.1:1", MaxRequests: 2})
	for i := 0; i < 2; i++ {
		if err := c.lim.wait(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.lim.wait(context.Background()); !errors.Is(err, ErrBudget) || !errors.Is(err, ErrNotSent) {
		t.Fatalf("third call: %v, want ErrBudget", err)
	}
	if c.Calls() != 2 || c.Left() != 0 {
		t.Fatalf("Calls %d Left %d, want 2 and 0", c.Calls(), c.Left())
	}
	c.Limit(0, 5)
	if c.Left() != 3 {
		t.Fatalf("Left %d after raising the budget to 5, want 3", c.Left())
	}
	c.Limit(0, 0)
	if c.Left() != -1 {
		t.Fatalf("Left %d without a budget, want -1", c.Left())
	}
}

// TestConcurrencyBoundsCallsInFlight: with a bound of 3, three calls are
// on the wire at once (the server holds them until three arrived) and
// never a fourth.
func TestConcurrencyBoundsCallsInFlight(t *testing.T) {
	const bound, calls = 3, 12
	var (
		mu             sync.Mutex
		inFlight, most int
		arrived        = make(chan struct{}, calls)
		release        = make(chan struct{})
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		inFlight++
		most = max(most, inFlight)
		mu.Unlock()
		arrived <- struct{}{}
		<-release
		mu.Lock()
		inFlight--
		mu.Unlock()
	}))
	t.Cleanup(srv.Close)
	c := New(Config{BaseURL: srv.URL, Concurrency: bound})
	var wg sync.WaitGroup
	for range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := c.Post(context.Background(), "/x", "", nil); err != nil {
				t.Error(err)
			}
		}()
	}
	for range bound {
		<-arrived // blocks for ever if fewer than bound calls can be in flight
	}
	close(release)
	wg.Wait()
	if most != bound {
		t.Fatalf("at most %d calls in flight; want %d", most, bound)
	}
}
