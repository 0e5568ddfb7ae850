package admin

import (
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/namespace"
)

// coverageOf is the namespace a coverage call addresses: the call's own
// under /s/{name}/, else ?namespace= ("" the root, "*" every one); false,
// answered 400, for a name no namespace can have.
func coverageOf(c *chain.Call) (string, bool) {
	if c.NS != nil {
		return c.NS.Name, true
	}
	ns := c.R.URL.Query().Get("namespace")
	if ns != "" && ns != "*" && !namespace.Valid(ns) {
		chain.AdminError(c, contract.AdminBadRequest, "namespace: "+namespace.Rule+", or * for every one")
		return "", false
	}
	return ns, true
}

// adminCoverage answers GET /__admin/coverage: the consumer coverage of
// the calls answered so far (docs/mock.md, "Consumer coverage"). A
// namespace without a call yet has every entry missing.
func (s *API) adminCoverage(c *chain.Call) {
	if ns, ok := coverageOf(c); ok {
		chain.AdminJSON(c, 200, s.opts.Coverage(ns))
	}
}

// adminCoverageReset answers POST /__admin/coverage/reset: the coverage
// of the namespace addressed is forgotten (?namespace=* forgets all).
// POST /__admin/reset never forgets it.
func (s *API) adminCoverageReset(c *chain.Call) {
	if ns, ok := coverageOf(c); ok {
		s.opts.ResetCoverage(ns)
		c.Write(200, 0, []byte(`{"status":"ok"}`))
	}
}
