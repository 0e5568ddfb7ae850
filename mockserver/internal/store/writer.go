package store

import (
	"context"
	"errors"
	"sync"

	"github.com/rtq-kit/rtq/internal/redisstore"
)

// writer appends journal entries in batches (group commit). The request
// that finds no write in flight writes its entry itself, at once; entries
// added while a write is in flight join the next batch, which leaves in
// one round trip as soon as that write is done, written by a goroutine
// the previous writer starts. Each add returns once its batch is written,
// so under load many requests share a round trip and none waits for more
// than two, and alone a request pays one round trip and no hand-over.
type writer struct {
	rs      *redisstore.Store
	mu      sync.Mutex
	pending []redisstore.Appended
	batch   *batch // the batch pending entries join; nil when none
	busy    bool   // a write is in flight, and its writer takes the next batch
	closed  bool
	spare   []redisstore.Appended // the last batch's slice, reused; the busy writer's
	writing sync.WaitGroup        // one while busy: close waits for it
}

// batch is entries that leave together; done is closed once they are
// written or failed (err).
type batch struct {
	done chan struct{}
	err  error
}

// errClosed is what an entry added after the store closed is told.
var errClosed = errors.New("the store is closed")

func newWriter(rs *redisstore.Store) *writer { return &writer{rs: rs} }

// add queues one entry and returns once its batch is written.
func (w *writer) add(space, entry string) error {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return errClosed
	}
	w.pending = append(w.pending, redisstore.Appended{Space: space, Entry: entry})
	b := w.batch
	if b == nil {
		b = &batch{done: make(chan struct{})}
		w.batch = b
	}
	if w.busy {
		w.mu.Unlock()
		<-b.done
		return b.err
	}
	w.busy = true
	w.writing.Add(1)
	w.mu.Unlock()
	w.write() // b is the batch it writes first
	return b.err
}

// write writes the pending batch; when another has gathered meanwhile,
// a new goroutine writes it, so the caller's answer waits for its own
// batch only.
func (w *writer) write() {
	w.mu.Lock()
	items, b := w.pending, w.batch
	w.pending, w.batch = w.spare[:0], nil
	w.mu.Unlock()
	b.err = w.rs.AppendBatch(context.Background(), items)
	clear(items)
	w.spare = items
	close(b.done)
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.batch == nil {
		w.busy = false
		w.writing.Done()
		return
	}
	go w.write()
}

// close refuses entries from now on and waits for those added before.
func (w *writer) close() {
	w.mu.Lock()
	w.closed = true
	w.mu.Unlock()
	w.writing.Wait()
}
