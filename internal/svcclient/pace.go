package svcclient

import (
	"context"
	"math"
	"net/http"
	"slices"
	"sync"
	"time"
)

// The bounds of a polite client (docs/reliability.md, "A target that asks
// to slow down"): how often a refused call is sent again, and how the
// client comes back after a refusal.
const (
	// MaxRetries is how many times a call the target refused (429, or 503
	// with Retry-After) is sent again before its refusal is the answer.
	MaxRetries = 5
	// MaxBackOff is the longest Retry-After honoured.
	MaxBackOff = 60 * time.Second
	// climbCalls is how many answers bring the calls in flight and the
	// rate back from half their ceiling to the ceiling after a refusal.
	climbCalls = 50
	// rateShare is the share of the rate the target let through, in the
	// second before it refused, that the client keeps under after. The
	// second is the client's: calls it sent within one second reach the
	// target over a longer one when the client's machine is loaded, so
	// the count can run above the target's limit; a fifth to spare keeps
	// a target that refused once from refusing again.
	rateShare = 0.8
	// okMemory is how many answered calls the client remembers, and
	// okHorizon how old they may be, to learn the target's limits from.
	okMemory  = 1024
	okHorizon = 10 * time.Second
)

// gate is a client's calls in flight and its politeness: a target that
// answers 429 (or 503 with Retry-After) is asking it to slow down. Then no
// call starts before the Retry-After has passed; the calls in flight are
// held under the most that the target answered at once, less one, and the
// rate, when the target answered more than twice as many calls in the
// second before as it ever held at once (it limits a rate, not only the
// calls in flight), under rateShare of what it answered then; both
// start again at half and climb back (additive increase, multiplicative
// decrease) over climbCalls answers. One refusal lowers them once: the
// refusals of calls sent before the last lowering (the same burst) only
// extend the wait.
type gate struct {
	mu       sync.Mutex
	max      int     // the bound asked for (0: none until the target asks)
	window   float64 // the bound in force; 0: none
	ceiling  float64 // what window climbs back to
	inFlight int
	queue    []chan struct{}

	notBefore time.Time // no call starts before
	cutAt     time.Time // the last refusal that lowers: refusals of calls sent before it are the same burst
	pending   bool      // a lowering to make once the Retry-After has passed
	refusedAt time.Time // when the call that lowers was sent
	atRefusal float64   // the window then (0: none)
	burst     []span    // the refused calls of the burst, from when each was sent to its refusal

	rate     func(perSecond float64) // sets the client's rate (the limiter's)
	userRate float64                 // the rate asked for (0: none)
	perSec   float64                 // the rate in force; 0: userRate
	rateCeil float64                 // what perSec climbs back to

	ok []span // recent answered calls, oldest first

	asked  int           // refusals
	waited time.Duration // time no call could start
}

// span is one answered call, from when it was sent to its answer.
type span struct{ sent, done time.Time }

func newGate(rate func(float64)) *gate { return &gate{rate: rate} }

// bound sets the calls in flight asked for (0: no bound); a lower bound a
// refusal set stays.
func (g *gate) bound(n int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.max = max(n, 0)
	switch {
	case g.asked == 0:
		g.window, g.ceiling = float64(g.max), float64(g.max)
	case g.max > 0:
		g.ceiling = min(g.ceiling, float64(g.max))
		g.window = min(g.window, g.ceiling)
	}
	g.wake()
}

// userLimit records the rate asked for; a lower rate a refusal set stays.
func (g *gate) userLimit(perSecond float64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.userRate = perSecond
	g.applyRate()
}

// applyRate sets the limiter to the lower of the rate asked for and the
// one in force; g.mu held.
func (g *gate) applyRate() {
	r := g.userRate
	if g.perSec > 0 && (r <= 0 || g.perSec < r) {
		r = g.perSec
	}
	g.rate(r)
}

// acquire waits until a call may start: the Retry-After passed and a
// place in flight free. release gives the place back.
func (g *gate) acquire(ctx context.Context) (release func(), err error) {
	for {
		g.mu.Lock()
		if wait := time.Until(g.notBefore); wait > 0 {
			g.mu.Unlock()
			if err := sleep(ctx, wait); err != nil {
				return nil, notSent{err}
			}
			continue
		}
		if g.pending {
			g.lower()
		}
		if g.window <= 0 || g.inFlight < int(g.window) {
			g.inFlight++
			g.mu.Unlock()
			return g.release, nil
		}
		ch := make(chan struct{})
		g.queue = append(g.queue, ch)
		g.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			g.mu.Lock()
			if i := slices.Index(g.queue, ch); i >= 0 {
				g.queue = slices.Delete(g.queue, i, i+1)
			} else {
				g.wake() // woken as ctx ended: wake another in its place
			}
			g.mu.Unlock()
			return nil, notSent{ctx.Err()}
		}
	}
}

func (g *gate) release() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.inFlight--
	g.wake()
}

// wake lets waiters look again, as many as there are free places (all
// when there is no bound); g.mu held.
func (g *gate) wake() {
	n := len(g.queue)
	if g.window > 0 {
		n = min(n, int(g.window)-g.inFlight)
	}
	for range max(n, 0) {
		close(g.queue[0])
		g.queue = g.queue[1:]
	}
}

// answered records a call sent at sent and answered now, not refused:
// the bounds climb back towards their ceilings.
func (g *gate) answered(sent time.Time) {
	now := time.Now()
	g.mu.Lock()
	defer g.mu.Unlock()
	g.ok = append(g.ok, span{sent, now})
	if len(g.ok) > okMemory {
		g.ok = slices.Delete(g.ok, 0, len(g.ok)-okMemory)
	}
	if g.asked == 0 || g.pending {
		return
	}
	if g.window > 0 && g.window < g.ceiling {
		g.window = min(g.ceiling, g.window+g.ceiling/(2*climbCalls))
		g.wake()
	}
	if g.perSec > 0 && g.perSec < g.rateCeil {
		g.perSec = min(g.rateCeil, g.perSec+g.rateCeil/(2*climbCalls))
		g.applyRate()
	}
}

// refused records a call sent at sent that the target refused, asking to
// wait d: no call starts before d has passed, and, unless the call was
// sent before the last lowering, the bounds are lowered.
func (g *gate) refused(sent time.Time, d time.Duration) {
	now := time.Now()
	g.mu.Lock()
	defer g.mu.Unlock()
	g.asked++
	if until := now.Add(d); until.After(g.notBefore) {
		g.waited += until.Sub(laterOf(now, g.notBefore))
		g.notBefore = until
	}
	if sent.Before(g.cutAt) {
		if g.pending && len(g.burst) < okMemory {
			g.burst = append(g.burst, span{sent, now})
		}
		return // the same burst: one lowering for it
	}
	g.cutAt, g.pending, g.refusedAt, g.atRefusal = now, true, sent, g.window
	g.burst = append(g.burst[:0], span{sent, now})
	g.window = 1 // until the lowering: the calls the target let in are still answering
}

// lower sets the bounds from what the target answered before it refused,
// once the Retry-After has passed (by then the calls it let in have been
// answered, and show how many it takes at once); g.mu held.
func (g *gate) lower() {
	g.pending = false
	peak, lastSecond := g.learn(g.refusedAt)
	held := g.fewestHeld()
	limitsRate := lastSecond > 2*peak // it answered many more a second than it held at once
	g.ceiling = math.Max(1, float64(peak-1))
	if !limitsRate || held > 0 {
		// It limits the calls in flight: it held, when it refused, at
		// most as many as the fewest answered calls in flight over the
		// whole of a refused call of the burst (fewestHeld). A target
		// that answers fast looks like one that limits a rate (many a
		// second, few at once), and what the client saw at once is what
		// it saw, not what the target held: so where calls were in
		// flight over a refusal, the bound is under them too. Where none
		// were, the refusal was of the rate alone.
		g.ceiling = math.Min(g.ceiling, math.Max(1, float64(held-1)))
		if !limitsRate {
			g.ceiling = math.Max(1, float64(held-1))
		}
	}
	if g.atRefusal > 0 { // refused at that bound: under it from now on
		g.ceiling = min(g.ceiling, math.Max(1, g.atRefusal-1))
	}
	if g.max > 0 {
		g.ceiling = min(g.ceiling, float64(g.max))
	}
	g.window = math.Max(1, math.Floor(g.ceiling/2))
	if limitsRate {
		g.rateCeil = rateShare * float64(lastSecond)
		g.perSec = math.Max(g.rateCeil/2, math.Min(1, g.rateCeil))
		g.applyRate()
	}
	g.wake()
}

// learn reads the target's limits from the calls it answered: the most
// it had in flight at once (calls whose spans overlap), and how many
// calls sent in the second before the refused one (sent at refusedSent)
// it answered, whenever their answers came. Those still in flight when
// the refused one was sent count too: the target let them in, and a
// loaded client reads answers late, so counting only those answered by
// then put a target that limits a rate (200 a second, 64 in flight) at
// 126, under twice what it held at once, and the client took
// it for one that limits calls in flight and set no rate at all. A
// target that limits calls in flight has at most the calls it holds in
// flight then, which adds no more than peak. g.mu held.
func (g *gate) learn(refusedSent time.Time) (peak, lastSecond int) {
	type edge struct {
		at   time.Time
		step int
	}
	var edges []edge
	for _, s := range g.ok {
		if refusedSent.Sub(s.done) > okHorizon {
			continue
		}
		edges = append(edges, edge{s.sent, 1}, edge{s.done, -1})
		if s.sent.After(refusedSent.Add(-time.Second)) && s.sent.Before(refusedSent) {
			lastSecond++
		}
	}
	slices.SortFunc(edges, func(a, b edge) int {
		if c := a.at.Compare(b.at); c != 0 {
			return c
		}
		return a.step - b.step // an end before a start at the same instant
	})
	n := 0
	for _, e := range edges {
		n += e.step
		peak = max(peak, n)
	}
	return peak, lastSecond
}

// fewestHeld is the fewest answered calls in flight from when a refused
// call of the burst was sent to when its refusal came; g.mu held. A
// call's span seen from here holds its span at the target, but may
// outlast it by the time its answer took to be read: a call that ended
// here while the refused one was under way may have left the target
// before the refused one reached it, and counting it would put the
// bound above the target's limit, to be refused again once the bounds
// climb back. Only the calls that span the whole refused call surely
// were there when it was refused; the fewest over the burst is the
// nearest to the limit.
func (g *gate) fewestHeld() int {
	fewest := -1
	for _, r := range g.burst {
		n := 0
		for _, s := range g.ok {
			if !s.sent.After(r.sent) && !s.done.Before(r.done) {
				n++
			}
		}
		if fewest < 0 || n < fewest {
			fewest = n
		}
	}
	return max(fewest, 0)
}

// Politeness is what a client met of a target that asked it to slow
// down: how many of its answers asked (429, or 503 with Retry-After), and
// how long no call could start because of them.
type Politeness struct {
	Asked  int
	Waited time.Duration
}

// Politeness says how often the target asked the client to slow down,
// and how long it waited.
func (c *Client) Politeness() Politeness {
	g := c.lim.gate
	g.mu.Lock()
	defer g.mu.Unlock()
	return Politeness{Asked: g.asked, Waited: g.waited}
}

// SlowDown says whether a is the target asking to slow down, and for how
// long: 429 (the HTTP status, or code 429 in a body sent with HTTP 200),
// waiting its Retry-After or 1 s; or 503 with a Retry-After.
func SlowDown(a Answer) (time.Duration, bool) {
	switch {
	case TooMany(a):
		return RetryAfter(a.Header), true
	case a.Status == http.StatusServiceUnavailable && a.Header.Get("Retry-After") != "":
		return RetryAfter(a.Header), true
	}
	return 0, false
}

func laterOf(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// sleep waits d, or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
