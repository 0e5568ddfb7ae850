// Package faults is the mock's fault injection (docs/mock.md, "Faults"):
// the rules in force, the chain step that applies the first one that hits
// (faults.go: an error, a dropped connection), and the waits it makes
// (delay.go: a delay before the answer, a body cut or slowed).
package faults

import (
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/rtq-kit/rtq/fault"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/mockserver/internal/jsonw"
	"github.com/rtq-kit/rtq/mockserver/internal/namespace"
	"github.com/rtq-kit/rtq/mockserver/internal/wire"
)

// Faults is the fault injection of the mock (docs/mock.md, "Faults"): the
// rules in force and a channel closed at shutdown, so that no delay holds
// a shutdown up.
type Faults struct {
	Set      namespace.Rules
	stopping chan struct{}
	stopOnce sync.Once
}

// New is the fault injection of the rules in set, the root's; a
// namespace's call meets its namespace's (Of).
func New(set namespace.Rules) *Faults { return &Faults{Set: set, stopping: make(chan struct{})} }

// Stop ends every wait at once, at shutdown.
func (f *Faults) Stop() { f.stopOnce.Do(func() { close(f.stopping) }) }

// Inject is step 10 of the chain: with no rule in force (the common case)
// it is one atomic load; otherwise the first rule that matches and hits
// delays, fails, drops or slows the answer.
func (s *Faults) Inject(next chain.Step) chain.Step {
	return func(c *chain.Call) {
		if s.Of(c).Empty() {
			next(c)
			return
		}
		s.applyFault(c, next)
	}
}

func (s *Faults) applyFault(c *chain.Call, next chain.Step) {
	req := &c.FaultReq
	*req = fault.Request{Endpoint: c.Ep.Name, Body: c.Body, Fill: faultMembers, Records: c.St}
	if c.Key != nil {
		req.Key = c.Key.Name
	}
	a := s.Of(c).Match(req)
	if a == nil {
		next(c)
		return
	}
	if a.Body != fault.BodyDribble && !s.faultWait(c.R.Context(), a.Delay) {
		return // the client left: nobody to answer
	}
	switch {
	case a.Drop:
		dropConn(c)
		return
	case a.Body != "":
		c.W = &faultWriter{ResponseWriter: c.W, s: s, ctx: c.R.Context(), body: a.Body, spread: a.Delay}
	}
	if a.Error != nil {
		s.writeFaultError(c, a)
		return
	}
	next(c)
}

// faultMembers reads the body members rules can match on, once, when a
// rule that names one is reached.
func faultMembers(r *fault.Request) {
	_ = jsonw.Members(r.Body, func(name, raw []byte) {
		switch string(name) {
		case "record_id":
			r.RecordID, _ = jsonw.Int(raw)
		case "record_url":
			r.RecordURL, _ = jsonw.String(raw)
		case "certificate_code":
			r.CertificateCode, _ = jsonw.String(raw)
		}
	})
}

// writeFaultError answers the rule's error in the endpoint's shape.
func (s *Faults) writeFaultError(c *chain.Call, a *fault.Action) {
	fe := a.Error
	code := fe.Code
	if code == 0 {
		code = fe.HTTPStatus
	}
	e := fail.Injected(code, fe.ErrorCode, fe.Message, "injected by fault rule "+a.RuleID, fe.HTTPStatus)
	c.Seen.ErrorCode = e.ErrorCode
	retry := fe.RetryAfter
	if retry == 0 && e.Code == 429 {
		retry = 1
	}
	if retry > 0 {
		c.W.Header()["Retry-After"] = []string{strconv.Itoa(retry)}
	}
	c.Write(wire.Status(c.St.ErrorRules(), e), e.Code, wire.AppendError(c.Out[:0], c.Ep.Shape, e))
}

// dropConn closes the connection without an answer, recorded in the
// journal first. The journal and the log show status 0.
func dropConn(c *chain.Call) {
	c.Wrote = true
	c.Dur = time.Since(c.Start)
	c.Record() // before the client sees the connection end
	conn, _, err := http.NewResponseController(c.W).Hijack()
	if err != nil {
		panic(http.ErrAbortHandler) // net/http closes the connection
	}
	_ = conn.Close()
}

// Of is the fault set a call meets: its namespace's or the root's.
func (s *Faults) Of(c *chain.Call) namespace.Rules {
	if c.NS != nil {
		return c.NS.Faults
	}
	return s.Set
}
