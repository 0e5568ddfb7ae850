// Package proxy is `rtq proxy`: a reverse proxy between a real client and
// a Record and Template Query Service that forwards every request
// unchanged, streams every answer back unchanged, and hands a bounded
// copy of each exchange to a conformance.Observer, which judges it by the
// runner's own rules (docs/conformance.md, "Judging live traffic").
//
// It keeps no key: the client's Authorization goes to the service as it
// came, and the observer sees it only to scrub it and to tell one
// client's walks from another's. Judging runs beside the forwarding, on
// one goroutine fed by a bounded queue, so that an answer waits for no
// verdict; the last bytes of an answer are written only once its
// exchange is queued, so that a report asked for after an answer holds
// it.
package proxy

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/internal/svcclient"
)

// MaxJudgedBytes is the most of one answer the proxy keeps to judge: a
// longer answer is still forwarded whole, and counted as not judged.
const MaxJudgedBytes = 2 << 20

// AdminPrefix starts the proxy's own paths: a prefix no service path and
// no path of the mock (/api/v2/rpc/, /__admin/, /s/{name}/) begins with,
// so that the proxy answers them itself and forwards everything else.
const AdminPrefix = "/__rtq-proxy/"

// Options configure a Proxy.
type Options struct {
	// Upstream is the service's base URL; a request's path is appended.
	Upstream string
	// Transport reaches the service (svcclient.ForwardTransport).
	Transport http.RoundTripper
	// AllowWrites forwards verify; without it a verify is refused in the
	// service's error shape, naming --allow-writes.
	AllowWrites bool
	// Observer judges the exchanges.
	Observer *conformance.Observer
	// ListenHost is the host part of the address the proxy listens on (a
	// Host header naming it is admitted).
	ListenHost string
	// Log gets one line per request: method, path, status, time. Never a
	// header, never a body.
	Log io.Writer
}

// Proxy is the judging reverse proxy. It is an http.Handler.
type Proxy struct {
	o        Options
	upstream *url.URL
	queue    *queue
	bufs     sync.Pool
}

// New returns the proxy opts say; Close it to judge what is queued.
func New(opts Options) (*Proxy, error) {
	u, err := url.Parse(opts.Upstream)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("--upstream %q: want an http:// or https:// URL with a host", opts.Upstream)
	}
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	if opts.Transport == nil {
		opts.Transport = svcclient.ForwardTransport(nil)
	}
	p := &Proxy{o: opts, upstream: u, queue: newQueue(opts.Observer)}
	p.bufs.New = func() any { b := make([]byte, 32<<10); return &b }
	return p, nil
}

// Close judges every exchange queued and stops the judge.
func (p *Proxy) Close() { p.queue.close() }

// Drain returns once every exchange queued so far is judged.
func (p *Proxy) Drain() { p.queue.drain() }

// Observer is the proxy's observer.
func (p *Proxy) Observer() *conformance.Observer { return p.o.Observer }

func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	rw := &statusWriter{ResponseWriter: w}
	p.serve(rw, r)
	fmt.Fprintf(p.o.Log, "rtq proxy: %s %s %d %s\n", r.Method, escapePath(r.URL.Path), rw.status, time.Since(start).Round(time.Microsecond))
}

func (p *Proxy) serve(w http.ResponseWriter, r *http.Request) {
	if why := refusal(r, p.o.ListenHost); why != "" {
		writeJSON(w, http.StatusForbidden, fullError(403, why))
		return
	}
	if strings.HasPrefix(r.URL.Path, AdminPrefix) {
		p.admin(w, r)
		return
	}
	ep, space, isEndpoint := endpointOf(r.URL.Path)
	if isEndpoint && ep.Write && r.Method == http.MethodPost && !p.o.AllowWrites {
		p.o.Observer.RefusedWrite()
		writeJSON(w, http.StatusForbidden, errorIn(ep, 403,
			"rtq proxy did not forward this write: start rtq proxy with --allow-writes to forward verify to the service"))
		return
	}
	p.forward(w, r, ep, space, isEndpoint && judged(r.Method))
}

// judged says whether an exchange of this method is judged: a CORS
// preflight and a HEAD are no calls of an operation.
func judged(method string) bool { return method != http.MethodOptions && method != http.MethodHead }

// endpointOf finds the endpoint a path names, and the space before it
// (a namespace of the mock, "/s/name", or "").
func endpointOf(path string) (contract.Endpoint, string, bool) {
	i := strings.Index(path, contract.PathPrefix)
	if i < 0 {
		return contract.Endpoint{}, "", false
	}
	ep, ok := contract.EndpointNamed(path[i+len(contract.PathPrefix):])
	return ep, path[:i], ok
}

// hopHeaders are the headers of one connection, never forwarded (RFC 9110 §7.6.1).
var hopHeaders = []string{"Connection", "Proxy-Connection", "Keep-Alive", "Proxy-Authenticate", "Proxy-Authorization", "Te", "Trailer", "Transfer-Encoding", "Upgrade"}

func copyHeader(dst, src http.Header) {
	for k, vs := range src {
		dst[k] = append([]string(nil), vs...)
	}
	for _, c := range src.Values("Connection") {
		for _, name := range strings.Split(c, ",") {
			dst.Del(strings.TrimSpace(name))
		}
	}
	for _, h := range hopHeaders {
		dst.Del(h)
	}
}

// forward sends r to the upstream and streams the answer back; judge
// says whether the exchange goes to the observer.
func (p *Proxy) forward(w http.ResponseWriter, r *http.Request, ep contract.Endpoint, space string, judge bool) {
	body, err := io.ReadAll(io.LimitReader(r.Body, contract.MaxBodyBytes+1))
	if err != nil {
		writeJSON(w, http.StatusBadRequest, fullError(400, "rtq proxy could not read the request body: "+err.Error()))
		return
	}
	var reqBody io.Reader = bytes.NewReader(body)
	length := int64(len(body))
	whole := len(body) <= contract.MaxBodyBytes
	if !whole {
		// Forwarded as it comes, but judged by no rule: the rules read the
		// whole request, and the proxy keeps at most the service's limit.
		reqBody, length = io.MultiReader(bytes.NewReader(body), r.Body), r.ContentLength
	}
	target := *p.upstream
	target.Path = strings.TrimRight(p.upstream.Path, "/") + r.URL.Path
	target.RawPath = ""
	if p.upstream.RawPath != "" || r.URL.RawPath != "" {
		target.RawPath = strings.TrimRight(p.upstream.EscapedPath(), "/") + r.URL.EscapedPath()
	}
	target.RawQuery = r.URL.RawQuery
	out, err := http.NewRequestWithContext(r.Context(), r.Method, target.String(), reqBody)
	if err != nil {
		writeJSON(w, http.StatusBadRequest, fullError(400, "rtq proxy could not forward the request: "+err.Error()))
		return
	}
	copyHeader(out.Header, r.Header)
	readableEncodings(out.Header)
	out.ContentLength = length
	if length == 0 && r.ContentLength <= 0 {
		out.Body = http.NoBody
	}
	resp, err := p.o.Transport.RoundTrip(out)
	if err != nil {
		if judge {
			p.queue.unjudged("the service gave no answer")
		}
		msg := "rtq proxy could not reach the service: " + err.Error()
		if isEndpoint := ep.Name != ""; isEndpoint {
			writeJSON(w, http.StatusBadGateway, errorIn(ep, 502, msg))
		} else {
			writeJSON(w, http.StatusBadGateway, fullError(502, msg))
		}
		return
	}
	defer resp.Body.Close()
	copyHeader(w.Header(), resp.Header)
	w.WriteHeader(resp.StatusCode)
	p.stream(w, r, resp, ep, space, body, judge && whole)
}

// stream copies the answer to the client, keeping a copy of at most
// MaxJudgedBytes; the last bytes are held back until the exchange is
// queued (see the package's doc).
func (p *Proxy) stream(w http.ResponseWriter, r *http.Request, resp *http.Response, ep contract.Endpoint, space string, reqBody []byte, judge bool) {
	bp, hp := p.bufs.Get().(*[]byte), p.bufs.Get().(*[]byte)
	defer p.bufs.Put(bp)
	defer p.bufs.Put(hp)
	buf, held := *bp, (*hp)[:0]
	var kept bytes.Buffer
	over := false
	for {
		n, rerr := resp.Body.Read(buf)
		if n > 0 {
			if len(held) > 0 {
				if _, werr := w.Write(held); werr != nil {
					p.cutShort(judge, "the client left before the end of the answer")
					return
				}
			}
			held = append(held[:0], buf[:n]...)
			if judge && !over {
				if kept.Len()+n > MaxJudgedBytes {
					over = true
					kept = bytes.Buffer{}
				} else {
					kept.Write(buf[:n])
				}
			}
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			p.cutShort(judge, "the service's answer broke off")
			if len(held) > 0 {
				_, _ = w.Write(held)
			}
			// The client must not take a part for the whole.
			panic(http.ErrAbortHandler)
		}
	}
	switch {
	case judge && over:
		p.queue.unjudged(fmt.Sprintf("the answer is larger than %d bytes", MaxJudgedBytes))
	case judge:
		ob := conformance.Observed{Endpoint: ep, Space: space, Method: r.Method, Path: r.URL.Path,
			Authorization: r.Header.Get("Authorization"), Request: reqBody, Status: resp.StatusCode,
			ContentType: resp.Header.Get("Content-Type"), Body: kept.Bytes()}
		sent := make(chan struct{})
		defer close(sent)
		p.queue.observe(ob, resp.Header.Get("Content-Encoding"), sent)
	case ep.Name == "" && changesState(r.Method) && isReset(r.URL.Path):
		// The mock's (and the fake's) reset puts its space back where
		// it started: what a record is still holds, only what a verify
		// changes may read otherwise.
		p.queue.reset(adminSpace(r.URL.Path))
	case ep.Name == "" && changesState(r.Method):
		// A call of no operation that may change state (a scenario
		// replaced, a fault rule added): what the relations remember of
		// its space may no longer hold.
		p.queue.forget(adminSpace(r.URL.Path))
	}
	if len(held) > 0 {
		_, _ = w.Write(held)
	}
	// The answer is the client's before the judge starts on it (sent
	// closes): judging is CPU work that would otherwise race the last
	// bytes out.
	_ = http.NewResponseController(w).Flush()
}

func (p *Proxy) cutShort(judge bool, why string) {
	if judge {
		p.queue.unjudged(why)
	}
}

func changesState(method string) bool {
	return method != http.MethodGet && method != http.MethodHead && method != http.MethodOptions
}

// resetPath ends the path of the mock's reset (under a namespace too).
const resetPath = "/__admin/reset"

// isReset says whether a path is the mock's reset, at its root or under
// a namespace.
func isReset(path string) bool {
	return path == resetPath || strings.HasPrefix(path, "/s/") && strings.HasSuffix(path, resetPath) && strings.Count(path, "/") == 4
}

// adminSpace is the space a path of no operation addresses: "/s/name"
// for a path under a namespace of the mock, else "" (every space: the
// mock's root admin calls change what every namespace copies).
func adminSpace(path string) string {
	if rest, ok := strings.CutPrefix(path, "/s/"); ok {
		if name, _, found := strings.Cut(rest, "/"); found {
			return "/s/" + name
		}
	}
	return conformance.AllSpaces
}

// statusWriter remembers the status written, for the log line.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (s *statusWriter) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection.
func (s *statusWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// escapePath keeps a log line one line: a path is printed as sent, its
// control characters escaped.
func escapePath(p string) string {
	if len(p) > 200 {
		p = p[:200] + "…"
	}
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return '?'
		}
		return r
	}, p)
}

// readableEncodings keeps, of the client's Accept-Encoding, the codings
// the proxy can read to judge the answer (svcclient.ReadCodings: gzip,
// deflate, br, zstd, with their weights; identity is always readable): a
// browser's "gzip, deflate, br, zstd" goes as it is, and a "*" or a
// coding no decoder reads is dropped. It is the one change made to a
// request (docs/conformance.md).
func readableEncodings(h http.Header) {
	ae := h.Values("Accept-Encoding")
	if len(ae) == 0 {
		return
	}
	h.Del("Accept-Encoding")
	var keep []string
	for _, v := range ae {
		for _, part := range strings.Split(v, ",") {
			coding, _, _ := strings.Cut(part, ";")
			if c := rules.CanonicalCoding(coding); c == "identity" || slices.Contains(svcclient.ReadCodings, c) {
				keep = append(keep, strings.TrimSpace(part))
			}
		}
	}
	if len(keep) > 0 {
		h.Set("Accept-Encoding", strings.Join(keep, ", "))
	}
}
