package conformance

import (
	"strconv"
	"sync"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// The writes wait for the reads that may see what they change: every read
// check but the template listings holds the gate until it ends. A check
// whose requests all go through its last T.eachHeld (Check.letsGo: the
// checks that read record by record, t.records, and those that gather
// their reads into one list of branches) lets go once its branches that
// may see what the writes change are done (a record they move, a form
// listing, a verify); its other branches (a record no write moves, a
// template listing) run beside the writes, in the background. Such a
// check sending a read that may see what the writes change after it let
// go is a runner bug (T.post panics), which the tests against the mock
// and the independent fake would show.

// readGate opens when no read left can see what the writes change.
type readGate struct {
	mu    sync.Mutex
	held  int
	open  chan struct{}
	floor int // the longest chain of what the writes waited for
	// keys are those of the write units: what they may change.
	keys map[string]bool
	urls map[int64]string // the profile's record URLs
	all  bool
}

// newReadGate is a gate held by n checks, for the writes of units.
func newReadGate(n int, prof *profile.Profile, units []planned) *readGate {
	g := &readGate{held: n, open: make(chan struct{}), floor: baseDepth, keys: map[string]bool{}, urls: map[int64]string{}}
	for _, u := range units {
		for _, k := range u.unit.keys {
			g.keys[k] = true
		}
	}
	g.all = g.keys[anyKey]
	for _, rec := range prof.Records {
		g.urls[rec.ID] = rec.URL
	}
	if n == 0 {
		close(g.open)
	}
	return g
}

// movedRecord says whether the writes may change record id.
func (g *readGate) movedRecord(id int64) bool {
	url, listed := g.urls[id]
	return g.all || g.keys["record:"+strconv.FormatInt(id, 10)] || listed && g.keys["code:"+url]
}

// release lets go of one hold, the reads behind it having ended at depth.
func (g *readGate) release(depth int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.floor = max(g.floor, depth)
	if g.held--; g.held == 0 {
		close(g.open)
	}
}

// opened says whether the gate has opened: the writes may have begun.
func (g *readGate) opened() bool {
	select {
	case <-g.open:
		return true
	default:
		return false
	}
}

// wait waits for the gate to open and says where the reads' chains ended.
func (g *readGate) wait() int {
	<-g.open
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.floor
}

// gateHold is one check's hold on the gate, shared by its branches.
type gateHold struct {
	gate *readGate
	once sync.Once
	mu   sync.Mutex
	gone bool
}

// letGo releases the hold once; depth is where the reads it held for ended.
func (h *gateHold) letGo(depth int) {
	if h == nil {
		return
	}
	h.once.Do(func() {
		h.mu.Lock()
		h.gone = true
		h.mu.Unlock()
		h.gate.release(depth)
	})
}

// released says whether the hold was let go.
func (h *gateHold) released() bool {
	if h == nil {
		return false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.gone
}

// seesMoved says whether a read of ep with body may see a record the
// writes change: getRecord of such a record (by id or URL), and every
// getFormList and verify.
func (g *readGate) seesMoved(endpoint string, body any) bool {
	if ep, ok := contract.EndpointNamed(endpoint); ok && staticEndpoint(ep) {
		return false
	}
	m, _ := body.(map[string]any)
	switch endpoint {
	case contract.GetRecord.Name:
		if id, ok := m["record_id"].(int64); ok {
			return g.movedRecord(id)
		}
		for id, url := range g.urls {
			if rules.SameURL(m["record_url"], url) {
				return g.movedRecord(id)
			}
		}
		return true
	}
	return true
}

// lettingGo marks c as a check that lets the writes go before it ends
// (Check.letsGo).
func lettingGo(c Check) Check {
	c.letsGo = true
	return c
}

// eachHeld runs f for i in [0, n) as branches of t, like each. In a check
// that lets the writes go (Check.letsGo) and holds the gate, the branches
// that may see what the writes change (sees) run first; then the check
// lets go, and the others run beside the writes, in the background. One
// request at a time, every branch runs in order and the gate only counts:
// either way the writes' chain starts where the branches that see ended,
// so the plan's longest chain is the same at any concurrency.
func (t *T) eachHeld(n int, sees func(i int) bool, f func(t *T, i int)) {
	subs := t.branches(n)
	if !t.check.letsGo || t.hold == nil {
		runBranches(subs, nil, f)
	} else {
		var seeing, rest []int
		for i := range n {
			if sees(i) {
				seeing = append(seeing, i)
			} else {
				rest = append(rest, i)
			}
		}
		if t.r.sequential() {
			runBranches(subs, nil, f)
		} else if len(seeing) > 0 {
			runBranches(subs, seeing, f)
		}
		depth := t.depth
		for _, i := range seeing {
			depth = max(depth, subs[i].depth)
		}
		t.hold.letGo(depth)
		if !t.r.sequential() && len(rest) > 0 {
			for _, i := range rest {
				subs[i].prio = prioBackground
			}
			runBranches(subs, rest, f)
		}
	}
	for _, s := range subs {
		t.join(s)
	}
}
