package mockserver

import (
	"net/http"
	"runtime/debug"
	"time"

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
// Write), or after the call when nothing was written. Once the call is
// answered it counts it in the consumer coverage (coverage.go).
func (s *Server) journalMW(next chain.Step) chain.Step {
	record, entry := s.journalCall, s.journalEntry // one method value each for every call: no allocation per request
	return func(c *chain.Call) {
		c.Journal, c.Entry = record, entry
		next(c)
		c.Record()
		s.cover(c)
	}
}

// journalCall records an answered call outside /__admin in the journal of
// its namespace (or the root's), under the path its own mock would see.
func (s *Server) journalCall(c *chain.Call) {
	if log, x, ok := s.journalEntry(c, c.Status, c.Code, c.Elapsed()); ok {
		log.Add(x)
	}
}

// journalEntry is the entry of a call outside /__admin answered with
// status and code after dur, and the journal it goes to: journalCall
// adds it once the call is answered, a store may write it with the read
// the answer comes from (chain.Call.SuccessEntry).
func (s *Server) journalEntry(c *chain.Call, status, code int, dur time.Duration) (journal.Log, journal.Exchange, bool) {
	if c.Admin {
		return nil, journal.Exchange{}, false
	}
	p := c.R.URL.Path // under a namespace, the path its own mock sees (/s/{name} off): Record runs while routing it
	var key string
	if c.Key != nil {
		key = c.Key.Name
	}
	at := c.Start
	if s.opts.RequestTiming {
		if t := chain.TimingOf(c.R.Context()); t != nil {
			at, dur = t.Journal(at, dur)
		}
	}
	return s.journalOf(c), journal.Exchange{At: at, Method: c.R.Method, Path: p, Key: key,
		Status: status, Code: code, Dur: dur, Body: c.Body}, true
}
