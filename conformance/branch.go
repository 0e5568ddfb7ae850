package conformance

import (
	"sync"
)

// A check's requests form a chain: each may depend on the answers before
// it. Where a check does the same thing for independent objects (each
// record, each listing, each format), those are branches: they depend on
// nothing of each other and run side by side when the run allows
// (--concurrency above 1). Each branch has a T of its own; when all are
// done their failures, notes and skips are merged into the check's T in
// branch order, so the finding is the one the branches would have given
// run one after the other.

// each runs f for i in [0, n) as independent branches of t.
func (t *T) each(n int, f func(t *T, i int)) {
	subs := t.branches(n)
	runBranches(subs, nil, f)
	for _, s := range subs {
		t.join(s)
	}
}

// branches makes n branches of t.
func (t *T) branches(n int) []*T {
	subs := make([]*T, n)
	for i := range subs {
		subs[i] = t.branch()
	}
	return subs
}

// runBranches runs f on the branches of idx (nil: all), side by side
// unless the run is sequential or the unit runs alone (alone.go).
func runBranches(subs []*T, idx []int, f func(t *T, i int)) {
	if len(subs) == 0 {
		return
	}
	if idx == nil {
		idx = make([]int, len(subs))
		for i := range idx {
			idx[i] = i
		}
	}
	if len(idx) < 2 || subs[0].r.sequential() || subs[0].alone {
		for _, i := range idx {
			subs[i].guard(func() { f(subs[i], i) })
		}
		return
	}
	var wg sync.WaitGroup
	for _, i := range idx {
		wg.Add(1)
		go func() {
			defer wg.Done()
			subs[i].guard(func() { f(subs[i], i) })
		}()
	}
	wg.Wait()
}

// branch is a T for one branch of t: the same check and run, no findings
// yet, starting where t's chain stands.
func (t *T) branch() *T {
	return &T{ctx: t.ctx, r: t.r, check: t.check, depth: t.depth, prio: t.prio, lift: t.lift, hold: t.hold, unit: t.unit, alone: t.alone, turns: t.turns}
}

// guard runs f, turning a panic into a failure of t, as runCheck does for
// a whole check: a branch runs in a goroutine of its own.
func (t *T) guard(f func()) {
	defer func() {
		if p := recover(); p != nil {
			t.Errorf(nil, "check crashed: %v", p)
		}
	}()
	f()
}

// join merges a finished branch into t, as if its calls had been made on t.
func (t *T) join(s *T) {
	t.failures = append(t.failures, s.failures...)
	for _, p := range s.problems {
		if len(t.problems) < maxProblems {
			t.problems = append(t.problems, p)
		}
	}
	if t.req == nil {
		t.req = s.req
	}
	if s.skip != "" {
		t.skip = s.skip
	}
	t.notes = append(t.notes, s.notes...)
	if s.statements != nil {
		t.statements = s.statements
	}
	t.noWindow += s.noWindow
	if s.shown != nil {
		t.shown = s.shown
	}
	t.depth = max(t.depth, s.depth)
	t.again = t.again || s.again
}

// once returns the value of f for key, computed at most once per run and
// shared by every check (memo). The chain of requests f makes starts
// after the reachability probe, not after what the first caller did
// before: a shared read depends on nothing of its callers. The caller's
// chain then stands at least where f's ended.
//
// Whoever waits for a shared read waits at its own priority: a read the
// writes wait for may find the read it shares made by a branch nothing
// waits for (prioBackground), queued behind the background's share of
// the slots. The read's requests are sent at the first served priority
// of all who wait for it (lift), raised as each comes to wait, those
// already queued too (slots.raise).
func (t *T) once(key string, f func(t *T) any) any {
	v := t.r.memo.do(key, t.priority, t.r.slots.raise, func(l *lift) any {
		s := t.branch()
		if s.prio == prioRead {
			s.prio = prioShared // checks wait for it, not one
		}
		s.lift = l
		s.turns = key // a read others wait for takes turns of its own (slots.go)
		s.depth = baseDepth
		s.failures, s.notes = nil, nil
		return depthOf{val: f(s), depth: s.depth}
	}).(depthOf)
	t.depth = max(t.depth, v.depth)
	return v.val
}

// depthOf is a shared value with the length of the chain that made it.
type depthOf struct {
	val   any
	depth int
}

// baseDepth is where every chain of checks starts: after the reachability
// probe's one request.
const baseDepth = 1
