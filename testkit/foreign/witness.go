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

// Witness serves the build its options say, bugs included, and notes every
// answer a bug altered: it sends each request to that build and to a
// twin built without the bugs (the same options otherwise, its own
// state), and an answer whose status, headers or bytes differ from the
// twin's is one the bugs touched. Where a bug's branch sits (a filter, an
// encoder, a state move, a header) does not matter: every answer passes
// here, so "the traffic touched the bug" is measured, not guessed. A
// verify a bug mishandles changes the bugged build's state alone, so
// the answers after it that differ are touched too: the client sees them.
//
// With several bugs (Options.Bug and Options.Bugs together), one bug may
// hide another (a record not found shows none of the bugs of its
// content), so each bug also gets two builds of its own: the served
// build without it (what the client would have got had it been fixed),
// and a build with it alone. ByBug says, per bug, which answers it
// altered in what the client got, and how many it alters alone.
//
// The builds see one request at a time, in the order they came, with one
// clock (a verify's time is the witness's), so the correct build's twin
// answers alike and a build without a bug is never touched. It is an
// http.Handler; the variants whose tokens are random handles are not for
// it (the twins would issue different ones).
type Witness struct {
	mu      sync.Mutex
	bugged  *Server
	twin    *Server
	touched []Touch
	// per holds a build without and a build with each bug alone, when
	// there are several.
	per []*bugBuilds
}

// bugBuilds are one bug's builds of a witness of several bugs and what
// they told.
type bugBuilds struct {
	bug            Bug
	without, alone *Server
	touched        []Touch
	alters         int
}

// Touch is one answer a bug altered: the request that got it.
type Touch struct {
	Method string `json:"method"`
	Path   string `json:"path"`
	// Body is the request's body as sent.
	Body string `json:"body"`
}

// BugTouches is what the traffic did to one bug of a witness's build.
type BugTouches struct {
	Bug Bug
	// Touched are the requests whose answers the bug altered in what the
	// client got: the served build without this bug answers them
	// otherwise.
	Touched []Touch
	// Alone counts the answers a build with this bug alone answers
	// otherwise than the correct build: more than zero while Touched is
	// empty means another bug of the build hid it from this traffic.
	Alone int
}

// TouchedPath is where a program serving a witness (the test programs
// foreignserve and foreignbuild) lists what the traffic so far did to its
// bugs, as JSON: not a path of the service.
const TouchedPath = "/__foreign/touched"

// NewWitness builds the service opts says and its twin without opts.Bug
// and opts.Bugs.
func NewWitness(opts Options) *Witness {
	correct := opts
	correct.Bug, correct.Bugs = "", nil
	w := &Witness{bugged: serial(New(opts)), twin: serial(New(correct))}
	bugs := opts.bugs()
	if len(bugs) < 2 {
		return w
	}
	for _, b := range bugs {
		without, alone := correct, correct
		without.Bugs = slices.DeleteFunc(slices.Clone(bugs), func(x Bug) bool { return x == b })
		alone.Bug = b
		w.per = append(w.per, &bugBuilds{bug: b, without: serial(New(without)), alone: serial(New(alone))})
	}
	return w
}

// serial marks s as answering one request at a time (Server.serial), as
// every build of a Witness does.
func serial(s *Server) *Server {
	s.serial = true
	return s
}

// NewComparison serves the build served says and notes every answer the
// build other says would have given otherwise: a correct variant against
// Defaults, to learn whether a client's traffic sees the variant at all
// (ByBug is nil: no bug is told apart).
func NewComparison(served, other Options) *Witness {
	return &Witness{bugged: serial(New(served)), twin: serial(New(other))}
}

// bugs lists the bugs o is built with, each once.
func (o Options) bugs() []Bug {
	var out []Bug
	for _, b := range append([]Bug{o.Bug}, o.Bugs...) {
		if b != "" && !slices.Contains(out, b) {
			out = append(out, b)
		}
	}
	return out
}

// Service is the build the witness serves (for its Profile).
func (w *Witness) Service() *Server { return w.bugged }

// Touched lists the requests whose answers the bugs altered, in order.
func (w *Witness) Touched() []Touch {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.touched)
}

// ByBug says, for each bug of a build of several, what the traffic so far
// did to it, in the order of the options; nil for a build of one bug
// (Touched says it).
func (w *Witness) ByBug() []BugTouches {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []BugTouches
	for _, p := range w.per {
		out = append(out, BugTouches{Bug: p.bug, Touched: slices.Clone(p.touched), Alone: p.alters})
	}
	return out
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
	touch := Touch{Method: r.Method, Path: r.URL.Path, Body: string(body)}
	if !sameAnswer(got, want) {
		w.touched = append(w.touched, touch)
	}
	for _, p := range w.per {
		if !sameAnswer(got, w.answer(p.without, r, body, now)) {
			p.touched = append(p.touched, touch)
		}
		if !sameAnswer(want, w.answer(p.alone, r, body, now)) {
			p.alters++
		}
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
