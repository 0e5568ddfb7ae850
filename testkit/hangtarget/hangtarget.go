// Package hangtarget is a stand-in for a service that answers the
// runner's first request (its probe) and then holds every later request
// open until the client goes: what a run meets when it is interrupted by
// a signal or cut by --deadline while requests are in flight. The runner's
// tests and the rtq command's tests both start it; it imports neither the
// mock nor the runner, so either may use it.
package hangtarget

import (
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// Start serves the target on 127.0.0.1 until the test ends. It returns its
// URL and a channel closed when the first held request arrives: once that
// is closed, the run is under way and has a request in flight.
func Start(t testing.TB) (url string, started <-chan struct{}) {
	t.Helper()
	h := &hanging{started: make(chan struct{})}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL, h.started
}

// hanging counts requests: the first is the probe, the second closes
// started.
type hanging struct {
	mu      sync.Mutex
	n       int
	started chan struct{}
}

func (h *hanging) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_, _ = io.Copy(io.Discard, r.Body) // read it all, so the server notices a client that goes
	h.mu.Lock()
	h.n++
	first, hang := h.n == 2, h.n > 1
	h.mu.Unlock()
	if !hang {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"code":0,"message":"","data":{}}`)
		return
	}
	if first {
		close(h.started)
	}
	<-r.Context().Done()
}
