package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/rtq-kit/rtq/internal/redisstore"
	"github.com/rtq-kit/rtq/testkit/redistest"
)

// 200 entries added at once are all written, each add returning only
// once its own is; after close an add is refused, never lost silently.
func TestWriterGroupCommitLosesNothing(t *testing.T) {
	srv := redistest.Start(t)
	rs := redisstore.Open(redisstore.Config{Network: "unix", Addr: srv.Socket(), JournalSize: 1000})
	defer rs.Close()
	w := newWriter(rs)
	var wg sync.WaitGroup
	for i := range 200 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := w.add("", fmt.Sprint(i)); err != nil {
				t.Errorf("add %d: %v", i, err)
			}
		}()
	}
	wg.Wait()
	if n := srv.Client(t).XLen(context.Background(), "rtq:{root}:journal").Val(); n != 200 {
		t.Errorf("%d entries written, want 200", n)
	}
	w.close()
	if err := w.add("", "late"); !errors.Is(err, errClosed) {
		t.Errorf("add after close: %v, want errClosed", err)
	}
}
