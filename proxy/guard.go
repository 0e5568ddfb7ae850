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
// another origin may drive it: the rules of loopback.Refusal, applied to
// every request (docs/security.md).
func refusal(r *http.Request, listenHost string) string {
	return loopback.Refusal(r, listenHost, "rtq proxy", "only pages served from this machine may call through it")
}

// quote quotes a value for a message, cut to 100 bytes.
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
