// Package loopback decides which names, listen addresses and web origins
// belong to this machine in a way a web page cannot fake. The mock's host
// check, CORS policy and listen warnings and the recording proxy's guard
// and listen warning all ask it, so the rule against DNS rebinding and
// cross-site pages is written once (docs/security.md).
package loopback

import (
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
)

// Host is the host part of a Host header or listen address, lower-case,
// without port, brackets or trailing dot ("[::1]:8080" → "::1",
// "LocalHost.:80" → "localhost"), so that names compare as DNS does. The
// mock asks it on every request, so it allocates nothing for the usual
// lower-case names, with or without a port (net.SplitHostPort allocates
// its error for a Host without one).
func Host(hostport string) string {
	h := hostport
	if rest, ok := strings.CutPrefix(h, "["); ok { // [IPv6] or [IPv6]:port
		h, _, _ = strings.Cut(rest, "]")
	} else if i := strings.LastIndexByte(h, ':'); i >= 0 && strings.IndexByte(h, ':') == i {
		h = h[:i] // name:port or IPv4:port; a bare IPv6 has several colons
	}
	return strings.ToLower(strings.TrimSuffix(h, ".")) // ToLower returns h itself when it has no upper case
}

// Unrebindable reports whether a host (as Host returns it) names this
// machine in a way no web page can point elsewhere: localhost, any
// *.localhost name (browsers resolve those to loopback themselves), or an
// IP literal, which involves no DNS at all.
func Unrebindable(host string) bool {
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	_, err := netip.ParseAddr(host)
	return err == nil
}

// Origin reports whether a web page's origin (scheme://host[:port]) is
// served from this machine: http or https on localhost, *.localhost or a
// loopback IP. Such a page is the developer's own dev server.
func Origin(origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Path != "" || u.User != nil {
		return false
	}
	h := Host(u.Host)
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// Listen reports whether a listen address (host:port, as --addr takes it or
// net.Listener.Addr gives it) accepts connections from this machine only:
// localhost or a loopback IP literal. An empty host (":8080") listens on
// every interface, and any other name may resolve beyond this machine, so
// both are not loopback: the mock and the recording proxy warn about them.
func Listen(addr string) bool {
	h := Host(addr)
	if h == "localhost" {
		return true
	}
	ip, err := netip.ParseAddr(h)
	return err == nil && ip.Unmap().IsLoopback()
}

// Refusal says why a tool listening on loopback and spending something
// of the user's (an upstream's key, a judge's report) must refuse r, or
// "": a web page in the user's browser can reach that tool, so
//
//   - Host must be a name that cannot be rebound (localhost, a loopback
//     IP literal) or the listen address's host: a page that rebinds its
//     own DNS name to 127.0.0.1 still sends its name;
//   - Origin, when sent (browsers send it on every POST), must be a
//     loopback page's;
//   - Sec-Fetch-Site: cross-site is refused.
//
// tool names the tool in the message ("rtq proxy"); why ends the
// refusals of a page, saying what the page must not do.
func Refusal(r *http.Request, listenHost, tool, why string) string {
	if h := Host(r.Host); r.Host != "" && !Unrebindable(h) && h != Host(listenHost) {
		return tool + " does not serve Host " + quoteCut(h) + " (a web page could have rebound that name to this machine)"
	}
	if o := r.Header.Get("Origin"); o != "" && !Origin(o) {
		return tool + " refuses requests from the web page at " + quoteCut(o) + ": " + why
	}
	if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
		return tool + " refuses cross-site browser requests: " + why
	}
	return ""
}

// quoteCut quotes a header value for a message, cut to 100 bytes.
func quoteCut(s string) string {
	if len(s) > 100 {
		s = s[:100] + "..."
	}
	return strconv.Quote(s)
}
