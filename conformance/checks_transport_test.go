package conformance

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// TestEveryMethodOnEveryRun: transport.method sends every method but
// POST and reaches every operation on every run, with one request more
// than the operations at most.
func TestEveryMethodOnEveryRun(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3, DefaultSeed} {
		eps, methods := methodSends(seed)
		if n := max(len(contract.Endpoints), len(otherMethods)); len(eps) != n {
			t.Errorf("seed %d: %d requests; want %d", seed, len(eps), n)
		}
		seenEp, seenM := map[string]bool{}, map[string]bool{}
		for i := range eps {
			seenEp[eps[i].Name], seenM[methods[i]] = true, true
		}
		if len(seenEp) != len(contract.Endpoints) || len(seenM) != len(otherMethods) {
			t.Errorf("seed %d: %d operations and %d methods reached; want %d and %d", seed, len(seenEp), len(seenM), len(contract.Endpoints), len(otherMethods))
		}
	}
}

// TestEveryProtocolFormOnEveryRun: transport.protocols writes every
// protocol form on every run, one request an operation.
func TestEveryProtocolFormOnEveryRun(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3, DefaultSeed} {
		eps, forms := protocolSends(seed)
		seenEp, seenF := map[string]bool{}, map[string]bool{}
		for i := range eps {
			seenEp[eps[i].Name], seenF[forms[i].what] = true, true
		}
		if len(eps) != max(len(contract.Endpoints), len(protocolForms)) || len(seenEp) != len(contract.Endpoints) || len(seenF) != len(protocolForms) {
			t.Errorf("seed %d: %d requests, %d operations, %d forms", seed, len(eps), len(seenEp), len(seenF))
		}
	}
}

// closingOnLargeBodies answers every request in JSON, but closes the
// connection without an answer on a body over the size limit: always,
// or (polite) only when the client did not ask Expect: 100-continue, as
// a target whose 413 the reset after an unread body threw away does.
func closingOnLargeBodies(polite bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > contract.MaxBodyBytes {
			if !polite || r.Header.Get("Expect") != "100-continue" {
				conn, _, err := w.(http.Hijacker).Hijack()
				if err == nil {
					conn.Close()
				}
				return
			}
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.Header().Set("Connection", "close")
			w.WriteHeader(http.StatusRequestEntityTooLarge)
			io.WriteString(w, `{"code":100413,"message":"the request body is too large","data":null}`)
			return
		}
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		io.WriteString(w, `{"code":0,"message":"ok","data":{"list":[],"next_page_token":null,"total":0}}`)
	}
}

// TestALostAnswerToALargeBodyIsAskedAgain: transport.bodyTooLarge asks
// again with Expect: 100-continue when the connection closed before an
// answer came, and judges that answer; a target that closes on that too
// fails, naming the lost answer.
func TestALostAnswerToALargeBodyIsAskedAgain(t *testing.T) {
	for _, polite := range []bool{true, false} {
		srv := httptest.NewServer(closingOnLargeBodies(polite))
		t.Cleanup(srv.Close)
		rep, err := Run(context.Background(), Options{BaseURL: srv.URL, ReadKey: "k", Only: []string{"transport.bodyTooLarge"}})
		if err != nil {
			t.Fatal(err)
		}
		f := find(rep, "transport.bodyTooLarge")
		if polite && f.Status != Pass {
			t.Errorf("a target that answers a body sent with Expect: 100-continue: %s (%s), want a pass", f.Status, f.Message)
		}
		if !polite && (f.Status != Fail || !strings.Contains(f.Message, "the connection was closed before the answer came")) {
			t.Errorf("a target that never answers a large body: %s (%s), want a failure naming the closed connection", f.Status, f.Message)
		}
	}
}
