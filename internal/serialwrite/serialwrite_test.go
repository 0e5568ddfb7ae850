package serialwrite

import (
	"bytes"
	"strings"
	"sync"
	"testing"
)

// TestWritesArriveWhole: many goroutines writing lines through one
// bytes.Buffer (not safe for concurrent use) leave every line whole; the
// race detector fails the test if two Writes overlap.
func TestWritesArriveWhole(t *testing.T) {
	var buf bytes.Buffer
	w := Writer(&buf)
	var wg sync.WaitGroup
	for i := 0; i < 16; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 50; j++ {
				_, _ = w.Write([]byte("0123456789\n"))
			}
		}()
	}
	wg.Wait()
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 16*50 {
		t.Fatalf("%d lines, want %d", len(lines), 16*50)
	}
	for _, l := range lines {
		if l != "0123456789" {
			t.Fatalf("a line cut or mixed: %q", l)
		}
	}
}
