package mockserver_test

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

// rawConn is one TCP connection to the mock, read as HTTP answers.
type rawConn struct {
	net.Conn
	rd *bufio.Reader
}

func dialRaw(t *testing.T, url string) *rawConn {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	_ = c.SetDeadline(time.Now().Add(20 * time.Second))
	return &rawConn{Conn: c, rd: bufio.NewReader(c)}
}

// next reads one answer, its body whole.
func (c *rawConn) next(t *testing.T) (*http.Response, string) {
	t.Helper()
	resp, err := http.ReadResponse(c.rd, nil)
	if err != nil {
		t.Fatalf("read answer: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(body)
}

// closed reports whether the mock closed the connection with nothing more
// to read.
func (c *rawConn) closed() bool {
	_, err := c.rd.ReadByte()
	return err == io.EOF
}

// A request with both Content-Length and Transfer-Encoding: chunked is
// the shape of request smuggling: a front end that reads the length and
// this mock, which reads the chunks, disagree on where the next request
// starts. RFC 9112 §6.3: the connection is closed after it, so the bytes
// after the chunked body (here a hidden DELETE /__admin/requests, which
// used to run and empty the journal) never run as a request.
func TestChunkedRequestWithContentLengthClosesTheConnection(t *testing.T) {
	m := mocktest.Start(t, mocktest.Default(t), mockserver.Options{})
	hidden := "DELETE /__admin/requests HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n"
	for _, path := range []string{"/api/v2/rpc/record/getFormList", "/__admin/health", "/no/such/path"} {
		c := dialRaw(t, m.URL)
		req := "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer rtq-demo-read\r\n" +
			"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n" + hidden
		if _, err := io.WriteString(c, req); err != nil {
			t.Fatal(err)
		}
		resp, body := c.next(t)
		if !resp.Close {
			t.Errorf("%s: the answer (HTTP %d %.100s) keeps the connection open", path, resp.StatusCode, body)
		}
		if !c.closed() {
			t.Errorf("%s: the connection stayed open after the chunked request: the hidden request could run", path)
		}
	}
	if n := len(m.Server.Requests(mockserver.RequestFilter{})); n != 2 {
		t.Errorf("the journal holds %d requests, want the 2 non-admin ones: the hidden DELETE ran", n)
	}
	// A plain keep-alive client is not affected.
	c := dialRaw(t, m.URL)
	for range 2 {
		io.WriteString(c, "GET /__admin/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
		if resp, _ := c.next(t); resp.StatusCode != 200 || resp.Close {
			t.Fatalf("keep-alive: HTTP %d, close %v", resp.StatusCode, resp.Close)
		}
	}
}

// POST /__admin/scenario declaring more than the upload bound is refused
// at once: with Expect: 100-continue the client gets 413, not an
// invitation to send 100 MB (100 Continue), and the connection closes.
func TestOversizeScenarioUploadIsNotInvitedIn(t *testing.T) {
	m := mocktest.Start(t, mocktest.Default(t), mockserver.Options{})
	for _, path := range []string{"/__admin/scenario", "/__admin/faults"} {
		c := dialRaw(t, m.URL)
		io.WriteString(c, "POST "+path+" HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\nContent-Length: 104857600\r\n\r\n")
		resp, body := c.next(t)
		if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(body, "MiB") {
			t.Errorf("%s: HTTP %d %.200s, want 413 at once naming the bound", path, resp.StatusCode, body)
		}
		if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
			t.Errorf("%s: Content-Type %q", path, ct)
		}
		if !resp.Close || !c.closed() {
			t.Errorf("%s: the connection stays open with the body unread", path)
		}
	}
}

// The fault rules in force are bounded (Options.MaxFaultRules, rtq mock
// --max-fault-rules): a POST past the bound adds nothing and is refused
// in the admin API's shape, naming the bound, the flag and the way to
// make room.
func TestFaultRulesPastTheBoundAreRefused(t *testing.T) {
	m := mocktest.Start(t, mocktest.Default(t), mockserver.Options{MaxFaultRules: 3})
	post := func(body string) mocktest.Answer {
		return mocktest.Do(t, http.MethodPost, m.URL+"/__admin/faults", nil, strings.NewReader(body))
	}
	if a := post(`[{"delay_ms":1},{"delay_ms":2}]`); a.Status != 200 {
		t.Fatalf("within the bound: %d %s", a.Status, a.Body)
	}
	a := post(`[{"delay_ms":3},{"delay_ms":4}]`)
	obj := mocktest.Object(t, a.Body)
	msg, _ := obj["error"].(string)
	if a.Status != 400 || !strings.Contains(msg, "more than the 3") || !strings.Contains(msg, "--max-fault-rules") || !strings.Contains(msg, "DELETE /__admin/faults") {
		t.Fatalf("past the bound: %d %s", a.Status, a.Body)
	}
	list := mocktest.Do(t, http.MethodGet, m.URL+"/__admin/faults", nil, nil)
	if n := strings.Count(string(list.Body), `"id"`); n != 2 {
		t.Errorf("%d rules in force after a refused POST, want 2: %s", n, list.Body)
	}
}
