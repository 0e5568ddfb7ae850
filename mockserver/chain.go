package mockserver

import (
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/handlers"
	"github.com/rtq-kit/rtq/mockserver/internal/transport"
)

// The request chain, in the order a request meets it. This file is the one
// place that lists it: a new middleware goes into one of the lists below,
// and nowhere else decides the order.
//
// Under net/http, the connection layer accepts connections, answering 503
// at once beyond --max-conns or out of descriptors (accept.go), keeps
// their time limits and rewrites net/http's own plain-text errors
// (conn.go).
// Then every request, whatever its path:
//
//  0. framing    a chunked request's connection closed after its answer (framing.go)
//  1. recover    a panic becomes a logged stack and a JSON 500
//  2. log        one line per request, after the answer (logging.go)
//  3. hostCheck  a Host that is not loopback nor allowed gets 403 (hostcheck.go)
//  4. cors       preflights answered, Access-Control-* headers (cors.go)
//  5. journal    every request outside /__admin recorded (journal.go); once
//     answered, every request counted in the consumer coverage (coverage.go)
//  6. route      the route for the path (routes.go), which runs the rest;
//     a /s/{name}/ path is routed by the rest of it, through the same
//     lists, with its state namespace's state, journal and fault rules
//     (namespace_route.go):
//
// a POST to one of the endpoints:
//
//  7. crossSite  a write from another site's page refused (crosssite.go)
//  8. bodyLimit  the body read, at most contract.MaxBodyBytes
//  9. auth       the API key resolved and its scopes checked
// 10. fault      fault rules: delay, error, dropped connection, cut or slow body (faults.go)
// 11. encode     the endpoint's handler, its answer or error written
//
// an /__admin path:
//
//  7. crossSite  a write from another site's page refused, before its body is read
//  8. adminAuth  the admin token checked, when one is set
//  9. the admin handler (admin.go)
//
// anything else: 405 in the endpoint's shape for another method on an
// endpoint's path, 404 for an unknown path.

// outerChain is what every request runs through, outermost first.
func (s *Server) outerChain() []chain.Middleware {
	return []chain.Middleware{transport.CloseAfterChunked, s.recover, s.log, s.guard.HostCheck, s.guard.CORS, s.journalMW}
}

// apiChain is what a POST to an endpoint runs through after routing,
// outermost first, ending in the handler h.
func (s *Server) apiChain(h handlers.Handler) chain.Step {
	return chain.Wrap(handlers.Encode(h), s.guard.CrossSite, handlers.BodyLimit, handlers.Auth, s.faults.Inject)
}

// adminChain is what an /__admin path runs through after routing.
func (s *Server) adminChain(h chain.Step) chain.Step {
	return chain.Wrap(h, s.guard.CrossSite, s.admin.Auth)
}

// rootChain builds the whole chain of a request.
func (s *Server) rootChain() chain.Step {
	return chain.Wrap(s.route, s.outerChain()...)
}
