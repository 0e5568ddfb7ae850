package conformance

import (
	"context"
	"slices"
	"sync"
)

// priority orders the requests waiting for a slot.
type priority int

// The priorities, first served first: the writes (the run's longest
// chain), the shared reads other checks wait for (T.once: the walks, the
// records every check reads) among the reads the writes wait for, the
// other reads the writes wait for, then what nothing waits for (the
// template listings, the reads of records no write changes).
const (
	prioWrite priority = iota
	prioShared
	prioRead
	prioBackground
	priorities
)

// slots bounds the requests the checks have in flight (--concurrency).
// A freed slot goes to the waiting request of the highest priority, so
// that a run ends when its longest chain does. What nothing waits for
// never holds the last quarter of the slots: a request a chain waits for
// (a write round's, a read the writes wait for) finds one free or freed
// within one answer of the background's, not behind 64 of them. The rate
// (--rate) is the client's, on top of this.
type slots struct {
	mu    sync.Mutex
	free  int
	n     int // --concurrency
	queue [priorities][]waiter
	// background is how many slots prioBackground holds, at most
	// backgroundMax.
	background, backgroundMax int
}

func newSlots(n int) *slots {
	s := &slots{free: n, n: n}
	s.gateOpen()
	return s
}

// While the writes wait for reads, those reads are the run's chain: the
// background gets a quarter of the slots (one at least: a read may wait
// for a walk the background shares). Once the gate opens, it gets all but
// the quarter the writes keep.

// gateClosed narrows the background to a quarter of the slots.
func (s *slots) gateClosed() { s.limitBackground(max(1, s.n/4)) }

// gateOpen gives the background all but a quarter of the slots.
func (s *slots) gateOpen() { s.limitBackground(s.n - s.n/4) }

// limitBackground sets how many slots the background may hold.
func (s *slots) limitBackground(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.backgroundMax = n
	s.handOver()
}

// waiter is a request queued for a slot, depth requests down its chain.
type waiter struct {
	ch    chan struct{}
	depth int
}

// acquire waits for a slot for a request depth requests down its chain.
// It fails only when ctx ends first.
func (s *slots) acquire(ctx context.Context, p priority, depth int) error {
	if ch := s.enqueue(p, depth); ch != nil {
		return s.wait(ctx, ch, p)
	}
	return nil
}

// enqueue takes a free slot (nil) or queues for one: the channel closes
// when the slot is handed over. Within a priority the request furthest
// down its chain goes first, then the first come: a walk of many pages
// is the chain that sets the pace, not the leaf reads beside it.
func (s *slots) enqueue(p priority, depth int) chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.free > 0 && s.may(p) { // no one of p waits while p may take a free slot
		s.take(p)
		return nil
	}
	w := waiter{ch: make(chan struct{}), depth: depth}
	q := s.queue[p]
	at := len(q)
	for at > 0 && q[at-1].depth < depth {
		at--
	}
	s.queue[p] = slices.Insert(q, at, w)
	return w.ch
}

// may says whether a request of p may take a slot now; s.mu held.
func (s *slots) may(p priority) bool {
	return p != prioBackground || s.background < s.backgroundMax
}

// take counts a slot taken by p; s.mu held.
func (s *slots) take(p priority) {
	s.free--
	if p == prioBackground {
		s.background++
	}
}

// wait waits for a queued slot, or leaves the queue when ctx ends.
func (s *slots) wait(ctx context.Context, ch chan struct{}, p priority) error {
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.drop(ch) {
			return ctx.Err()
		}
		// The slot was handed over as ctx ended: give it on.
		s.give(p)
		return ctx.Err()
	}
}

// release gives back a slot p held, to the first waiter that may take it.
func (s *slots) release(p priority) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.give(p)
}

// give frees a slot p held and hands free slots over; s.mu held.
func (s *slots) give(p priority) {
	s.free++
	if p == prioBackground {
		s.background--
	}
	s.handOver()
}

// handOver passes the free slots to the first waiters of the highest
// priority that may take one; s.mu held.
func (s *slots) handOver() {
	for p := range s.queue {
		for s.free > 0 && len(s.queue[p]) > 0 && s.may(priority(p)) {
			q := s.queue[p]
			s.queue[p] = q[1:]
			s.take(priority(p))
			close(q[0].ch)
		}
	}
}

// slot waits for a slot at t's priority and returns what gives it back
// (a no-op when t's run ended first).
func (t *T) slot() (release func()) {
	if err := t.r.slots.acquire(t.ctx, t.prio, t.depth); err != nil {
		return func() {}
	}
	return func() { t.r.slots.release(t.prio) }
}

// drop removes a waiter that gave up; false when it was already handed a
// slot. s.mu held.
func (s *slots) drop(ch chan struct{}) bool {
	for p, q := range s.queue {
		for i, c := range q {
			if c.ch == ch {
				s.queue[p] = append(q[:i:i], q[i+1:]...)
				return true
			}
		}
	}
	return false
}
