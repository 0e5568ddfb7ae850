// Package bridge answers HTTP requests through an http.Handler where there
// is no network listener: the mock compiled to WebAssembly, answering a
// service worker's or a Node test's fetch calls. It does what net/http's
// server does around a handler that the answer's bytes depend on (Date,
// Content-Length, Content-Type sniffing, a body cut short, a hijacked
// connection closed), so the mock's answers here equal its answers on a
// socket. It has no build tag, so its behaviour is tested natively with
// the race detector; only the JS glue (package wasm/module) is js-only.
package bridge

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/url"
)

// Request is a fetch request as the JS side hands it over: the URL whole,
// the header pairs in order, the body read.
type Request struct {
	Method string
	URL    string
	Header [][2]string
	Body   []byte
}

// Sink receives the answer. An answer no handler flushed arrives whole, in
// one Whole call; a flushed one (a slowed body) as Head, Chunk..., then
// End or Fail. Fail, at any point, is the network error a client of the
// native mock would see: a dropped connection, a body cut short.
type Sink interface {
	Whole(status int, header http.Header, body []byte)
	Head(status int, header http.Header)
	Chunk(p []byte)
	End()
	Fail(reason string)
}

// NewHTTPRequest builds the request a handler sees, as net/http's server
// would have parsed it from the wire: Host from the URL, RequestURI set,
// the body's length known.
func NewHTTPRequest(ctx context.Context, req Request) (*http.Request, error) {
	u, err := url.Parse(req.URL)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("request url %q: not an absolute URL", req.URL)
	}
	method := req.Method
	if method == "" {
		method = http.MethodGet
	}
	r, err := http.NewRequestWithContext(ctx, method, u.String(), bytes.NewReader(req.Body))
	if err != nil {
		return nil, fmt.Errorf("request %s %s: %w", method, req.URL, err)
	}
	if len(req.Body) == 0 {
		r.Body, r.ContentLength = http.NoBody, 0
	}
	for _, kv := range req.Header {
		r.Header.Add(kv[0], kv[1])
	}
	r.Host = u.Host
	r.RequestURI = u.RequestURI()
	r.RemoteAddr = "127.0.0.1:0" // the page itself: no peer address exists
	return r, nil
}

// Serve runs req through h and hands the answer to sink. It returns when
// the handler does (after a slowed body's last slice).
func Serve(ctx context.Context, h http.Handler, req Request, sink Sink) {
	r, err := NewHTTPRequest(ctx, req)
	if err != nil {
		sink.Fail(err.Error())
		return
	}
	w := newWriter(sink, r.Method == http.MethodHead)
	if serve(h, w, r) {
		w.finish()
	}
}

// serve runs the handler; false when it aborted (http.ErrAbortHandler),
// which net/http answers by closing the connection.
func serve(h http.Handler, w *writer, r *http.Request) (ok bool) {
	defer func() {
		if v := recover(); v != nil {
			if v != http.ErrAbortHandler {
				panic(v)
			}
			w.fail("connection closed by the mock")
			ok = false
		}
	}()
	h.ServeHTTP(w, r)
	return true
}
