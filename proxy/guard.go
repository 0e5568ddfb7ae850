package proxy

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/internal/loopback"
)

// refusal returns why r is refused, or "". The proxy reaches a service a
// web page could not (a staging inside a company network), so no page of
// another origin may drive it: the rules of the mock's admin paths and
// of rtq record (docs/security.md), applied to every request.
//
//   - Host must be a name that cannot be rebound (localhost, *.localhost,
//     an IP literal) or the listen address's.
//   - Origin, when sent, must be a loopback page's (a frontend served on
//     this machine passes).
//   - Sec-Fetch-Site: cross-site is refused.
func refusal(r *http.Request, listenHost string) string {
	if h := loopback.Host(r.Host); r.Host != "" && !loopback.Unrebindable(h) && h != loopback.Host(listenHost) {
		return "rtq proxy does not serve Host " + quote(h) + " (a web page could have rebound that name to this machine)"
	}
	if o := r.Header.Get("Origin"); o != "" && !loopback.Origin(o) {
		return "rtq proxy refuses requests from the web page at " + quote(o) + ": only pages served from this machine may call through it"
	}
	if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
		return "rtq proxy refuses cross-site browser requests"
	}
	return ""
}

func quote(s string) string {
	if len(s) > 100 {
		s = s[:100] + "..."
	}
	return strconv.Quote(s)
}

// fullError is the {code, error_code, message, message_detail} shape.
func fullError(code int, detail string) map[string]any {
	return map[string]any{"code": code, "error_code": code, "message": "refused by rtq proxy", "message_detail": detail}
}

// errorIn is an error in ep's own shape (docs/contract.md §C3), so that
// a client handles a refusal of the proxy as it handles the service's.
func errorIn(ep contract.Endpoint, code int, detail string) map[string]any {
	switch ep.Shape {
	case contract.ShapeVerify:
		return map[string]any{"code": code, "message": "refused by rtq proxy", "data": map[string]any{}, "error_code": code, "message_detail": detail}
	case contract.ShapeTemplates:
		return map[string]any{"code": code, "message": "refused by rtq proxy: " + detail, "data": map[string]any{}}
	}
	return fullError(code, detail)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
