package conformance

import (
	"context"
	"sync"
)

// slots bounds the requests the checks have in flight (--concurrency).
// Requests on the run's critical path (the reads every write waits for,
// then the writes) go before the background's (the template listings,
// which nothing waits for), so that a run ends when its longest chain
// does. The rate (--rate) is the client's, on top of this.
type slots struct {
	mu    sync.Mutex
	free  int
	front []chan struct{} // waiting, critical path first
	back  []chan struct{}
}

func newSlots(n int) *slots { return &slots{free: n} }

// acquire waits for a slot; background requests wait behind every
// critical one. It fails only when ctx ends first.
func (s *slots) acquire(ctx context.Context, background bool) error {
	if ch := s.enqueue(background); ch != nil {
		return s.wait(ctx, ch)
	}
	return nil
}

// enqueue takes a free slot (nil) or queues for one: the channel closes
// when the slot is handed over.
func (s *slots) enqueue(background bool) chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.free > 0 { // no one waits while a slot is free
		s.free--
		return nil
	}
	ch := make(chan struct{})
	if background {
		s.back = append(s.back, ch)
	} else {
		s.front = append(s.front, ch)
	}
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

// handOver passes one slot to the first waiter, or frees it; s.mu held.
func (s *slots) handOver() {
	for _, q := range []*[]chan struct{}{&s.front, &s.back} {
		if len(*q) > 0 {
			ch := (*q)[0]
			*q = (*q)[1:]
			close(ch)
			return
		}
	}
	s.free++
}

// drop removes a waiter that gave up; false when it was already handed a
// slot. s.mu held.
func (s *slots) drop(ch chan struct{}) bool {
	for _, q := range []*[]chan struct{}{&s.front, &s.back} {
		for i, c := range *q {
			if c == ch {
				*q = append((*q)[:i], (*q)[i+1:]...)
				return true
			}
		}
	}
	return false
}
