package handlers

import (
	"io"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
)

// BodyLimit reads the body, at most contract.MaxBodyBytes of it (plus one
// byte, to tell "exactly the limit" from "over it"). A larger body,
// declared or chunked (counted while reading), gets 413, is not read
// further, and its connection is closed after the answer. A LimitedReader
// in the pooled call does what http.MaxBytesReader did without its
// allocation; the Connection: close of tooLarge replaces its closing.
func BodyLimit(next chain.Step) chain.Step {
	return func(c *chain.Call) {
		if c.R.ContentLength > contract.MaxBodyBytes {
			tooLarge(c)
			return
		}
		c.Buf.Reset()
		c.Lim = io.LimitedReader{R: c.R.Body, N: contract.MaxBodyBytes + 1}
		_, err := c.Buf.ReadFrom(&c.Lim)
		c.Lim.R = nil
		if err != nil {
			c.Error(errReadBody)
			return
		}
		if c.Buf.Len() > contract.MaxBodyBytes {
			tooLarge(c)
			return
		}
		c.Body = c.Buf.Bytes()
		next(c)
	}
}

func tooLarge(c *chain.Call) {
	c.W.Header()["Connection"] = connClose
	c.Error(fail.TooLarge)
}

var connClose = []string{"close"}

var errReadBody = fail.Param("the request body could not be read to its end")
