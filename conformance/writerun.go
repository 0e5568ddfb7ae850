package conformance

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// pendingWrite is a write check under way: its T, its plan and its units'.
type pendingWrite struct {
	c     Check
	t     *T
	plan  writePlan
	subs  []*T
	ran   []bool
	sent  int // units run
	start time.Time
	done  bool
}

// runWrites runs the write checks' units in rounds (writeplan.go), a reset
// before the first and, when the run overlaps them, before each round;
// then one after the last. floor is where the reads the writes wait for
// ended. A reset that fails is the run's set-up failure, reported once:
// the write checks it leaves are skipped, not failed.
func (r *runner) runWrites(ctx context.Context, checks []Check, wcs []*pendingWrite, units []planned, floor int) []Finding {
	out := make([]Finding, len(checks))
	if !r.opts.AllowWrites {
		for i, c := range checks {
			out[i] = r.skip(c, "writes not allowed: run with --allow-writes to send verify requests that may change state")
		}
		return out
	}
	if len(checks) == 0 {
		return out
	}
	ch := newChains(floor)
	_ = r.reset(ctx) // a failure is kept in r.setup
	for n, round := range rounds(units, r.sequential()) {
		if ctx.Err() != nil || r.setup.failed() != nil {
			break
		}
		if n > 0 && !r.sequential() {
			if r.reset(ctx) != nil {
				break
			}
		}
		if r.trace != nil {
			now := time.Now()
			for _, u := range round {
				r.trace.line(now, now, now, fmt.Sprintf("round=%d unit=%d check=%s cost=%d keys=%v", n, u.seq, wcs[u.check].c.ID, u.unit.cost, u.unit.keys))
			}
		}
		r.runRound(ctx, wcs, round, ch)
		if r.sequential() { // a check ends where its last unit does, as before
			r.runAgain(ctx, wcs, round, ch)
			r.endChecks(ctx, wcs, out, round[0].check)
		}
	}
	if !r.sequential() {
		r.runAgain(ctx, wcs, units, ch)
	}
	r.endChecks(ctx, wcs, out, len(wcs)-1)
	if ctx.Err() == nil {
		_ = r.reset(ctx)
	}
	r.chain.add(max(ch.all, ch.floor))
	for _, e := range ch.end {
		r.chain.add(e)
	}
	r.moves.observeLook(r.observe)
	return out
}

// planWrites makes each check's plan on its own T, and lists every unit
// in table order.
func (r *runner) planWrites(ctx context.Context, checks []Check) ([]*pendingWrite, []planned) {
	wcs := make([]*pendingWrite, len(checks))
	var units []planned
	r.writeLoad = map[string]int{}
	for i, c := range checks {
		wc := &pendingWrite{c: c, t: &T{ctx: ctx, r: r, check: c}, start: time.Now()}
		wc.t.guard(func() { wc.plan = c.plan(wc.t) })
		wc.subs = make([]*T, len(wc.plan.units))
		wc.ran = make([]bool, len(wc.plan.units))
		for j, u := range wc.plan.units {
			units = append(units, planned{check: i, index: j, unit: u})
			for _, k := range u.keys {
				r.writeLoad[k] += u.cost
			}
		}
		wcs[i] = wc
	}
	listed := map[int64]bool{}
	for _, rec := range r.prof.Records {
		listed[rec.ID] = true
	}
	looks := true
	for k := range units {
		units[k].seq = k + 1
		id := units[k].unit.reads
		if id != 0 && !listed[id] {
			units[k].unit.cost++ // its getRecord is not among the reads'
			listed[id] = true
		}
		if id != 0 && looks {
			// The first unit that reads its record after a move looks at
			// it for verify.visible (lookAfterMove): two requests more, one
			// after the other, which no chain counts and the round waits for.
			units[k].unit.cost += lookCost
			looks = false
		}
	}
	grantRereads(units)
	return wcs, units
}

// grantRereads gives a unit that ends with a move (writeUnit.endsMoved)
// its read after that move where it lengthens no chain: each key's chain
// is the cost of its units one after the other, and a unit keeps its
// read, one request more, while every chain it is on stays within the
// plan's longest. Units are served in plan order; a unit refused one
// reads nothing after its last move (its record is read after moves of
// other units: the key, action and address of every move are read after
// somewhere in the run).
func grantRereads(units []planned) {
	chain := map[string]int{}
	longest := 0
	for _, u := range units {
		for _, k := range u.unit.keys {
			chain[k] += u.unit.cost
			longest = max(longest, chain[k])
		}
	}
	for i := range units {
		u := &units[i].unit
		if !u.endsMoved {
			continue
		}
		fits := true
		for _, k := range u.keys {
			fits = fits && k != anyKey && chain[k]+1 <= longest
		}
		if !fits {
			u.endsMoved = false
			continue
		}
		u.cost++
		for _, k := range u.keys {
			chain[k]++
		}
	}
}

// runRound runs the units of one round side by side (one at a time when
// the run is sequential).
func (r *runner) runRound(ctx context.Context, wcs []*pendingWrite, round []planned, ch *chains) {
	starts := make([]int, len(round))
	for i, u := range round {
		starts[i] = ch.start(u.unit.keys)
	}
	seqs := make([]int, len(round))
	for i, u := range round {
		seqs[i] = u.seq
	}
	r.moves.startRound(seqs)
	var wg sync.WaitGroup
	for i, u := range round {
		wc := wcs[u.check]
		t := &T{ctx: ctx, r: r, check: wc.c, depth: starts[i], unit: u.seq, rereadLast: u.unit.endsMoved}
		wc.subs[u.index] = t
		wc.sent++
		prior := wc.subs[:u.index]
		run := func() {
			defer r.moves.end(u.seq)
			t.guard(func() { t.ran = u.unit.run(t, prior); wc.ran[u.index] = t.ran })
		}
		if r.sequential() {
			run()
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			run()
		}()
	}
	wg.Wait()
	for i, u := range round {
		ch.finish(u.unit.keys, max(starts[i], wcs[u.check].subs[u.index].depth))
	}
}

// endChecks turns the write checks up to last (not yet ended) into
// findings: their units' findings merged in order, then their done.
func (r *runner) endChecks(ctx context.Context, wcs []*pendingWrite, out []Finding, last int) {
	for i := 0; i <= last; i++ {
		wc := wcs[i]
		if wc.done {
			continue
		}
		if r.sequential() && wc.sent < len(wc.subs) && i == last && ctx.Err() == nil && r.setup.failed() == nil {
			return // its other units are still to come
		}
		wc.done = true
		out[i] = r.endCheck(ctx, wc)
	}
}

// endCheck is one write check's finding, with the set-up rules of the
// write phase: a check the set-up failure kept from running is skipped,
// and a failure seen while the set-up failed is not counted.
func (r *runner) endCheck(ctx context.Context, wc *pendingWrite) Finding {
	setupErr := r.setup.failed()
	switch {
	case ctx.Err() != nil && wc.sent == 0:
		return r.skip(wc.c, "not run: the run was interrupted ("+stopReason(ctx)+")")
	case setupErr != nil && wc.sent == 0:
		return r.skip(wc.c, "not run: set-up failure: "+setupErr.Error())
	}
	t := wc.t
	for _, s := range wc.subs {
		if s != nil {
			t.join(s)
		}
	}
	if wc.plan.done != nil {
		t.guard(func() { wc.plan.done(t, wc.ran) })
	}
	f := r.finish(ctx, t, wc.start)
	if setupErr != nil && f.Status == Fail {
		f = skipped(wc.c, "not counted: set-up failure during the check: "+setupErr.Error())
	}
	return f
}

// fresh makes sure the state a write unit changes is the profile's: a
// reset when one request is sent at a time or the unit runs alone
// (alone.go), as each case always began; when units overlap, the reset
// before the unit's round did it.
func (t *T) fresh() error {
	if t.r.sequential() || t.alone {
		return t.r.reset(t.ctx)
	}
	return t.r.setup.failed()
}

// tidy undoes what a unit changed, when one request is sent at a time or
// the unit runs alone; when units overlap, the next round's reset (or the
// last) does it.
func (t *T) tidy() {
	if t.r.sequential() || t.alone {
		_ = t.r.reset(t.ctx) // a failure is kept in r.setup
	}
}
