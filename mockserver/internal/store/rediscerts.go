package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/rtq-kit/rtq/internal/redisstore"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/mockserver/internal/journal"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
	"github.com/rtq-kit/rtq/scenario"
)

// redisCerts keeps one space's certificate statuses in Redis. A status
// is keyed by its id; a read is one round trip (the status and the
// changes, pipelined), and the answers rendered from what it read are
// kept per record, so a record read again at the same values is not
// rendered again. A verify is one script (redisstore.Verify): every
// outcome is decided here, from the scenario's flow, for each status the
// record may be in, and the script picks the one of the status it reads.
type redisCerts struct {
	rs    *redisstore.Store
	space string
	cache sync.Map // *scenario.Record → *redisMoved, the latest values read
}

var _ state.Certs = (*redisCerts)(nil)

// redisMoved is a record at the values one read found, with the answers
// rendered from them.
type redisMoved struct {
	view        state.RecordView
	status, raw string // what the store held: the key of this entry
	mu          sync.Mutex
	bodies      [3]atomic.Pointer[[]byte]
}

func (m *redisMoved) Body(format int, msg string, render state.Renderer) []byte {
	if b := m.bodies[format].Load(); b != nil {
		return *b
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if b := m.bodies[format].Load(); b != nil {
		return *b
	}
	b := render(format, msg, m.view)
	m.bodies[format].Store(&b)
	return b
}

func (m *redisMoved) View() (state.RecordView, bool) { return m.view, true }

// unreachable is the 503 of a request whose state the store cannot give.
func unreachable(err error) error {
	return fmt.Errorf("%w (%w)", fail.Unreachable(err.Error()), err)
}

// earlyEntry is what a request offers a read to journal it with
// (chain.Call does): its entry as a success answered now.
type earlyEntry interface {
	state.Early
	SuccessEntry() (journal.Log, journal.Exchange, bool)
}

// Moved reads the record's values; when e offers its request's entry for
// this space's journal, the entry goes in the same pipeline (one round
// trip where the read and the entry would take two), and e is told.
func (c *redisCerts) Moved(src *scenario.Record, e state.Early) (state.Moved, error) {
	j, entry := c.early(e)
	var status, raw, id string
	var ok bool
	var err error
	if j == nil {
		status, raw, ok, err = c.rs.StatusRaw(context.Background(), c.space, src.Code)
	} else {
		status, raw, ok, id, err = c.rs.StatusAppend(context.Background(), c.space, src.Code, entry)
	}
	m, err := c.movedFrom(src, status, raw, ok, err)
	if id != "" {
		c.settle(e, j, id, err)
	}
	return m, err
}

// early is the journal e's entry goes to and the entry, masked and
// encoded; nil when e offers none for this space of this store.
func (c *redisCerts) early(e state.Early) (*redisJournal, string) {
	ee, ok := e.(earlyEntry)
	if !ok {
		return nil, ""
	}
	log, x, ok := ee.SuccessEntry()
	j, isRedis := log.(*redisJournal)
	if !ok || !isRedis || j.rs != c.rs || j.space != c.space {
		return nil, ""
	}
	entry, err := j.encode(x)
	if err != nil {
		return nil, ""
	}
	return j, entry
}

// settle tells e its entry is written when the answer is the success it
// says; otherwise takes the entry back (best effort: a journal that
// cannot be reached keeps it), and the request is journaled as answered.
func (c *redisCerts) settle(e state.Early, j *redisJournal, id string, err error) {
	if err == nil {
		e.Sent()
		return
	}
	if uerr := c.rs.Unappend(context.Background(), c.space, id); uerr != nil {
		j.logf("rtq mock: journal entry %s of %s says 200, its answer failed: %v", id, c.space, uerr)
	}
}

// movedFrom is the record at what a read found.
func (c *redisCerts) movedFrom(src *scenario.Record, status, raw string, ok bool, err error) (state.Moved, error) {
	if err != nil {
		return nil, unreachable(err)
	}
	if !ok {
		return nil, nil
	}
	if v, ok := c.cache.Load(src); ok {
		if m := v.(*redisMoved); m.status == status && m.raw == raw {
			return m, nil
		}
	}
	m, err := movedOf(src, status, raw)
	if err != nil {
		return nil, err
	}
	c.cache.Store(src, m)
	return m, nil
}

// movedOf is the record at the status (an id) and appended changes (a
// JSON list of JSON changes) the store holds.
func movedOf(src *scenario.Record, status, raw string) (*redisMoved, error) {
	st := statusByID(src.Form.Flow, status)
	if st == nil {
		return nil, fmt.Errorf("record %s: the store holds status %q, not one of this scenario's flow", src.Code, status)
	}
	var list []string
	if raw != "" {
		if err := json.Unmarshal([]byte(raw), &list); err != nil {
			return nil, fmt.Errorf("record %s: the store's state changes: %w", src.Code, err)
		}
	}
	changes := append(make([]scenario.StateChange, 0, len(src.StateChanges)+len(list)), src.StateChanges...)
	for _, s := range list {
		var ch scenario.StateChange
		if err := json.Unmarshal([]byte(s), &ch); err != nil {
			return nil, fmt.Errorf("record %s: a state change in the store: %w", src.Code, err)
		}
		changes = append(changes, ch)
	}
	return &redisMoved{view: state.ViewOf(src, st, changes), status: status, raw: raw}, nil
}

func statusByID(flow *scenario.Flow, id string) *scenario.Status {
	for _, s := range flow.Statuses {
		if strconv.FormatInt(s.ID, 10) == id {
			return s
		}
	}
	return nil
}

// refused marks an outcome the script leaves as it is.
const refused = "refused"

func (c *redisCerts) Move(src *scenario.Record, req state.VerifyRequest) (*scenario.Status, error) {
	flow := src.Form.Flow
	outcomes := make(map[string]redisstore.Outcome, len(flow.Statuses))
	refusals := make(map[string]error, len(flow.Statuses))
	for _, from := range flow.Statuses {
		id := strconv.FormatInt(from.ID, 10)
		to, err := state.Decide(src, from, req)
		if err != nil {
			outcomes[id], refusals[id] = redisstore.Outcome{Err: refused}, err
			continue
		}
		ch, err := json.Marshal(state.Change(src, from, to))
		if err != nil {
			return nil, err
		}
		outcomes[id] = redisstore.Outcome{To: strconv.FormatInt(to.ID, 10), Change: string(ch)}
	}
	v, err := c.rs.Verify(context.Background(), redisstore.VerifyCall{Space: c.space, Code: src.Code,
		Initial: strconv.FormatInt(src.Cert.Status.ID, 10), Outcomes: outcomes})
	if err != nil {
		return nil, unreachable(err)
	}
	if v.Moved {
		return statusByID(flow, v.To), nil
	}
	if err := refusals[v.From]; err != nil {
		return nil, err
	}
	return nil, fmt.Errorf("verify %s: the store holds status %q, not one of this scenario's flow", src.Code, v.From)
}

func (c *redisCerts) Reset() error {
	if err := c.rs.Reset(context.Background(), c.space); err != nil {
		return unreachable(err)
	}
	return nil
}
