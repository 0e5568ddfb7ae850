package mockserver_test

// Bad input below HTTP libraries: requests written byte by byte on a raw
// connection (odd request lines, duplicate or odd headers, absolute URIs,
// HTTP/1.0). What reaches the mock's handler must get a JSON answer in the
// endpoint's shape. A few malformed requests are answered by Go's net/http
// before any handler runs, in text/plain; the mock's connection layer
// (mockserver/conn.go) rewrites those into JSON, and their rows hold it to
// that.

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/testkit/mocktest"
)

type rawRow struct {
	name   string
	req    string // request head and body; "Connection: close" is added
	status int
	code   int64
	detail string // when set, message_detail contains it
	gap    string // non-empty: a known gap, skipped
}

const flPath = "/api/v2/rpc/record/getFormList"

func rawRows() []rawRow {
	auth := "Authorization: Bearer rtq-demo-read\r\n"
	post := "POST " + flPath + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
	return []rawRow{
		{name: "HTTP/1.0", req: "POST " + flPath + " HTTP/1.0\r\n" + auth + "Content-Length: 2\r\n\r\n{}", status: 200, code: 0},
		{name: "absolute URI", req: "POST http://localhost" + flPath + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + auth + "Content-Length: 2\r\n\r\n{}", status: 200, code: 0},
		{name: "query string ignored", req: "POST " + flPath + "?page=99 HTTP/1.1\r\nHost: 127.0.0.1\r\n" + auth + "Content-Length: 2\r\n\r\n{}", status: 200, code: 0},
		{name: "two Authorization headers", req: post + auth + auth + "Content-Length: 2\r\n\r\n{}", status: 401, code: 401},
		{name: "lower-case bearer", req: post + "authorization: bearer rtq-demo-read\r\nContent-Length: 2\r\n\r\n{}", status: 200, code: 0},
		{name: "Content-Encoding gzip on a plain body", req: post + auth + "Content-Encoding: gzip\r\nContent-Length: 2\r\n\r\n{}", status: 200, code: 0},
		{name: "chunked body", req: post + auth + "Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n", status: 200, code: 0},
		{name: "path in other case", req: "POST /api/v2/rpc/record/getformlist HTTP/1.1\r\nHost: 127.0.0.1\r\n" + auth + "Content-Length: 2\r\n\r\n{}", status: 404, code: 404},
		{name: "NUL in path", req: "POST " + flPath + "%00 HTTP/1.1\r\nHost: 127.0.0.1\r\n" + auth + "Content-Length: 2\r\n\r\n{}", status: 404, code: 404},
		{name: "double slash", req: "POST /" + flPath + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + auth + "Content-Length: 2\r\n\r\n{}", status: 404, code: 404},
		{name: "Expect 100-continue too large", req: post + auth + "Expect: 100-continue\r\nContent-Length: 9999999\r\n\r\n", status: 413, code: 413},
		// Answered by net/http before any handler; the mock's connection
		// layer (mockserver/conn.go) turns them into JSON.
		{name: "header over 64 KiB", req: post + "X-Big: " + strings.Repeat("a", 70000) + "\r\nContent-Length: 2\r\n\r\n{}", status: 431, code: 431, detail: "64 KiB"},
		{name: "garbage request line", req: "GARBAGE\r\n\r\n", status: 400, code: 400, detail: "HTTP/1.1"},
		{name: "Content-Length not a number", req: post + "Content-Length: abc\r\n\r\n{}", status: 400, code: 400, detail: "Content-Length"},
		{name: "two different Content-Lengths", req: post + "Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}", status: 400, code: 400, detail: "Content-Length"},
		{name: "missing Host on HTTP/1.1", req: "POST " + flPath + " HTTP/1.1\r\n" + auth + "Content-Length: 2\r\n\r\n{}", status: 400, code: 400, detail: "Host"},
		{name: "invalid header name", req: post + "Bad Header: x\r\nContent-Length: 2\r\n\r\n{}", status: 400, code: 400, detail: "header"},
		{name: "unknown Transfer-Encoding", req: post + "Transfer-Encoding: gzip\r\n\r\n{}", status: 400, code: 400, detail: "Transfer-Encoding"},
		{name: "Expect other than 100-continue", req: post + auth + "Expect: something\r\nContent-Length: 2\r\n\r\n{}", status: 417, code: 417, detail: "Expect"},
		{name: "HTTP/2.0 request line", req: "POST " + flPath + " HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n", status: 400, code: 400, detail: "HTTP version"},
	}
}

func TestReliabilityRawTransport(t *testing.T) {
	m := mocktest.Start(t, mocktest.Default(t), mockserver.Options{})
	addr := strings.TrimPrefix(m.URL, "http://")
	for _, row := range rawRows() {
		t.Run(row.name, func(t *testing.T) {
			if row.gap != "" {
				t.Skip("GAP: " + row.gap)
			}
			resp := rawExchange(t, addr, row.req)
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != row.status {
				t.Errorf("HTTP %d, want %d: %.200s", resp.StatusCode, row.status, body)
			}
			if ct := resp.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
				t.Errorf("Content-Type %q: %.200s", ct, body)
			}
			obj := mocktest.Object(t, body)
			if got := mocktest.Num(obj, "code"); got != row.code {
				t.Errorf("code %d, want %d: %.200s", got, row.code, body)
			}
			if d, _ := obj["message_detail"].(string); !strings.Contains(d, row.detail) {
				t.Errorf("message_detail %q does not name %q", d, row.detail)
			}
		})
	}
}

// rawExchange writes req on a fresh connection (adding Connection: close)
// and reads one answer.
func rawExchange(t *testing.T, addr, req string) *http.Response {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	_ = c.SetDeadline(time.Now().Add(20 * time.Second))
	head, body, _ := strings.Cut(req, "\r\n\r\n")
	if _, err := io.WriteString(c, head+"\r\nConnection: close\r\n\r\n"+body); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("read answer: %v", err)
	}
	return resp
}
