package conformance

import (
	"context"

	"github.com/rtq-kit/rtq/contract"
)

// Side by side, then alone. Some write units send many requests that must
// all be refused: the verify matrix's rows, the live verify values. On a
// correct target none changes anything, so they go side by side and cost
// one request of the run's longest chain. On a broken target one of them
// may be taken and move the record, and then the others answer otherwise;
// which one was taken depends on the order they arrived in, and so would
// the report, at another --concurrency. So their answers are held back
// until all are in: when every answer is one its request may get, they
// are judged, in order; when one is not, none is, and the unit is run
// again by itself after a reset, every request one at a time in order,
// and that run is the one reported. The replays come after every round
// of the write phase (one request at a time: right after the unit), so
// the answers judged are the same at any concurrency. Without a reset
// there is no state to run again from: the answers are judged as they
// came, and on a broken target the report may then name another of the
// requests at another concurrency.

// attempt is one request of a unit that no answer may change.
type attempt struct {
	ep   contract.Endpoint
	role string
	body any
}

// tryAll sends the attempts, side by side unless the unit runs alone,
// and returns their answers, observed. fine says an answer is one its
// attempt may get. nil: one was not, and the unit is to run again alone
// (t.again); the unit stops there.
func (t *T) tryAll(as []attempt, fine func(i int, x *Exchange) bool) []*Exchange {
	xs := make([]*Exchange, len(as))
	if t.alone {
		for i, a := range as {
			xs[i] = t.post(a.ep, a.role, a.body)
		}
		return xs
	}
	t.each(len(as), func(t *T, i int) { xs[i] = t.send(as[i].ep, as[i].role, as[i].body) })
	for i, x := range xs {
		if !fine(i, x) && t.r.prof.Reset != "" {
			t.again = true
			return nil
		}
	}
	for i, x := range xs {
		t.r.observe(as[i].ep, x)
	}
	return xs
}

// runAgain runs again, alone and after a reset, each unit of units that
// asked for it (tryAll), in plan order; its findings replace the first
// run's.
func (r *runner) runAgain(ctx context.Context, wcs []*pendingWrite, units []planned, ch *chains) {
	for _, u := range units {
		wc := wcs[u.check]
		if first := wc.subs[u.index]; first == nil || !first.again {
			continue
		}
		if ctx.Err() != nil || r.setup.failed() != nil || r.reset(ctx) != nil {
			return // the first run stands; a reset's failure is the run's set-up failure
		}
		t := &T{ctx: ctx, r: r, check: wc.c, depth: ch.start(u.unit.keys), unit: u.seq, alone: true, rereadLast: u.unit.endsMoved}
		wc.subs[u.index] = t
		prior := wc.subs[:u.index]
		t.guard(func() { t.ran = u.unit.run(t, prior); wc.ran[u.index] = t.ran })
		ch.finish(u.unit.keys, t.depth)
	}
}
