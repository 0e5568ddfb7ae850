package conformance

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/internal/svcclient"
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
	// Authorization, when not "", is the header as sent in another form
	// than "Bearer <key>", the key written as the shell variable a curl
	// line reads it from ($RTQ_API_KEY); ContentType, when not "", the
	// Content-Type sent instead of application/json ("-": none).
	Authorization string `json:"authorization,omitempty"`
	// Headers are more header lines sent ("Name: value", a key written as
	// its shell variable): a key in another header, a second
	// Authorization.
	Headers     []string `json:"headers,omitempty"`
	ContentType string   `json:"content_type,omitempty"`
	// Accept ("-": none), AcceptEncoding and Chunked, when set, are the
	// headers as sent in another legal form than the runner's usual
	// Accept: application/json, Go's gzip and a Content-Length
	// (wireforms.go).
	Accept         string `json:"accept,omitempty"`
	AcceptEncoding string `json:"accept_encoding,omitempty"`
	Chunked        bool   `json:"chunked,omitempty"`
	// Gateway are the header lines a gateway or a proxy adds, as sent
	// (gateways.go); BodyStyle names the style the body is written in
	// when it is not the runner's usual one (bodystyles.go): Body is
	// then the body as sent.
	Gateway   []string `json:"gateway_headers,omitempty"`
	BodyStyle string   `json:"body_style,omitempty"`
	// Client names the real client the request is written as
	// (clientprofiles.go) and ClientHeaders are the lines it adds, as
	// sent; its Accept and Accept-Encoding are in theirs.
	Client        string   `json:"client,omitempty"`
	ClientHeaders []string `json:"client_headers,omitempty"`
	// Members names the members the body carries that the contract
	// does not name, as sent in Body: those a real client adds
	// (clientmembers.go) and those that carry a key where the contract
	// reads none (keyforms.go). A service may refuse any of them (§C1),
	// and the request is then asked again without them (undressed).
	Members []string `json:"members,omitempty"`
	// Envelope names the envelope a real client wraps the request in
	// (envelopes.go): its header lines are in ClientHeaders, its query
	// string in Query (sent after the path), and BodyEncoding, when
	// "gzip", says Body traveled compressed (Content-Encoding: gzip).
	Envelope     string `json:"envelope,omitempty"`
	Query        string `json:"query,omitempty"`
	BodyEncoding string `json:"body_encoding,omitempty"`
}

func (r Request) String() string {
	s := fmt.Sprintf("%s %s (key: %s)", r.Method, r.Path, r.Key)
	if r.Body != "" {
		s += " " + r.Body
	}
	if w := wireShown(r); w != "" {
		s += " (" + w + ")"
	}
	return s
}

// Exchange is one request and what came back.
type Exchange struct {
	Req         Request
	Status      int
	ContentType string
	// ContentEncoding is the answer's Content-Encoding where the request
	// named its own Accept-Encoding ("" where Go's transport asked for
	// gzip and unpacked it); Body is then unpacked only where the
	// request accepted the coding (encodings.go).
	ContentEncoding string
	Body            []byte
	Doc             any   // decoded JSON (numbers as json.Number); nil when not JSON
	Err             error // transport failure, oversize body
	DecodeErr       error // the body is not JSON

	mu        sync.Mutex
	validated map[string]error // schema file → result, see runner.validate
	// clocked says what the answer holds depends on when the run sent it
	// (a listing read while other units move records of its forms): the
	// rules judge and count it, and it fails what it breaks, but it is a
	// finding's example only when no other answer broke the statement,
	// its instants elided (unclocked), so the report stays the same at
	// any concurrency.
	clocked bool
	// refusedDressed is the answer to this request dressed with members
	// a client adds, refused as a parameter error before this bare one
	// was asked (client.undressed): an answer of the service all the
	// same, which the rules over every answer judge (runner.observeAt).
	refusedDressed *Exchange
	// beforeWrites says the read ended before the read gate opened, so
	// before any write of the run (T.getRecord): what a record read
	// after its refused verify is compared with.
	beforeWrites bool

	paramsOnce sync.Once
	params     map[string]any
}

// Params is the request's body as a JSON object (nil when it is not
// one), decoded once however many rules and relations read it: live
// traffic is judged exchange by exchange on the proxy's path, and each
// relation asks for the parameters. Callers must not change the map.
func (x *Exchange) Params() map[string]any {
	x.paramsOnce.Do(func() {
		doc, _ := decodeBody([]byte(x.Req.Body))
		x.params, _ = doc.(map[string]any)
	})
	return x.params
}

// client sends requests to the target through rtq's one client of a
// service (internal/svcclient: one keep-alive connection pool, a
// per-request time-out, the rate limit, the answer cap, no redirect
// followed, the keys scrubbed) and adds what is the runner's own: retries
// for reads, giving up on a stalled endpoint, and decoding for the checks.
type client struct {
	svc *svcclient.Client
	// seed picks the form of each request's headers (wireforms.go);
	// plain sends every request the usual way.
	seed  uint64
	plain bool
	// site fills in the client profiles' lines (clientprofiles.go).
	site clientSite
	// base is the target's base URL, which a body may name (a full URL
	// under the service's own origin): the form of such a request must
	// not depend on where the target listens.
	base    string
	stalls  *stalls
	observe func(ep contract.Endpoint, x *Exchange)
	// keyOf gives each role's key and issued says whether a key is one
	// the run was given: a request without a key, or with a key nobody
	// issued, carries one of ours elsewhere, or one near ours
	// (keyforms.go); nil sends them bare.
	keyOf  func(role string) string
	issued func(key string) bool
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

// newClient returns the runner's client of base, reached as access says
// (nil: plainly); keys are every key the run was given, scrubbed from
// what the target answers. It keeps as many idle connections as
// requests may be in flight (at least 16), so that overlapped requests
// reuse them rather than open new ones.
func newClient(base string, timeout time.Duration, rate float64, inFlight int, access *svcclient.Access, keys ...string) *client {
	return &client{
		svc: svcclient.New(svcclient.Config{BaseURL: base, Timeout: timeout, Rate: rate, Access: access,
			IdleConns:   inFlight + 16, // the concurrency checks' bursts come on top
			DialTimeout: timeout, MaxAnswerBytes: MaxResponseBytes, Secrets: keys,
			// Every request, resets and bursts included, within the one
			// bound of calls in flight, and slowing down when asked.
			Concurrency: inFlight, Polite: true}),
		stalls: &stalls{n: map[string]int{}}, base: strings.TrimRight(base, "/"),
	}
}

func (c *client) close() { c.svc.CloseIdleConnections() }

// post sends body (marshalled to JSON, or raw when it is []byte) to the
// endpoint with the given key; role names the key in findings.
func (c *client) post(ctx context.Context, ep contract.Endpoint, role, key string, body any) *Exchange {
	x := c.quiet(ctx, ep, role, key, body)
	if c.observe != nil {
		c.observe(ep, x)
	}
	return x
}

// quiet is post without telling observe: for an answer that counts only
// if the plan keeps it (runner.observe is then told).
func (c *client) quiet(ctx context.Context, ep contract.Endpoint, role, key string, body any) *Exchange {
	return c.quietAs(ctx, ep, role, key, body, nil)
}

// quietAs is quiet with the request's headers written in form (nil: the
// one the seed picks for the request, the usual way when plain).
func (c *client) quietAs(ctx context.Context, ep contract.Endpoint, role, key string, body any, form *wireForm) *Exchange {
	return c.exchange(ctx, ep, c.request(ep, role, body, form), key)
}

// outgoing is a request written in its form, not yet sent, with what
// sending it needs besides: the body before its form dressed it, and the
// form (undressed).
type outgoing struct {
	req  Request
	bare []byte
	form *wireForm
	// keys is where a request of role none or bad carries a key, as
	// sent (keyforms.go).
	keys keyWire
}

// request is the request quietAs sends, written in its form, not yet
// sent: two requests alike here are alike on the wire (sameReads).
func (c *client) request(ep contract.Endpoint, role string, body any, form *wireForm) outgoing {
	raw, ok := body.([]byte)
	if !ok {
		raw, _ = json.Marshal(body)
	}
	req := Request{Method: http.MethodPost, Path: ep.Path(), Key: role, Body: string(raw)}
	bare := req
	switch {
	case form != nil:
		form.apply(&req, c.site)
	case !c.plain:
		f := wireFormOf(c.seed, req, c.base)
		form = &f
		form.apply(&req, c.site)
	}
	if form != nil && !c.plain {
		if lines := tenancyLines(form.gen, req.Path, role, c.site); len(lines) > 0 {
			req.ClientHeaders = append(withoutNamed(req.ClientHeaders, lines), lines...)
		}
	}
	var keys keyWire
	if !c.plain && c.keyOf != nil {
		keys = keyDress(c.seed, &bare, c.keyOf, c.issued, c.site.domain)
		req.Authorization, req.Headers = bare.Authorization, bare.Headers
		req.ClientHeaders = withoutNamed(req.ClientHeaders, req.Headers)
		if len(keys.members) > 0 && form != nil && form.keysBare {
			keys.members = nil
		}
		if len(keys.members) > 0 {
			var ok bool
			if req.Body, ok = withKeyMembers(req, keys.members); !ok {
				keys.members = nil
			}
			// Members the contract does not name (§C1): a service may
			// refuse them, and is then asked without them (undressed).
			for _, m := range keys.members {
				req.Members = append(req.Members, m.name)
			}
		}
		if bare.Query != "" {
			if req.Query != "" {
				req.Query += "&"
			}
			req.Query += bare.Query
		}
	}
	return outgoing{req: req, bare: raw, form: form, keys: keys}
}

// exchange sends o, made by request, with key.
func (c *client) exchange(ctx context.Context, ep contract.Endpoint, o outgoing, key string) (out *Exchange) {
	x := &Exchange{Req: o.req}
	if len(x.Req.Members) > 0 || refusableEnvelope(x.Req) {
		defer func() { out = c.undressed(ctx, ep, o.req.Key, key, o.bare, o.form, out) }()
	}
	raw := []byte(x.Req.Body) // as written in its form
	attempts := 1
	if !ep.Write {
		attempts += readRetries
	}
	for i := 0; i < attempts; i++ {
		if n := c.stalls.count(ep.Name); n >= maxStalls {
			x.Err = fmt.Errorf("not sent: %s gave %d time-outs in a row", ep.Name, n)
			break
		}
		var limited bool
		x.Err, limited = c.do(ctx, x, raw, key, o.keys)
		if limited {
			break
		}
		c.stalls.record(ep.Name, x.Err)
		if !retryable(ctx, x.Err) {
			break
		}
	}
	if x.Err == nil && x.Req.Envelope != "" && slowedDown(x) {
		// Sent once (wireOf): a service asked to slow down. Asked
		// again without the envelope, politely; when that one is not
		// asked to slow down, the service throttles the envelope alone,
		// and a throttling page that is not JSON in the endpoint's shape
		// is the answer the rules judge.
		f := *o.form
		f.envelope = 0
		plain := c.quietAs(ctx, ep, o.req.Key, key, o.bare, &f)
		if _, isObj := x.Doc.(map[string]any); isObj || slowedDown(plain) {
			return plain
		}
		return x
	}
	if x.Err == nil && x.Status == http.StatusLengthRequired && x.Req.Chunked {
		// RFC 9112 §6.3 lets a server refuse a body that comes without
		// a Content-Length before it reads it: not the service's answer
		// to the request, which goes again with its length, once.
		again := &Exchange{Req: x.Req}
		again.Req.Chunked = false
		if err, limited := c.do(ctx, again, raw, key, o.keys); !limited {
			again.Err = err
			c.stalls.record(ep.Name, err)
			return again
		}
	}
	if x.Err == nil && charsetLabelled(x.Req) && envelopeRefusal(x) && len(rules.Faults(ep, o.bare)) == 0 {
		// A charset label a service may refuse (clientcharsets.go): asked
		// again as application/json, once; the refusal is judged too.
		again := &Exchange{Req: x.Req, refusedDressed: x}
		again.Req.ContentType = ""
		if err, limited := c.do(ctx, again, raw, key, o.keys); !limited {
			again.Err = err
			return again
		}
	}
	if x.Err == nil && x.Req.Accept != "" && notAcceptable(x) {
		// An Accept a service may refuse (clientdraws.go): asked again
		// with the usual one, once; the refusal is judged too.
		again := &Exchange{Req: x.Req, refusedDressed: x}
		again.Req.Accept = ""
		if err, limited := c.do(ctx, again, raw, key, o.keys); !limited {
			again.Err = err
			return again
		}
	}
	return x
}

// undressed is x, or, when x carried members a client adds or went in
// an envelope a service may refuse (envelopes.go) and was refused so
// where its bare body is good input, the exchange of the request
// without them: a service may refuse members the contract does not name
// (§C1) and such an envelope, and is then judged on the request without
// them. A bare body with a fault is refused as a parameter error anyway,
// so its dressed refusal stands, unless the fault has a code of its own
// (rules.OffEnum: an action_type outside the two is 100325), which the
// bare request is then asked for.
func (c *client) undressed(ctx context.Context, ep contract.Endpoint, role, key string, bare []byte, form *wireForm, x *Exchange) *Exchange {
	refused := paramRefusal(x) || refusableEnvelope(x.Req) && envelopeRefusal(x)
	if !refused || len(rules.Faults(ep, bare)) > 0 && !rules.OffEnum(ep, bare) {
		return x
	}
	f := *form
	f.dress, f.envelope, f.keysBare = 0, 0, true
	y := c.quietAs(ctx, ep, role, key, bare, &f)
	y.refusedDressed = x
	return y
}

// slowedDown says whether an answer asks the client to slow down: HTTP
// 429, or code 429 in its body (svcclient.SlowDown).
func slowedDown(x *Exchange) bool {
	if x.Status == http.StatusTooManyRequests {
		return true
	}
	obj, _ := x.Doc.(map[string]any)
	code, _ := intOf(obj["code"])
	return code == http.StatusTooManyRequests
}

// errTooLarge is the error of an answer over MaxResponseBytes.
var errTooLarge = svcclient.ErrTooLarge

// do is one attempt; limited says it was not sent (the rate's wait ended
// with ctx), so that post does not try again.
func (c *client) do(ctx context.Context, x *Exchange, raw []byte, key string, keys keyWire) (err error, limited bool) {
	path, w := wirePath(x.Req), wireOf(x.Req)
	if len(keys.members) > 0 {
		raw = keyMembersSent(raw, keys.members)
	}
	if keys.query != "" {
		// The query as sent: the keys themselves where the request
		// shows their shell variable, in the last parameters.
		path = strings.TrimSuffix(path, keys.queryShown) + keys.query
	}
	if keys.auth != "" {
		w.Header.Set("Authorization", keys.auth)
	}
	for _, l := range keys.lines {
		name, value, _ := strings.Cut(l, ":")
		w.Header.Add(name, strings.TrimSpace(value))
	}
	a, err := c.svc.SendWire(ctx, x.Req.Method, path, key, wireBody(x.Req, raw), w)
	if errors.Is(err, svcclient.ErrNotSent) {
		return err, true
	}
	if a.Status != 0 {
		x.Status, x.ContentType = a.Status, a.Header.Get("Content-Type")
	}
	if err != nil {
		return err, false
	}
	x.Body = readAnswer(x.Req.AcceptEncoding, a.Header.Get("Content-Encoding"), a.Body)
	if x.Req.AcceptEncoding != "" {
		x.ContentEncoding = a.Header.Get("Content-Encoding")
	}
	x.Doc, x.DecodeErr = decodeBody(x.Body)
	return nil, false
}

// postAdmin POSTs to an admin URL (the profile's reset); its answer only
// matters as success or failure, and only a whole answer is a success: a
// reset that sends its headers and never finishes has not finished.
func (c *client) postAdmin(ctx context.Context, target, token string) error {
	err := c.svc.PostNoBody(ctx, target, token)
	var st *svcclient.StatusError
	if errors.As(err, &st) && st.Status == http.StatusUnauthorized {
		return fmt.Errorf("%w: the admin API wants its token: pass --admin-token (or RTQ_ADMIN_TOKEN) as given to rtq mock", err)
	}
	return err
}

// connectError is the diagnosis of an exchange whose connection could
// not be made (TLS, a proxy) or was refused in front of the service (a
// gateway); nil otherwise.
func (c *client) connectError(x *Exchange) *svcclient.ConnectError {
	if x.Err != nil {
		return c.svc.Diagnose(x.Err)
	}
	return c.svc.Refusal(svcclient.Answer{Status: x.Status, Body: x.Body})
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
