package mockserver

import (
	"errors"
	"net/http"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/fault"
	"github.com/rtq-kit/rtq/mockserver/internal/wire"
)

// namespacePrefix starts every namespaced path: /s/{name}/...
const namespacePrefix = "/s/"

// namespaceAdmin are the admin calls a namespace answers, by the first
// segment after /__admin/. The scenario is replaced at the root only.
var namespaceAdmin = map[string]bool{"health": true, "profile": true, "reset": true, "requests": true, "faults": true}

const namespaceAdminList = "/__admin/{health,profile,reset,requests,faults}"

// routeNamespace serves a /s/{name}/... path: the rest of the path is
// routed as at the root, through the same chain, with the namespace's
// state, journal and fault rules. The outer chain (host check, CORS, log)
// has already run on the whole path, exactly as for a root path.
func (s *Server) routeNamespace(c *call) {
	name, sub, _ := strings.Cut(strings.TrimPrefix(c.r.URL.Path, namespacePrefix), "/")
	sub = "/" + sub
	api := strings.HasPrefix(sub, contract.PathPrefix)
	c.admin = isAdminPath(sub)
	if rt := s.posts[sub]; rt != nil {
		c.ep = rt.ep // errors below come in the endpoint's shape
	}
	switch {
	case !validNamespace(name):
		s.namespaceError(c, http.StatusNotFound, "no namespace "+wire.Quote(name)+" in "+wire.Quote(c.r.URL.Path)+": "+namespaceRule)
		return
	case c.r.URL.RawPath != "":
		s.namespaceError(c, http.StatusNotFound, "a namespaced path must not be percent-encoded: "+wire.Quote(c.r.URL.Path))
		return
	case c.admin && !namespaceAdmin[adminSegment(sub)]:
		s.namespaceError(c, http.StatusNotFound, "no admin call at "+wire.Quote(c.r.URL.Path)+
			"; a namespace answers "+namespaceAdminList+", the scenario is replaced at the root /__admin/scenario")
		return
	case !api && !c.admin:
		s.namespaceError(c, http.StatusNotFound, "no endpoint at "+wire.Quote(c.r.URL.Path)+
			"; under /s/{name} endpoints live under "+contract.PathPrefix+" and admin calls under "+namespaceAdminList)
		return
	}
	ns, err := s.spaces.get(name, s.state.Load())
	if err != nil {
		s.logf("rtq mock: %v", err)
		status := http.StatusInternalServerError
		if errors.Is(err, errNamespacesFull) {
			status = http.StatusServiceUnavailable
		}
		s.namespaceError(c, status, err.Error())
		return
	}
	orig := c.r
	r := new(http.Request)
	*r = *orig
	u := *orig.URL
	u.Path = sub
	r.URL = &u
	c.r, c.st, c.ns = r, ns.st, ns
	s.routePath(c)
	c.r = orig // the log and the journal show the path as sent
}

// adminSegment is the first segment after /__admin/ of an admin path.
func adminSegment(p string) string {
	seg, _, _ := strings.Cut(strings.TrimPrefix(p, "/__admin/"), "/")
	return seg
}

// namespaceError answers a namespaced path the mock cannot serve: in the
// admin API's shape for an admin path, else in the endpoint's.
func (s *Server) namespaceError(c *call, status int, detail string) {
	if c.admin {
		adminError(c, status, detail)
		return
	}
	if status == http.StatusServiceUnavailable {
		s.writeError(c, wire.Busy(detail))
		return
	}
	if status != http.StatusNotFound {
		s.writeError(c, errors.New(detail))
		return
	}
	s.writeError(c, wire.NoNamespace(detail))
}

// journalOf is the journal a call is recorded in: its namespace's or the
// root's.
func (s *Server) journalOf(c *call) *journal {
	if c.ns != nil {
		return c.ns.journal
	}
	return s.journal
}

// faultsOf is the fault set a call meets: its namespace's or the root's.
func (s *Server) faultsOf(c *call) *fault.Set {
	if c.ns != nil {
		return c.ns.faults
	}
	return s.faults.set
}

// resetOf puts back the state a call addresses: its namespace's or the root's.
func (s *Server) resetOf(c *call) {
	if c.ns != nil {
		c.ns.reset()
		return
	}
	s.Reset()
}
