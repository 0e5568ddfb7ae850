// Package chain is the mock's one seam, as net/http's Handler is: a Call
// is one request on its way through the chain, and every room of the mock
// (transport, handlers, admin) is a Step or a Middleware over it. It also
// writes what a call answers (errors.go), so every answer has the same
// headers, and splits a request body into its members (params.go).
package chain

import (
	"bytes"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/fault"
	"github.com/rtq-kit/rtq/mockserver/internal/coverage"
	"github.com/rtq-kit/rtq/mockserver/internal/journal"
	"github.com/rtq-kit/rtq/mockserver/internal/namespace"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
	"github.com/rtq-kit/rtq/scenario"
)

// Call is one request on its way through the chain. Calls and their
// buffers are pooled, so a request allocates little of its own.
type Call struct {
	W        http.ResponseWriter
	R        *http.Request
	St       *state.State       // the state this request sees from start to end
	Ep       *contract.Endpoint // nil outside the endpoints
	Admin    bool
	NS       *namespace.Namespace // the state namespace of a /s/{name}/ path, nil for the root
	Key      *scenario.Key
	Body     []byte
	Buf      bytes.Buffer // holds body
	Lim      io.LimitedReader
	Params   Members       // the body's members, as Parse found them
	FaultReq fault.Request // what fault rules match on (faults.go), kept here to save an allocation
	Out      []byte        // answer buffer for handlers that append
	// Seen is what the handler saw of its answer, for the consumer
	// coverage (coverage.Seen); the chain counts the call once answered.
	Seen   coverage.Seen
	length [1]string // Content-Length's value, kept here to save an allocation
	Start  time.Time
	Dur    time.Duration // from start to the answer written

	Status int // HTTP status written
	Code   int // body code written
	Bytes  int
	Wrote  bool

	// Log reports what the client must not see: the cause of an
	// unexpected error (Error). The server sets it; nil: not logged.
	Log func(format string, args ...any)

	// Journal records the call in the request journal; Record runs it
	// once. The server sets it; nil: not journaled.
	Journal  func(*Call)
	recorded bool

	// Entry is the call's journal entry as answered with status and
	// code after dur, and the journal it goes to; ok false when the call
	// is not journaled. The server sets it; nil: SuccessEntry offers none.
	Entry func(c *Call, status, code int, dur time.Duration) (log journal.Log, x journal.Exchange, ok bool)
}

// Step is one link of the chain.
type Step func(c *Call)

// Middleware wraps a Step in another: the way each room adds its check.
type Middleware func(next Step) Step

var callPool = sync.Pool{New: func() any { return &Call{Out: make([]byte, 0, 4096)} }}

// Get takes a call from the pool for a request served with st, its
// unexpected errors reported to log.
func Get(w http.ResponseWriter, r *http.Request, st *state.State, log func(string, ...any)) *Call {
	c := callPool.Get().(*Call)
	c.W, c.R, c.St, c.Start, c.Log = w, r, st, time.Now(), log
	return c
}

// Put gives a call back to the pool once its answer is written.
func Put(c *Call) {
	if c.Buf.Cap() > 64<<10 || cap(c.Out) > 256<<10 {
		return // let an oversized call go rather than pin its memory
	}
	out := c.Out[:0]
	buf := c.Buf
	buf.Reset()
	*c = Call{Out: out, Buf: buf}
	callPool.Put(c)
}

// Wrap wraps h in the middlewares, the first one outermost.
func Wrap(h Step, mws ...Middleware) Step {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

var (
	ContentTypeJSON = []string{"application/json; charset=utf-8"}
	NoSniff         = []string{"nosniff"}
)

// Write sends a complete JSON answer. Every answer of the server goes
// through here, so the Content-Type is on all of them.
func (c *Call) Write(status, code int, body []byte) {
	if c.Wrote {
		return
	}
	c.Wrote, c.Status, c.Code = true, status, code
	h := c.W.Header()
	h["Content-Type"] = ContentTypeJSON
	h["X-Content-Type-Options"] = NoSniff
	c.length[0] = strconv.Itoa(len(body))
	h["Content-Length"] = c.length[:]
	c.Record()              // before the first byte: a client holding the answer finds the call in the journal
	c.W.WriteHeader(status) // net/http copies the header here: c.length may be reused after
	n, _ := c.W.Write(body)
	c.Bytes = n
	c.Dur = time.Since(c.Start)
}

// Record puts the call in the journal (Journal), once. Write does it
// before the answer's first byte leaves, so that the journal never lags
// an answer: net/http sends an answer over its 4 KB buffer while it is
// written, and a journal written after it let a client read the whole
// answer, count, and miss the call, or reset and find it after. Whatever
// answers a call another way (a dropped connection) records it first.
func (c *Call) Record() {
	if c.Journal != nil && !c.recorded {
		c.recorded = true
		c.Journal(c)
	}
}

// SuccessEntry is the call's journal entry as a success answered now
// (status 200, code 0, as handlers.Encode writes it), and the journal it
// goes to: for a store that writes it with the read the answer comes
// from, in one round trip (state.Early), and calls Sent. ok is false
// when the call is not journaled, or already was.
func (c *Call) SuccessEntry() (journal.Log, journal.Exchange, bool) {
	if c.Entry == nil || c.Journal == nil || c.recorded {
		return nil, journal.Exchange{}, false
	}
	return c.Entry(c, 200, 0, time.Since(c.Start))
}

// Sent marks the call journaled: its entry left with the read its
// answer comes from, and Record writes none.
func (c *Call) Sent() { c.recorded = true }

// Elapsed is the time the request took to answer: one clock read shared
// by the log and the journal.
func (c *Call) Elapsed() time.Duration {
	if c.Dur == 0 {
		c.Dur = time.Since(c.Start)
	}
	return c.Dur
}
