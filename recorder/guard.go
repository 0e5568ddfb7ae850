package recorder

import (
	"net/http"

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

// guardRefusal returns why r is refused, or "" (loopback.Refusal).
func guardRefusal(r *http.Request, listenHost string) string {
	return loopback.Refusal(r, listenHost, "rtq record", "a page must not spend the upstream's key")
}
