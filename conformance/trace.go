package conformance

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// traceEnv names a file that a run appends one line per request to: when
// it was queued, sent and answered, at which priority, how far down its
// chain, by which check or write unit. A debugging aid for the schedule
// (where does a slow run idle?), never a user's flag; the tests set
// runner.trace instead.
const traceEnv = "RTQ_CONFORM_TRACE"

// tracer writes the trace; nil writes nothing.
type tracer struct {
	mu    sync.Mutex
	w     io.Writer
	start time.Time
}

// newTracerFromEnv opens the file traceEnv names, if any.
func newTracerFromEnv() *tracer {
	name := os.Getenv(traceEnv)
	if name == "" {
		return nil
	}
	f, err := os.Create(name)
	if err != nil {
		return nil
	}
	return &tracer{w: f, start: time.Now()}
}

// request notes one request of t: queued at q, sent at s, answered at e.
func (tr *tracer) request(t *T, what string, q, s, e time.Time) {
	if tr == nil {
		return
	}
	tr.line(q, s, e, fmt.Sprintf("prio=%d depth=%d unit=%d check=%s %s", t.priority(), t.depth, t.unit, t.check.ID, what))
}

// line notes one request described by what.
func (tr *tracer) line(q, s, e time.Time, what string) {
	if tr == nil {
		return
	}
	tr.mu.Lock()
	defer tr.mu.Unlock()
	ms := func(x time.Time) float64 { return float64(x.Sub(tr.start).Microseconds()) / 1000 }
	fmt.Fprintf(tr.w, "%.1f %.1f %.1f %s\n", ms(q), ms(s), ms(e), what)
}
