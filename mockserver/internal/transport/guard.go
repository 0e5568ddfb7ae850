// Package transport is the mock's outer room, what a request meets before
// any route: the connections under net/http (accept.go: the connection cap
// and the refusal beyond it; conn.go: time limits and net/http's own
// errors rewritten as JSON; framing.go: a chunked request's connection
// closed after its answer), and the checks every request passes
// (hostcheck.go: the Host header against DNS rebinding; cors.go: which web
// pages may read the answers; crosssite.go: which may change state).
package transport

// Guard is the checks of a request that come from the options alone: the
// Host names served and the web origins granted. Its middlewares are the
// host check, CORS and the cross-site refusal of the chain.
type Guard struct {
	hosts *hostPolicy
	cors  *corsPolicy
	logf  func(format string, args ...any)
}

// NewGuard reads the allowed hosts and CORS origins of the options; logf
// receives the refused origins, once each.
func NewGuard(allowedHosts []string, corsOrigin string, logf func(format string, args ...any)) (*Guard, error) {
	cors, err := newCORS(corsOrigin)
	if err != nil {
		return nil, err
	}
	hosts, err := newHostPolicy(allowedHosts)
	if err != nil {
		return nil, err
	}
	return &Guard{hosts: hosts, cors: cors, logf: logf}, nil
}

// SetListen admits the host part of the address the server listens on.
func (s *Guard) SetListen(addr string) { s.hosts.setListen(addr) }
