package foreign

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"time"
)

// Witness serves the build its options say, bug included, and notes every
// answer the bug altered: it sends each request to that build and to a
// twin built without the bug (the same options otherwise, its own
// state), and an answer whose status, headers or bytes differ from the
// twin's is one the bug touched. Where a bug's branch sits (a filter, an
// encoder, a state move, a header) does not matter: every answer passes
// here, so "the traffic touched the bug" is measured, not guessed. A
// verify the bug mishandles changes the bugged build's state alone, so
// the answers after it that differ are touched too: the client sees them.
//
// The twins see one request at a time, in the order they came, with one
// clock (a verify's time is the witness's), so the correct build's twin
// answers alike and a build without a bug is never touched. It is an
// http.Handler; the variants whose tokens are random handles are not for
// it (the twins would issue different ones).
type Witness struct {
	mu      sync.Mutex
	bugged  *Server
	twin    *Server
	touched []Touch
}

// Touch is one answer a bug altered: the request that got it.
type Touch struct {
	Method, Path string
	// Body is the request's body as sent.
	Body string
}

// NewWitness builds the service opts says and its twin without opts.Bug.
func NewWitness(opts Options) *Witness {
	correct := opts
	correct.Bug = ""
	return &Witness{bugged: New(opts), twin: New(correct)}
}

// Service is the build the witness serves (for its Profile).
func (w *Witness) Service() *Server { return w.bugged }

// Touched lists the requests whose answers the bug altered, in order.
func (w *Witness) Touched() []Touch {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.touched)
}

// ServeHTTP answers r as the bugged build does, noting whether the twin
// would have answered otherwise.
func (w *Witness) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+2))
	if err != nil {
		http.Error(rw, "the request body could not be read", http.StatusBadRequest)
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	now := time.Now()
	got := w.answer(w.bugged, r, body, now)
	want := w.answer(w.twin, r, body, now)
	if !sameAnswer(got, want) {
		w.touched = append(w.touched, Touch{Method: r.Method, Path: r.URL.Path, Body: string(body)})
	}
	for k, vs := range got.Header() {
		rw.Header()[k] = vs
	}
	rw.WriteHeader(got.Code)
	_, _ = rw.Write(got.Body.Bytes())
}

// answer is what s answers to a copy of r carrying body, at now.
func (w *Witness) answer(s *Server, r *http.Request, body []byte, now time.Time) *httptest.ResponseRecorder {
	c := r.Clone(r.Context())
	c.Body = io.NopCloser(bytes.NewReader(body))
	s.now = func() time.Time { return now }
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, c)
	return rec
}

func sameAnswer(a, b *httptest.ResponseRecorder) bool {
	if a.Code != b.Code || !bytes.Equal(a.Body.Bytes(), b.Body.Bytes()) || len(a.Header()) != len(b.Header()) {
		return false
	}
	for k, vs := range a.Header() {
		if !slices.Equal(vs, b.Header()[k]) {
			return false
		}
	}
	return true
}
