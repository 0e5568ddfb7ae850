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
	s.writeLog(b)
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

func (s *Server) writeLog(b []byte) {
	s.logMu.Lock()
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
