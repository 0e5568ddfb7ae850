// Package logging is the mock's request log: one line per request
// (Request), written in batches by one goroutine so that the log never
// makes a request wait, whatever the Logger does.
package logging

import (
	"fmt"
	"io"
	"strconv"
	"sync"
	"time"

	"github.com/rtq-kit/rtq/mockserver/internal/chain"
)

// Request writes the request's one log line:
//
//	2026-01-02T03:04:05.678Z POST /api/v2/rpc/record/getRecord 200 code=0 152µs key=demo-read bytes=1234
//
// appended straight into the batch under the log's lock (no line buffer, no fmt, no
// reflection); the date and time to the second are formatted once a
// second, not once a request.
func (l *Sink) Request(c *chain.Call) {
	if l.w == nil {
		return
	}
	dur := c.Elapsed()
	l.mu.Lock()
	if !l.room() {
		l.mu.Unlock()
		return
	}
	b := l.buf
	if len(b) == 0 {
		l.armTimer()
	}
	b = l.appendStamp(b, c.Start)
	b = append(b, ' ')
	b = append(b, c.R.Method...)
	b = append(b, ' ')
	b = appendSafe(b, c.R.URL.Path)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(c.Status), 10)
	b = append(b, " code="...)
	b = strconv.AppendInt(b, int64(c.Code), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, dur.Microseconds(), 10)
	b = append(b, "µs key="...)
	if c.Key != nil {
		b = append(b, c.Key.Name...)
	} else {
		b = append(b, '-')
	}
	b = append(b, " bytes="...)
	b = strconv.AppendInt(b, int64(c.Bytes), 10)
	l.buf = append(b, '\n')
	if len(l.buf) >= logBatch {
		l.startWriter()
	}
	l.mu.Unlock()
}

// appendStamp appends t as 2006-01-02T15:04:05.000Z in UTC, reusing the
// text up to the second from the previous line; the caller holds mu.
func (l *Sink) appendStamp(b []byte, t time.Time) []byte {
	t = t.UTC()
	if sec := t.Unix(); sec != l.stampSec || len(l.stamp) == 0 {
		l.stampSec = sec
		l.stamp = t.Truncate(time.Second).AppendFormat(l.stamp[:0], "2006-01-02T15:04:05")
	}
	b = append(b, l.stamp...)
	ms := t.Nanosecond() / int(time.Millisecond)
	return append(b, '.', byte('0'+ms/100), byte('0'+ms/10%10), byte('0'+ms%10), 'Z')
}

// appendSafe appends a client-chosen string with control characters
// replaced, so a path cannot forge log lines.
func appendSafe(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if ch := s[i]; ch < 0x20 || ch == 0x7f {
			b = append(b, '?')
		} else {
			b = append(b, ch)
		}
	}
	return b
}

// The log never makes a request wait. Request lines are appended to a
// batch under a short lock; one writer goroutine, started when there is
// something to write, hands batches to the Logger. Under load one write
// carries many lines instead of one system call per request (a write per
// request was most of the gap to a bare handler, docs/performance.md). A
// batch is written when it reaches logBatch bytes, logDelay after its
// first line, on FlushLog and Shutdown, and right after anything logged
// by Logf or net/http.
//
// When the Logger is slow or stuck (a stderr pipe nobody reads, a
// terminal paused with Ctrl-S), the batch grows to MaxPending and then lines
// are dropped and counted; once a write goes through again, one line says
// how many were lost. A Logger that fails (a closed pipe) costs a failed
// write per batch, nothing more.
const (
	logBatch = 8 << 10
	logDelay = 100 * time.Millisecond
	// MaxPending bounds the bytes of lines waiting for the Logger;
	// beyond it lines are dropped and counted.
	MaxPending = 1 << 20
	// logFlushLimit bounds how long FlushLog and Shutdown wait for the
	// Logger to take the lines: a stuck Logger cannot hold them longer.
	logFlushLimit = time.Second
)

// Sink is the server's log: the batch being filled, the one being
// written, and the writer's state. A nil Logger makes every method a no-op.
type Sink struct {
	w        io.Writer
	mu       sync.Mutex    // guards everything below
	buf      []byte        // lines waiting to be written
	spare    []byte        // the buffer the next batch fills, once written
	dropped  int           // lines dropped since the last write
	writing  bool          // the writer goroutine is running
	idle     chan struct{} // closed when the running writer finds nothing left
	timer    *time.Timer   // starts the writer logDelay after a batch's first line
	stamp    []byte        // the log's date and time up to the second, for stampSec
	stampSec int64
}

// room reports whether a line fits; if not, it is counted as dropped. The
// caller holds mu.
func (l *Sink) room() bool {
	if len(l.buf) < MaxPending {
		return true
	}
	l.dropped++
	return false
}

// armTimer schedules the write of the batch being started; the caller
// holds mu. One timer serves the server's whole life.
func (l *Sink) armTimer() {
	if l.timer == nil {
		l.timer = time.AfterFunc(logDelay, l.kick)
		return
	}
	l.timer.Reset(logDelay)
}

// kick starts the writer if there is something to write.
func (l *Sink) kick() {
	l.mu.Lock()
	l.startWriter()
	l.mu.Unlock()
}

// startWriter starts the writer goroutine unless it runs or has nothing
// to do; the caller holds mu.
func (l *Sink) startWriter() {
	if l.writing || (len(l.buf) == 0 && l.dropped == 0) {
		return
	}
	l.writing = true
	l.idle = make(chan struct{})
	go l.drain()
}

// drain writes batches until none is left. Only one runs at a time, so
// batches reach the Logger in order; requests append to a fresh buffer
// meanwhile, and a write that blocks holds up nobody but the writer.
func (l *Sink) drain() {
	for {
		l.mu.Lock()
		if len(l.buf) == 0 && l.dropped == 0 {
			l.writing = false
			close(l.idle)
			l.mu.Unlock()
			return
		}
		batch, dropped := l.buf, l.dropped
		l.buf, l.spare, l.dropped = l.spare[:0], nil, 0
		l.mu.Unlock()
		if len(batch) > 0 {
			_, _ = l.w.Write(batch)
		}
		if dropped > 0 {
			_, _ = fmt.Fprintf(l.w, "%s rtq mock: %d log lines dropped: the log (stderr) was not taking them; requests were served all the same\n",
				time.Now().UTC().Format(stampLayout), dropped)
		}
		l.mu.Lock()
		l.spare = batch[:0]
		l.mu.Unlock()
	}
}

// flush starts the writer and waits until it has nothing left, at most
// limit; it reports whether everything was written.
func (l *Sink) flush(limit time.Duration) bool {
	l.mu.Lock()
	l.startWriter()
	if !l.writing {
		l.mu.Unlock()
		return true
	}
	idle := l.idle
	l.mu.Unlock()
	t := time.NewTimer(limit)
	defer t.Stop()
	select {
	case <-idle:
		return true
	case <-t.C:
		return false
	}
}

// New is the log writing to w; nil: silent.
func New(w io.Writer) *Sink { return &Sink{w: w} }

// Flush writes the request lines batched so far, waiting at most a
// second for a Logger that does not take them.
func (l *Sink) Flush() {
	if l.w != nil {
		l.flush(logFlushLimit)
	}
}

// Stop writes what is batched, within logFlushLimit, and stops the
// timer, at shutdown.
func (l *Sink) Stop() {
	if l.w == nil {
		return
	}
	l.flush(logFlushLimit)
	l.mu.Lock()
	if l.timer != nil {
		l.timer.Stop()
	}
	l.mu.Unlock()
}

// write queues b after the batched lines and starts the writer.
func (l *Sink) write(b []byte) {
	l.mu.Lock()
	if l.room() {
		l.buf = append(l.buf, b...)
	}
	l.startWriter()
	l.mu.Unlock()
}

// Logf writes one line to the log, time-stamped, in order with the
// request lines, never blocking.
func (l *Sink) Logf(format string, args ...any) {
	if l.w == nil {
		return
	}
	l.write([]byte(time.Now().UTC().Format(stampLayout) + " " + fmt.Sprintf(format, args...) + "\n"))
}

const stampLayout = "2006-01-02T15:04:05.000Z"

// Writer is the Logger for net/http's own messages (bad TLS, closed
// connections), serialised with the request lines.
func (l *Sink) Writer() io.Writer {
	if l.w == nil {
		return io.Discard
	}
	return writerFunc(func(p []byte) (int, error) { l.write(p); return len(p), nil })
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
