package transport

import (
	"net/http/httptest"
	"testing"

	"github.com/rtq-kit/rtq/mockserver/internal/chain"
)

func TestAChunkedRequestClosesItsConnection(t *testing.T) {
	for _, te := range [][]string{nil, {"chunked"}} {
		w := httptest.NewRecorder()
		r := httptest.NewRequest("POST", "/", nil)
		r.TransferEncoding = te
		c := chain.Get(w, r, nil, nil)
		reached := false
		CloseAfterChunked(func(*chain.Call) { reached = true })(c)
		chain.Put(c)
		if closes := w.Header().Get("Connection") == "close"; !reached || closes != (te != nil) {
			t.Errorf("Transfer-Encoding %v: reached %v, Connection %q", te, reached, w.Header().Get("Connection"))
		}
	}
}
