package recorder

import (
	"net"
	"net/http"
	"net/url"
	"strings"
)

// The recording proxy spends the upstream's key on every call it
// forwards, so no web page may drive it, not even to send a read: the
// rules of the mock (docs/security.md), applied to every request.
//
//   - Host must be a name that cannot be rebound (localhost, *.localhost,
//     an IP literal) or the listen address's: a page that rebinds its own
//     DNS name to 127.0.0.1 still sends its name.
//   - Origin, when sent (browsers send it on every POST), must be a
//     loopback page's.
//   - Sec-Fetch-Site: cross-site is refused.
//
// The proxy sends no CORS headers: no page can read its answers.

// guardRefusal returns why r is refused, or "".
func guardRefusal(r *http.Request, listenHost string) string {
	if h := r.Host; h != "" && !loopbackName(hostPart(h)) && !strings.EqualFold(hostPart(h), listenHost) {
		return "rtq record does not serve Host " + strconvQuote(hostPart(h)) + " (a web page could have rebound that name to this machine)"
	}
	if o := r.Header.Get("Origin"); o != "" && !loopbackOrigin(o) {
		return "rtq record refuses requests from the web page at " + strconvQuote(o) + ": a page must not spend the upstream's key"
	}
	if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
		return "rtq record refuses cross-site browser requests: a page must not spend the upstream's key"
	}
	return ""
}

func hostPart(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return strings.TrimSuffix(strings.TrimPrefix(hostport, "["), "]")
}

// loopbackName reports whether a host name cannot be rebound: localhost,
// *.localhost, or an IP literal.
func loopbackName(h string) bool {
	h = strings.TrimSuffix(strings.ToLower(h), ".")
	return h == "localhost" || strings.HasSuffix(h, ".localhost") || net.ParseIP(h) != nil
}

// loopbackOrigin reports whether a page's origin is served from this
// machine by a name that cannot be rebound.
func loopbackOrigin(origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Path != "" || u.User != nil {
		return false
	}
	h := strings.ToLower(u.Hostname())
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// strconvQuote quotes a header value for a message, cut to 100 bytes.
func strconvQuote(s string) string {
	if len(s) > 100 {
		s = s[:100] + "..."
	}
	return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`
}
