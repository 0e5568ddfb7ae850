package transport

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// closeConn records whether it was closed.
type closeConn struct {
	net.Conn
	closed atomic.Bool
}

func (c *closeConn) Close() error { c.closed.Store(true); return nil }

// The watchdog's rules, on its own clock: busy connections get the busy
// limit, idle ones the idle limit, progress resets the count.
func TestWatchdogClosesWhatMadeNoProgressInItsPhase(t *testing.T) {
	w := NewWatchdog(10*time.Second, 60*time.Second, 0)
	t0 := w.clock.Load()
	at := func(d time.Duration) int64 { return t0 + int64(d) }
	newConn := func(idle bool, progress time.Duration) (*conn, *closeConn) {
		under := &closeConn{}
		c := &conn{Conn: under, watch: w}
		w.addUnder(c, DefaultMaxConns)
		c.idle.Store(idle)
		c.progress.Store(at(progress))
		return c, under
	}
	_, busyOld := newConn(false, 0)
	_, busyNew := newConn(false, 5*time.Second)
	_, idleOld := newConn(true, 0)
	_, idleVeryOld := newConn(true, -60*time.Second)
	w.sweep(at(12 * time.Second))
	for name, c := range map[string]*closeConn{"busy for 12 s": busyOld, "idle for 72 s": idleVeryOld} {
		if !c.closed.Load() {
			t.Errorf("%s: still open", name)
		}
	}
	for name, c := range map[string]*closeConn{"busy for 7 s": busyNew, "idle for 12 s": idleOld} {
		if c.closed.Load() {
			t.Errorf("%s: closed", name)
		}
	}
	w.mu.Lock()
	left := len(w.conns)
	w.mu.Unlock()
	if left != 2 {
		t.Errorf("%d connections watched after the sweep, want the 2 still open", left)
	}
}

// A connection moves between phases as bytes flow: busy until its answer
// is written, idle until the next request's first byte.
func TestConnPhasesFollowTheTraffic(t *testing.T) {
	w := NewWatchdog(time.Second, time.Minute, 0)
	server, client := net.Pipe()
	t.Cleanup(func() { server.Close(); client.Close() })
	c := &conn{Conn: server, watch: w}
	w.addUnder(c, DefaultMaxConns)
	if c.idle.Load() {
		t.Fatal("a new connection is idle; it must be busy until it sends a request")
	}
	go func() { _, _ = io.ReadFull(client, make([]byte, 2)) }()
	if _, err := c.Write([]byte("ok")); err != nil {
		t.Fatal(err)
	}
	if !c.idle.Load() {
		t.Fatal("not idle after an answer was written")
	}
	go func() { _, _ = client.Write([]byte("x")) }()
	if _, err := c.Read(make([]byte, 1)); err != nil {
		t.Fatal(err)
	}
	if c.idle.Load() {
		t.Fatal("still idle after bytes of a request arrived")
	}
	_ = c.Close()
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.conns) != 0 {
		t.Error("a closed connection is still watched")
	}
}

// pipeListener hands out one end of a net.Pipe once; a pipe has no
// buffer, so a client that does not read blocks the server's write.
type pipeListener struct {
	conns chan net.Conn
}

func (l pipeListener) Accept() (net.Conn, error) {
	c, ok := <-l.conns
	if !ok {
		return nil, net.ErrClosed
	}
	return c, nil
}
func (l pipeListener) Close() error   { return nil }
func (l pipeListener) Addr() net.Addr { return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)} }

func TestWatchdogCutsAClientThatDoesNotRead(t *testing.T) {
	s := answerJSON
	server, client := net.Pipe()
	conns := make(chan net.Conn, 1)
	conns <- server
	closed := make(chan struct{})
	srv := &http.Server{Handler: s, ConnState: func(_ net.Conn, st http.ConnState) {
		if st == http.StateClosed {
			close(closed)
		}
	}}
	watch := NewWatchdog(50*time.Millisecond, time.Minute, 10*time.Millisecond)
	go func() { _ = srv.Serve(NewListener(pipeListener{conns}, watch, 0)) }()
	t.Cleanup(func() { close(conns); srv.Close(); client.Close(); watch.Stop() })

	req := "POST /api/v2/rpc/record/getFormList HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " +
		testscenario.ReadSecret + "\r\nContent-Length: 2\r\n\r\n{}"
	if _, err := io.WriteString(client, req); err != nil {
		t.Fatal(err)
	}
	select { // the client never reads: the server's write must give up
	case <-closed:
	case <-time.After(10 * time.Second):
		t.Fatal("the connection is still open 10 s after a 50 ms busy limit")
	}
	_ = client.SetReadDeadline(time.Now().Add(5 * time.Second))
	if n, err := io.Copy(io.Discard, client); !errors.Is(err, nil) || n != 0 {
		t.Errorf("after the timeout the client read %d bytes (err %v), want a closed connection and nothing", n, err)
	}
}

func TestRewriteTransportErrorOnlyTouchesNetHTTPsOwnAnswers(t *testing.T) {
	ours := "HTTP/1.1 404 Not Found\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: 2\r\n\r\n{}"
	for _, p := range []string{"HTTP/1.1 200 OK\r\n\r\n{}", ours, "HTTP/1.1 100 Continue\r\n\r\n", "HTTP/1.1 4", ""} {
		if got := rewriteTransportError([]byte(p)); got != nil {
			t.Errorf("%q rewritten to %q", p, got)
		}
	}
	const hdrs = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"
	for in, want := range map[string]struct {
		status int
		detail string
	}{
		"HTTP/1.1 400 Bad Request" + hdrs + "400 Bad Request":                                                             {400, "not valid HTTP/1.1"},
		"HTTP/1.1 400 Bad Request: missing required Host header" + hdrs + "400 Bad Request: missing required Host header": {400, "missing required Host header"},
		"HTTP/1.1 431 Request Header Fields Too Large" + hdrs + "431 Request Header Fields Too Large":                     {431, "64 KiB"},
		"HTTP/1.1 501 Not Implemented" + hdrs + "Unsupported transfer encoding":                                           {400, "Transfer-Encoding"},
		"HTTP/1.1 505 HTTP Version Not Supported: unsupported protocol version" + hdrs + "505 ...":                        {400, "HTTP version"},
		"HTTP/1.1 417 Expectation Failed\r\nConnection: close\r\nContent-Length: 0\r\n\r\n":                               {417, "Expect"},
	} {
		out := rewriteTransportError([]byte(in))
		resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(out)), nil)
		if err != nil {
			t.Fatalf("%q: rewritten answer is not HTTP: %v\n%s", in, err, out)
		}
		var body struct {
			Code, ErrorCode int
			Detail          string `json:"message_detail"`
		}
		raw, _ := io.ReadAll(resp.Body)
		if err := json.Unmarshal(raw, &body); err != nil || resp.StatusCode != want.status || body.Code != want.status ||
			!strings.Contains(body.Detail, want.detail) || resp.Header.Get("Content-Type") != "application/json; charset=utf-8" || !resp.Close {
			t.Errorf("%q → HTTP %d %s close=%v %s (err %v), want %d naming %q", in, resp.StatusCode,
				resp.Header.Get("Content-Type"), resp.Close, raw, err, want.status, want.detail)
		}
	}
}

// A client that sends half a request line and stops (slowloris) is cut
// after the busy limit, over real TCP.
func TestWatchdogCutsAHalfSentRequest(t *testing.T) {
	s := answerJSON
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	watch := NewWatchdog(100*time.Millisecond, time.Minute, 10*time.Millisecond)
	srv := &http.Server{Handler: s}
	go func() { _ = srv.Serve(NewListener(ln, watch, 0)) }()
	t.Cleanup(func() { srv.Close(); watch.Stop() })

	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := io.WriteString(c, "POST /api/v2/rpc/record/getFormList HTTP/1.1\r\nHo"); err != nil {
		t.Fatal(err)
	}
	_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
	n, err := c.Read(make([]byte, 512))
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatal("the half-sent request still holds its connection 10 s after a 100 ms busy limit")
	}
	if n != 0 {
		t.Errorf("got %d bytes of answer to half a request, want the connection closed", n)
	}
}

// answerJSON stands for the mock behind the connection layer: any answer
// will do, the watchdog is what is tested.
var answerJSON = http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	_, _ = w.Write([]byte(`{"code":0,"message":"ok","data":{}}`))
})
