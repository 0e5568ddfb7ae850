package transport

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/rtq-kit/rtq/internal/loopback"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
)

// corsPolicy is which web pages may read the mock's answers from a
// browser. By default only pages served from this machine (loopback
// origins: localhost, *.localhost, 127.0.0.1, [::1], any port, http or
// https), where a frontend developer's dev server runs; listed origins are
// added; "*" opens the API (not the admin API) to any page.
type corsPolicy struct {
	any     bool            // "*" listed
	origins map[string]bool // listed origins, lower-case, no trailing slash

	mu      sync.Mutex      // guards refused
	refused map[string]bool // origins already logged as refused
}

// maxRefusedLogged bounds the origins remembered for the log: past it, a
// last line says so and no more are logged.
const maxRefusedLogged = 64

// newCORS reads the comma-separated origins of Options.CORSOrigin; an
// entry that is not "*" nor scheme://host[:port] is an error, not an
// origin that silently never matches.
func newCORS(list string) (*corsPolicy, error) {
	p := &corsPolicy{origins: map[string]bool{}, refused: map[string]bool{}}
	var bad []string
	for _, o := range strings.Split(list, ",") {
		o = strings.ToLower(strings.TrimRight(strings.TrimSpace(o), "/"))
		switch {
		case o == "*":
			p.any = true
		case o == "":
		case !validOrigin(o):
			bad = append(bad, o)
		default:
			p.origins[o] = true
		}
	}
	if len(bad) > 0 {
		return nil, fmt.Errorf("cors origin %s: want scheme://host[:port], such as http://localhost:3000, or *", strings.Join(quoteAll(bad), ", "))
	}
	return p, nil
}

func validOrigin(o string) bool {
	u, err := url.Parse(o)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" &&
		u.Path == "" && u.RawQuery == "" && u.Fragment == "" && u.User == nil
}

func quoteAll(list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = fail.Quote(s)
	}
	return out
}

// grant is what an origin gets: the Access-Control-Allow-Origin value and
// whether credentials are allowed, or ok false. The admin API grants only
// listed origins: its answers hold every key secret of the scenario.
func (p *corsPolicy) grant(origin string, admin bool) (allow string, creds, ok bool) {
	switch {
	case p.origins[strings.ToLower(origin)]:
		return origin, true, true
	case admin:
		return "", false, false
	case loopback.Origin(origin):
		return origin, true, true
	case p.any:
		return "*", false, true
	}
	return "", false, false
}

// firstRefusal reports whether origin is refused for the first time, so
// the log gets one line per origin, not one per request.
func (p *corsPolicy) firstRefusal(origin string) (first, last bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.refused[origin] || len(p.refused) > maxRefusedLogged {
		return false, false
	}
	p.refused[origin] = true
	return true, len(p.refused) > maxRefusedLogged
}

var (
	corsMethods = []string{"POST, GET, DELETE, OPTIONS"}
	corsHeaders = []string{"Authorization, Content-Type"}
	corsMaxAge  = []string{"600"}
	corsExpose  = []string{"Allow"}
	corsTrue    = []string{"true"}
	varyOrigin  = []string{"Origin"}
)

// CORS answers preflights (OPTIONS with Access-Control-Request-Method)
// with 204 and adds the CORS headers to answers for granted origins. A
// refused origin gets no CORS headers, so the browser keeps the answer
// from the page, and one log line the first time it is seen.
func (s *Guard) CORS(next chain.Step) chain.Step {
	return func(c *chain.Call) {
		origin := c.R.Header["Origin"]
		if len(origin) == 0 {
			next(c)
			return
		}
		h := c.W.Header()
		h["Vary"] = varyOrigin
		allow, creds, ok := s.cors.grant(origin[0], IsAdminPath(c.R.URL.Path))
		if ok {
			h["Access-Control-Allow-Origin"] = []string{allow}
			if creds {
				h["Access-Control-Allow-Credentials"] = corsTrue
			}
		} else if !s.sameOrigin(c.R, origin[0]) {
			s.logRefusedOrigin(origin[0])
		}
		if c.R.Method == http.MethodOptions && len(c.R.Header["Access-Control-Request-Method"]) > 0 {
			if ok {
				preflightHeaders(h, c.R.Header)
			}
			c.Wrote, c.Status = true, http.StatusNoContent
			c.W.WriteHeader(http.StatusNoContent)
			return
		}
		if ok {
			h["Access-Control-Expose-Headers"] = corsExpose
		}
		next(c)
	}
}

// preflightHeaders grants the methods, the headers the page asked for
// (tracing libraries add traceparent, x-request-id...), and access from a
// public page to this private address (Chromium's Private Network Access).
func preflightHeaders(h, req http.Header) {
	h["Access-Control-Allow-Methods"] = corsMethods
	h["Access-Control-Allow-Headers"] = corsHeaders
	if asked := req["Access-Control-Request-Headers"]; len(asked) > 0 && strings.TrimSpace(asked[0]) != "" {
		h["Access-Control-Allow-Headers"] = asked[:1]
	}
	if len(req["Access-Control-Request-Private-Network"]) > 0 {
		h["Access-Control-Allow-Private-Network"] = corsTrue
	}
	h["Access-Control-Max-Age"] = corsMaxAge
}

func (s *Guard) logRefusedOrigin(origin string) {
	first, last := s.cors.firstRefusal(origin)
	if !first {
		return
	}
	s.logf("rtq mock: refused CORS to the web page at %s (only loopback origins are granted by default); to grant it, start rtq mock with --cors-origin %s",
		fail.Quote(origin), shellWord(origin))
	if last {
		s.logf("rtq mock: more than %d origins refused; further refusals are not logged", maxRefusedLogged)
	}
}

// sameOrigin reports whether a page's origin is the mock itself (its own
// admin page): the Host was checked, so the name is one the mock serves.
func (s *Guard) sameOrigin(r *http.Request, origin string) bool {
	o := strings.ToLower(origin)
	h := strings.ToLower(r.Host)
	return h != "" && (o == "http://"+h || o == "https://"+h)
}

// IsAdminPath reports whether a path is the admin API's, at the root or
// in a namespace.
func IsAdminPath(p string) bool { return strings.Contains(p, "/__admin") }
