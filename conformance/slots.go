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
// never holds the last eighth of the slots while writes remain: a request
// a chain waits for (a write round's, a read the writes wait for) finds
// one free or freed within one answer of the background's, not behind 64
// of them. The rate (--rate) is the client's, on top of this.
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
	s.limitBackground(n - n/8)
	return s
}

// Until the writes are done, the background gets all but an eighth of the
// slots: the reads the writes wait for, then the writes, are the run's
// chain, and queued before the background they take every slot it frees;
// the eighth is for the first requests of a step that comes (most steps
// are a few requests; one of more waits at most one answer for the
// background's slots). Narrower shares (a quarter while the writes
// waited, a quarter beside them) left the slots a seventh idle against a
// slow target, whenever the chain held fewer requests than its share.
// Once the writes are done, the background gets every slot.

// writesDone gives the background every slot: no write is left to keep
// an eighth for, and what is left of the background is the run's end.
func (s *slots) writesDone() { s.limitBackground(s.n) }

// limitBackground sets how many slots the background may hold.
func (s *slots) limitBackground(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.backgroundMax = n
	s.handOver()
}

// waiter is a request queued for a slot, depth requests down its chain;
// prio, when set, says where it queues now (a shared read's, T.once),
// and p where it was handed its slot. turn is how many requests of its
// check were queued at its priority before it: a check's first request
// waiting goes before another check's second (see enqueueAs).
type waiter struct {
	ch    chan struct{}
	depth int
	prio  func() priority
	p     *priority
	check string
	turn  int
}

// acquire waits for a slot for a request depth requests down its chain,
// queued at p, or at what prio says when it is raised (raise). It says at
// which priority the slot was taken, and fails only when ctx ends first.
func (s *slots) acquire(ctx context.Context, p priority, depth int, prio func() priority) (priority, error) {
	return s.acquireFor(ctx, "", p, depth, prio)
}

// acquireFor is acquire for a request of check.
func (s *slots) acquireFor(ctx context.Context, check string, p priority, depth int, prio func() priority) (priority, error) {
	got := p
	if ch := s.enqueueAs(check, p, depth, prio, &got); ch != nil {
		return got, s.wait(ctx, ch, &got)
	}
	return got, nil
}

// enqueue is enqueueAs for a request no one raises.
func (s *slots) enqueue(p priority, depth int) chan struct{} {
	got := p
	return s.enqueueAs("", p, depth, nil, &got)
}

// enqueueAs takes a free slot (nil) or queues for one, for a request of
// check: the channel closes when the slot is handed over, its priority
// then in *got. Within a priority the request furthest down its chain
// goes first (a walk of many pages is the chain that sets the pace, not
// the leaf reads beside it); as far down, the checks take turns: a
// check's first request waiting goes before any check's second, so that
// a check that sends one request at a time (a walk, a chain of reads each
// on the answer before) never waits behind another's hundred leaf reads,
// and its chain starts when the run does, not when those are done; then
// the first come.
func (s *slots) enqueueAs(check string, p priority, depth int, prio func() priority, got *priority) chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.free > 0 && s.may(p) { // no one of p waits while p may take a free slot
		s.take(p)
		return nil
	}
	w := waiter{ch: make(chan struct{}), depth: depth, prio: prio, p: got, check: check}
	s.insert(p, w)
	return w.ch
}

// insert queues w at p, behind the requests of p further down their
// chains, or as far and of an earlier turn or its own; s.mu held.
func (s *slots) insert(p priority, w waiter) {
	q := s.queue[p]
	w.turn = 0
	if w.check != "" {
		for _, o := range q {
			if o.check == w.check {
				w.turn++
			}
		}
	}
	at := len(q)
	for at > 0 && (q[at-1].depth < w.depth || q[at-1].depth == w.depth && q[at-1].turn > w.turn) {
		at--
	}
	s.queue[p] = slices.Insert(q, at, w)
}

// raise moves every queued request whose priority was raised (a shared
// read someone came to wait for at a higher one) to its new queue, and
// hands the free slots over.
func (s *slots) raise() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for p := range s.queue {
		up := func(w waiter) bool { return w.prio != nil && w.prio() < priority(p) }
		if !slices.ContainsFunc(s.queue[p], up) {
			continue // nothing moves: the queue stays as it is, uncopied
		}
		kept := s.queue[p][:0:0]
		var moved []waiter
		for _, w := range s.queue[p] {
			if w.prio != nil && w.prio() < priority(p) {
				moved = append(moved, w)
			} else {
				kept = append(kept, w)
			}
		}
		s.queue[p] = kept
		for _, w := range moved {
			s.insert(w.prio(), w)
		}
	}
	s.handOver()
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

// wait waits for a queued slot, or leaves the queue when ctx ends; *got
// is the priority the slot was handed over at.
func (s *slots) wait(ctx context.Context, ch chan struct{}, got *priority) error {
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
		s.give(*got)
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
			*q[0].p = priority(p)
			close(q[0].ch)
		}
	}
}

// slot waits for a slot at t's priority and returns what gives it back
// (a no-op when t's run ended first).
func (t *T) slot() (release func()) {
	var prio func() priority
	if t.lift != nil {
		prio = t.priority
	}
	turns := t.turns
	if turns == "" {
		turns = t.check.ID
	}
	p, err := t.r.slots.acquireFor(t.ctx, turns, t.priority(), t.queueDepth(), prio)
	if err != nil {
		return func() {}
	}
	return func() { t.r.slots.release(p) }
}

// queueDepth is how far down its chain t's next request queues: its
// depth, or its check's chain (Check.chain) when that is longer. Only
// the order of the queue reads it; the plan's chain is t.depth.
func (t *T) queueDepth() int {
	return max(t.depth, t.check.chain)
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
