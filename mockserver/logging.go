package mockserver

import (
	"fmt"
	"io"
	"strconv"
	"time"
)

// logRequest writes the request's one log line:
//
//	2026-01-02T03:04:05.678Z POST /api/v2/rpc/record/getRecord 200 code=0 152µs key=demo-read bytes=1234
//
// appended straight into the batch under logMu (no line buffer, no fmt, no
// reflection); the date and time to the second are formatted once a
// second, not once a request.
func (s *Server) logRequest(c *call) {
	if s.opts.Logger == nil {
		return
	}
	dur := c.elapsed()
	s.logMu.Lock()
	b := s.logBuf
	if len(b) == 0 {
		s.armLogTimer()
	}
	b = s.appendStamp(b, c.start)
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
	s.logBuf = append(b, '\n')
	if len(s.logBuf) >= logBatch {
		s.flushUnlock(nil)
		return
	}
	s.logPending.Store(true)
	s.logMu.Unlock()
}

// appendStamp appends t as 2006-01-02T15:04:05.000Z in UTC, reusing the
// text up to the second from the previous line; the caller holds logMu.
func (s *Server) appendStamp(b []byte, t time.Time) []byte {
	t = t.UTC()
	if sec := t.Unix(); sec != s.stampSec || len(s.stamp) == 0 {
		s.stampSec = sec
		s.stamp = t.Truncate(time.Second).AppendFormat(s.stamp[:0], "2006-01-02T15:04:05")
	}
	b = append(b, s.stamp...)
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

// Request lines are batched: under load one write carries many lines
// instead of one system call per request (a write per request was most of
// the gap to a bare handler, docs/performance.md). A batch is written when
// it reaches logBatch bytes, logDelay after its first line, on FlushLog and
// Shutdown, and before anything logged by logf or net/http.
const (
	logBatch = 8 << 10
	logDelay = 100 * time.Millisecond
)

// armLogTimer schedules the flush of the batch being started; the caller
// holds logMu. One timer serves the server's whole life.
func (s *Server) armLogTimer() {
	if s.logTimer == nil {
		s.logTimer = time.AfterFunc(logDelay, s.FlushLog)
		return
	}
	s.logTimer.Reset(logDelay)
}

// flushUnlock hands the batch (and then extra, if any) to the Logger. The
// caller holds logMu; flushUnlock releases it before writing, so requests
// on other cores keep appending to a fresh buffer while a batch is being
// written (a write to a file takes microseconds; holding the lock through
// it made every other request wait). logWriteMu keeps batches in order:
// it is taken before logMu is let go.
func (s *Server) flushUnlock(extra []byte) {
	s.logWriteMu.Lock()
	full := s.logBuf
	s.logBuf, s.logSpare = s.logSpare[:0], nil
	s.logPending.Store(false)
	s.logMu.Unlock()
	if len(full) > 0 {
		_, _ = s.opts.Logger.Write(full)
	}
	if len(extra) > 0 {
		_, _ = s.opts.Logger.Write(extra)
	}
	s.logSpare = full[:0]
	s.logWriteMu.Unlock()
}

// FlushLog writes the request lines batched so far. Lines reach the Logger
// within 100 ms on their own; a Go test that reads the log right after a
// request calls FlushLog first.
func (s *Server) FlushLog() {
	if s.opts.Logger == nil || !s.logPending.Load() {
		return
	}
	s.logMu.Lock()
	s.flushUnlock(nil)
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
	s.flushUnlock(b)
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
