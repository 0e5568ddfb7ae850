// Package fault is the model of the mock's fault rules: what a rule
// matches (endpoint, key name, record, certificate code), what it does
// (delay, an error, a dropped connection, a cut or slow body) and to which
// share of the matching requests, drawn from a seed so that a run can be
// repeated. It parses rules from JSON, YAML (through the scenario package)
// and the KEY=VALUE,... of rtq mock --fault, validates them with messages
// that name the member, and decides per request; the mock server carries
// the decision out. It needs no server, so every rule is tested without one.
package fault

import (
	"fmt"
	"strings"
	"time"

	"github.com/rtq-kit/rtq/contract"
)

// Rule is one fault rule, as docs/mock.md describes it. The JSON names are
// the ones users type in a scenario, the admin API and --fault; members may
// be added, never renamed.
type Rule struct {
	// ID names a rule in force (f1, f2, ...); set by the Set, ignored on input.
	ID string `json:"id,omitempty"`
	// Source says where the rule came from: scenario, flag or admin.
	Source string `json:"source,omitempty"`

	Endpoint        string `json:"endpoint,omitempty"` // <group>/<operation>; "" matches every endpoint
	Key             string `json:"key,omitempty"`      // API key name
	RecordID        int64  `json:"record_id,omitempty"`
	RecordURL       string `json:"record_url,omitempty"`
	CertificateCode string `json:"certificate_code,omitempty"`

	Rate  float64 `json:"rate,omitempty"`  // share of matching requests hit, (0,1]; 0 means 1
	Times int     `json:"times,omitempty"` // the rule expires after this many hits; 0: never

	DelayMS  int    `json:"delay_ms,omitempty"`
	JitterMS int    `json:"jitter_ms,omitempty"`
	Error    *Error `json:"error,omitempty"`
	Drop     bool   `json:"drop,omitempty"`
	Body     string `json:"body,omitempty"` // truncated or dribble
}

// Error is the error answer a rule sends, in the endpoint's own shape.
// Only Code is needed: ErrorCode, Message and HTTPStatus default from the
// code (the kit's table; the scenario's status mode).
type Error struct {
	Code       int    `json:"code,omitempty"`
	ErrorCode  int    `json:"error_code,omitempty"`
	Message    string `json:"message,omitempty"`
	HTTPStatus int    `json:"http_status,omitempty"`
	RetryAfter int    `json:"retry_after,omitempty"` // seconds, sent as Retry-After
}

// Body kinds.
const (
	BodyTruncated = "truncated" // half the body, then the connection closes
	BodyDribble   = "dribble"   // the body in slices spread over the delay
)

// DefaultDribble is how long a dribbled body takes when the rule sets no
// delay_ms.
const DefaultDribble = time.Second

// Limits on what a rule may ask, so that a typo cannot hang a client for
// hours.
const (
	MaxDelayMS    = 600_000 // ten minutes
	MaxRetryAfter = 86_400
)

// Problem is one thing wrong with a rule: the member (as users type it,
// "error.code") and what is wrong.
type Problem struct {
	Member  string
	Message string
}

func (p Problem) String() string { return p.Member + ": " + p.Message }

// Problems checks a rule; nil means it is usable.
func (r *Rule) Problems() []Problem {
	var ps []Problem
	add := func(member, format string, args ...any) {
		ps = append(ps, Problem{member, fmt.Sprintf(format, args...)})
	}
	if _, known := contract.EndpointNamed(r.Endpoint); r.Endpoint != "" && !known {
		add("endpoint", "%q is not an endpoint; use one of %s", r.Endpoint, strings.Join(contract.EndpointNames(), ", "))
	}
	if r.RecordID < 0 {
		add("record_id", "must be a positive integer, got %d", r.RecordID)
	}
	if r.Rate < 0 || r.Rate > 1 {
		add("rate", "must be a share between 0 and 1 (0.25 hits a quarter of the requests), got %g", r.Rate)
	}
	if r.Times < 0 {
		add("times", "must be 0 (no limit) or more, got %d", r.Times)
	}
	if r.DelayMS < 0 || r.DelayMS > MaxDelayMS {
		add("delay_ms", "must be between 0 and %d milliseconds, got %d", MaxDelayMS, r.DelayMS)
	}
	if r.JitterMS < 0 || r.JitterMS > MaxDelayMS {
		add("jitter_ms", "must be between 0 and %d milliseconds, got %d", MaxDelayMS, r.JitterMS)
	}
	if r.Body != "" && r.Body != BodyTruncated && r.Body != BodyDribble {
		add("body", "must be %q or %q, got %q", BodyTruncated, BodyDribble, r.Body)
	}
	if r.Drop && (r.Error != nil || r.Body != "") {
		add("drop", "a dropped connection sends nothing: leave out error and body")
	}
	if r.Error != nil {
		ps = append(ps, r.Error.problems()...)
	}
	if r.DelayMS == 0 && r.JitterMS == 0 && r.Error == nil && !r.Drop && r.Body == "" {
		add("", "a rule must do something: set delay_ms, error, drop or body")
	}
	return ps
}

func (e *Error) problems() []Problem {
	var ps []Problem
	add := func(member, format string, args ...any) {
		ps = append(ps, Problem{"error." + member, fmt.Sprintf(format, args...)})
	}
	if e.Code == 0 && e.HTTPStatus == 0 {
		add("code", "is required (an HTTP-like status: 401, 403, 429, 500, 503...)")
	}
	if e.Code != 0 && (e.Code < 100 || e.Code > 999) {
		add("code", "must be between 100 and 999, got %d", e.Code)
	}
	if e.HTTPStatus != 0 && (e.HTTPStatus < 200 || e.HTTPStatus > 599) {
		add("http_status", "must be between 200 and 599, got %d", e.HTTPStatus)
	}
	if e.ErrorCode < 0 {
		add("error_code", "must be a positive integer, got %d", e.ErrorCode)
	}
	if e.RetryAfter < 0 || e.RetryAfter > MaxRetryAfter {
		add("retry_after", "must be between 0 and %d seconds, got %d", MaxRetryAfter, e.RetryAfter)
	}
	return ps
}

// Validate is Problems as one error naming the rule ("fault rule 2: rate:
// ...; delay_ms: ..."), for callers that print rather than point at YAML.
func (r *Rule) Validate(name string) error {
	ps := r.Problems()
	if len(ps) == 0 {
		return nil
	}
	msgs := make([]string, len(ps))
	for i, p := range ps {
		msgs[i] = p.String()
		if p.Member == "" {
			msgs[i] = p.Message
		}
	}
	return fmt.Errorf("%s: %s", name, strings.Join(msgs, "; "))
}

// needsBody says whether matching the rule reads the request body.
func (r *Rule) needsBody() bool {
	return r.RecordID != 0 || r.RecordURL != "" || r.CertificateCode != ""
}
