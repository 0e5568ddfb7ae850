package recorder

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/internal/loopback"
)

// Proxy is the recording proxy: it forwards the endpoints to the
// upstream with the recording's key (never the client's Authorization),
// answers with the upstream's bytes, and keeps what it saw.
type Proxy struct {
	rec         *Recording
	allowWrites bool
	listenHost  string
	log         io.Writer
}

// NewProxy returns the proxy of rec; listenHost is the host part of the
// address it listens on (admitted as a Host header).
func NewProxy(rec *Recording, listenHost string) *Proxy {
	return &Proxy{rec: rec, allowWrites: rec.o.AllowWrites, listenHost: listenHost, log: rec.o.Log}
}

// endpoints maps request paths to the endpoints forwarded.
var endpoints = func() map[string]contract.Endpoint {
	m := map[string]contract.Endpoint{}
	for _, ep := range contract.Endpoints {
		m[ep.Path()] = ep
	}
	return m
}()

func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	status := p.serve(w, r)
	fmt.Fprintf(p.log, "rtq record: %s %s %d\n", r.Method, r.URL.Path, status) // never a header: no key
}

func (p *Proxy) serve(w http.ResponseWriter, r *http.Request) int {
	if why := guardRefusal(r, p.listenHost); why != "" {
		return writeJSON(w, http.StatusForbidden, fullError(403, why))
	}
	switch r.URL.Path {
	case "/__admin/health":
		return writeJSON(w, http.StatusOK, map[string]any{"status": "ok"})
	case "/__admin/flush":
		return p.flush(w, r)
	}
	ep, ok := endpoints[r.URL.Path]
	if !ok {
		return writeJSON(w, http.StatusNotFound, fullError(404, "rtq record forwards the endpoints under "+contract.PathPrefix+" only"))
	}
	if r.Method != http.MethodPost {
		return writeJSON(w, http.StatusMethodNotAllowed, errorIn(ep, 405, "use POST"))
	}
	if ep.Write && !p.allowWrites {
		return writeJSON(w, http.StatusForbidden, errorIn(ep, 403,
			"rtq record did not forward this write: start rtq record with --allow-writes to forward verify to the upstream"))
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, contract.MaxBodyBytes+1))
	if err != nil || len(body) > contract.MaxBodyBytes {
		return writeJSON(w, http.StatusRequestEntityTooLarge, errorIn(ep, 413, "the request body is unreadable or larger than 1 MiB"))
	}
	x, err := p.rec.up.Call(r.Context(), ep.Name, body)
	if err != nil {
		return writeJSON(w, http.StatusBadGateway, errorIn(ep, 502, "rtq record could not reach the upstream: "+err.Error()))
	}
	p.observe(ep, body, x.Status, x.Body)
	if ct := x.Header.Get("Content-Type"); ct != "" {
		w.Header().Set("Content-Type", ct)
	}
	w.WriteHeader(x.Status)
	_, _ = w.Write(x.Body)
	if f := p.rec.o.Forwarded; f != nil {
		f(ep, body, x.Status, x.Header.Get("Content-Type"), x.Body)
	}
	return x.Status
}

// observe hands an answer to the capture.
func (p *Proxy) observe(ep contract.Endpoint, req []byte, status int, answer []byte) {
	c := p.rec.cap
	c.Answer(status, answer)
	c.Forwarded(ep.Name, req, status, answer)
	switch ep {
	case contract.GetRecord:
		c.Record(answer)
	case contract.GetFormList:
		c.FormPage(answer)
	case contract.TemplatesList:
		c.TemplatePage(answer)
	case contract.ListQrcodes:
		var q struct {
			Template string `json:"template"`
		}
		if json.Unmarshal(req, &q) == nil && q.Template != "" {
			c.SubCodePage(q.Template, answer)
		}
	case contract.Verify:
		c.Verify(answer)
	}
}

func (p *Proxy) flush(w http.ResponseWriter, r *http.Request) int {
	if r.Method != http.MethodPost {
		return writeJSON(w, http.StatusMethodNotAllowed, map[string]any{"error": "use POST /__admin/flush"})
	}
	p.rec.provokeKeys(r.Context())
	p.rec.probeDialect(r.Context())
	s, err := p.rec.Flush(r.Context())
	if err != nil {
		return writeJSON(w, http.StatusInternalServerError, map[string]any{"error": err.Error()})
	}
	return writeJSON(w, http.StatusOK, map[string]any{"status": "ok", "path": s.Path, "forms": s.Forms,
		"records": s.Records, "templates": s.Templates, "sub_codes": s.SubCodes})
}

// fullError is the {code, error_code, message, message_detail} shape.
func fullError(code int, detail string) map[string]any {
	return map[string]any{"code": code, "error_code": code, "message": "refused by rtq record", "message_detail": detail}
}

// errorIn is an error in ep's own shape (docs/contract.md §C3).
func errorIn(ep contract.Endpoint, code int, detail string) map[string]any {
	switch ep.Shape {
	case contract.ShapeVerify:
		return map[string]any{"code": code, "message": "refused by rtq record", "data": map[string]any{}, "error_code": code, "message_detail": detail}
	case contract.ShapeTemplates:
		return map[string]any{"code": code, "message": "refused by rtq record: " + detail, "data": map[string]any{}}
	}
	return fullError(code, detail)
}

func writeJSON(w http.ResponseWriter, status int, v any) int {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
	return status
}

// Serve runs the proxy on addr until ctx ends, then writes the file.
// ready, when set, is told the proxy's base URL once it listens.
func (r *Recording) Serve(ctx context.Context, addr string, ready func(url string)) (Summary, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return Summary{}, fmt.Errorf("listen %s: %w", addr, err)
	}
	host, _, _ := net.SplitHostPort(ln.Addr().String())
	if !loopback.Listen(ln.Addr().String()) {
		fmt.Fprintf(r.o.Log, "rtq record: warning: listening on %s, beyond loopback: anyone who reaches it spends the upstream's key\n", ln.Addr())
	}
	srv := &http.Server{Handler: NewProxy(r, host), ReadHeaderTimeout: 10 * time.Second}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	if ready != nil {
		ready("http://" + ln.Addr().String())
	}
	select {
	case <-ctx.Done():
	case err := <-done:
		if !errors.Is(err, http.ErrServerClosed) {
			return Summary{}, err
		}
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = srv.Shutdown(sctx)
	final := r.o.Abort
	if final == nil {
		final = context.Background()
	}
	r.provokeKeys(final)
	r.probeDialect(final)
	return r.Flush(final)
}
