package transport

import (
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// newGuard is a guard for cors (Options.CORSOrigin), its log kept.
func newGuard(t *testing.T, cors string) (*Guard, *[]string) {
	t.Helper()
	logged := new([]string)
	g, err := NewGuard(nil, cors, func(f string, a ...any) { *logged = append(*logged, fmt.Sprintf(f, a...)) })
	if err != nil {
		t.Fatal(err)
	}
	return g, logged
}

// guarded runs step over a request with headers (name, value pairs) and
// tells whether it reached the rest of the chain.
func guarded(t *testing.T, step chain.Middleware, method, path string, ep *contract.Endpoint, headers ...string) (*httptest.ResponseRecorder, bool) {
	t.Helper()
	st, err := state.New(testscenario.Build(), 0)
	if err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	r := httptest.NewRequest(method, path, nil)
	r.Host = "127.0.0.1:8080"
	for i := 0; i+1 < len(headers); i += 2 {
		r.Header.Set(headers[i], headers[i+1])
	}
	c := chain.Get(w, r, st, nil)
	defer chain.Put(c)
	c.Ep, c.Admin = ep, IsAdminPath(path)
	reached := false
	step(func(c *chain.Call) { reached = true; c.Write(200, 0, []byte(`{}`)) })(c)
	return w, reached
}
