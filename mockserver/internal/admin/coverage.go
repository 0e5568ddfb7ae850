package admin

import "github.com/rtq-kit/rtq/mockserver/internal/chain"

// coverageOf is the namespace a coverage call addresses: the call's own
// under /s/{name}/, else ?namespace= ("" the root, "*" every one).
func coverageOf(c *chain.Call) string {
	if c.NS != nil {
		return c.NS.Name
	}
	return c.R.URL.Query().Get("namespace")
}

// adminCoverage answers GET /__admin/coverage: the consumer coverage of
// the calls answered so far (docs/mock.md, "Consumer coverage"). A
// namespace without a call yet has every entry missing.
func (s *API) adminCoverage(c *chain.Call) {
	chain.AdminJSON(c, 200, s.opts.Coverage(coverageOf(c)))
}

// adminCoverageReset answers POST /__admin/coverage/reset: the coverage
// of the namespace addressed is forgotten (?namespace=* forgets all).
// POST /__admin/reset never forgets it.
func (s *API) adminCoverageReset(c *chain.Call) {
	s.opts.ResetCoverage(coverageOf(c))
	c.Write(200, 0, []byte(`{"status":"ok"}`))
}
