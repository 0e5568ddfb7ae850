package mockserver

import (
	"net/http"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/mockserver/internal/handlers"
	"github.com/rtq-kit/rtq/mockserver/internal/wire"
)

// route is what the mux holds: the endpoint (nil for admin and unknown
// paths) and the rest of the chain for it.
type route struct {
	ep    *contract.Endpoint
	admin bool
	run   chain.Step
}

// ServeHTTP exists so the mux can hold routes; the server only uses the
// mux to find a route and runs it with its own call, so this never runs.
// Should it, the answer is still JSON.
func (rt *route) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header()["Content-Type"] = chain.ContentTypeJSON
	w.WriteHeader(wire.Status(nil, fail.Internal))
	_, _ = w.Write(wire.AppendError(nil, contract.ShapeFull, fail.Internal))
}

// routes lists every path the server answers, the endpoints in the
// spec's order first. A path registered without a method catches the
// methods other than POST (405 in the endpoint's shape); "/" catches the
// rest (404).
func (s *Server) routes() *http.ServeMux {
	mux := http.NewServeMux()
	s.posts = map[string]*route{}
	for _, ep := range contract.Endpoints {
		rt := &route{ep: &ep, run: s.apiChain(handlers.ByEndpoint[ep])}
		s.posts[ep.Path()] = rt
		mux.Handle("POST "+ep.Path(), rt)
		mux.Handle(ep.Path(), &route{ep: &ep, run: s.methodNotAllowed})
	}
	for _, a := range s.admin.Routes() {
		mux.Handle(a.Pattern, &route{admin: true, run: s.adminChain(a.Run)})
	}
	for _, a := range s.admin.PageRoutes() { // the admin page: no token to load it (admin/page.go)
		mux.Handle(a.Pattern, &route{admin: true, run: chain.Wrap(a.Run, s.guard.CrossSite)})
	}
	mux.Handle("/__admin/", &route{admin: true, run: s.adminChain(s.admin.Unknown)})
	mux.Handle("/", &route{run: s.notFound})
	return mux
}

// route finds the route of a request and runs it. A POST to an endpoint's
// exact path, nearly every request, is a map lookup; a /s/{name}/ path is
// routed in its state namespace (namespace_route.go); the mux, with its
// path cleaning and pattern precedence, decides everything else.
func (s *Server) route(c *chain.Call) {
	if rt := s.posts[c.R.URL.Path]; rt != nil && c.R.Method == http.MethodPost && c.R.URL.RawPath == "" {
		c.Ep = rt.ep
		rt.run(c)
		return
	}
	if strings.HasPrefix(c.R.URL.Path, namespacePrefix) {
		s.routeNamespace(c)
		return
	}
	s.routeMux(c)
}

// routePath is route without namespaces: a namespace's path once its
// /s/{name} prefix is taken off.
func (s *Server) routePath(c *chain.Call) {
	if rt := s.posts[c.R.URL.Path]; rt != nil && c.R.Method == http.MethodPost && c.R.URL.RawPath == "" {
		c.Ep = rt.ep
		rt.run(c)
		return
	}
	s.routeMux(c)
}

// routeMux lets the mux find the route.
func (s *Server) routeMux(c *chain.Call) {
	h, _ := s.mux.Handler(c.R)
	rt, ok := h.(*route)
	if !ok { // the mux's own redirects for unclean paths: not ours to follow
		s.notFound(c)
		return
	}
	c.Ep, c.Admin = rt.ep, rt.admin
	rt.run(c)
}

func (s *Server) methodNotAllowed(c *chain.Call) {
	c.W.Header()["Allow"] = allowPost
	c.Error(fail.Method(c.R.Method))
}

var allowPost = []string{"POST"}

func (s *Server) notFound(c *chain.Call) { c.Error(fail.NoEndpoint(c.R.URL.Path)) }
