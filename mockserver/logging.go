package mockserver

import (
	"fmt"
	"io"
	"strconv"
	"sync"
	"time"
)

// logRequest writes the request's one log line:
//
//	2026-01-02T03:04:05.678Z POST /api/v2/rpc/record/getRecord 200 code=0 152µs key=demo-read bytes=1234
//
// appended straight into the batch under the log's lock (no line buffer, no fmt, no
// reflection); the date and time to the second are formatted once a
// second, not once a request.
func (s *Server) logRequest(c *call) {
	if s.opts.Logger == nil {
		return
	}
	dur := c.elapsed()
	l := &s.lg
	l.mu.Lock()
	if !l.room() {
		l.mu.Unlock()
		return
	}
	b := l.buf
	if len(b) == 0 {
		l.armTimer()
	}
	b = l.appendStamp(b, c.start)
	b = append(b, ' ')
	b = append(b, c.r.Method...)
	b = append(b, ' ')
	b = appendSafe(b, c.r.URL.Path)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(c.status), 10)
	b = append(b, " code="...)
	b = strconv.AppendInt(b, int64(c.code), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, dur.Microseconds(), 10)
	b = append(b, "µs key="...)
	if c.key != nil {
		b = append(b, c.key.Name...)
	} else {
		b = append(b, '-')
	}
	b = append(b, " bytes="...)
	b = strconv.AppendInt(b, int64(c.bytes), 10)
	l.buf = append(b, '\n')
	if len(l.buf) >= logBatch {
		l.startWriter()
	}
	l.mu.Unlock()
}

// appendStamp appends t as 2006-01-02T15:04:05.000Z in UTC, reusing the
// text up to the second from the previous line; the caller holds mu.
func (l *logSink) appendStamp(b []byte, t time.Time) []byte {
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
// terminal paused with Ctrl-S), the batch grows to logMax and then lines
// are dropped and counted; once a write goes through again, one line says
// how many were lost. A Logger that fails (a closed pipe) costs a failed
// write per batch, nothing more.
const (
	logBatch = 8 << 10
	logDelay = 100 * time.Millisecond
	logMax   = 1 << 20
	// logFlushLimit bounds how long FlushLog and Shutdown wait for the
	// Logger to take the lines: a stuck Logger cannot hold them longer.
	logFlushLimit = time.Second
)

// logSink is the server's log: the batch being filled, the one being
// written, and the writer's state.
type logSink struct {
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
func (l *logSink) room() bool {
	if len(l.buf) < logMax {
		return true
	}
	l.dropped++
	return false
}

// armTimer schedules the write of the batch being started; the caller
// holds mu. One timer serves the server's whole life.
func (l *logSink) armTimer() {
	if l.timer == nil {
		l.timer = time.AfterFunc(logDelay, l.kick)
		return
	}
	l.timer.Reset(logDelay)
}

// kick starts the writer if there is something to write.
func (l *logSink) kick() {
	l.mu.Lock()
	l.startWriter()
	l.mu.Unlock()
}

// startWriter starts the writer goroutine unless it runs or has nothing
// to do; the caller holds mu.
func (l *logSink) startWriter() {
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
func (l *logSink) drain() {
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
func (l *logSink) flush(limit time.Duration) bool {
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

// FlushLog writes the request lines batched so far, waiting at most a
// second for a Logger that does not take them. Lines reach the Logger
// within 100 ms on their own; a Go test that reads the log right after a
// request calls FlushLog first.
func (s *Server) FlushLog() {
	if s.opts.Logger != nil {
		s.lg.flush(logFlushLimit)
	}
}

// stopLog writes what is batched, within logFlushLimit, and stops the
// timer, at shutdown.
func (s *Server) stopLog() {
	if s.opts.Logger == nil {
		return
	}
	s.lg.flush(logFlushLimit)
	s.lg.mu.Lock()
	if s.lg.timer != nil {
		s.lg.timer.Stop()
	}
	s.lg.mu.Unlock()
}

// writeLog queues b after the batched lines and starts the writer.
func (s *Server) writeLog(b []byte) {
	l := &s.lg
	l.mu.Lock()
	if l.room() {
		l.buf = append(l.buf, b...)
	}
	l.startWriter()
	l.mu.Unlock()
}

// Logf writes one line to the mock's log, time-stamped, in order with the
// request lines: what the command around the server has to say (reloads,
// shutdown) goes the same way as the requests, never blocking.
func (s *Server) Logf(format string, args ...any) { s.logf(format, args...) }

// logf logs something unexpected, in full.
func (s *Server) logf(format string, args ...any) {
	if s.opts.Logger == nil {
		return
	}
	s.writeLog([]byte(time.Now().UTC().Format(stampLayout) + " " + fmt.Sprintf(format, args...) + "\n"))
}

const stampLayout = "2006-01-02T15:04:05.000Z"

// logWriter is the Logger for net/http's own messages (bad TLS, closed
// connections), serialised with the request lines.
func (s *Server) logWriter() io.Writer {
	if s.opts.Logger == nil {
		return io.Discard
	}
	return writerFunc(func(p []byte) (int, error) { s.writeLog(p); return len(p), nil })
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
