package mockserver

import (
	"fmt"
	"io"
	"strconv"
	"sync"
	"time"
)

var lineBufs = sync.Pool{New: func() any { b := make([]byte, 0, 256); return &b }}

// logRequest writes the request's one log line:
//
//	2026-01-02T03:04:05.678Z POST /api/v2/rpc/record/getRecord 200 code=0 152µs key=demo-read bytes=1234
//
// built by appending into a pooled buffer, no fmt, no reflection.
func (s *Server) logRequest(c *call) {
	if s.opts.Logger == nil {
		return
	}
	bp := lineBufs.Get().(*[]byte)
	b := c.start.UTC().AppendFormat((*bp)[:0], "2006-01-02T15:04:05.000Z")
	b = append(b, ' ')
	b = append(b, c.r.Method...)
	b = append(b, ' ')
	b = appendSafe(b, c.r.URL.Path)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(c.status), 10)
	b = append(b, " code="...)
	b = strconv.AppendInt(b, int64(c.code), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, time.Since(c.start).Microseconds(), 10)
	b = append(b, "µs key="...)
	if c.key != nil {
		b = append(b, c.key.Name...)
	} else {
		b = append(b, '-')
	}
	b = append(b, " bytes="...)
	b = strconv.AppendInt(b, int64(c.bytes), 10)
	b = append(b, '\n')
	s.bufferLog(b)
	*bp = b
	lineBufs.Put(bp)
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

// Request lines are batched: under load one write carries many lines
// instead of one system call per request (a write per request was most of
// the gap to a bare handler, docs/performance.md). A batch is written when
// it reaches logBatch bytes, logDelay after its first line, on FlushLog and
// Shutdown, and before anything logged by logf or net/http.
const (
	logBatch = 8 << 10
	logDelay = 100 * time.Millisecond
)

func (s *Server) bufferLog(line []byte) {
	s.logMu.Lock()
	if len(s.logBuf) == 0 {
		s.armLogTimer()
	}
	s.logBuf = append(s.logBuf, line...)
	if len(s.logBuf) >= logBatch {
		s.flushLocked()
	}
	s.logPending.Store(len(s.logBuf) > 0)
	s.logMu.Unlock()
}

// armLogTimer schedules the flush of the batch being started; the caller
// holds logMu. One timer serves the server's whole life.
func (s *Server) armLogTimer() {
	if s.logTimer == nil {
		s.logTimer = time.AfterFunc(logDelay, s.FlushLog)
		return
	}
	s.logTimer.Reset(logDelay)
}

func (s *Server) flushLocked() {
	if len(s.logBuf) > 0 {
		_, _ = s.opts.Logger.Write(s.logBuf)
		s.logBuf = s.logBuf[:0]
	}
	s.logPending.Store(false)
}

// FlushLog writes the request lines batched so far. Lines reach the Logger
// within 100 ms on their own; a Go test that reads the log right after a
// request calls FlushLog first.
func (s *Server) FlushLog() {
	if s.opts.Logger == nil || !s.logPending.Load() {
		return
	}
	s.logMu.Lock()
	s.flushLocked()
	s.logMu.Unlock()
}

// stopLog writes what is batched and stops the flush timer, at shutdown.
func (s *Server) stopLog() {
	s.FlushLog()
	s.logMu.Lock()
	if s.logTimer != nil {
		s.logTimer.Stop()
	}
	s.logMu.Unlock()
}

// writeLog writes b now, after the batched lines.
func (s *Server) writeLog(b []byte) {
	s.logMu.Lock()
	s.flushLocked()
	_, _ = s.opts.Logger.Write(b)
	s.logMu.Unlock()
}

// logf logs something unexpected, in full.
func (s *Server) logf(format string, args ...any) {
	if s.opts.Logger == nil {
		return
	}
	s.writeLog([]byte(time.Now().UTC().Format("2006-01-02T15:04:05.000Z") + " " + fmt.Sprintf(format, args...) + "\n"))
}

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
