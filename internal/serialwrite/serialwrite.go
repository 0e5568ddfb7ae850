// Package serialwrite lets several goroutines share one writer that need
// not be safe for concurrent use (a bytes.Buffer, a test's log): each
// Write reaches it whole, one at a time. The recorder's crawl and probe
// workers and rtq proxy's judge and forwarder log through it.
package serialwrite

import (
	"io"
	"sync"
)

// Writer wraps w so that concurrent Writes reach it one at a time.
func Writer(w io.Writer) io.Writer { return &writer{w: w} }

type writer struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *writer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}
