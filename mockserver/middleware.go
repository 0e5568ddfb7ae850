package mockserver

import (
	"io"
	"net/http"
	"runtime/debug"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/wire"
)

// recover turns a panic into a logged stack and a generic JSON error in the
// endpoint's shape, never an HTML page or a dropped connection.
func (s *Server) recover(next step) step {
	return func(c *call) {
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.logf("panic serving %s %s: %v\n%s", c.r.Method, c.r.URL.Path, v, debug.Stack())
			s.writeError(c, wire.Internal)
			s.logRequest(c)
			if !c.admin {
				s.journalOf(c).add(c)
			}
		}()
		next(c)
	}
}

// log writes one line per request after it is answered.
func (s *Server) log(next step) step {
	return func(c *call) {
		next(c)
		s.logRequest(c)
	}
}

// journalMW records every request outside /__admin in the journal.
func (s *Server) journalMW(next step) step {
	return func(c *call) {
		next(c)
		if !c.admin {
			s.journalOf(c).add(c)
		}
	}
}

// bodyLimit reads the body, at most contract.MaxBodyBytes of it (plus one
// byte, to tell "exactly the limit" from "over it"). A larger body,
// declared or chunked (counted while reading), gets 413, is not read
// further, and its connection is closed after the answer. A LimitedReader
// in the pooled call does what http.MaxBytesReader did without its
// allocation; the Connection: close of tooLarge replaces its closing.
func (s *Server) bodyLimit(next step) step {
	return func(c *call) {
		if c.r.ContentLength > contract.MaxBodyBytes {
			s.tooLarge(c)
			return
		}
		c.buf.Reset()
		c.lim = io.LimitedReader{R: c.r.Body, N: contract.MaxBodyBytes + 1}
		_, err := c.buf.ReadFrom(&c.lim)
		c.lim.R = nil
		if err != nil {
			s.writeError(c, errReadBody)
			return
		}
		if c.buf.Len() > contract.MaxBodyBytes {
			s.tooLarge(c)
			return
		}
		c.body = c.buf.Bytes()
		next(c)
	}
}

func (s *Server) tooLarge(c *call) {
	c.w.Header()["Connection"] = connClose
	s.writeError(c, wire.TooLarge)
}

var connClose = []string{"close"}

// auth resolves the API key (docs/contract.md §C2). The key's Name is what
// logs and the journal show from here on; its secret is never kept.
func (s *Server) auth(next step) step {
	return func(c *call) {
		secret, ok := bearer(c.r.Header["Authorization"])
		if !ok {
			s.writeError(c, wire.Unauthorized(`the Authorization header must be "Bearer <API key>"`))
			return
		}
		c.key = c.st.KeyBySecret(secret)
		switch {
		case c.key == nil:
			s.writeError(c, wire.Unauthorized("the API key is not known"))
		case c.ep.Write && !c.key.Write:
			s.writeError(c, wire.Forbidden(c.ep.Write, "this API key has no write permission"))
		case !c.ep.Write && !c.key.Read:
			s.writeError(c, wire.Forbidden(c.ep.Write, "this API key has no read permission"))
		default:
			next(c)
		}
	}
}

// bearer extracts the token of "Bearer <token>" (scheme case-insensitive).
func bearer(values []string) (string, bool) {
	if len(values) != 1 {
		return "", false
	}
	v := values[0]
	if len(v) < 8 || !strings.EqualFold(v[:7], "Bearer ") {
		return "", false
	}
	tok := strings.TrimSpace(v[7:])
	return tok, tok != ""
}

var errReadBody = wire.Param("the request body could not be read to its end")
