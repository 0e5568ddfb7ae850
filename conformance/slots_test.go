package conformance

import (
	"fmt"
	"math"
	"testing"
)

// waveRun simulates a run on the slots against a target that answers
// every request one wave after it was sent (a fake clock: the wave is the
// unit of time, whatever the latency): chains are checks that send one
// request at a time, each on the answer before, and fans are checks that
// send all theirs at once. It returns the waves the run took, rounded up.
func waveRun(t *testing.T, n int, chains, fans []check) int {
	t.Helper()
	s := newSlots(n)
	s.limitBackground(n) // the background alone: the gate is not the matter here
	type req struct {
		check string
		depth int
		ch    chan struct{}
		end   float64 // when its answer comes
	}
	var queued, inFlight []req
	now := 0.0
	send := func(check string, depth int) {
		r := req{check: check, depth: depth, ch: s.enqueueAs(check, prioBackground, depth, nil, new(priority)), end: now + 1}
		if r.ch == nil {
			inFlight = append(inFlight, r)
		} else {
			queued = append(queued, r)
		}
	}
	left := map[string]int{}
	for _, f := range fans { // the fans first: served in the order they came, they would hold up the chains
		for range f.requests {
			send(f.id, baseDepth+1)
		}
	}
	for _, c := range chains {
		left[c.id] = c.requests - 1
		send(c.id, baseDepth+1)
	}
	for len(inFlight) > 0 {
		// The first answer in: its slot goes to the first waiter served,
		// which is sent now; then its chain sends on, if it does.
		first := 0
		for i, r := range inFlight {
			if r.end < inFlight[first].end {
				first = i
			}
		}
		r := inFlight[first]
		inFlight = append(inFlight[:first], inFlight[first+1:]...)
		now = r.end
		s.release(prioBackground)
		for i, q := range queued {
			select {
			case <-q.ch:
				q.end = now + 1
				inFlight = append(inFlight, q)
				queued = append(queued[:i:i], queued[i+1:]...)
			default:
				continue
			}
			break
		}
		if left[r.check] > 0 {
			left[r.check]--
			send(r.check, r.depth+1)
		}
		if now > 1000 {
			t.Fatal("the run does not end")
		}
	}
	if len(queued) > 0 {
		t.Fatalf("%d requests never got a slot", len(queued))
	}
	return int(math.Ceil(now - 1e-9))
}

// check is a check of waveRun: its id and how many requests it sends.
type check struct {
	id       string
	requests int
}

// A chain that starts behind another check's fan of leaf reads starts
// only when they are done: with 8 slots, a walk of 10 pages beside 80
// leaf reads takes 10 + 10 waves if served in the order they came, where
// the work (90 requests on 8 slots, 12 waves) and the walk (10) allow 12.
// The checks take turns, so the walk's pages go first and the run takes
// 12 waves; so do three walks beside 3 fans. Counted in waves, not time.
func TestSlotsStartEveryChainAtOnce(t *testing.T) {
	n := 8
	for _, tc := range []struct {
		chains, fans []check
		want         int
	}{
		{[]check{{"walk", 10}}, []check{{"leaves", 80}}, 12},
		{[]check{{"walk.a", 10}, {"walk.b", 9}, {"walk.c", 10}}, []check{{"a", 30}, {"b", 30}, {"c", 20}}, 14},
	} {
		t.Run(fmt.Sprint(tc.chains), func(t *testing.T) {
			if got := waveRun(t, n, tc.chains, tc.fans); got > tc.want {
				t.Errorf("the run took %d waves, want at most %d: a chain started late, behind leaf reads", got, tc.want)
			}
		})
	}
}

// A check that says its chain is long (Check.chain) queues as that far
// down its chain from its first request: a slot freed goes to it before a
// deeper request of a check that says nothing, so that a long chain of
// the background starts when the run does, not once the walks are done.
func TestSlotsServeALongChainFirst(t *testing.T) {
	s := newSlots(1)
	if ch := s.enqueue(prioBackground, baseDepth+1); ch != nil {
		t.Fatal("the one free slot was not taken")
	}
	walk := &T{check: Check{ID: "walk"}, depth: 5}
	long := &T{check: Check{ID: "long", chain: 14}, depth: baseDepth + 1}
	if got := long.queueDepth(); got != 14 {
		t.Errorf("the long chain's first request queues at depth %d, want 14", got)
	}
	if got := walk.queueDepth(); got != 5 {
		t.Errorf("a check without a chain queues at depth %d, want its own 5", got)
	}
	var p1, p2 priority
	chWalk := s.enqueueAs("walk", prioBackground, walk.queueDepth(), nil, &p1)
	chLong := s.enqueueAs("long", prioBackground, long.queueDepth(), nil, &p2)
	s.release(prioBackground)
	select {
	case <-chLong:
	case <-chWalk:
		t.Fatal("the freed slot went to the deeper request, not to the long chain")
	}
}
