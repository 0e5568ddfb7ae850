package chain

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// newCall is a call of POST path with body, served by a fresh state of
// the test scenario, its logged lines kept in logged.
func newCall(t *testing.T, ep *contract.Endpoint, body string) (c *Call, w *httptest.ResponseRecorder, logged *[]string) {
	t.Helper()
	st, err := state.New(testscenario.Build(), 0)
	if err != nil {
		t.Fatal(err)
	}
	w = httptest.NewRecorder()
	r := httptest.NewRequest("POST", "/api/v2/rpc/x", strings.NewReader(body))
	logged = new([]string)
	c = Get(w, r, st, func(f string, a ...any) { *logged = append(*logged, fmt.Sprintf(f, a...)) })
	t.Cleanup(func() { Put(c) })
	c.Ep, c.Body = ep, []byte(body)
	return c, w, logged
}

func TestWriteSetsTheHeadersAndJournalsOnceBeforeTheBody(t *testing.T) {
	c, w, _ := newCall(t, &contract.GetRecord, "")
	journaled := 0
	c.Journal = func(c *Call) {
		journaled++
		if w.Body.Len() != 0 {
			t.Error("journaled after the body was written")
		}
	}
	c.Write(200, 0, []byte(`{"code":0}`))
	c.Write(500, 1, []byte(`{"second":true}`))
	c.Record()
	if journaled != 1 {
		t.Errorf("journaled %d times, want once", journaled)
	}
	h := w.Result().Header
	if w.Code != 200 || w.Body.String() != `{"code":0}` || c.Status != 200 || c.Bytes != 10 {
		t.Errorf("answer %d %q (call %d, %d bytes): the second Write was not ignored", w.Code, w.Body, c.Status, c.Bytes)
	}
	if h.Get("Content-Type") != "application/json; charset=utf-8" || h.Get("Content-Length") != "10" || h.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("headers %v", h)
	}
}

func TestPutForgetsTheRequest(t *testing.T) {
	c := Get(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil), nil, nil)
	c.Key, c.Body, c.Status = nil, []byte("secret body"), 200
	c.Buf.WriteString("secret body")
	Put(c)
	if c.W != nil || c.R != nil || c.Body != nil || c.Status != 0 || c.Buf.Len() != 0 || len(c.Out) != 0 {
		t.Error("a pooled call keeps its last request")
	}
}

func TestWrapRunsTheFirstMiddlewareOutermost(t *testing.T) {
	var order []string
	mw := func(name string) Middleware {
		return func(next Step) Step {
			return func(c *Call) { order = append(order, name); next(c) }
		}
	}
	Wrap(func(*Call) { order = append(order, "h") }, mw("a"), mw("b"))(nil)
	if strings.Join(order, ",") != "a,b,h" {
		t.Errorf("order %v", order)
	}
}
