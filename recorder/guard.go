package recorder

import (
	"net/http"
	"strings"

	"github.com/rtq-kit/rtq/internal/loopback"
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
	if h := loopback.Host(r.Host); r.Host != "" && !loopback.Unrebindable(h) && h != loopback.Host(listenHost) {
		return "rtq record does not serve Host " + strconvQuote(h) + " (a web page could have rebound that name to this machine)"
	}
	if o := r.Header.Get("Origin"); o != "" && !loopback.Origin(o) {
		return "rtq record refuses requests from the web page at " + strconvQuote(o) + ": a page must not spend the upstream's key"
	}
	if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
		return "rtq record refuses cross-site browser requests: a page must not spend the upstream's key"
	}
	return ""
}

// strconvQuote quotes a header value for a message, cut to 100 bytes.
func strconvQuote(s string) string {
	if len(s) > 100 {
		s = s[:100] + "..."
	}
	return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`
}
