package mockserver

import (
	"net/http"
	"runtime/debug"

	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/mockserver/internal/journal"
)

// recover turns a panic into a logged stack and a generic JSON error in the
// endpoint's shape, never an HTML page or a dropped connection.
func (s *Server) recover(next chain.Step) chain.Step {
	return func(c *chain.Call) {
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.logf("panic serving %s %s: %v\n%s", c.R.Method, c.R.URL.Path, v, debug.Stack())
			c.Error(fail.Internal)
			s.lg.Request(c)
			c.Record()
		}()
		next(c)
	}
}

// log writes one line per request after it is answered.
func (s *Server) log(next chain.Step) chain.Step {
	return func(c *chain.Call) {
		next(c)
		s.lg.Request(c)
	}
}

// journalMW records every request outside /__admin in the journal:
// before its answer's first byte is written (chain.Call.Record, from
// Write), or after the call when nothing was written.
func (s *Server) journalMW(next chain.Step) chain.Step {
	record := s.journalCall // one method value for every call: no allocation per request
	return func(c *chain.Call) {
		c.Journal = record
		next(c)
		c.Record()
	}
}

// journalCall records an answered call outside /__admin in the journal of
// its namespace (or the root's), under the path its own mock would see.
func (s *Server) journalCall(c *chain.Call) {
	if c.Admin {
		return
	}
	p := c.R.URL.Path // under a namespace, the path its own mock sees (/s/{name} off): Record runs while routing it
	var key string
	if c.Key != nil {
		key = c.Key.Name
	}
	at, dur := c.Start, c.Elapsed()
	if s.opts.RequestTiming {
		if t := chain.TimingOf(c.R.Context()); t != nil {
			at, dur = t.Journal(at, dur)
		}
	}
	s.journalOf(c).Add(journal.Exchange{At: at, Method: c.R.Method, Path: p, Key: key,
		Status: c.Status, Code: c.Code, Dur: dur, Body: c.Body})
}
