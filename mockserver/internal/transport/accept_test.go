package transport

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestBeyondTheCapAConnectionGetsA503AndIsClosed: the connection over
// --max-conns is answered at once, in the generic error shape, naming the
// cap and the flag, with Retry-After, and closed.
func TestBeyondTheCapAConnectionGetsA503AndIsClosed(t *testing.T) {
	s1, c1 := net.Pipe()
	s2, c2 := net.Pipe()
	defer c1.Close()
	defer c2.Close()
	conns := make(chan net.Conn, 2)
	conns <- s1
	conns <- s2
	close(conns)
	watch := NewWatchdog(time.Minute, time.Minute, time.Minute)
	defer watch.Stop()
	l := NewListener(pipeListener{conns}, watch, 1)
	defer l.Close()
	first, err := l.Accept()
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	// The client is ready before the refusal starts: the refusal has
	// only refuseLimit to read the request and write its answer.
	answered := make(chan []byte)
	go func() {
		_, _ = io.WriteString(c2, "GET /__admin/health HTTP/1.1\r\nHost: x\r\n\r\n")
		b, _ := io.ReadAll(c2) // to the end: the refusal closes the connection
		answered <- b
	}()
	if _, err := l.Accept(); err != net.ErrClosed {
		t.Fatalf("the second Accept: %v, want the listener's end (the connection refused)", err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(<-answered)), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body struct {
		Code      int    `json:"code"`
		ErrorCode *int   `json:"error_code"`
		Detail    string `json:"message_detail"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != 503 || resp.Header.Get("Retry-After") != "1" || !resp.Close ||
		resp.Header.Get("Content-Type") != "application/json; charset=utf-8" || body.Code != 503 || body.ErrorCode == nil {
		t.Errorf("refusal: %d %v %+v", resp.StatusCode, resp.Header, body)
	}
	if !strings.Contains(body.Detail, "at most 1 connections at once (--max-conns)") {
		t.Errorf("the refusal does not name the cap and its flag: %q", body.Detail)
	}
}
