package conformance

import (
	"strconv"
	"sync"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// The writes wait for the reads that may see what they change: every read
// check but the template listings holds the gate until it ends. A check
// that reads records only record by record (Check.perRecord: its whole
// body is t.records) lets go once its branches of the records the writes
// may change are done; its other records are read beside the writes, in
// the background. Such a check sending a read of a moved record after it
// let go is a runner bug (T.post panics), which the tests against the
// mock and the independent fake would show.

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
			if m["record_url"] == url {
				return g.movedRecord(id)
			}
		}
		return true
	}
	return true
}
