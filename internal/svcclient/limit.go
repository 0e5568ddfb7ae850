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
// least 1/rate apart), its budget of calls and its calls in flight.
type limits struct {
	rate *rate.Limiter

	mu    sync.Mutex
	per   float64 // the rate, as last set
	max   int     // 0: no budget
	made  int
	slots chan struct{} // one per call in flight; nil: no bound
}

func newLimits(perSecond float64, maxRequests int) *limits {
	l := &limits{rate: rate.NewLimiter(rate.Inf, 1)}
	l.set(perSecond, maxRequests)
	return l
}

// inFlight bounds the calls in flight to n (0: no bound). Calls already
// in flight finish under the bound they began with.
func (l *limits) inFlight(n int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case n <= 0:
		l.slots = nil
	case l.slots == nil || cap(l.slots) != n:
		l.slots = make(chan struct{}, n)
	}
}

// acquire waits for a slot for one call; release gives it back.
func (l *limits) acquire(ctx context.Context) (release func(), err error) {
	l.mu.Lock()
	slots := l.slots
	l.mu.Unlock()
	if slots == nil {
		return func() {}, nil
	}
	select {
	case slots <- struct{}{}:
		return func() { <-slots }, nil
	case <-ctx.Done():
		return nil, notSent{ctx.Err()}
	}
}

// set changes the rate and the budget; calls already made still count.
func (l *limits) set(perSecond float64, maxRequests int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.max = maxRequests
	if perSecond == l.per {
		return
	}
	l.per = perSecond
	if perSecond <= 0 {
		l.rate.SetLimit(rate.Inf)
		return
	}
	l.rate.SetLimit(rate.Limit(perSecond))
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
// budget.
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
