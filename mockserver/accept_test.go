package mockserver

import (
	"bufio"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// rawHealth sends GET /__admin/health on a new connection, reads the
// answer (failing the test past a bounded deadline: a refusal must come
// at once, not after a time-out) and returns it with the connection, left
// open.
func rawHealth(t *testing.T, url string) (*http.Response, net.Conn) {
	t.Helper()
	nc, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { nc.Close() })
	_ = nc.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := nc.Write([]byte("GET /__admin/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(nc), nil)
	if err != nil {
		t.Fatalf("no answer on a new connection: %v", err)
	}
	var body map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatalf("answer %d is not JSON: %v", resp.StatusCode, err)
	}
	resp.Body.Close()
	if resp.StatusCode == 503 && !strings.Contains(body["message_detail"].(string), "--max-conns") {
		t.Errorf("the refusal does not say which limit: %v", body)
	}
	return resp, nc
}

func TestConnectionsBeyondTheCapAreRefusedAtOnce(t *testing.T) {
	m := startMock(t, nil, Options{MaxConns: 2})
	var open []net.Conn
	for i := 0; i < 2; i++ {
		resp, nc := rawHealth(t, m.URL())
		if resp.StatusCode != 200 {
			t.Fatalf("connection %d under the cap: %d", i+1, resp.StatusCode)
		}
		open = append(open, nc)
	}
	resp, _ := rawHealth(t, m.URL())
	if resp.StatusCode != 503 || resp.Header.Get("Retry-After") == "" || !resp.Close {
		t.Fatalf("beyond the cap: %d %v close=%v, want 503 with Retry-After, closed", resp.StatusCode, resp.Header, resp.Close)
	}
	open[0].Close() // a place frees up: the next client is served
	deadline := time.Now().Add(5 * time.Second)
	for {
		resp, nc := rawHealth(t, m.URL())
		nc.Close()
		if resp.StatusCode == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a closed connection never freed its place under the cap")
		}
	}
}
