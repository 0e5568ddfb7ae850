package conformance

import (
	"context"
	"sync"
)

// priority orders the requests waiting for a slot.
type priority int

// The priorities, first served first: the writes (the run's longest
// chain), the reads the writes wait for, then what nothing waits for (the
// template listings, the reads of records no write changes).
const (
	prioWrite priority = iota
	prioRead
	prioBackground
	priorities
)

// slots bounds the requests the checks have in flight (--concurrency).
// A freed slot goes to the waiting request of the highest priority, so
// that a run ends when its longest chain does. The rate (--rate) is the
// client's, on top of this.
type slots struct {
	mu    sync.Mutex
	free  int
	queue [priorities][]chan struct{}
}

func newSlots(n int) *slots { return &slots{free: n} }

// acquire waits for a slot. It fails only when ctx ends first.
func (s *slots) acquire(ctx context.Context, p priority) error {
	if ch := s.enqueue(p); ch != nil {
		return s.wait(ctx, ch)
	}
	return nil
}

// enqueue takes a free slot (nil) or queues for one: the channel closes
// when the slot is handed over.
func (s *slots) enqueue(p priority) chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.free > 0 { // no one waits while a slot is free
		s.free--
		return nil
	}
	ch := make(chan struct{})
	s.queue[p] = append(s.queue[p], ch)
	return ch
}

// wait waits for a queued slot, or leaves the queue when ctx ends.
func (s *slots) wait(ctx context.Context, ch chan struct{}) error {
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
		s.handOver()
		return ctx.Err()
	}
}

// release gives a slot back, to the first waiter if any.
func (s *slots) release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.handOver()
}

// handOver passes one slot to the first waiter of the highest priority,
// or frees it; s.mu held.
func (s *slots) handOver() {
	for p := range s.queue {
		if q := s.queue[p]; len(q) > 0 {
			s.queue[p] = q[1:]
			close(q[0])
			return
		}
	}
	s.free++
}

// drop removes a waiter that gave up; false when it was already handed a
// slot. s.mu held.
func (s *slots) drop(ch chan struct{}) bool {
	for p, q := range s.queue {
		for i, c := range q {
			if c == ch {
				s.queue[p] = append(q[:i:i], q[i+1:]...)
				return true
			}
		}
	}
	return false
}
