package faults

import (
	"context"
	"io"
	"net/http"
	"time"

	"github.com/rtq-kit/rtq/fault"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
)

// faultWait sleeps d unless the request is cancelled (false), is a
// replay (true: chain.Timing) or the server shuts down (true: answer now,
// so the shutdown is not held up).
func (s *Faults) faultWait(ctx context.Context, d time.Duration) bool {
	if d <= 0 || chain.Replaying(ctx) { // a replay rebuilds state: nobody waits for it
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-s.stopping:
		return true
	case <-ctx.Done():
		return false
	}
}

// faultWriter cuts (truncated) or slows (dribble) the body of the answer;
// the headers, Content-Length included, go out as they would.
type faultWriter struct {
	http.ResponseWriter
	s      *Faults
	ctx    context.Context
	body   string
	spread time.Duration
}

// dribbleSlices is how many slices a dribbled body is sent in.
const dribbleSlices = 10

func (w *faultWriter) Write(p []byte) (int, error) {
	rc := http.NewResponseController(w.ResponseWriter)
	if w.body == fault.BodyTruncated {
		n, err := w.ResponseWriter.Write(p[:len(p)/2])
		_ = rc.Flush()
		// Less than Content-Length: net/http closes the connection after.
		if err == nil {
			err = io.ErrShortWrite
		}
		return n, err
	}
	spread := w.spread
	if spread <= 0 {
		spread = fault.DefaultDribble
	}
	slices := min(dribbleSlices, len(p))
	written := 0
	for i := range slices {
		end := len(p) * (i + 1) / slices
		n, err := w.ResponseWriter.Write(p[written:end])
		written += n
		if err != nil {
			return written, err
		}
		_ = rc.Flush()
		if i < slices-1 && !w.s.faultWait(w.ctx, spread/time.Duration(slices-1)) {
			return written, w.ctx.Err()
		}
	}
	return written, nil
}

func (w *faultWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
