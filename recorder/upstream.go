package recorder

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rtq-kit/rtq/contract"
)

// maxAnswerBytes bounds what one upstream answer may weigh.
const maxAnswerBytes = 64 << 20

// ErrBudget is returned once --max-requests calls have been made.
var ErrBudget = errors.New("request budget (--max-requests) spent")

// Exchange is one call the recorder made to the upstream, as a test (and
// the closed loop) replays it. The key is not part of it.
type Exchange struct {
	Endpoint string // "<group>/<operation>"
	Request  []byte
	Status   int
	Header   http.Header
	Body     []byte
}

// Upstream calls the recorded service with the recorder's own key. It is
// safe for concurrent use.
type Upstream struct {
	base   string
	key    string
	client *http.Client
	// MaxRequests stops after this many calls (0: no bound).
	MaxRequests int
	// Rate is at most this many calls per second (0: no bound).
	Rate float64
	// OnExchange, when set, sees every answered call.
	OnExchange func(Exchange)
	// BackOff makes Call wait and call again when the upstream answers
	// 429 (the HTTP status, or code 429 in a body sent with HTTP 200), as
	// long as its Retry-After says (1 s without one, at most
	// maxBackOff), up to maxRetries times: a crawl at a polite --rate may
	// still meet the service's own limit. Every call counts against
	// MaxRequests. The proxy leaves it off: its client gets the 429.
	BackOff bool
	// Log receives a line per wait (nil: discarded).
	Log io.Writer

	mu   sync.Mutex
	n    int
	next time.Time
}

// NewUpstream returns a client of base (the service's base URL) that
// authenticates with key.
func NewUpstream(base, key string) *Upstream {
	return &Upstream{base: strings.TrimRight(base, "/"), key: key, client: &http.Client{Timeout: 60 * time.Second}}
}

// Calls is how many calls were made.
func (u *Upstream) Calls() int {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.n
}

// Left is how many calls the budget still allows; -1 without a budget.
func (u *Upstream) Left() int {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.MaxRequests <= 0 {
		return -1
	}
	return max(0, u.MaxRequests-u.n)
}

// wait takes one call from the budget and keeps to the rate.
func (u *Upstream) wait(ctx context.Context) error {
	u.mu.Lock()
	if u.MaxRequests > 0 && u.n >= u.MaxRequests {
		u.mu.Unlock()
		return ErrBudget
	}
	u.n++
	now := time.Now()
	at := now
	if u.Rate > 0 {
		if u.next.After(now) {
			at = u.next
		}
		u.next = at.Add(time.Duration(float64(time.Second) / u.Rate))
	}
	u.mu.Unlock()
	if d := at.Sub(now); d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// Retries after a 429 (BackOff), and the longest wait between them.
const (
	maxRetries = 5
	maxBackOff = 60 * time.Second
)

// Call posts body to endpoint and returns the answer whole.
func (u *Upstream) Call(ctx context.Context, endpoint string, body []byte) (Exchange, error) {
	for retry := 0; ; retry++ {
		x, err := u.call(ctx, endpoint, body)
		if err != nil || !u.BackOff || retry == maxRetries || !tooMany(x) {
			return x, err
		}
		d := retryAfter(x.Header)
		if u.Log != nil {
			fmt.Fprintf(u.Log, "rtq record: upstream %s answered 429 (too many requests): calling again in %v\n", endpoint, d)
		}
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return x, ctx.Err()
		}
	}
}

// tooMany says x asks the caller to slow down: HTTP 429, or code 429 in
// the body of an answer sent with HTTP 200 (a service in always_200 mode).
func tooMany(x Exchange) bool {
	if x.Status == http.StatusTooManyRequests {
		return true
	}
	var e struct {
		Code int `json:"code"`
	}
	return x.Status == http.StatusOK && json.Unmarshal(x.Body, &e) == nil && e.Code == http.StatusTooManyRequests
}

// retryAfter reads Retry-After as seconds: 1 s when absent or not a
// number, at most maxBackOff.
func retryAfter(h http.Header) time.Duration {
	n, err := strconv.Atoi(strings.TrimSpace(h.Get("Retry-After")))
	if err != nil || n < 0 {
		return time.Second
	}
	return min(time.Duration(n)*time.Second, maxBackOff)
}

// call is one call: Call without the back-off.
func (u *Upstream) call(ctx context.Context, endpoint string, body []byte) (Exchange, error) {
	x := Exchange{Endpoint: endpoint, Request: body}
	if err := u.wait(ctx); err != nil {
		return x, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u.base+contract.PathPrefix+endpoint, bytes.NewReader(body))
	if err != nil {
		return x, fmt.Errorf("upstream %s: %w", endpoint, err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+u.key)
	resp, err := u.client.Do(req)
	if err != nil {
		return x, fmt.Errorf("upstream %s: %w", endpoint, redact(err, u.key))
	}
	defer resp.Body.Close()
	x.Body, err = io.ReadAll(io.LimitReader(resp.Body, maxAnswerBytes+1))
	if err != nil {
		return x, fmt.Errorf("upstream %s: read answer: %w", endpoint, err)
	}
	if len(x.Body) > maxAnswerBytes {
		return x, fmt.Errorf("upstream %s: answer larger than %d bytes", endpoint, maxAnswerBytes)
	}
	x.Status, x.Header = resp.StatusCode, resp.Header
	if u.OnExchange != nil {
		u.OnExchange(x)
	}
	return x, nil
}

// redact keeps the key out of an error that might quote a request.
func redact(err error, key string) error {
	if key == "" || !strings.Contains(err.Error(), key) {
		return err
	}
	return errors.New(strings.ReplaceAll(err.Error(), key, "[key]"))
}
