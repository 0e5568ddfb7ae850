package svcclient

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// PostBackingOff is Post that, when the service answers 429 (the HTTP
// status, or code 429 in a body sent with HTTP 200, a service in always_200
// mode), waits as long as its Retry-After says (1 s without one, at most
// MaxBackOff) and calls again, up to MaxRetries times: a crawl at a polite
// rate may still meet the service's own limit. Every call counts against
// the budget. The hooks of w, when set, see every answer and each wait.
func (c *Client) PostBackingOff(ctx context.Context, path, key string, body []byte, w Watch) (Answer, error) {
	return c.call(ctx, http.MethodPost, path, key, body, true, w, true)
}

// Watch is what a caller of PostBackingOff is told as it goes.
type Watch struct {
	Answered func(Answer)        // every answer, the 429s included
	Waiting  func(time.Duration) // each wait, before it starts
	once     bool                // a slow-down is the answer (Wire.Once)
}

// TooMany says a asks the caller to slow down: HTTP 429, or code 429 in
// the body of an answer sent with HTTP 200.
func TooMany(a Answer) bool {
	if a.Status == http.StatusTooManyRequests {
		return true
	}
	// A body that holds no "429" has no code 429: most answers are not
	// decoded at all (a client reads every answer through here).
	if a.Status != http.StatusOK || !bytes.Contains(a.Body, []byte("429")) {
		return false
	}
	var e struct {
		Code int `json:"code"`
	}
	return json.Unmarshal(a.Body, &e) == nil && e.Code == http.StatusTooManyRequests
}

// RetryAfter reads Retry-After as seconds: 1 s when absent or not a
// number, at most MaxBackOff.
func RetryAfter(h http.Header) time.Duration {
	n, err := strconv.Atoi(strings.TrimSpace(h.Get("Retry-After")))
	if err != nil || n < 0 {
		return time.Second
	}
	return min(time.Duration(n)*time.Second, MaxBackOff)
}
