package mockserver

import (
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/handlers"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// TestCloseLetsARequestInFlightFinish holds a request inside its handler,
// closes the server, waits until the listener is gone, then lets the
// handler finish: the request is answered in full and Close returns nil.
func TestCloseLetsARequestInFlightFinish(t *testing.T) {
	s, err := New(testscenario.Build(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	entered, release := make(chan struct{}), make(chan struct{})
	ep := contract.GetFormList
	s.mux.Handle("POST /api/v2/rpc/test/slow", &route{ep: &ep, run: s.apiChain(func(c *chain.Call) ([]byte, error) {
		close(entered)
		<-release
		return handlers.GetFormList(c)
	})})
	if err := s.Start("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	addr := strings.TrimPrefix(s.URL(), "http://")
	answered := make(chan answer, 1)
	go func() {
		req, _ := http.NewRequest(http.MethodPost, s.URL()+"/api/v2/rpc/test/slow", strings.NewReader("{}"))
		req.Header.Set("Authorization", "Bearer "+readKey)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Errorf("request in flight failed: %v", err)
			close(answered)
			return
		}
		defer resp.Body.Close()
		answered <- checkAnswer(t, ep.Path(), resp.StatusCode, resp.Header, readAll(t, resp))
	}()
	<-entered
	closed := make(chan error, 1)
	go func() { closed <- s.Close() }()
	for deadline := time.Now().Add(5 * time.Second); ; { // until the listener is gone
		c, err := net.Dial("tcp", addr)
		if err != nil {
			break
		}
		c.Close()
		if time.Now().After(deadline) {
			t.Fatal("the listener is still open after Close")
		}
	}
	close(release)
	if a, ok := <-answered; ok {
		wantOK(t, a)
	}
	if err := <-closed; err != nil {
		t.Errorf("Close: %v", err)
	}
}
