package mockserver

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rtq-kit/rtq/fault"
	"github.com/rtq-kit/rtq/mockserver/internal/jsonw"
	"github.com/rtq-kit/rtq/mockserver/internal/wire"
	"github.com/rtq-kit/rtq/scenario"
)

// faults is the fault injection of the mock (docs/mock.md, "Faults"): the
// rules in force and a channel closed at shutdown, so that no delay holds
// a shutdown up.
type faults struct {
	set      *fault.Set
	stopping chan struct{}
	stopOnce sync.Once
}

// newFaults builds the set: the scenario's rules, then the flag's.
func newFaults(sc *scenario.Scenario, opts Options) (*faults, error) {
	seed := opts.Seed
	if seed == 0 {
		seed = sc.Seed
	}
	f := &faults{set: fault.NewSet(seed), stopping: make(chan struct{})}
	f.set.SetScenario(sc.Faults)
	if _, err := f.set.Add(opts.Faults, fault.FromFlag, func(i int) string {
		return fmt.Sprintf("fault rule %d of the options (--fault)", i+1)
	}); err != nil {
		return nil, err
	}
	return f, nil
}

func (f *faults) stop() { f.stopOnce.Do(func() { close(f.stopping) }) }

// fault is step 10 of the chain: with no rule in force (the common case)
// it is one atomic load; otherwise the first rule that matches and hits
// delays, fails, drops or slows the answer.
func (s *Server) fault(next step) step {
	return func(c *call) {
		if s.faultsOf(c).Empty() {
			next(c)
			return
		}
		s.applyFault(c, next)
	}
}

func (s *Server) applyFault(c *call, next step) {
	req := &c.faultReq
	*req = fault.Request{Endpoint: c.ep.Name, Body: c.body, Fill: faultMembers, Records: c.st}
	if c.key != nil {
		req.Key = c.key.Name
	}
	a := s.faultsOf(c).Match(req)
	if a == nil {
		next(c)
		return
	}
	if a.Body != fault.BodyDribble && !s.faultWait(c.r.Context(), a.Delay) {
		return // the client left: nobody to answer
	}
	switch {
	case a.Drop:
		dropConn(c)
		return
	case a.Body != "":
		c.w = &faultWriter{ResponseWriter: c.w, s: s, ctx: c.r.Context(), body: a.Body, spread: a.Delay}
	}
	if a.Error != nil {
		s.writeFaultError(c, a)
		return
	}
	next(c)
}

// faultWait sleeps d unless the request is cancelled (false) or the
// server shuts down (true: answer now, so the shutdown is not held up).
func (s *Server) faultWait(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-s.faults.stopping:
		return true
	case <-ctx.Done():
		return false
	}
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
func (s *Server) writeFaultError(c *call, a *fault.Action) {
	fe := a.Error
	code := fe.Code
	if code == 0 {
		code = fe.HTTPStatus
	}
	e := wire.Injected(code, fe.ErrorCode, fe.Message, "injected by fault rule "+a.RuleID)
	status := fe.HTTPStatus
	if status == 0 {
		status = wire.HTTPStatus(c.st.HTTPStatus(), e.Code)
	}
	retry := fe.RetryAfter
	if retry == 0 && e.Code == 429 {
		retry = 1
	}
	if retry > 0 {
		c.w.Header()["Retry-After"] = []string{strconv.Itoa(retry)}
	}
	c.write(status, e.Code, wire.AppendError(c.out[:0], c.ep.Shape, e))
}

// dropConn closes the connection without an answer. The journal and the
// log show status 0.
func dropConn(c *call) {
	conn, _, err := http.NewResponseController(c.w).Hijack()
	if err != nil {
		panic(http.ErrAbortHandler) // net/http closes the connection
	}
	_ = conn.Close()
	c.wrote = true
	c.dur = time.Since(c.start)
}

// faultWriter cuts (truncated) or slows (dribble) the body of the answer;
// the headers, Content-Length included, go out as they would.
type faultWriter struct {
	http.ResponseWriter
	s      *Server
	ctx    context.Context
	body   string
	spread time.Duration
}

// dribbleSlices is how many slices a dribbled body is sent in.
const dribbleSlices = 10

func (w *faultWriter) Write(p []byte) (int, error) {
	rc := http.NewResponseController(w.ResponseWriter)
	if w.body == fault.BodyTruncated {
		n, err := w.ResponseWriter.Write(p[:len(p)/2])
		_ = rc.Flush()
		// Less than Content-Length: net/http closes the connection after.
		if err == nil {
			err = io.ErrShortWrite
		}
		return n, err
	}
	spread := w.spread
	if spread <= 0 {
		spread = fault.DefaultDribble
	}
	slices := min(dribbleSlices, len(p))
	written := 0
	for i := range slices {
		end := len(p) * (i + 1) / slices
		n, err := w.ResponseWriter.Write(p[written:end])
		written += n
		if err != nil {
			return written, err
		}
		_ = rc.Flush()
		if i < slices-1 && !w.s.faultWait(w.ctx, spread/time.Duration(slices-1)) {
			return written, w.ctx.Err()
		}
	}
	return written, nil
}

func (w *faultWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// maxFaultBody bounds the body of POST /__admin/faults.
const maxFaultBody = 1 << 20

// faultRoutes are the admin calls of the fault rules.
func (s *Server) faultRoutes() []adminRoute {
	return []adminRoute{
		{"GET /__admin/faults", s.adminFaults},
		{"POST /__admin/faults", s.adminAddFaults},
		{"DELETE /__admin/faults", s.adminClearFaults},
		{"DELETE /__admin/faults/{id}", s.adminRemoveFault},
	}
}

func (s *Server) adminFaults(c *call) {
	adminJSON(c, 200, map[string]any{"faults": s.faultsOf(c).List()})
}

// adminAddFaults adds one rule or a list; all or none, a problem names the
// rule (its place in the list) and the member.
func (s *Server) adminAddFaults(c *call) {
	data, err := io.ReadAll(http.MaxBytesReader(c.w, c.r.Body, maxFaultBody))
	if err != nil {
		adminError(c, http.StatusRequestEntityTooLarge, "fault rules must be at most 1 MiB: "+err.Error())
		return
	}
	rules, err := fault.DecodeJSON(data)
	if err == nil {
		rules, err = s.faultsOf(c).Add(rules, fault.FromAdmin, func(i int) string { return fmt.Sprintf("rule %d", i+1) })
	}
	if err != nil {
		adminError(c, http.StatusBadRequest, err.Error())
		return
	}
	adminJSON(c, 200, map[string]any{"faults": rules})
}

func (s *Server) adminClearFaults(c *call) {
	s.faultsOf(c).Clear()
	c.write(200, 0, []byte(`{"status":"ok"}`))
}

func (s *Server) adminRemoveFault(c *call) {
	id := strings.TrimPrefix(c.r.URL.Path, "/__admin/faults/")
	if !s.faultsOf(c).Remove(id) {
		adminError(c, http.StatusNotFound, "no fault rule "+wire.Quote(id)+"; GET /__admin/faults lists them")
		return
	}
	c.write(200, 0, []byte(`{"status":"ok"}`))
}
