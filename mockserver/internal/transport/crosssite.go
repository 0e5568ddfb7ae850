package transport

import (
	"net/http"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
)

// CrossSite refuses a state change a browser sends on behalf of another
// site's page. A form post or a no-cors fetch needs no preflight, so CORS
// alone would let any page reset or replace the scenario: the browser
// only keeps the answer from the page, after the harm is done. Browsers
// send Origin on every POST and DELETE (and Sec-Fetch-Site on every
// request); curl, scripts and rtq conform send neither, so they pass, and
// so does the mock's own page (same origin). It runs before the body is
// read, on admin writes and on the endpoints that write (verify).
func (s *Guard) CrossSite(next chain.Step) chain.Step {
	return func(c *chain.Call) {
		if !stateChanging(c) || s.siteAllowed(c) {
			next(c)
			return
		}
		detail := "a browser request from another site may not change the mock's state"
		if o := c.R.Header.Get("Origin"); o != "" {
			detail = "a browser request from the web page at " + fail.Quote(o) +
				" may not change the mock's state; to admit that page, start rtq mock with --cors-origin " + shellWord(o)
		}
		if c.Admin {
			chain.AdminError(c, contract.AdminForbidden, detail)
			return
		}
		c.Error(fail.CrossSite(detail))
	}
}

// stateChanging reports whether a call may change state: any admin call
// but a read, and the endpoints that write.
func stateChanging(c *chain.Call) bool {
	if c.Admin {
		return c.R.Method != http.MethodGet && c.R.Method != http.MethodHead
	}
	return c.Ep != nil && c.Ep.Write
}

// siteAllowed reports whether the browser page behind a request, if any,
// may change state: no page (no Origin, not cross-site), the mock's own
// page, or an origin CORS grants for this path.
func (s *Guard) siteAllowed(c *chain.Call) bool {
	origin := c.R.Header["Origin"]
	if len(origin) == 0 {
		return c.R.Header.Get("Sec-Fetch-Site") != "cross-site"
	}
	if s.sameOrigin(c.R, origin[0]) {
		return true
	}
	_, _, ok := s.cors.grant(origin[0], c.Admin)
	return ok
}
