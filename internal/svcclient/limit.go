package svcclient

import (
	"context"
	"errors"
	"sync"

	"golang.org/x/time/rate"
)

// ErrBudget is returned once MaxRequests calls have been made.
var ErrBudget = errors.New("request budget (--max-requests) spent")

// ErrNotSent is what the errors of calls never sent are (errors.Is): the
// budget was spent, or ctx ended while the call waited for its turn. Their
// messages are those of ErrBudget and ctx.Err().
var ErrNotSent = errors.New("not sent")

type notSent struct{ err error }

func (e notSent) Error() string        { return e.err.Error() }
func (e notSent) Unwrap() error        { return e.err }
func (e notSent) Is(target error) bool { return target == ErrNotSent }

// limits keeps a client to its rate (a token bucket of one: calls at
// least 1/rate apart), its budget of calls and its calls in flight, which
// the gate also lowers when the target asks it to slow down (pace.go).
type limits struct {
	rate *rate.Limiter
	gate *gate

	mu   sync.Mutex
	max  int // 0: no budget
	made int
}

func newLimits(perSecond float64, maxRequests int) *limits {
	l := &limits{rate: rate.NewLimiter(rate.Inf, 1)}
	l.gate = newGate(l.setRate)
	l.set(perSecond, maxRequests)
	return l
}

// setRate sets the limiter to perSecond calls a second (0: no bound).
func (l *limits) setRate(perSecond float64) {
	if perSecond <= 0 {
		l.rate.SetLimit(rate.Inf)
		return
	}
	l.rate.SetLimit(rate.Limit(perSecond))
}

// inFlight bounds the calls in flight to n (0: no bound). Calls already
// in flight finish under the bound they began with.
func (l *limits) inFlight(n int) { l.gate.bound(n) }

// acquire waits for a place in flight for one call (and for the end of a
// Retry-After); release gives it back.
func (l *limits) acquire(ctx context.Context) (release func(), err error) { return l.gate.acquire(ctx) }

// set changes the rate and the budget; calls already made still count.
func (l *limits) set(perSecond float64, maxRequests int) {
	l.mu.Lock()
	l.max = maxRequests
	l.mu.Unlock()
	l.gate.userLimit(perSecond)
}

// wait takes one call from the budget, then waits for the rate.
func (l *limits) wait(ctx context.Context) error {
	l.mu.Lock()
	if l.max > 0 && l.made >= l.max {
		l.mu.Unlock()
		return notSent{ErrBudget}
	}
	l.made++
	l.mu.Unlock()
	if err := l.rate.Wait(ctx); err != nil {
		<-ctx.Done() // the turn comes after ctx's deadline, which is as long
		return notSent{ctx.Err()}
	}
	return nil
}

// Limit sets the client's rate (calls a second, 0: no bound) and budget
// (calls in all, 0: no bound). Calls already made count against the new
// budget; a lower rate the target asked for stays.
func (c *Client) Limit(perSecond float64, maxRequests int) { c.lim.set(perSecond, maxRequests) }

// Concurrency bounds the client's calls in flight (0: no bound), so that a
// caller may start as many independent reads as it likes: n of them are
// on the wire at a time, within the rate and the budget.
func (c *Client) Concurrency(n int) { c.lim.inFlight(n) }

// Calls is how many calls the client has made (or begun).
func (c *Client) Calls() int {
	c.lim.mu.Lock()
	defer c.lim.mu.Unlock()
	return c.lim.made
}

// Left is how many calls the budget still allows; -1 without a budget.
func (c *Client) Left() int {
	c.lim.mu.Lock()
	defer c.lim.mu.Unlock()
	if c.lim.max <= 0 {
		return -1
	}
	return max(0, c.lim.max-c.lim.made)
}
