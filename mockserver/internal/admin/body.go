package admin

import (
	"fmt"
	"io"
	"net/http"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
)

// readBody reads an admin call's body of at most max bytes, what naming
// it in the error ("the scenario"). A body declared larger is refused at
// once, before a byte of it is read: net/http sends "100 Continue" to a
// client that asks (Expect: 100-continue) only when the body is first
// read, so the client is not invited to send what will be refused, and
// the connection is closed rather than drained. A body that turns out
// larger (chunked) is refused once the bound is passed. false: answered.
func readBody(c *chain.Call, max int64, what string) ([]byte, bool) {
	tooLarge := func(detail string) ([]byte, bool) {
		c.W.Header()["Connection"] = connClose
		chain.AdminError(c, contract.AdminTooLarge, fmt.Sprintf("%s must be at most %d MiB: %s", what, max>>20, detail))
		return nil, false
	}
	if c.R.ContentLength > max {
		return tooLarge(fmt.Sprintf("Content-Length is %d", c.R.ContentLength))
	}
	data, err := io.ReadAll(http.MaxBytesReader(c.W, c.R.Body, max))
	if err != nil {
		return tooLarge(err.Error())
	}
	return data, true
}

var connClose = []string{"close"}
