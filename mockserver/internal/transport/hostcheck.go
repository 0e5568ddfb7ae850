package transport

import (
	"fmt"
	"net"
	"strings"
	"sync/atomic"

	"github.com/rtq-kit/rtq/internal/loopback"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
)

// hostPolicy is which Host header values the mock serves. A web page can
// point a DNS name it owns at 127.0.0.1 (DNS rebinding): the browser then
// treats the mock as that page's own origin and reads every answer. Such a
// request still carries the attacker's name in Host, so serving only
// names that cannot be rebound (localhost, *.localhost, IP literals), the
// listen address, and names the user lists closes that door.
type hostPolicy struct {
	any    bool            // "*" listed: no check
	names  map[string]bool // lower-case names admitted by the user
	listen atomic.Pointer[string]
}

// newHostPolicy reads Options.AllowedHosts: names (a port is ignored),
// comma-separated lists, or "*". A URL or a path is an error.
func newHostPolicy(allowed []string) (*hostPolicy, error) {
	p := &hostPolicy{names: map[string]bool{}}
	var bad []string
	for _, a := range allowed {
		for _, h := range strings.Split(a, ",") {
			h = strings.TrimSpace(h)
			switch {
			case h == "*":
				p.any = true
			case h == "":
			case strings.ContainsAny(h, "/@?# "):
				bad = append(bad, h)
			default:
				p.names[loopback.Host(h)] = true
			}
		}
	}
	if len(bad) > 0 {
		return nil, fmt.Errorf("allowed host %s: want a host name such as rtq-mock (no scheme, no path), or *", strings.Join(quoteAll(bad), ", "))
	}
	return p, nil
}

// setListen admits the host part of the address the server listens on.
func (p *hostPolicy) setListen(addr string) {
	if _, _, err := net.SplitHostPort(addr); err != nil {
		return
	}
	host := loopback.Host(addr)
	p.listen.Store(&host)
}

// allows reports whether a request with this Host header is served.
func (p *hostPolicy) allows(hostHeader string) bool {
	if p.any || hostHeader == "" { // "": HTTP/1.0 without Host, never a browser
		return true
	}
	h := loopback.Host(hostHeader)
	if loopback.Unrebindable(h) || p.names[h] {
		return true
	}
	l := p.listen.Load()
	return l != nil && *l == h
}

// HostCheck answers 403 in the generic error shape, on every path, to a
// request whose Host the policy does not admit, naming the flag that
// would admit it. The status is 403 whatever the scenario's status mode:
// this is the mock refusing, not the service answering.
func (s *Guard) HostCheck(next chain.Step) chain.Step {
	return func(c *chain.Call) {
		if s.hosts.allows(c.R.Host) {
			next(c)
			return
		}
		name := loopback.Host(c.R.Host)
		c.Error(fail.HostNotServed("the mock does not serve Host " + fail.Quote(name) +
			" (a web page could have rebound that name to this machine); to serve it, start rtq mock with --allowed-host " +
			shellWord(name) + " (or RTQ_ALLOWED_HOSTS), or --allowed-host '*' to serve any Host"))
	}
}

// shellWord quotes a host name for a command line when it needs it.
func shellWord(s string) string {
	if len(s) > 253 { // longer than any DNS name: do not echo it
		return "NAME"
	}
	for _, r := range s {
		if !(r == '.' || r == '/' || r == '-' || r == '_' || r == ':' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	return s
}
