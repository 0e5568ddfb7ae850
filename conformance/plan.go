package conformance

import (
	"context"
	"sync"
	"time"

	"github.com/rtq-kit/rtq/contract"
)

// How a run is planned (docs/conformance.md, "Concurrency"). Its requests
// form a graph of what depends on what, and everything that depends on
// nothing else overlaps, up to --concurrency requests in flight:
//
//  1. the reachability probe, alone;
//  2. the reads, every check at once, each check's independent branches
//     (records, formats, listings) side by side, a cursor walk a chain;
//  3. the writes (the profile's cases and flows), which change state: they
//     start when the reads that may see that state are done (getRecord of
//     the records they may change, getFormList, whose forms show when a
//     record was last active, and verify's read-only probes: gate.go),
//     and run in rounds (writeplan.go);
//  4. the post checks, over every answer, when all else is done.
//
// The template listings (templates/list, listQrcodes) show nothing a
// verify changes (docs/contract.md §2.4, §2.5, §3.1), nor does getRecord
// of a record no case moves: those reads run beside the writes, behind
// them in the queue.
//
// At --concurrency 1 the run is what it always was: one request at a
// time, the checks in table order. The report is the same at any
// concurrency: findings are in table order, and a branched check merges
// its branches in order.

// DefaultConcurrency is how many requests rtq conform keeps in flight
// unless --concurrency says: enough that a run against a service 200 ms
// away is bound by its longest chain, not by the number of its requests.
const DefaultConcurrency = 64

// Plan says how a run was carried out: like the timings, it describes the
// run, not the target, and may vary with Concurrency.
type Plan struct {
	// Concurrency is the most requests the checks had in flight.
	Concurrency int `json:"concurrency"`
	// LongestChain is the number of requests on the plan's longest chain
	// of requests that each wait for the one before: the run cannot take
	// less than this times the target's latency. It is the same at any
	// concurrency. The runner's resets and its look at a record after the
	// first move (for verify.visible) are not counted.
	LongestChain int `json:"longest_chain"`
	// SlowDowns counts the target's answers asking the run to slow down
	// (429, or 503 with Retry-After), and WaitedMS how long no request
	// could start because of them (docs/reliability.md).
	SlowDowns int   `json:"slow_downs,omitempty"`
	WaitedMS  int64 `json:"waited_ms,omitempty"`
	// Requests is how many requests the run sent to the target, the
	// probe, the resets and the concurrency checks' bursts included: what
	// a run costs a staging that counts calls.
	Requests int `json:"requests"`
}

// staticEndpoint: what the endpoint lists no verify changes
// (contract.Endpoint.Static).
func staticEndpoint(ep contract.Endpoint) bool { return ep.Static }

// sequential says whether the run sends one request at a time.
func (r *runner) sequential() bool { return r.opts.Concurrency <= 1 }

// chain keeps the longest chain seen.
type chainMax struct {
	mu sync.Mutex
	n  int
}

func (c *chainMax) add(d int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n = max(c.n, d)
}

func (c *chainMax) get() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

// runAll runs the selected checks as planned and returns their findings
// in table order.
func (r *runner) runAll(ctx context.Context, checks []Check) []Finding {
	out := make([]Finding, len(checks))
	var reads, static, writes, post, last []int
	for i, c := range checks {
		switch {
		case c.phase == phaseWrite:
			writes = append(writes, i)
		case c.phase == phasePost:
			post = append(post, i)
		case c.phase == phaseLast:
			last = append(last, i)
		case c.static && !r.sequential():
			static = append(static, i)
		default:
			reads = append(reads, i)
		}
	}
	var wcs []*pendingWrite
	var units []planned
	if r.opts.AllowWrites {
		wcs, units = r.planWrites(ctx, pickChecks(checks, writes))
	}
	holders := 0
	for _, i := range reads {
		if !checks[i].static {
			holders++
		}
	}
	r.gate = newReadGate(holders, r.prof, units)
	depth := make([]int, len(checks))
	reading := r.startAll(ctx, checks, reads, out, depth, prioRead)
	background := r.startAll(ctx, checks, static, out, depth, prioBackground)
	floor := r.gate.wait()
	for i, f := range r.runWrites(ctx, pickChecks(checks, writes), wcs, units, floor) {
		out[writes[i]] = f
	}
	r.slots.writesDone()
	// The post checks read what the writes left: they go as soon as the
	// writes are done, beside what is left of the reads (none of which
	// sees a record a write moved, or shares a request with them); the
	// last ones judge every answer, so they wait for everything.
	posting := r.startAll(ctx, checks, post, out, depth, prioRead)
	reading.Wait()
	background.Wait()
	posting.Wait()
	r.startAll(ctx, checks, last, out, depth, prioRead).Wait()
	for _, d := range depth {
		r.chain.add(d)
	}
	return out
}

// startAll starts the checks of idx (all at once, or one after the other
// when the run is sequential), writing each finding to out.
func (r *runner) startAll(ctx context.Context, checks []Check, idx []int, out []Finding, depth []int, p priority) *sync.WaitGroup {
	var wg sync.WaitGroup
	if r.sequential() {
		for _, i := range idx {
			out[i], depth[i] = r.runCheck(ctx, checks[i], p)
		}
		return &wg
	}
	for _, i := range idx {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i], depth[i] = r.runCheck(ctx, checks[i], p)
		}()
	}
	return &wg
}

func pickChecks(checks []Check, idx []int) []Check {
	out := make([]Check, len(idx))
	for i, j := range idx {
		out[i] = checks[j]
	}
	return out
}

// runCheck runs one check, turning a panic into a failed finding so that
// the run always ends. A check that the run's interruption (ctx) stops
// before or while it runs is skipped: what it saw cut short is no finding.
// depth is where the check's chain of requests ended.
// A read the writes wait for lets them go when it ends, if not before.
func (r *runner) runCheck(ctx context.Context, c Check, p priority) (f Finding, depth int) {
	var hold *gateHold
	if c.phase == phaseRead && !c.static {
		hold = &gateHold{gate: r.gate}
	}
	if ctx.Err() != nil {
		hold.letGo(baseDepth)
		return r.skip(c, "not run: the run was interrupted ("+stopReason(ctx)+")"), 0
	}
	start := time.Now()
	t := &T{ctx: ctx, r: r, check: c, depth: baseDepth, prio: p, hold: hold}
	t.guard(func() { c.run(t) })
	hold.letGo(t.depth)
	return r.finish(ctx, t, start), t.depth
}

// finish turns a check's T into its finding and counts it done.
func (r *runner) finish(ctx context.Context, t *T, start time.Time) Finding {
	f := t.finding()
	f.Duration = time.Since(start)
	if ctx.Err() != nil {
		f = skipped(t.check, "not finished: the run was interrupted ("+stopReason(ctx)+"); what it saw is no finding")
	}
	if f.Status == Fail {
		r.ff.failed(f.ID)
	}
	r.progress()
	return f
}
