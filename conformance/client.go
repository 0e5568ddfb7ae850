package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/rtq-kit/rtq/contract"
)

// MaxResponseBytes caps how much of one answer the runner reads: a hostile
// or broken target cannot make it read forever.
const MaxResponseBytes = 8 << 20

// readRetries is how often a read (never verify) is retried after a
// transport failure.
const readRetries = 2

// Request is what a finding shows of a request: never the API key itself,
// only the role whose key was used.
type Request struct {
	Method string `json:"method"`
	Path   string `json:"path"`
	Key    string `json:"key"` // role: read, write, limited, other_org, none, bad
	Body   string `json:"body,omitempty"`
}

func (r Request) String() string {
	s := fmt.Sprintf("%s %s (key: %s)", r.Method, r.Path, r.Key)
	if r.Body != "" {
		s += " " + r.Body
	}
	return s
}

// Exchange is one request and what came back.
type Exchange struct {
	Req         Request
	Status      int
	ContentType string
	Body        []byte
	Doc         any   // decoded JSON (numbers as json.Number); nil when not JSON
	Err         error // transport failure, oversize body
	DecodeErr   error // the body is not JSON

	mu        sync.Mutex
	validated map[string]error // schema file → result, see runner.validate
}

// client sends requests to the target with one keep-alive http.Client, a
// per-request time-out, a rate limit and retries for reads.
type client struct {
	base    string
	http    *http.Client
	timeout time.Duration
	limit   *limiter
	stalls  *stalls
	observe func(ep contract.Endpoint, x *Exchange)
}

// maxStalls is how many time-outs in a row an endpoint may give before the
// runner stops sending to it: a target that stops answering costs a few
// time-outs, not one per request.
const maxStalls = 3

// stalls counts consecutive time-outs per endpoint.
type stalls struct {
	mu sync.Mutex
	n  map[string]int
}

func (s *stalls) count(ep string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.n[ep]
}

func (s *stalls) record(ep string, err error) {
	var ne net.Error
	s.mu.Lock()
	defer s.mu.Unlock()
	if errors.As(err, &ne) && ne.Timeout() {
		s.n[ep]++
	} else if err == nil {
		s.n[ep] = 0
	}
}

func newClient(base string, timeout time.Duration, rate float64) *client {
	tr := &http.Transport{
		Proxy:               nil,
		DialContext:         (&net.Dialer{Timeout: timeout}).DialContext,
		MaxIdleConnsPerHost: 16,
		IdleConnTimeout:     30 * time.Second,
	}
	return &client{
		base:    strings.TrimRight(base, "/"),
		http:    &http.Client{Transport: tr, Timeout: timeout, CheckRedirect: noRedirect},
		timeout: timeout,
		limit:   newLimiter(rate),
		stalls:  &stalls{n: map[string]int{}},
	}
}

func noRedirect(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

func (c *client) close() { c.http.CloseIdleConnections() }

// post sends body (marshalled to JSON, or raw when it is []byte) to the
// endpoint with the given key; role names the key in findings.
func (c *client) post(ctx context.Context, ep contract.Endpoint, role, key string, body any) *Exchange {
	raw, ok := body.([]byte)
	if !ok {
		raw, _ = json.Marshal(body)
	}
	x := &Exchange{Req: Request{Method: http.MethodPost, Path: ep.Path(), Key: role, Body: string(raw)}}
	attempts := 1
	if !ep.Write {
		attempts += readRetries
	}
	for i := 0; i < attempts; i++ {
		if n := c.stalls.count(ep.Name); n >= maxStalls {
			x.Err = fmt.Errorf("not sent: %s gave %d time-outs in a row", ep.Name, n)
			break
		}
		if err := c.limit.wait(ctx); err != nil {
			x.Err = err
			break
		}
		x.Err = c.do(ctx, x, raw, key)
		c.stalls.record(ep.Name, x.Err)
		if !retryable(ctx, x.Err) {
			break
		}
	}
	if c.observe != nil {
		c.observe(ep, x)
	}
	return x
}

var errTooLarge = fmt.Errorf("answer larger than %d bytes", MaxResponseBytes)

func (c *client) do(ctx context.Context, x *Exchange, raw []byte, key string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+x.Req.Path, bytes.NewReader(raw))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	x.Status, x.ContentType = resp.StatusCode, resp.Header.Get("Content-Type")
	if resp.ContentLength > MaxResponseBytes {
		return errTooLarge // declared: no need to read the cap's worth first
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxResponseBytes+1))
	if err != nil {
		return fmt.Errorf("read answer: %w", err)
	}
	if len(data) > MaxResponseBytes {
		return errTooLarge
	}
	x.Body, x.Doc, x.DecodeErr = data, nil, nil
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		x.DecodeErr = err
	} else if dec.More() {
		x.DecodeErr = errors.New("trailing data after the JSON value")
	} else {
		x.Doc = doc
	}
	return nil
}

// postAdmin POSTs to an admin URL (the profile's reset); its answer only
// matters as success or failure, and only a whole answer is a success: a
// reset that sends its headers and never finishes has not finished.
func (c *client) postAdmin(ctx context.Context, target string) error {
	url := target
	if !strings.HasPrefix(target, "http://") && !strings.HasPrefix(target, "https://") {
		url = c.base + "/" + strings.TrimLeft(target, "/")
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("POST %s: HTTP %d", url, resp.StatusCode)
	}
	if _, err := io.Copy(io.Discard, io.LimitReader(resp.Body, MaxResponseBytes)); err != nil {
		return fmt.Errorf("POST %s: read answer: %w", url, err)
	}
	return nil
}

// limiter spaces requests rate per second apart; rate <= 0 is no limit.
type limiter struct {
	mu    sync.Mutex
	every time.Duration
	next  time.Time
}

func newLimiter(rate float64) *limiter {
	if rate <= 0 {
		return &limiter{}
	}
	return &limiter{every: time.Duration(float64(time.Second) / rate)}
}

func (l *limiter) wait(ctx context.Context) error {
	if l.every == 0 {
		return ctx.Err()
	}
	l.mu.Lock()
	now := time.Now()
	at := l.next
	if at.Before(now) {
		at = now
	}
	l.next = at.Add(l.every)
	l.mu.Unlock()
	timer := time.NewTimer(time.Until(at))
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}

// unreachable tells a target that cannot be reached at all (nothing
// listens, no such host, dial time-out) from one that answers badly.
func unreachable(err error) bool {
	var op *net.OpError
	if errors.As(err, &op) && op.Op == "dial" {
		return true
	}
	var dns *net.DNSError
	return errors.As(err, &dns)
}

// retryable says whether a read should be sent again: only after a broken
// connection, never after a time-out (a stalled target would multiply the
// run's length) or an oversize answer.
func retryable(ctx context.Context, err error) bool {
	if err == nil || ctx.Err() != nil || errors.Is(err, errTooLarge) {
		return false
	}
	var ne net.Error
	return !(errors.As(err, &ne) && ne.Timeout())
}
