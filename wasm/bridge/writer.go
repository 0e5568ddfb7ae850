package bridge

import (
	"bufio"
	"bytes"
	"net"
	"net/http"
	"strconv"
	"time"
)

// writer is the http.ResponseWriter a handler writes to: it keeps the
// answer until the handler returns (then Sink.Whole) unless the handler
// flushes, which sends the head and streams the rest (Sink.Head, Chunk).
// It implements Flush and Hijack through http.NewResponseController, as
// net/http's own writer does, so fault rules slow, cut and drop answers
// here as they do on a socket.
type writer struct {
	sink    Sink
	head    bool // a HEAD request: no body goes out
	header  http.Header
	sent    http.Header // the header as written (WriteHeader snapshots it)
	status  int
	body    bytes.Buffer
	flushed bool  // the head went out; the body streams
	written int64 // body bytes handed to the sink
	done    bool  // hijacked, failed or finished: nothing more goes out
}

func newWriter(sink Sink, head bool) *writer {
	return &writer{sink: sink, head: head, header: http.Header{}}
}

func (w *writer) Header() http.Header { return w.header }

// WriteHeader snapshots the header, as net/http does: later changes to
// the map do not go out.
func (w *writer) WriteHeader(status int) {
	if w.status != 0 || status < 200 || w.done {
		return
	}
	w.status = status
	w.sent = w.header.Clone()
}

func (w *writer) Write(p []byte) (int, error) {
	if w.done {
		return 0, http.ErrHijacked
	}
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if !bodyAllowed(w.status) {
		return 0, http.ErrBodyNotAllowed
	}
	if w.head {
		return len(p), nil
	}
	return w.body.Write(p)
}

// FlushError sends the head, once, then what the body holds so far.
func (w *writer) FlushError() error {
	if w.done {
		return http.ErrHijacked
	}
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if !w.flushed {
		w.flushed = true
		w.sink.Head(w.status, w.finalHeader(false))
	}
	if w.body.Len() > 0 {
		p := bytes.Clone(w.body.Bytes())
		w.written += int64(len(p))
		w.body.Reset()
		w.sink.Chunk(p)
	}
	return nil
}

// Hijack hands the handler the "connection": closing it is the network
// error a dropped connection is (fault rule drop).
func (w *writer) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	if w.done || w.flushed {
		return nil, nil, http.ErrHijacked
	}
	c := &conn{w: w}
	return c, bufio.NewReadWriter(bufio.NewReader(c), bufio.NewWriter(c)), nil
}

// fail ends the answer as a network error.
func (w *writer) fail(reason string) {
	if w.done {
		return
	}
	w.done = true
	w.sink.Fail(reason)
}

// finish sends what the handler left: the whole answer, or the end of a
// streamed one, which is a network error when it is shorter than the
// Content-Length it declared (net/http closes such a connection).
func (w *writer) finish() {
	if w.done {
		return
	}
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if !w.flushed {
		w.done = true
		w.sink.Whole(w.status, w.finalHeader(true), bytes.Clone(w.body.Bytes()))
		return
	}
	_ = w.FlushError()
	w.done = true
	if n, err := strconv.ParseInt(w.sent.Get("Content-Length"), 10, 64); err == nil && n > w.written && !w.head {
		w.sink.Fail("the body was cut short after " + strconv.FormatInt(w.written, 10) + " of " + strconv.FormatInt(n, 10) + " bytes")
		return
	}
	w.sink.End()
}

// finalHeader adds what net/http's server adds: Date, a sniffed
// Content-Type for a body without one, and, for an answer complete before
// anything was sent, its Content-Length.
func (w *writer) finalHeader(complete bool) http.Header {
	h := w.sent
	if h.Get("Date") == "" {
		h.Set("Date", time.Now().UTC().Format(http.TimeFormat))
	}
	if !bodyAllowed(w.status) {
		return h
	}
	if _, ok := h["Content-Type"]; !ok && h.Get("Transfer-Encoding") == "" && w.body.Len() > 0 {
		h.Set("Content-Type", http.DetectContentType(w.body.Bytes()))
	}
	if complete && h.Get("Content-Length") == "" && h.Get("Transfer-Encoding") == "" && (!w.head || w.body.Len() > 0) {
		h.Set("Content-Length", strconv.Itoa(w.body.Len()))
	}
	return h
}

// bodyAllowed reports whether a status may carry a body (RFC 9110).
func bodyAllowed(status int) bool {
	return status != http.StatusNoContent && status != http.StatusNotModified && status >= 200
}
