package handlers

import (
	"encoding/json"
	"io"
	"net/http/httptest"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// newCall is a call of ep with body and the Authorization header auth
// ("" for none), served by a fresh state of the test scenario.
func newCall(t *testing.T, ep *contract.Endpoint, body io.Reader, auth string) (*chain.Call, *httptest.ResponseRecorder) {
	t.Helper()
	st, err := state.New(testscenario.Build(), 0)
	if err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	r := httptest.NewRequest("POST", ep.Path(), body)
	if auth != "" {
		r.Header.Set("Authorization", auth)
	}
	c := chain.Get(w, r, st, nil)
	t.Cleanup(func() { chain.Put(c) })
	c.Ep = ep
	return c, w
}

// answer is the body of an answer as its members.
type answer struct {
	Code      int    `json:"code"`
	ErrorCode int    `json:"error_code"`
	Detail    string `json:"message_detail"`
}

func decode(t *testing.T, w *httptest.ResponseRecorder) answer {
	t.Helper()
	var a answer
	if err := json.Unmarshal(w.Body.Bytes(), &a); err != nil {
		t.Fatalf("answer %d is no JSON: %q", w.Code, w.Body)
	}
	return a
}
