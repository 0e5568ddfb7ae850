package svcclient

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestFailuresAreWordedPlainly: what reaches the user is the call and
// what happened, not Go's wording, while errors.Is and errors.As still
// see the failure underneath.
func TestFailuresAreWordedPlainly(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens there now
	_, err = New(Config{BaseURL: "http://" + addr}).Post(context.Background(), "/api/v2/rpc/record/getFormList", "", []byte("{}"))
	if !errors.Is(err, syscall.ECONNREFUSED) || !strings.Contains(err.Error(), "connection refused: nothing listens at "+addr) || strings.Contains(err.Error(), "dial tcp") {
		t.Errorf("refused: %v", err)
	}

	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { <-release }))
	defer slow.Close()
	defer close(release)
	_, err = New(Config{BaseURL: slow.URL, Timeout: 50 * time.Millisecond}).Post(context.Background(), "/x", "", nil)
	var ne net.Error
	if !errors.As(err, &ne) || !ne.Timeout() || !strings.Contains(err.Error(), "no answer within 50ms") || strings.Contains(err.Error(), "Client.Timeout") {
		t.Errorf("timeout: %v", err)
	}

	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(errors.New("received interrupt"))
	_, err = New(Config{BaseURL: slow.URL}).Post(ctx, "/x", "", nil)
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "stopped: received interrupt") || strings.Contains(err.Error(), "context canceled") {
		t.Errorf("interrupted: %v", err)
	}
}

// A target that closes the connection is worded one way, whatever the
// client saw of it (a reset, a broken pipe while it wrote, an end of
// stream): which one depends on timing, and a report must not.
func TestAClosedConnectionIsWordedOneWay(t *testing.T) {
	req := httptest.NewRequest(http.MethodPost, "http://target.test/x", nil)
	for _, err := range []error{
		&net.OpError{Op: "read", Err: syscall.ECONNRESET},
		&net.OpError{Op: "write", Err: syscall.EPIPE},
		io.ErrUnexpectedEOF,
		&net.OpError{Op: "readfrom", Err: &net.OpError{Op: "write", Err: net.ErrClosed}},
	} {
		got := plain(context.Background(), req, time.Second, err)
		if got.Error() != "POST http://target.test/x: the connection was closed before the answer came" || !errors.Is(got, err) {
			t.Errorf("%v: worded %q", err, got)
		}
	}
}
