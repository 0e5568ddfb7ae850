package transport

import (
	"bytes"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/mockserver/internal/wire"
)

// The connection layer under net/http. It does two things net/http's
// options cannot:
//
//   - Requests too malformed to reach a handler (a garbage request line,
//     headers over the limit, a Content-Length that is not a number, an
//     unknown Transfer-Encoding) are answered by net/http itself in
//     text/plain, the last, not JSON, the 501 a 5xx. The connection sees
//     that answer being written and writes a JSON error in the generic
//     shape instead (docs/contract.md §C3), with a 4xx status. net/http closes
//     the connection right after, so nothing else is framed around it.
//   - Time limits are kept by one watchdog per server instead of socket
//     deadlines. http.Server's ReadHeaderTimeout, ReadTimeout, WriteTimeout
//     and IdleTimeout each re-arm a runtime timer on every request (four
//     or five timer changes per request, a measurable share of a small
//     answer's cost, docs/performance.md); here a request costs a few
//     atomic stores of a clock the watchdog ticks, and the watchdog closes
//     whatever has made no progress for too long.

// MaxHeaderBytes bounds a request's headers; net/http answers beyond it
// (431, rewritten as JSON here).
const MaxHeaderBytes = 64 << 10

// Time limits of a connection (docs/mock.md, Serving).
const (
	BusyLimit = 30 * time.Second  // to send a whole request, or to take an answer
	IdleLimit = 120 * time.Second // between an answer and the next request
	WatchTick = time.Second
)

// conn records progress for the watchdog: busy from accept until its first
// answer is written, idle from then until bytes of the next request
// arrive, busy again until that answer is written, and so on. A write
// counts as busy while it lasts, so a client that does not read is cut
// after busyLimit.
type conn struct {
	net.Conn
	watch    *Watchdog
	progress atomic.Int64 // watchdog clock at the last change of phase
	idle     atomic.Bool
}

func (c *conn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if n > 0 && c.idle.Load() {
		c.progress.Store(c.watch.clock.Load())
		c.idle.Store(false)
	}
	return n, err
}

func (c *conn) Write(p []byte) (int, error) {
	c.idle.Store(false)
	c.progress.Store(c.watch.clock.Load())
	n, err := c.write(p)
	c.progress.Store(c.watch.clock.Load())
	c.idle.Store(true)
	return n, err
}

func (c *conn) write(p []byte) (int, error) {
	if answer := rewriteTransportError(p); answer != nil {
		if _, err := c.Conn.Write(answer); err != nil {
			return 0, err
		}
		return len(p), nil // what net/http asked to write is "written"
	}
	return c.Conn.Write(p)
}

func (c *conn) Close() error {
	c.watch.remove(c)
	return c.Conn.Close()
}

// CloseWrite keeps net/http's graceful close (half-close, then drain)
// working through the wrapper.
func (c *conn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// Watchdog closes connections that made no progress within their phase's
// limit. Its clock ticks every tick; connections read it instead of the
// system clock.
type Watchdog struct {
	busy, idle time.Duration
	clock      atomic.Int64 // UnixNano, refreshed every tick
	mu         sync.Mutex
	conns      map[*conn]struct{}
	done       chan struct{}
	stopOnce   sync.Once
}

// NewWatchdog starts a watchdog; a tick of 0 starts none (tests drive
// sweep themselves).
func NewWatchdog(busy, idle, tick time.Duration) *Watchdog {
	w := &Watchdog{busy: busy, idle: idle, conns: map[*conn]struct{}{}, done: make(chan struct{})}
	w.clock.Store(time.Now().UnixNano())
	if tick > 0 {
		go w.run(tick)
	}
	return w
}

func (w *Watchdog) run(tick time.Duration) {
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		select {
		case <-w.done:
			return
		case now := <-t.C:
			w.clock.Store(now.UnixNano())
			w.sweep(now.UnixNano())
		}
	}
}

// addUnder watches c unless max connections are watched already.
func (w *Watchdog) addUnder(c *conn, max int) bool {
	c.progress.Store(w.clock.Load())
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.conns) >= max {
		return false
	}
	w.conns[c] = struct{}{}
	return true
}

func (w *Watchdog) remove(c *conn) {
	w.mu.Lock()
	delete(w.conns, c)
	w.mu.Unlock()
}

// sweep closes every connection past its limit at now. Closing the socket
// makes net/http's blocked read or write fail, and it cleans up.
func (w *Watchdog) sweep(now int64) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for c := range w.conns {
		limit := w.busy
		if c.idle.Load() {
			limit = w.idle
		}
		if now-c.progress.Load() > int64(limit) {
			_ = c.Conn.Close()
			delete(w.conns, c)
		}
	}
}

func (w *Watchdog) Stop() { w.stopOnce.Do(func() { close(w.done) }) }

// netHTTPErrorHeaders is how net/http frames the answers it writes itself
// (net/http/server.go, conn.serve); no answer of the mock's handlers, all
// JSON, contains it.
var netHTTPErrorHeaders = []byte("\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n")

// transportErrors maps the status net/http chose to the answer the mock
// gives, a row of contract's tables: the status line stays where it is a
// 4xx the client can act on; 501 (unknown Transfer-Encoding) and 505 are
// the client's request too, so 400.
var transportErrors = map[int]struct {
	row    contract.ErrorCode
	detail string
}{
	400: {contract.BadHTTPError, "the request is not valid HTTP/1.1: check the request line, the header syntax, Host and Content-Length"},
	431: {contract.HeadersTooLarge, fmt.Sprintf("the request headers are larger than %d KiB: send fewer or shorter headers", MaxHeaderBytes>>10)},
	501: {contract.BadHTTPError, "the Transfer-Encoding is not supported: send the body with Content-Length or Transfer-Encoding: chunked"},
	505: {contract.BadHTTPError, "the HTTP version is not supported: speak HTTP/1.1 or HTTP/1.0"},
	417: {contract.ExpectError, "the Expect header is not supported: only Expect: 100-continue is"},
}

// rewriteTransportError returns the JSON answer that replaces p when p is
// net/http's own plain-text error answer, else nil.
func rewriteTransportError(p []byte) []byte {
	const prefix = "HTTP/1.1 "
	if len(p) < len(prefix)+3 || string(p[:len(prefix)]) != prefix || p[len(prefix)] == '2' {
		return nil
	}
	code, err := strconv.Atoi(string(p[len(prefix) : len(prefix)+3]))
	if err != nil {
		return nil
	}
	_, text, found := bytes.Cut(p, netHTTPErrorHeaders)
	if !found && code != 417 { // 417: net/http's answer to an Expect other than 100-continue
		return nil
	}
	t, known := transportErrors[code]
	if !known {
		t = transportErrors[400]
	}
	detail := t.detail
	if reason, ok := bytes.CutPrefix(text, []byte("400 Bad Request: ")); code == 400 && ok && len(reason) > 0 {
		// net/http named the fault ("missing required Host header", ...):
		// say it, after what the client must do.
		detail = "the request is not valid HTTP/1.1: " + string(reason)
	}
	e := fail.Transport(t.row, detail)
	body := wire.AppendError(nil, contract.ShapeFull, e)
	status := wire.Status(nil, e) // no scenario yet: a refusal of the mock's own
	out := make([]byte, 0, len(body)+192)
	out = append(out, prefix...)
	out = strconv.AppendInt(out, int64(status), 10)
	out = append(out, ' ')
	out = append(out, http.StatusText(status)...)
	out = append(out, "\r\nContent-Type: "+chain.ContentTypeJSON[0]+"\r\nX-Content-Type-Options: "+chain.NoSniff[0]+"\r\nConnection: close\r\nContent-Length: "...)
	out = strconv.AppendInt(out, int64(len(body)), 10)
	out = append(out, "\r\n\r\n"...)
	return append(out, body...)
}
