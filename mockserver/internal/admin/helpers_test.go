package admin

import (
	"encoding/json"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/fault"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// request is one admin call to serve: its body and the Content-Length
// it declares (-1: chunked; 0 with a body: its length).
type request struct {
	method, path, auth string
	body               io.Reader
	length             int64
}

// serve runs step over req with a fresh state of the test scenario.
func serve(t *testing.T, step chain.Step, req request) *httptest.ResponseRecorder {
	t.Helper()
	st, err := state.New(testscenario.Build(), 0)
	if err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	r := httptest.NewRequest(req.method, req.path, req.body)
	if req.length != 0 {
		r.ContentLength = req.length
	}
	if req.auth != "" {
		r.Header.Set("Authorization", req.auth)
	}
	c := chain.Get(w, r, st, nil)
	c.Admin = true
	defer chain.Put(c)
	step(c)
	return w
}

// route is the step of the admin call pattern ("POST /__admin/faults").
func route(t *testing.T, api *API, pattern string) chain.Step {
	t.Helper()
	for _, r := range api.Routes() {
		if r.Pattern == pattern {
			return r.Run
		}
	}
	t.Fatalf("no admin route %q", pattern)
	return nil
}

// adminError is the message of an admin error answer, {"error": msg},
// or a test failure when the body has another shape.
func adminError(t *testing.T, w *httptest.ResponseRecorder) string {
	t.Helper()
	var body map[string]any
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
		t.Fatalf("%d %q is no JSON", w.Code, w.Body)
	}
	msg, ok := body["error"].(string)
	if !ok || (len(body) != 1 && body["problems"] == nil) {
		t.Fatalf("%d %s is not the admin error shape", w.Code, w.Body)
	}
	return msg
}

// unread fails the test when the body is read at all.
type unread struct{ t *testing.T }

func (u unread) Read([]byte) (int, error) {
	u.t.Error("a body declared over the limit was read")
	return 0, io.EOF
}

func post(path, body string) request {
	return request{method: "POST", path: path, body: strings.NewReader(body)}
}

// setRules is one process's fault.Set as the Rules a space holds.
type setRules struct{ *fault.Set }

func (s setRules) List() ([]fault.Status, error)  { return s.Set.List(), nil }
func (s setRules) Remove(id string) (bool, error) { return s.Set.Remove(id), nil }
func (s setRules) Clear() error                   { s.Set.Clear(); return nil }
func (s setRules) Reset() error                   { s.Set.Reset(); return nil }
