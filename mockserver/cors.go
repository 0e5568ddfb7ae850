package mockserver

import (
	"net/http"
	"strings"
)

// corsPolicy is who may call the mock from a browser. "*" (the default)
// lets a frontend on any dev server call it with an API key in the
// Authorization header (no cookies are involved, so "*" is allowed).
type corsPolicy struct {
	any     bool
	origins map[string]bool
}

func newCORS(origin string) corsPolicy {
	origin = strings.TrimSpace(origin)
	if origin == "" || origin == "*" {
		return corsPolicy{any: true}
	}
	p := corsPolicy{origins: map[string]bool{}}
	for _, o := range strings.Split(origin, ",") {
		if o = strings.TrimRight(strings.TrimSpace(o), "/"); o != "" {
			p.origins[o] = true
		}
	}
	return p
}

var (
	corsAny     = []string{"*"}
	corsMethods = []string{"POST, GET, DELETE, OPTIONS"}
	corsHeaders = []string{"Authorization, Content-Type"}
	corsMaxAge  = []string{"600"}
	corsExpose  = []string{"Allow"}
	varyOrigin  = []string{"Origin"}
)

// corsMW answers preflights (OPTIONS with Access-Control-Request-Method)
// with 204 and adds Access-Control-Allow-Origin to answers for allowed
// origins. A disallowed origin gets no CORS headers, so the browser blocks.
func (s *Server) corsMW(next step) step {
	return func(c *call) {
		origin := c.r.Header["Origin"]
		if len(origin) == 0 {
			next(c)
			return
		}
		h := c.w.Header()
		allowed := s.cors.any || s.cors.origins[origin[0]]
		if s.cors.any {
			h["Access-Control-Allow-Origin"] = corsAny
		} else {
			h["Vary"] = varyOrigin
			if allowed {
				h["Access-Control-Allow-Origin"] = origin
			}
		}
		if c.r.Method == http.MethodOptions && len(c.r.Header["Access-Control-Request-Method"]) > 0 {
			if allowed {
				h["Access-Control-Allow-Methods"] = corsMethods
				h["Access-Control-Allow-Headers"] = corsHeaders
				h["Access-Control-Max-Age"] = corsMaxAge
			}
			c.wrote, c.status = true, http.StatusNoContent
			c.w.WriteHeader(http.StatusNoContent)
			return
		}
		if allowed {
			h["Access-Control-Expose-Headers"] = corsExpose
		}
		next(c)
	}
}
