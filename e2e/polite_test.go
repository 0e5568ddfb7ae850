package e2e

import (
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/profile/derive"
	"github.com/rtq-kit/rtq/testkit/mocktest"
)

// limiter is a target's limit before the mock: it admits a request or
// refuses it with 429 and Retry-After, and records when it first refused
// and what it refused after.
type limiter struct {
	mu       sync.Mutex
	admit    func(now time.Time) (release func(), ok bool)
	first    time.Time // the first refusal
	refused  int
	late     int // refusals of requests that came after the first refusal's Retry-After
	admitted int
}

// retryAfter is what the limiting targets ask: long enough that a request
// sent before the first refusal has arrived long before it passes.
const retryAfter = 2 * time.Second

func (l *limiter) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := time.Now()
		l.mu.Lock()
		release, ok := l.admit(now)
		if ok {
			l.admitted++
		} else {
			l.refused++
			if l.first.IsZero() {
				l.first = now
			} else if now.Sub(l.first) >= retryAfter {
				l.late++
			}
		}
		l.mu.Unlock()
		if !ok {
			w.Header().Set("Retry-After", "2")
			http.Error(w, `{"code":429,"message":"slow down"}`, http.StatusTooManyRequests)
			return
		}
		defer func() {
			l.mu.Lock()
			release()
			l.mu.Unlock()
		}()
		next.ServeHTTP(w, r)
	})
}

// inFlight admits at most n requests at once.
func inFlight(n int) *limiter {
	l := &limiter{}
	busy := 0
	l.admit = func(time.Time) (func(), bool) {
		if busy >= n {
			return nil, false
		}
		busy++
		return func() { busy-- }, true
	}
	return l
}

// perSecond admits at most n requests in any second (a sliding window).
func perSecond(n int) *limiter {
	l := &limiter{}
	var times []time.Time
	l.admit = func(now time.Time) (func(), bool) {
		for len(times) > 0 && now.Sub(times[0]) >= time.Second {
			times = times[1:]
		}
		if len(times) >= n {
			return nil, false
		}
		times = append(times, now)
		return func() {}, true
	}
	return l
}

// A target that limits calls in flight, and one that limits a rate, both
// answering 429 with Retry-After when exceeded, get the verdict an
// unlimited one gets, every check alike; after their first refusal and
// its Retry-After, no request exceeds their limit again; and the report
// says how often they asked and how long the run waited.
func TestPoliteRunnerKeepsToTheTargetsLimit(t *testing.T) {
	sc := mocktest.Default(t)
	prof := derive.FromScenario(sc)
	statuses := func(rep *conformance.Report) map[string]conformance.Status {
		out := map[string]conformance.Status{}
		for _, f := range rep.Checks {
			out[f.ID] = f.Status
		}
		return out
	}
	want := statuses(conform(t, serve(t, newMock(t, sc).Handler()), prof))
	for _, c := range []struct {
		name string
		lim  func() *limiter
		slow time.Duration
	}{
		{"in flight", func() *limiter { return inFlight(4) }, 20 * time.Millisecond},
		{"rate", func() *limiter { return perSecond(200) }, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			mock := newMock(t, sc).Handler()
			target := mock
			if c.slow > 0 {
				target = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					<-time.After(c.slow) // the target's latency, not a synchronisation
					mock.ServeHTTP(w, r)
				})
			}
			l := c.lim()
			rep := conform(t, serve(t, l.wrap(target)), prof)
			got := statuses(rep)
			for id, st := range want {
				if got[id] != st {
					t.Errorf("%s: %s, against an unlimited target %s", id, got[id], st)
				}
			}
			l.mu.Lock()
			defer l.mu.Unlock()
			t.Logf("admitted %d, refused %d (late %d); the report: %+v", l.admitted, l.refused, l.late, rep.Plan)
			if l.refused == 0 {
				t.Fatalf("the target never refused: the test proves nothing")
			}
			if l.late > 0 {
				t.Errorf("%d requests exceeded the limit after the first refusal's Retry-After", l.late)
			}
			if rep.Plan == nil || rep.Plan.SlowDowns != l.refused || rep.Plan.WaitedMS < retryAfter.Milliseconds() {
				t.Errorf("the report's plan %+v: want %d requests to slow down and at least %v waited", rep.Plan, l.refused, retryAfter)
			}
		})
	}
}
