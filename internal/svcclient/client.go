// Package svcclient is rtq's one client of a Record and Template Query
// Service called with a key: `rtq record` (crawl and proxy), `rtq profile
// discover` and the transport of `rtq conform` all call the service
// through it, so what protects the key and the terminal is written once
// (docs/security.md, "Talking to a service"):
//
//   - the rate limit and the request budget (limit.go);
//   - Retry-After, when the caller asks to back off after a 429 (backoff.go);
//   - the answer size cap;
//   - redirects: none followed, a 3xx is the answer it is (Redirect);
//   - the scrubber of secrets, applied to every answer and error before a
//     caller sees them (scrub.go);
//   - the cursor walk with its repeated-token guard (walk.go);
//   - the calls in flight (limit.go), and independent reads overlapped
//     but committed in their order, so that output does not depend on
//     timing (overlap.go);
//   - the escaper of what a service says, for terminals and YAML
//     comments (escape.go).
//
// It judges nothing: what an answer means is each caller's business (the
// runner's checks above all). It knows the wire only as far as a 429 sent
// with HTTP 200 needs.
package svcclient

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/rtq-kit/rtq/contract"
)

// Config is what a Client is made with.
type Config struct {
	// BaseURL is the service's base URL; paths are appended to it.
	BaseURL string
	// Timeout bounds each call, answer included (0: none).
	Timeout time.Duration
	// Transport carries the calls (nil: a copy of http.DefaultTransport,
	// proxies from the environment included, that keeps IdleConns idle
	// connections to the service and reaches it as Access says).
	Transport http.RoundTripper
	// IdleConns is how many idle connections the default transport keeps
	// (0: 64), and DialTimeout bounds its dials (0: Go's default).
	IdleConns   int
	DialTimeout time.Duration
	// Access is how the target is reached beyond its URL: its CA, a
	// client certificate, headers, --insecure (nil: as Go does). Its
	// headers' values are scrubbed like Secrets.
	Access *Access
	// MaxAnswerBytes caps one answer (0: DefaultMaxAnswerBytes).
	MaxAnswerBytes int64
	// Rate is at most this many calls a second (0: no bound), and
	// MaxRequests at most this many calls in all (0: no bound; ErrBudget
	// after). Both can be changed later with Limit.
	Rate        float64
	MaxRequests int
	// Concurrency is at most this many calls in flight (0: no bound);
	// it can be changed later with Concurrency.
	Concurrency int
	// Polite makes the client slow down when the target asks (429, or
	// 503 with Retry-After): a refused call waits as asked and is sent
	// again, up to MaxRetries times, and the calls in flight and the
	// rate are lowered for every call after (pace.go).
	Polite bool
	// Secrets are scrubbed from every answer and error (NewScrubber).
	Secrets []string
}

// DefaultMaxAnswerBytes is the answer cap when Config names none.
const DefaultMaxAnswerBytes = 8 << 20

// maxIdlePerHost is how many idle connections the default transport keeps
// to the service, for calls in flight at once.
const maxIdlePerHost = 64

// Client calls one service. It is safe for concurrent use.
type Client struct {
	base   string
	http   *http.Client
	max    int64
	scrub  *Scrubber
	lim    *limits
	access *Access
	polite bool
}

// New returns a client as c says.
func New(c Config) *Client {
	if c.MaxAnswerBytes <= 0 {
		c.MaxAnswerBytes = DefaultMaxAnswerBytes
	}
	if c.Transport == nil {
		c.Transport = c.transport()
	}
	cl := &Client{
		base: strings.TrimRight(c.BaseURL, "/"),
		http: &http.Client{Transport: c.Transport, Timeout: c.Timeout, CheckRedirect: noRedirect},
		max:  c.MaxAnswerBytes, scrub: NewScrubber(append(c.Secrets, c.Access.Secrets()...)...), lim: newLimits(c.Rate, c.MaxRequests),
		access: c.Access, polite: c.Polite,
	}
	cl.Concurrency(c.Concurrency)
	return cl
}

// transport is the default transport of c: Go's, with proxies from the
// environment (HTTPS_PROXY, HTTP_PROXY, NO_PROXY), more idle connections
// (Go keeps 2 a host: calls in flight beyond that would each open a new
// one) and the TLS configuration of c.Access.
func (c Config) transport() *http.Transport {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = cmp.Or(c.IdleConns, maxIdlePerHost)
	// Go's transport also keeps at most 100 idle connections in all:
	// more calls in flight than that to the one service would close
	// and reopen connections on every burst.
	tr.MaxIdleConns = max(tr.MaxIdleConns, tr.MaxIdleConnsPerHost)
	if c.DialTimeout > 0 {
		tr.DialContext = (&net.Dialer{Timeout: c.DialTimeout, KeepAlive: 30 * time.Second}).DialContext
	}
	tr.OnProxyConnectResponse = proxyRefused
	if tc := c.Access.tlsConfig(); tc != nil {
		tr.TLSClientConfig = tc
	}
	return tr
}

// noRedirect leaves every 3xx as the answer: Go's client would send the
// Authorization header on to another port or scheme of the same host.
func noRedirect(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

// Scrubber is the client's scrubber, for what its callers print or write.
func (c *Client) Scrubber() *Scrubber { return c.scrub }

// CloseIdleConnections closes the keep-alive connections not in use.
func (c *Client) CloseIdleConnections() { c.http.CloseIdleConnections() }

// Answer is what the service answered: status, headers and the whole
// body, secrets scrubbed.
type Answer struct {
	Status int
	Header http.Header
	Body   []byte
}

// Redirect is "" for an answer that is not a redirect, else what to say of
// it: the client follows none, so the caller reports it with its Location.
func (a Answer) Redirect() string {
	if a.Status < 300 || a.Status > 399 {
		return ""
	}
	loc := a.Header.Get("Location")
	if loc == "" {
		return fmt.Sprintf("HTTP %d redirect without a Location, not followed", a.Status)
	}
	return fmt.Sprintf("HTTP %d redirect to %s, not followed", a.Status, Escape(loc))
}

// ErrTooLarge is wrapped by the error of an answer over the cap.
var ErrTooLarge = errors.New("answer too large")

// TooLargeError says an answer was over the cap; it is ErrTooLarge.
type TooLargeError struct{ Max int64 }

func (e *TooLargeError) Error() string        { return fmt.Sprintf("answer larger than %d bytes", e.Max) }
func (e *TooLargeError) Is(target error) bool { return target == ErrTooLarge }

// url is path under the base URL, or path itself when it is a whole URL.
func (c *Client) url(path string) string {
	if absolute(path) {
		return path
	}
	return c.base + path
}

func absolute(url string) bool {
	return strings.HasPrefix(url, "http://") || strings.HasPrefix(url, "https://")
}

// Post sends body as JSON to the service's path ("/api/v2/rpc/...", or a
// whole URL), with
// key as a Bearer token when it is not "", after waiting for the rate and
// taking one call from the budget (a call that cannot be sent fails with
// an error that is ErrNotSent). A 3xx is returned as the answer it is.
// An answer over the cap is a *TooLargeError, with the status and headers
// in the Answer but no body; one that declares its length over the cap
// fails before any of it is read. Every error and answer is scrubbed.
func (c *Client) Post(ctx context.Context, path, key string, body []byte) (Answer, error) {
	return c.Send(ctx, http.MethodPost, path, key, body)
}

// Send is Post with another method: every operation is a POST, and only
// the runner's check that other methods get no success sends another.
func (c *Client) Send(ctx context.Context, method, path, key string, body []byte) (Answer, error) {
	return c.call(ctx, method, path, key, body, c.polite, Watch{}, true)
}

// SendHeaders is Send with some of the headers the client writes itself
// replaced: a value replaces the header, an empty list removes it. The
// runner sends through it what a careless client sends (an Authorization
// of another form, another Content-Type), through the same limits as
// every call; key, when given, is still scrubbed from the answer.
func (c *Client) SendHeaders(ctx context.Context, method, path string, h http.Header, body []byte) (Answer, error) {
	ctx = context.WithValue(ctx, headersKey{}, Wire{Header: h})
	return c.call(ctx, method, path, "", body, c.polite, Watch{}, true)
}

// Wire is how one call is written beyond its method, path, key and body:
// headers that replace the client's own (as SendHeaders), and the body
// sent chunked, without a Content-Length. Every form is one a client may
// legally send; the runner sends each to see that the target reads them
// all alike.
type Wire struct {
	Header  http.Header
	Chunked bool
	// Once sends the call once even when the client is polite: an
	// answer asking to slow down is returned as it is rather than waited
	// out and sent again, for a caller that asks again another way (the
	// runner's request in a client's envelope, which a service may
	// throttle for that envelope alone). The slow-down still counts as
	// one and still holds back the calls after it for its Retry-After:
	// the client cannot tell a limit on one envelope from a limit on
	// every call, and a polite client keeps to the second.
	Once bool
}

// SendWire is Send written as w says, through the same limits as every
// call; key is sent as a Bearer token unless w's headers replace it.
func (c *Client) SendWire(ctx context.Context, method, path, key string, body []byte, w Wire) (Answer, error) {
	ctx = context.WithValue(ctx, headersKey{}, w)
	return c.call(ctx, method, path, key, body, c.polite, Watch{once: w.Once}, true)
}

// headersKey carries a Wire down to send.
type headersKey struct{}

// call sends one call; polite, it waits out a refusal (SlowDown) and
// sends the call again, up to MaxRetries times, the refusal being the
// answer after that. chained counts it in ctx's chain (the runner's
// resets are not). w's hooks see every answer and each wait.
func (c *Client) call(ctx context.Context, method, path, key string, body []byte, polite bool, w Watch, chained bool) (Answer, error) {
	var last Answer
	for retry := 0; ; retry++ {
		a, err := c.once(ctx, method, path, key, body, polite, chained)
		if err != nil {
			if retry > 0 && errors.Is(err, ErrNotSent) {
				return last, err // the wait ended with ctx: the refusal is the answer
			}
			return a, err
		}
		if w.Answered != nil {
			w.Answered(a)
		}
		d, slow := SlowDown(a)
		if !slow || !polite || w.once || retry == MaxRetries {
			return a, nil
		}
		last = a
		if w.Waiting != nil {
			w.Waiting(d)
		}
	}
}

// once is one call through the limits: a place in flight (after any
// Retry-After), the budget, the rate; polite, its answer tells the gate
// whether the target asked to slow down.
func (c *Client) once(ctx context.Context, method, path, key string, body []byte, polite, chained bool) (Answer, error) {
	release, err := c.lim.acquire(ctx)
	if err != nil {
		return Answer{}, stoppedBeforeSent(ctx, method, path, err)
	}
	defer release()
	if err := c.lim.wait(ctx); err != nil {
		return Answer{}, stoppedBeforeSent(ctx, method, path, err)
	}
	if chained {
		chainOf(ctx).add()
	}
	sent := time.Now()
	a, err := c.send(ctx, method, path, key, body)
	if err == nil && polite {
		if d, slow := SlowDown(a); slow {
			c.lim.gate.refused(sent, d)
		} else {
			c.lim.gate.answered(sent)
		}
	}
	return a, c.scrub.Error(err)
}

func (c *Client) send(ctx context.Context, method, path, key string, body []byte) (Answer, error) {
	if r, ok := ctx.Value(rawKey{}).(Raw); ok {
		return c.sendRaw(ctx, key, r)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.url(path), bytes.NewReader(body))
	if err != nil {
		return Answer{}, err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", contract.KitUserAgent)
	c.access.addHeaders(req.Header)
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	if w, ok := ctx.Value(headersKey{}).(Wire); ok {
		for name, values := range w.Header {
			req.Header.Del(name)
			for _, v := range values {
				req.Header.Add(name, v)
			}
		}
		if w.Chunked && body != nil {
			// An unknown length: Go's transport sends the body chunked.
			req.ContentLength = -1
			req.Body = io.NopCloser(bytes.NewReader(body))
		}
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return Answer{}, plain(ctx, req, c.http.Timeout, err)
	}
	defer resp.Body.Close()
	return c.readAnswer(resp, Answer{Status: resp.StatusCode, Header: c.scrub.Header(resp.Header)})
}

// readAnswer reads resp's body into a, up to the client's cap and
// scrubbed of the secrets it knows: one reading for every answer, sent
// by the transport or written by hand (raw.go).
func (c *Client) readAnswer(resp *http.Response, a Answer) (Answer, error) {
	if resp.ContentLength > c.max {
		return a, &TooLargeError{c.max} // declared: no need to read the cap's worth first
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, c.max+1))
	if err != nil {
		return a, fmt.Errorf("read answer: %w", err)
	}
	if int64(len(data)) > c.max {
		return a, &TooLargeError{c.max}
	}
	a.Body = c.scrub.Bytes(data)
	return a, nil
}

// PostNoBody POSTs nothing, with no key, to url (absolute, or a path
// under the base URL) and reads at most the cap of its answer: the
// runner's reset of a target. adminToken, when not "", is sent as
// "Authorization: Bearer ...": a mock started with --admin-token wants it
// on admin calls. Only a whole 2xx answer is a success; another status is
// a *StatusError.
func (c *Client) PostNoBody(ctx context.Context, url, adminToken string) error {
	if !absolute(url) {
		url = c.base + "/" + strings.TrimLeft(url, "/")
	}
	// Through the same slots, rate, budget and politeness as every call:
	// a reset is a request to the target too.
	a, err := c.call(ctx, http.MethodPost, url, adminToken, nil, c.polite, Watch{}, false)
	if err != nil {
		return fmt.Errorf("POST %s: %w", c.scrub.String(url), err)
	}
	if a.Status/100 != 2 {
		return &StatusError{URL: url, Status: a.Status}
	}
	return nil
}

// StatusError is a call answered with a status that is not a success.
type StatusError struct {
	URL    string
	Status int
}

func (e *StatusError) Error() string { return fmt.Sprintf("POST %s: HTTP %d", e.URL, e.Status) }
