package coverage

import (
	"math/bits"
	"net/http"
	"sync"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/covreport"
	"github.com/rtq-kit/rtq/scenario"
)

// Bounds of what a Space keeps beyond its fixed counters.
const (
	// maxOther bounds the distinct error answers outside the
	// denominators a Space counts (a recorded service's own codes).
	maxOther = 64
	// maxMoves bounds the distinct certificate moves counted.
	maxMoves = 1024
	// maxFailed bounds the certificate codes whose last verify failed,
	// remembered for the verify_retry duty.
	maxFailed = 256
	// exampleBody is how much of a finding's request body is kept.
	exampleBody = 512
)

// Keys finds an API key of the scenario by its secret (*state.State).
type Keys interface {
	KeyBySecret(secret string) *scenario.Key
}

// Call is what the chain tells a Space of one answered call.
type Call struct {
	R       *http.Request
	Ep      *contract.Endpoint // nil: no endpoint answered the path
	Body    []byte
	Members Members // nil when the body was never parsed (refused before)
	Status  int     // the HTTP status written; 0 with Dropped
	Code    int     // the body's code
	Dropped bool    // closed without an answer (a fault rule's drop)
	// Authorized says the call carried a key the scenario accepted in its
	// Authorization header.
	Authorized bool
	Seen       *Seen
	Keys       Keys // the scenario's API keys, to find one sent elsewhere
}

type otherKey struct {
	ep, errorCode, code int
}

type moveKey struct {
	form     int64
	from, to *scenario.Status
}

// Space is the coverage of one state namespace. Its zero value is ready.
type Space struct {
	mu       sync.Mutex
	calls    int64
	admin    int64
	kit      int64
	overflow int64 // calls of namespaces past the Book's bound (the root's only)
	// eps, params, errs and shapes are by endpoint, in the order of
	// contract.Endpoints; init sizes them from it.
	eps      []int64
	params   [][]int64
	errs     [][]int64
	other    map[otherKey]int64
	shapes   [][]int64
	fields   []int64
	moves    map[moveKey]int64
	findings []finding
	failed   map[string]bool // certificate codes whose last verify failed
}

type finding struct {
	count   int64
	example covreport.Request
}

// Excluded counts a call that never counts: an admin call, or one of
// rtq's own tools.
func (sp *Space) Excluded(admin bool) {
	sp.mu.Lock()
	if admin {
		sp.admin++
	} else {
		sp.kit++
	}
	sp.mu.Unlock()
}

// Observe counts one answered call of the client.
func (sp *Space) Observe(c *Call) {
	i := epIndex(c.Ep)
	seen := c.Seen // the call's own: a copy here would escape to the heap
	if seen == nil {
		seen = &Seen{}
	}
	duties := duties(c, seen, i)
	sp.mu.Lock()
	defer sp.mu.Unlock()
	sp.init()
	sp.calls++
	if duties != 0 || i >= 0 && i == verifyIndex {
		sp.noteDuties(c, seen, duties)
	}
	if i < 0 {
		return
	}
	sp.eps[i]++
	members := c.Members
	if members == nil && len(c.Body) > 0 { // refused before its handler read it (a key, a fault rule)
		members = bodyMembers(c.Body)
	}
	if members != nil {
		for j, p := range rowOf(params, i) {
			if p.sent(members, seen) {
				sp.params[i][j]++
			}
		}
	}
	switch {
	case c.Dropped:
		sp.countError(i, -1, 0)
	case c.Code != 0:
		sp.countError(i, seen.ErrorCode, c.Code)
	default:
		sp.countSuccess(i, seen)
	}
}

// init sizes the counters on first use.
func (sp *Space) init() {
	if sp.fields != nil {
		return
	}
	n := len(contract.Endpoints)
	sp.eps, sp.params, sp.errs, sp.shapes = make([]int64, n), make([][]int64, n), make([][]int64, n), make([][]int64, n)
	for i := range contract.Endpoints {
		sp.params[i] = make([]int64, len(rowOf(params, i)))
		sp.errs[i] = make([]int64, len(rowOf(errorsOf, i)))
		sp.shapes[i] = make([]int64, len(rowOf(shapes, i)))
	}
	sp.fields = make([]int64, len(contract.FieldTypes))
	sp.findings = make([]finding, len(covreport.Duties))
	sp.other, sp.moves, sp.failed = map[otherKey]int64{}, map[moveKey]int64{}, map[string]bool{}
}

// countError counts an error answer: the endpoint's entry it matches,
// else among the others while they are under their bound.
func (sp *Space) countError(i, errorCode, code int) {
	for j, a := range rowOf(errorsOf, i) {
		if a.code == code && (a.errorCode == 0 || a.errorCode == errorCode) {
			sp.errs[i][j]++
			return
		}
	}
	k := otherKey{i, errorCode, code}
	if _, ok := sp.other[k]; ok || len(sp.other) < maxOther {
		sp.other[k]++
	}
}

// countSuccess counts what a success showed.
func (sp *Space) countSuccess(i int, s *Seen) {
	for j, sh := range rowOf(shapes, i) {
		if sh.seen(s) {
			sp.shapes[i][j]++
		}
	}
	if t := s.Record; t != nil {
		for w, set := range t.Types {
			for set != 0 {
				b := bits.TrailingZeros64(set)
				sp.fields[w*64+b]++
				set &= set - 1
			}
		}
	}
	if s.MoveTo != nil && s.MoveRec != nil && s.MoveRec.Form != nil {
		k := moveKey{s.MoveRec.Form.ID, fromOf(s), s.MoveTo}
		if _, ok := sp.moves[k]; ok || len(sp.moves) < maxMoves {
			sp.moves[k]++
		}
	}
}

// fromOf is the status a verify moved from: the one status of the flow
// that moves to MoveTo by the request's action; nil when more than one could.
func fromOf(s *Seen) *scenario.Status {
	var from *scenario.Status
	if s.MoveRec.Form.Flow == nil {
		return nil
	}
	for _, st := range s.MoveRec.Form.Flow.Statuses {
		for k, n := range st.Next {
			if n != s.MoveTo || (s.MoveNext && k != 0) {
				continue
			}
			if from != nil {
				return nil
			}
			from = st
		}
	}
	return from
}

// Reset forgets everything counted (POST /__admin/coverage/reset).
func (sp *Space) Reset() {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	sp.calls, sp.admin, sp.kit, sp.overflow, sp.fields = 0, 0, 0, 0, nil // init sizes the rest afresh
}
