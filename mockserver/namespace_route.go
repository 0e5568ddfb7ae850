package mockserver

import (
	"errors"
	"net/http"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/mockserver/internal/journal"
	"github.com/rtq-kit/rtq/mockserver/internal/namespace"
	"github.com/rtq-kit/rtq/mockserver/internal/transport"
)

// namespacePrefix starts every namespaced path: /s/{name}/...
const namespacePrefix = "/s/"

// namespaceAdmin are the admin calls a namespace answers, by the first
// segment after /__admin/. The scenario is replaced at the root only.
var namespaceAdmin = map[string]bool{"health": true, "profile": true, "reset": true, "requests": true, "faults": true, "coverage": true}

const namespaceAdminList = "/__admin/{health,profile,reset,requests,faults,coverage}"

// routeNamespace serves a /s/{name}/... path: the rest of the path is
// routed as at the root, through the same chain, with the namespace's
// state, journal and fault rules. The outer chain (host check, CORS, log)
// has already run on the whole path, exactly as for a root path.
func (s *Server) routeNamespace(c *chain.Call) {
	name, sub, _ := strings.Cut(strings.TrimPrefix(c.R.URL.Path, namespacePrefix), "/")
	sub = "/" + sub
	api := strings.HasPrefix(sub, contract.PathPrefix)
	c.Admin = transport.IsAdminPath(sub)
	if rt := s.posts[sub]; rt != nil {
		c.Ep = rt.ep // errors below come in the endpoint's shape
	}
	switch {
	case !namespace.Valid(name):
		s.namespaceError(c, nsNotFound, "no namespace "+fail.Quote(name)+" in "+fail.QuotePath(c.R.URL.Path)+": "+namespace.Rule)
		return
	case c.R.URL.RawPath != "":
		s.namespaceError(c, nsNotFound, "a namespaced path must not be percent-encoded: "+fail.QuotePath(c.R.URL.Path))
		return
	case c.Admin && !namespaceAdmin[adminSegment(sub)]:
		s.namespaceError(c, nsNotFound, "no admin call at "+fail.QuotePath(c.R.URL.Path)+
			"; a namespace answers "+namespaceAdminList+", the scenario is replaced at the root /__admin/scenario")
		return
	case !api && !c.Admin:
		if detail := slashInName(name, sub); detail != "" {
			s.namespaceError(c, nsNotFound, detail)
			return
		}
		s.namespaceError(c, nsNotFound, "no endpoint at "+fail.QuotePath(c.R.URL.Path)+
			"; under /s/{name} endpoints live under "+contract.PathPrefix+" and admin calls under "+namespaceAdminList)
		return
	}
	ns, err := s.store.Space(name)
	if err != nil {
		s.logf("rtq mock: %v", err)
		p, detail := nsFailed, err.Error()
		var fe *fail.Error
		switch {
		case errors.Is(err, namespace.ErrFull):
			p = nsFull
		case errors.As(err, &fe) && fe.Code == contract.StoreUnreachable.Status:
			p, detail = nsStoreDown, fe.Detail
		}
		s.namespaceError(c, p, detail)
		return
	}
	orig := c.R
	r := new(http.Request)
	*r = *orig
	u := *orig.URL
	u.Path = sub
	r.URL = &u
	c.R, c.St, c.NS = r, ns.St, ns
	s.routePath(c)
	c.Record() // under the namespace's own path, as its own mock would show it
	c.R = orig // the log shows the path as sent
}

// slashInName words a namespace name that holds a '/' (/s/team/a/api/...,
// a name such as a branch's): the endpoint or admin path is further down
// the path than a one-segment name puts it. It names the whole name and
// the path to use instead; "" when the path is not such a one.
func slashInName(first, sub string) string {
	at := -1
	for _, p := range []string{contract.PathPrefix, "/__admin/"} {
		if i := strings.Index(sub, p); i > 0 && (at < 0 || i < at) {
			at = i
		}
	}
	if at < 0 {
		return ""
	}
	name := first + sub[:at]
	msg := "the namespace name " + fail.QuotePath(name) + " holds a '/': " + namespace.Rule
	if try := strings.ReplaceAll(name, "/", "-"); namespace.Valid(try) {
		msg += "; such as " + namespacePrefix + try + sub[at:]
	}
	return msg
}

// adminSegment is the first segment after /__admin/ of an admin path.
func adminSegment(p string) string {
	seg, _, _ := strings.Cut(strings.TrimPrefix(p, "/__admin/"), "/")
	return seg
}

// A namespace problem, answered in the admin API's shape or the endpoint's.
type nsProblem struct {
	admin contract.ErrorCode        // the admin API's row
	api   func(detail string) error // the endpoint's error
}

var (
	nsNotFound  = nsProblem{contract.AdminNotFound, func(d string) error { return fail.NoNamespace(d) }}
	nsFull      = nsProblem{contract.AdminNamespacesFull, func(d string) error { return fail.NamespacesFull(d) }}
	nsFailed    = nsProblem{contract.AdminInternal, errors.New} // unexpected: logged, answered as internal
	nsStoreDown = nsProblem{contract.AdminStoreDown, func(d string) error { return fail.Unreachable(d) }}
)

// namespaceError answers a namespaced path the mock cannot serve: in the
// admin API's shape for an admin path, else in the endpoint's.
func (s *Server) namespaceError(c *chain.Call, p nsProblem, detail string) {
	if c.Admin {
		chain.AdminError(c, p.admin, detail)
		return
	}
	c.Error(p.api(detail))
}

// journalOf is the journal a call is recorded in: its namespace's or the
// root's.
func (s *Server) journalOf(c *chain.Call) journal.Log {
	if c.NS != nil {
		return c.NS.Journal
	}
	return s.store.Root().Journal
}

// resetOf puts back the state a call addresses: its namespace's or the root's.
func (s *Server) resetOf(c *chain.Call) error {
	if c.NS != nil {
		return s.store.Reset(c.NS)
	}
	return s.store.Reset(s.store.Root())
}
