package mockserver

import (
	"bytes"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/fault"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
	"github.com/rtq-kit/rtq/scenario"
)

// call is one request on its way through the chain. Calls and their
// buffers are pooled, so a request allocates little of its own.
type call struct {
	w        http.ResponseWriter
	r        *http.Request
	st       *state.State       // the state this request sees from start to end
	ep       *contract.Endpoint // nil outside the five endpoints
	admin    bool
	ns       *namespace // the state namespace of a /s/{name}/ path, nil for the root
	key      *scenario.Key
	body     []byte
	buf      bytes.Buffer // holds body
	lim      io.LimitedReader
	params   body          // the body's members, as parse found them
	faultReq fault.Request // what fault rules match on (faults.go), kept here to save an allocation
	out      []byte        // answer buffer for handlers that append
	length   [1]string     // Content-Length's value, kept here to save an allocation
	start    time.Time
	dur      time.Duration // from start to the answer written

	status int // HTTP status written
	code   int // body code written
	bytes  int
	wrote  bool
}

// step is one link of the chain; middleware wraps a step in another.
type step func(c *call)
type middleware func(next step) step

var callPool = sync.Pool{New: func() any { return &call{out: make([]byte, 0, 4096)} }}

func getCall(w http.ResponseWriter, r *http.Request, st *state.State) *call {
	c := callPool.Get().(*call)
	c.w, c.r, c.st, c.start = w, r, st, time.Now()
	return c
}

func putCall(c *call) {
	if c.buf.Cap() > 64<<10 || cap(c.out) > 256<<10 {
		return // let an oversized call go rather than pin its memory
	}
	out := c.out[:0]
	buf := c.buf
	buf.Reset()
	*c = call{out: out, buf: buf}
	callPool.Put(c)
}

// chain wraps h in the middlewares, the first one outermost.
func chain(h step, mws ...middleware) step {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

var (
	ctJSON  = []string{"application/json; charset=utf-8"}
	nosniff = []string{"nosniff"}
)

// write sends a complete JSON answer. Every answer of the server goes
// through here, so the Content-Type is on all of them.
func (c *call) write(status, code int, body []byte) {
	if c.wrote {
		return
	}
	c.wrote, c.status, c.code = true, status, code
	h := c.w.Header()
	h["Content-Type"] = ctJSON
	h["X-Content-Type-Options"] = nosniff
	c.length[0] = strconv.Itoa(len(body))
	h["Content-Length"] = c.length[:]
	c.w.WriteHeader(status) // net/http copies the header here: c.length may be reused after
	n, _ := c.w.Write(body)
	c.bytes = n
	c.dur = time.Since(c.start)
}

// elapsed is the time the request took to answer: one clock read shared
// by the log and the journal.
func (c *call) elapsed() time.Duration {
	if c.dur == 0 {
		c.dur = time.Since(c.start)
	}
	return c.dur
}
