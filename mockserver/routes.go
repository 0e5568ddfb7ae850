package mockserver

import (
	"net/http"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/wire"
)

// apiHandler is a thin endpoint handler: it returns the success body or an
// error that writeError renders.
type apiHandler func(c *call) ([]byte, error)

// route is what the mux holds: the endpoint (nil for admin and unknown
// paths) and the rest of the chain for it.
type route struct {
	ep    *contract.Endpoint
	admin bool
	run   step
}

// ServeHTTP exists so the mux can hold routes; the server only uses the
// mux to find a route and runs it with its own call, so this never runs.
// Should it, the answer is still JSON.
func (rt *route) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header()["Content-Type"] = ctJSON
	w.WriteHeader(http.StatusInternalServerError)
	_, _ = w.Write(wire.AppendError(nil, contract.ShapeFull, wire.Internal))
}

// routes lists every path the server answers, the five endpoints in the
// spec's order first. A path registered without a method catches the
// methods other than POST (405 in the endpoint's shape); "/" catches the
// rest (404).
func (s *Server) routes() *http.ServeMux {
	mux := http.NewServeMux()
	s.posts = map[string]*route{}
	for _, a := range []struct {
		ep contract.Endpoint
		h  apiHandler
	}{
		{contract.GetRecord, getRecord},
		{contract.Verify, verify},
		{contract.GetFormList, getFormList},
		{contract.TemplatesList, templatesList},
		{contract.ListQrcodes, listQrcodes},
	} {
		ep := a.ep
		rt := &route{ep: &ep, run: s.apiChain(a.h)}
		s.posts[ep.Path()] = rt
		mux.Handle("POST "+ep.Path(), rt)
		mux.Handle(ep.Path(), &route{ep: &ep, run: s.methodNotAllowed})
	}
	for _, a := range s.adminRoutes() {
		mux.Handle(a.pattern, &route{admin: true, run: s.adminChain(a.run)})
	}
	for _, a := range s.pageRoutes() { // the admin page: no token to load it (adminpage.go)
		mux.Handle(a.pattern, &route{admin: true, run: chain(a.run, s.crossSite)})
	}
	mux.Handle("/__admin/", &route{admin: true, run: s.adminChain(s.adminUnknown)})
	mux.Handle("/", &route{run: s.notFound})
	return mux
}

// route finds the route of a request and runs it. A POST to an endpoint's
// exact path, nearly every request, is a map lookup; a /s/{name}/ path is
// routed in its state namespace (namespace_route.go); the mux, with its
// path cleaning and pattern precedence, decides everything else.
func (s *Server) route(c *call) {
	if rt := s.posts[c.r.URL.Path]; rt != nil && c.r.Method == http.MethodPost && c.r.URL.RawPath == "" {
		c.ep = rt.ep
		rt.run(c)
		return
	}
	if strings.HasPrefix(c.r.URL.Path, namespacePrefix) {
		s.routeNamespace(c)
		return
	}
	s.routeMux(c)
}

// routePath is route without namespaces: a namespace's path once its
// /s/{name} prefix is taken off.
func (s *Server) routePath(c *call) {
	if rt := s.posts[c.r.URL.Path]; rt != nil && c.r.Method == http.MethodPost && c.r.URL.RawPath == "" {
		c.ep = rt.ep
		rt.run(c)
		return
	}
	s.routeMux(c)
}

// routeMux lets the mux find the route.
func (s *Server) routeMux(c *call) {
	h, _ := s.mux.Handler(c.r)
	rt, ok := h.(*route)
	if !ok { // the mux's own redirects for unclean paths: not ours to follow
		s.notFound(c)
		return
	}
	c.ep, c.admin = rt.ep, rt.admin
	rt.run(c)
}

func (s *Server) methodNotAllowed(c *call) {
	c.w.Header()["Allow"] = allowPost
	s.writeError(c, wire.Method(c.r.Method))
}

var allowPost = []string{"POST"}

func (s *Server) notFound(c *call) { s.writeError(c, wire.NoEndpoint(c.r.URL.Path)) }

// encode runs the handler and writes its answer or its error.
func (s *Server) encode(h apiHandler) step {
	return func(c *call) {
		out, err := h(c)
		if err != nil {
			s.writeError(c, err)
			return
		}
		c.write(200, 0, out)
	}
}
