package svcclient

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"syscall"
	"time"
)

// plainError is a failed exchange with the target worded for a person:
// the call, then what happened in the kit's words. Go's wording ("Post
// \"http://...\": context deadline exceeded (Client.Timeout exceeded while
// awaiting headers)") does not reach the user; the error it stands for
// stays reachable through errors.Is and errors.As, which the runner's
// diagnoses use.
type plainError struct {
	msg string
	err error
}

func (e *plainError) Error() string { return e.msg }
func (e *plainError) Unwrap() error { return e.err }

// plain words err, the failure of req, when it is one of the common ones;
// others (TLS, DNS, a proxy) are left as they are for their own diagnosis.
// timeout is the client's bound on one exchange.
func plain(ctx context.Context, req *http.Request, timeout time.Duration, err error) error {
	var ne net.Error
	var why string
	switch {
	case ctx.Err() != nil && context.Cause(ctx) != ctx.Err(): // stopped, with a reason (SIGINT)
		why = "stopped: " + context.Cause(ctx).Error()
	case errors.Is(err, context.Canceled):
		why = "stopped before the answer came"
	case ctx.Err() != nil && errors.Is(err, context.DeadlineExceeded):
		why = "stopped: the time allowed for the run, or for this call, ran out"
	case errors.As(err, &ne) && ne.Timeout():
		why = fmt.Sprintf("no answer within %v (the time allowed for one call: --timeout)", timeout)
	case errors.Is(err, syscall.ECONNREFUSED):
		why = "connection refused: nothing listens at " + req.URL.Host
	case Closed(err):
		// One wording for a target that closed the connection: whether
		// the client sees a reset, a broken pipe, an end of stream or its
		// own write on a connection the transport has just closed (Go's
		// "use of closed network connection", when the answer and the
		// close came while the body was still being written) depends on
		// how much of the request it had written when the close came,
		// which is timing, and a report must not depend on it. The error
		// itself stays for errors.Is.
		why = "the connection was closed before the answer came"
	default:
		return err
	}
	return &plainError{msg: req.Method + " " + req.URL.Redacted() + ": " + why, err: err}
}

// Closed reports whether err is the target closing the connection
// before its answer came (a reset, a broken pipe, an end of stream, a
// write on a connection the transport has just closed). A target that
// refuses a large body from its Content-Length and closes may have
// answered: the reset that follows an unread body can throw the answer
// away before a loaded client reads it, so the runner asks again with
// Expect: 100-continue rather than judge a lost answer.
func Closed(err error) bool {
	return errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) || errors.Is(err, io.EOF) ||
		errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed)
}

// stoppedBeforeSent words a call stopped while it waited for its turn (the rate,
// the slots in flight) when the run was stopped; other errors (the
// budget spent) are left as they are.
func stoppedBeforeSent(ctx context.Context, method, path string, err error) error {
	if ctx.Err() == nil || !errors.Is(err, ctx.Err()) {
		return err
	}
	why := "stopped: " + context.Cause(ctx).Error()
	if context.Cause(ctx) == ctx.Err() {
		why = "stopped before it was sent"
	}
	return &plainError{msg: method + " " + path + ": " + why, err: err}
}
