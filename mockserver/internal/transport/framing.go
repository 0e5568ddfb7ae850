package transport

import "github.com/rtq-kit/rtq/mockserver/internal/chain"

// CloseAfterChunked closes the connection after the answer to any request
// whose body came chunked. A request with both Content-Length and
// Transfer-Encoding: chunked is the shape of request smuggling: a front
// end that reads the length and this mock, which reads the chunks,
// disagree on where the next request starts, so bytes the front end took
// for body run here as a hidden request (a DELETE /__admin/requests
// emptied the journal). RFC 9112 §6.3 asks to close the connection after
// such a request. net/http has already removed the Content-Length by the
// time a handler runs, so every chunked request closes its connection:
// no client of the mock sends chunked bodies often enough to miss
// keep-alive, and nothing after a chunked body is read as a request.
func CloseAfterChunked(next chain.Step) chain.Step {
	return func(c *chain.Call) {
		if len(c.R.TransferEncoding) > 0 {
			c.W.Header()["Connection"] = connClose
		}
		next(c)
	}
}

var connClose = []string{"close"}
