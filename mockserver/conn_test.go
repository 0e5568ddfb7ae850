package mockserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/internal/testscenario"
)

// deadlineConn records the write deadlines set on it.
type deadlineConn struct {
	net.Conn
	mu        sync.Mutex
	deadlines []time.Time
}

func (d *deadlineConn) SetWriteDeadline(t time.Time) error {
	d.mu.Lock()
	d.deadlines = append(d.deadlines, t)
	d.mu.Unlock()
	return nil
}

func (d *deadlineConn) Write(p []byte) (int, error) { return len(p), nil }

func TestConnArmsTheWriteDeadlineCoarsely(t *testing.T) {
	under := &deadlineConn{}
	c := &conn{Conn: under, writeTimeout: time.Minute}
	before := time.Now()
	for i := 0; i < 100; i++ {
		if _, err := c.Write([]byte("HTTP/1.1 200 OK\r\n\r\n")); err != nil {
			t.Fatal(err)
		}
		_ = c.SetWriteDeadline(time.Time{}) // what net/http does after every request
	}
	if len(under.deadlines) != 1 {
		t.Fatalf("%d deadlines set for 100 writes in well under a minute, want 1: %v", len(under.deadlines), under.deadlines)
	}
	if d := under.deadlines[0]; d.Before(before.Add(time.Minute)) || d.After(time.Now().Add(time.Minute)) {
		t.Errorf("deadline %v, want now + 1 minute", d)
	}
	c.armed = time.Now().Add(time.Minute / 2) // a quarter of the timeout used up, and more
	_, _ = c.Write([]byte("x"))
	if len(under.deadlines) != 2 {
		t.Errorf("deadline not re-armed when less than 3/4 of the timeout was left")
	}
	explicit := time.Now().Add(time.Hour)
	_ = c.SetWriteDeadline(explicit)
	if got := under.deadlines[len(under.deadlines)-1]; !got.Equal(explicit) {
		t.Errorf("an explicit deadline %v was not passed on (last %v)", explicit, got)
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

func TestConnWriteTimeoutClosesAClientThatDoesNotRead(t *testing.T) {
	s, err := New(testscenario.Build(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	server, client := net.Pipe()
	conns := make(chan net.Conn, 1)
	conns <- server
	closed := make(chan struct{})
	srv := &http.Server{Handler: s, ConnState: func(_ net.Conn, st http.ConnState) {
		if st == http.StateClosed {
			close(closed)
		}
	}}
	go func() { _ = srv.Serve(listener{Listener: pipeListener{conns}, writeTimeout: 50 * time.Millisecond}) }()
	t.Cleanup(func() { close(conns); srv.Close(); client.Close() })

	req := "POST /api/v2/rpc/record/getFormList HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " +
		testscenario.ReadSecret + "\r\nContent-Length: 2\r\n\r\n{}"
	if _, err := io.WriteString(client, req); err != nil {
		t.Fatal(err)
	}
	select { // the client never reads: the server's write must give up
	case <-closed:
	case <-time.After(10 * time.Second):
		t.Fatal("the connection is still open 10 s after a 50 ms write timeout")
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
