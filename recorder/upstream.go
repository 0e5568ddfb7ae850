package recorder

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/internal/svcclient"
)

// DefaultConcurrency is how many calls a recording keeps in flight when
// told none (--concurrency): independent reads overlap their latency,
// while --rate still bounds the calls a second.
const DefaultConcurrency = 16

// maxAnswerBytes bounds what one upstream answer may weigh.
const maxAnswerBytes = 64 << 20

// ErrBudget is returned once --max-requests calls have been made.
var ErrBudget = svcclient.ErrBudget

// Exchange is one call the recorder made to the upstream, as a test (and
// the closed loop) replays it. The key is not part of it.
type Exchange struct {
	Endpoint string // "<group>/<operation>"
	Request  []byte
	Status   int
	Header   http.Header
	Body     []byte
}

// Upstream calls the recorded service with the recorder's own key,
// through rtq's one client of a service (internal/svcclient): it follows
// no redirect and scrubs the key from every answer and error. It is safe
// for concurrent use.
type Upstream struct {
	base   string
	key    string
	client *svcclient.Client
	// MaxRequests stops after this many calls (0: no bound).
	MaxRequests int
	// Rate is at most this many calls per second (0: no bound).
	Rate float64
	// Concurrency is at most this many calls in flight (NewUpstream:
	// DefaultConcurrency; 1: one at a time), and how many independent
	// reads a crawl and a probe start at once. 0 bounds no calls (the
	// proxy's, which go at its client's pace) and starts one read at a
	// time.
	Concurrency int
	// OnExchange, when set, sees every answered call.
	OnExchange func(Exchange)
	// BackOff makes Call wait and call again when the upstream answers
	// 429, as svcclient.PostBackingOff does: a crawl at a polite --rate
	// may still meet the service's own limit. Every call counts against
	// MaxRequests. The proxy leaves it off: its client gets the 429.
	BackOff bool
	// Log receives a line per wait (nil: discarded).
	Log io.Writer
}

// NewUpstream returns a client of base (the service's base URL) that
// authenticates with key and reaches it as access says (nil: plainly).
func NewUpstream(base, key string, access *svcclient.Access) *Upstream {
	return &Upstream{base: base, key: key, Concurrency: DefaultConcurrency, client: svcclient.New(svcclient.Config{BaseURL: base,
		Timeout: 60 * time.Second, MaxAnswerBytes: maxAnswerBytes, Secrets: []string{key}, Access: access})}
}

// host is the upstream's host name, for URLs made up to provoke errors.
func (u *Upstream) host() string { return hostOf(u.base) }

// Scrubber removes the upstream's key, in any spelling, from what the
// recording prints or writes.
func (u *Upstream) Scrubber() *svcclient.Scrubber { return u.client.Scrubber() }

// Calls is how many calls were made.
func (u *Upstream) Calls() int { return u.client.Calls() }

// Left is how many calls the budget still allows; -1 without a budget.
func (u *Upstream) Left() int {
	u.client.Limit(u.Rate, u.MaxRequests)
	return u.client.Left()
}

// Call posts body to endpoint and returns the answer whole. A redirect is
// not followed: it is the answer (see refusal).
func (u *Upstream) Call(ctx context.Context, endpoint string, body []byte) (Exchange, error) {
	return u.callAs(ctx, endpoint, u.key, body)
}

// callAs is Call with another key ("": none), for the crawl's error
// provocations (provoke.go); the key is scrubbed like the recorder's.
func (u *Upstream) callAs(ctx context.Context, endpoint, key string, body []byte) (Exchange, error) {
	u.client.Limit(u.Rate, u.MaxRequests)
	u.client.Concurrency(u.Concurrency)
	x := Exchange{Endpoint: endpoint, Request: body}
	answered := func(a svcclient.Answer) {
		if u.OnExchange != nil {
			u.OnExchange(Exchange{Endpoint: endpoint, Request: body, Status: a.Status, Header: a.Header, Body: a.Body})
		}
	}
	path := contract.PathPrefix + endpoint
	var a svcclient.Answer
	var err error
	if u.BackOff {
		a, err = u.client.PostBackingOff(ctx, path, key, body, svcclient.Watch{Answered: answered, Waiting: func(d time.Duration) {
			if u.Log != nil {
				fmt.Fprintf(u.Log, "rtq record: upstream %s answered 429 (too many requests): calling again in %v\n", endpoint, d)
			}
		}})
	} else {
		a, err = u.client.Post(ctx, path, key, body)
		if err == nil {
			answered(a)
		}
	}
	switch {
	case errors.Is(err, svcclient.ErrNotSent) || err != nil && err == ctx.Err():
		// Left as they are: the crawl tells them from failures. After a
		// 429 waited on, x holds that answer.
		if a.Status != 0 {
			x.Status, x.Header, x.Body = a.Status, a.Header, a.Body
		}
		return x, err
	case err != nil:
		if d := u.client.Diagnose(err); d != nil {
			return x, d
		}
		return x, fmt.Errorf("upstream %s: %w", endpoint, err)
	}
	x.Status, x.Header, x.Body = a.Status, a.Header, a.Body
	if d := u.client.Refusal(a); d != nil {
		return x, d
	}
	return x, nil
}
