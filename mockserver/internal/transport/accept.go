package transport

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"strconv"
	"syscall"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/mockserver/internal/wire"
)

// Accepting connections, and refusing them fast. Two limits stop the mock
// from taking a connection: its own cap (Options.MaxConns, rtq mock
// --max-conns), which bounds the memory idle connections hold, and the
// process's file descriptors (ulimit -n). At either, a client that only
// waited would hang until it gave up, and health checks with it. Here it
// gets at once a 503 in the generic error shape saying which limit was
// hit, with Retry-After, and the connection is closed.
//
// Out of descriptors, Accept itself fails (EMFILE) and the client stays
// in the kernel's queue. One descriptor is kept in reserve for that: it
// is let go, the waiting client accepted, answered 503 and closed, and the
// reserve taken again (the way nginx and libev survive the limit).

// DefaultMaxConns is the connection cap when Options.MaxConns is 0: far
// above what a browser (six per host) or the benchmarks (128) open, far
// below what would exhaust memory (docs/reliability.md measures an idle
// connection).
const DefaultMaxConns = 1024

// Refusals are bounded: each may take refuseLimit to read the request and
// write the answer, and at most maxRefusing run at once; beyond that a
// connection is closed unanswered.
const (
	refuseLimit = 250 * time.Millisecond
	maxRefusing = 64
)

// listener hands net/http connections wrapped in *conn and watched, up to
// max at once.
type listener struct {
	net.Listener
	watch    *Watchdog
	max      int
	reserve  *os.File      // the descriptor let go when Accept runs out
	refusing chan struct{} // a token per refusal in flight
	atCap    []byte        // the answer beyond max
	noFDs    []byte        // the answer out of descriptors
}

func NewListener(ln net.Listener, watch *Watchdog, max int) *listener {
	if max <= 0 {
		max = DefaultMaxConns
	}
	l := &listener{Listener: ln, watch: watch, max: max, refusing: make(chan struct{}, maxRefusing)}
	l.reserve, _ = os.Open(os.DevNull)
	l.atCap = busyAnswer(fmt.Sprintf("the mock serves at most %d connections at once (--max-conns): close idle connections or raise the cap", max))
	l.noFDs = busyAnswer("the mock is out of file descriptors (ulimit -n): close idle connections or raise the limit")
	return l
}

// Accept returns the next connection the mock serves, refusing on the
// way those beyond a limit.
func (l *listener) Accept() (net.Conn, error) {
	for {
		nc, err := l.Listener.Accept()
		if err != nil {
			if outOfDescriptors(err) && l.refuseWithReserve() {
				continue
			}
			return nil, err
		}
		c := &conn{Conn: nc, watch: l.watch}
		if l.watch.addUnder(c, l.max) {
			return c, nil
		}
		select {
		case l.refusing <- struct{}{}:
			go func() {
				refuse(nc, l.atCap)
				<-l.refusing
			}()
		default:
			_ = nc.Close()
		}
	}
}

// Close closes the listener and lets the reserve go.
func (l *listener) Close() error {
	if l.reserve != nil {
		_ = l.reserve.Close()
	}
	return l.Listener.Close()
}

// outOfDescriptors reports an Accept error of a full descriptor table, the
// process's or the system's.
func outOfDescriptors(err error) bool {
	return errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE)
}

// refuseWithReserve lets the reserved descriptor go, accepts the client
// waiting, refuses it, and takes the reserve again. It reports false when
// it could not (no reserve, or none to be had again), so net/http backs
// off as it does for any Accept error. Only the accept loop calls it.
func (l *listener) refuseWithReserve() bool {
	if l.reserve == nil {
		l.reserve, _ = os.Open(os.DevNull)
		return false
	}
	_ = l.reserve.Close()
	l.reserve = nil
	nc, err := l.Listener.Accept()
	if err == nil {
		refuse(nc, l.noFDs)
	}
	l.reserve, _ = os.Open(os.DevNull)
	return err == nil && l.reserve != nil
}

// refuse answers a connection with answer, within refuseLimit, and closes
// it. The request is read first (what arrives in time, up to 8 KiB): a
// socket closed with unread bytes is reset, and a reset can destroy the
// answer before the client reads it.
func refuse(nc net.Conn, answer []byte) {
	defer nc.Close()
	_ = nc.SetDeadline(time.Now().Add(refuseLimit))
	buf := make([]byte, 8<<10)
	for n := 0; n < len(buf); {
		m, err := nc.Read(buf[n:])
		n += m
		if err != nil || bytes.Contains(buf[:n], []byte("\r\n\r\n")) {
			break
		}
	}
	if _, err := nc.Write(answer); err != nil {
		return
	}
	if cw, ok := nc.(interface{ CloseWrite() error }); ok {
		_ = cw.CloseWrite()
		for { // the rest of the request, until the client closes or time is up
			if _, err := nc.Read(buf); err != nil {
				return
			}
		}
	}
}

// busyAnswer is a whole HTTP answer: 503, JSON in the generic error shape,
// Retry-After, and the connection closed.
func busyAnswer(detail string) []byte {
	e := fail.Busy(detail)
	body := wire.AppendError(nil, contract.ShapeFull, e)
	status := wire.Status(nil, e) // no scenario yet: a refusal of the mock's own
	out := make([]byte, 0, len(body)+256)
	out = append(out, "HTTP/1.1 "...)
	out = strconv.AppendInt(out, int64(status), 10)
	out = append(out, " "+http.StatusText(status)+"\r\nContent-Type: "+chain.ContentTypeJSON[0]+
		"\r\nX-Content-Type-Options: "+chain.NoSniff[0]+"\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: "...)
	out = strconv.AppendInt(out, int64(len(body)), 10)
	out = append(out, "\r\n\r\n"...)
	return append(out, body...)
}
