package recorder

import (
	"io"
	"sync"
)

// serialWriter lets concurrent crawl and probe workers share the caller's
// Log writer, which need not be safe for concurrent use (a bytes.Buffer
// is not): each Write reaches it whole, one at a time.
type serialWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *serialWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}
