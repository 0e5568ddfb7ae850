package mockserver

import (
	"bytes"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
)

// The connection layer under net/http. It does two things net/http's
// options cannot:
//
//   - Requests too malformed to reach a handler (a garbage request line,
//     headers over the limit, a Content-Length that is not a number, an
//     unknown Transfer-Encoding) are answered by net/http itself in
//     text/plain, the last, not JSON, the 501 a 5xx. The connection sees
//     that answer being written and writes a JSON error in the generic
//     shape instead (contract-notes 3), with a 4xx status. net/http closes
//     the connection right after, so nothing else is framed around it.
//   - The write timeout is armed coarsely: at most every writeTimeout/4 per
//     connection, not twice per request as http.Server.WriteTimeout does
//     (a runtime timer change each time, a measurable share of a small
//     answer's cost). A write that blocks still fails after 3/4 to 1 times
//     writeTimeout.

// listener hands net/http connections wrapped in *conn.
type listener struct {
	net.Listener
	writeTimeout time.Duration
}

func (l listener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &conn{Conn: c, writeTimeout: l.writeTimeout}, nil
}

type conn struct {
	net.Conn
	writeTimeout time.Duration
	armed        time.Time // the write deadline set on the socket
}

func (c *conn) Write(p []byte) (int, error) {
	if c.writeTimeout > 0 {
		now := time.Now()
		if c.armed.Sub(now) < c.writeTimeout*3/4 {
			c.armed = now.Add(c.writeTimeout)
			_ = c.Conn.SetWriteDeadline(c.armed)
		}
	}
	if answer := rewriteTransportError(p); answer != nil {
		if _, err := c.Conn.Write(answer); err != nil {
			return 0, err
		}
		return len(p), nil // what net/http asked to write is "written"
	}
	return c.Conn.Write(p)
}

// SetWriteDeadline: the connection owns its write deadline; net/http's
// clearing it after every request is ignored (that clear is what would
// force a re-arm per request). An explicit deadline is honoured.
func (c *conn) SetWriteDeadline(t time.Time) error {
	if t.IsZero() {
		return nil
	}
	c.armed = t
	return c.Conn.SetWriteDeadline(t)
}

func (c *conn) SetDeadline(t time.Time) error {
	if err := c.Conn.SetReadDeadline(t); err != nil {
		return err
	}
	return c.SetWriteDeadline(t)
}

// CloseWrite keeps net/http's graceful close (half-close, then drain)
// working through the wrapper.
func (c *conn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// netHTTPErrorHeaders is how net/http frames the answers it writes itself
// (net/http/server.go, conn.serve); no answer of the mock's handlers, all
// JSON, contains it.
var netHTTPErrorHeaders = []byte("\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n")

// transportErrors maps the status net/http chose to the answer the mock
// gives: the status line stays where it is a 4xx the client can act on;
// 501 (unknown Transfer-Encoding) and 505 are the client's request too, so
// 400.
var transportErrors = map[int]struct {
	status int
	detail string
}{
	400: {400, "the request is not valid HTTP/1.1: check the request line, the header syntax, Host and Content-Length"},
	431: {431, "the request headers are larger than 64 KiB"},
	501: {400, "the Transfer-Encoding is not supported: send the body with Content-Length or Transfer-Encoding: chunked"},
	505: {400, "the HTTP version is not supported: speak HTTP/1.1 or HTTP/1.0"},
	417: {417, "the Expect header is not supported: only Expect: 100-continue is"},
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
	if code == 400 && len(text) > len("400 Bad Request: ") && bytes.HasPrefix(text, []byte("400 Bad Request: ")) {
		detail = string(text[len("400 Bad Request: "):]) // net/http's reason: "missing required Host header", ...
	}
	e := &state.Error{Code: t.status, ErrorCode: contract.ErrInvalidParams, Message: state.MsgInvalidParams, Detail: detail}
	body := appendError(nil, contract.ShapeFull, e)
	out := make([]byte, 0, len(body)+192)
	out = append(out, prefix...)
	out = strconv.AppendInt(out, int64(t.status), 10)
	out = append(out, ' ')
	out = append(out, http.StatusText(t.status)...)
	out = append(out, "\r\nContent-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\nContent-Length: "...)
	out = strconv.AppendInt(out, int64(len(body)), 10)
	out = append(out, "\r\n\r\n"...)
	return append(out, body...)
}
