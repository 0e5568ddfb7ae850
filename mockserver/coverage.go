package mockserver

import (
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/covreport"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/coverage"
)

// The consumer coverage (docs/mock.md, "Consumer coverage"): the chain
// counts every answered call once, at the journal's step (journalMW), in
// the coverage of the call's namespace; the counting itself is package
// coverage's.

// coverageNamespaces is how many namespaces' coverage a mock keeps, per
// namespace allowed at once: namespaces come and go, what their clients
// did stays until asked to forget.
const coverageNamespaces = 10

// cover counts one call once it is answered: a client's call in its
// namespace's coverage; an admin call, or one of rtq's own tools, only
// as excluded. A call nobody answered (the client left) is not counted.
func (s *Server) cover(c *chain.Call) {
	if !c.Wrote {
		return
	}
	name := ""
	if c.NS != nil {
		name = c.NS.Name
	}
	sp := s.cov.Of(name)
	switch {
	case sp == nil:
		s.cov.Overflow()
	case c.Admin:
		sp.Excluded(true)
	case kitCall(c.R.Header["User-Agent"]):
		sp.Excluded(false)
	default:
		x := coverage.Call{R: c.R, Ep: c.Ep, Body: c.Body, Status: c.Status, Code: c.Code,
			Dropped: c.Status == 0, Seen: &c.Seen, Keys: c.St, Authorized: c.Key != nil}
		if c.Params.Parsed() {
			x.Members = &c.Params
		}
		sp.Observe(&x)
	}
}

// kitCall says a call comes from one of rtq's own tools: its
// User-Agent starts with the kit's name, or ends with it as a product
// token after a real client's (rtq conform writes requests as browsers
// and SDKs write them, naming itself last).
func kitCall(ua []string) bool {
	return len(ua) == 1 && (strings.HasPrefix(ua[0], contract.KitUserAgent) || strings.HasSuffix(ua[0], " "+contract.KitUserAgent))
}

// Coverage is the consumer coverage of namespace ("" the root, "*" every
// namespace joined), as GET /__admin/coverage answers it; a namespace
// that never had a call has every entry missing.
func (s *Server) Coverage(namespace string) covreport.Report {
	sc := s.store.Root().St.Scenario()
	if namespace == "*" {
		return s.cov.All(sc)
	}
	sp, ok := s.cov.Lookup(namespace)
	if !ok {
		sp = &coverage.Space{}
	}
	return sp.Report(namespace, sc)
}

// ResetCoverage forgets the coverage of namespace ("" the root, "*" all),
// as POST /__admin/coverage/reset does. A reset of the state does not.
func (s *Server) ResetCoverage(namespace string) { s.cov.Reset(namespace) }
