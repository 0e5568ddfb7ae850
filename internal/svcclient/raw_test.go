package svcclient

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestSendRawWritesTheProtocolItNames: a request written by hand goes
// in the version it names, with its headers, body and key, is counted
// like every call, and its answer is read whole (an HTTP/1.0 answer
// ends with its connection) and scrubbed.
func TestSendRawWritesTheProtocolItNames(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"proto":"`+r.Proto+`","upgrade":"`+r.Header.Get("Upgrade")+`","auth":"`+r.Header.Get("Authorization")+`","body":`+string(body)+`}`)
	}))
	t.Cleanup(srv.Close)
	c := New(Config{BaseURL: srv.URL, Timeout: 5 * time.Second, Secrets: []string{"secret-read-key"}})
	for _, proto := range []string{"HTTP/1.0", "HTTP/1.1"} {
		h := http.Header{"Upgrade": {"h2c"}, "Connection": {"Upgrade, HTTP2-Settings"}}
		a, err := c.SendRaw(context.Background(), "secret-read-key", Raw{Method: http.MethodPost, Path: "/api/v2/rpc/templates/list", Proto: proto, Header: h, Body: []byte(`{"a":1}`)})
		if err != nil {
			t.Fatal(err)
		}
		got := string(a.Body)
		if a.Status != http.StatusOK || !strings.Contains(got, `"proto":"`+proto+`"`) || !strings.Contains(got, `"upgrade":"h2c"`) ||
			!strings.Contains(got, `"body":{"a":1}`) || strings.Contains(got, "secret-read-key") || !strings.Contains(got, "Bearer") {
			t.Errorf("%s: HTTP %d %s", proto, a.Status, got)
		}
	}
	if c.Calls() != 2 {
		t.Errorf("%d calls counted; want 2", c.Calls())
	}
}

// TestSendRawReturnsASwitchAlone: a server that takes an upgrade answers
// 101 and speaks another protocol; the answer is its status and headers.
func TestSendRawReturnsASwitchAlone(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, buf, err := w.(http.Hijacker).Hijack()
		if err != nil {
			return
		}
		defer conn.Close()
		_, _ = buf.WriteString("HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n\x00\x00\x00\x04\x00\x00\x00\x00\x00")
		_ = buf.Flush()
		_, _ = bufio.NewReader(conn).ReadByte() // until the client hangs up
	}))
	t.Cleanup(srv.Close)
	c := New(Config{BaseURL: srv.URL, Timeout: 5 * time.Second})
	a, err := c.SendRaw(context.Background(), "", Raw{Method: http.MethodPost, Path: "/x", Proto: "HTTP/1.1", Body: []byte(`{}`)})
	if err != nil || a.Status != http.StatusSwitchingProtocols || a.Header.Get("Upgrade") != "h2c" {
		t.Fatalf("HTTP %d, Upgrade %q, err %v; want the 101 alone", a.Status, a.Header.Get("Upgrade"), err)
	}
}

// TestSendRawSkipsInterimAnswers: a request written by hand reads past
// the interim answers before its final one (103 Early Hints, which a CDN
// sends ahead of every answer), and fails, not loops, on a target that
// sends more of them than a client takes.
func TestSendRawSkipsInterimAnswers(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := 2
		if r.URL.Path == "/many" {
			n = maxInterim + 1
		}
		w.Header().Set("Link", "</app.css>; rel=preload")
		for range n {
			w.WriteHeader(http.StatusEarlyHints)
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"code":0}`)
	}))
	t.Cleanup(srv.Close)
	c := New(Config{BaseURL: srv.URL, Timeout: 5 * time.Second})
	for _, proto := range []string{"HTTP/1.0", "HTTP/1.1"} {
		a, err := c.SendRaw(context.Background(), "", Raw{Method: http.MethodPost, Path: "/few", Proto: proto, Body: []byte(`{}`)})
		if err != nil || a.Status != http.StatusOK || string(a.Body) != `{"code":0}` {
			t.Errorf("%s: HTTP %d %q, %v: want the final 200 and its body", proto, a.Status, a.Body, err)
		}
	}
	if _, err := c.SendRaw(context.Background(), "", Raw{Method: http.MethodPost, Path: "/many", Proto: "HTTP/1.1", Body: []byte(`{}`)}); err == nil || !strings.Contains(err.Error(), "interim") {
		t.Errorf("%d interim answers: %v, want an error naming them", maxInterim+1, err)
	}
}
