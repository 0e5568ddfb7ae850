package store

import (
	"context"
	"encoding/json"
	"errors"
	"sync"

	"github.com/rtq-kit/rtq/internal/redisstore"
	"github.com/rtq-kit/rtq/mockserver/internal/journal"
	"github.com/rtq-kit/rtq/scenario"
)

// redisJournal is one space's journal, a Redis stream every replica
// appends to and reads. An entry is masked here, before it leaves the
// process (journal.Journal.Summarize), and written before the request's
// answer leaves (Add waits for it), so a client that has an answer finds
// its request in the journal through any replica, and a replica killed
// after answering has lost nothing.
type redisJournal struct {
	space string
	rs    *redisstore.Store
	w     *writer
	mask  *journal.Journal // holds only the secrets to mask
	logf  func(format string, args ...any)
}

var _ journal.Log = (*redisJournal)(nil)

func (j *redisJournal) Add(x journal.Exchange) {
	b, err := json.Marshal(j.mask.Summarize(x))
	if err == nil {
		err = j.w.add(j.space, string(b))
	}
	if err != nil {
		j.logf("rtq mock: journal entry of %s %s lost: %v", x.Method, x.Path, err)
	}
}

func (j *redisJournal) Requests(f journal.RequestFilter) ([]journal.Request, error) {
	entries, err := j.rs.Journal(context.Background(), j.space, 0)
	if err != nil {
		return nil, unreachable(err)
	}
	var out []journal.Request
	for _, e := range entries {
		var r journal.Request
		if json.Unmarshal([]byte(e.Req), &r) != nil || !f.Match(r) {
			continue
		}
		out = append(out, r)
		if f.Limit > 0 && len(out) == f.Limit {
			break
		}
	}
	return out, nil
}

func (j *redisJournal) AppendJSON(dst []byte, f journal.RequestFilter) ([]byte, error) {
	rs, err := j.Requests(f)
	if err != nil {
		return dst, err
	}
	return journal.AppendRequests(dst, rs), nil
}

func (j *redisJournal) Clear() error {
	if err := j.rs.ClearJournal(context.Background(), j.space); err != nil {
		return unreachable(err)
	}
	return nil
}

func (j *redisJournal) Remember(keys []*scenario.Key, more ...string) { j.mask.Remember(keys, more...) }

// writer appends journal entries in batches: an entry added while a
// batch is on its way joins the next, which leaves in one round trip as
// soon as the one before is written. Each Add waits for its batch, so
// under load many requests share a round trip and none waits for more
// than two.
type writer struct {
	rs      *redisstore.Store
	mu      sync.Mutex
	pending []redisstore.Appended
	batch   *batch // the batch pending entries join; nil when none
	kick    chan struct{}
	stop    chan struct{}
	done    chan struct{}
}

// batch is entries that leave together; done is closed once they are
// written or failed (err).
type batch struct {
	done chan struct{}
	err  error
}

// errClosed is what an entry added after the store closed is told.
var errClosed = errors.New("the store is closed")

func newWriter(rs *redisstore.Store) *writer {
	w := &writer{rs: rs, kick: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	go w.run()
	return w
}

// add queues one entry and waits until its batch is written.
func (w *writer) add(space, entry string) error {
	w.mu.Lock()
	select {
	case <-w.stop:
		w.mu.Unlock()
		return errClosed
	default:
	}
	w.pending = append(w.pending, redisstore.Appended{Space: space, Entry: entry})
	b := w.batch
	if b == nil {
		b = &batch{done: make(chan struct{})}
		w.batch = b
	}
	w.mu.Unlock()
	select {
	case w.kick <- struct{}{}:
	default:
	}
	<-b.done
	return b.err
}

func (w *writer) run() {
	defer close(w.done)
	var spare []redisstore.Appended
	for {
		select {
		case <-w.kick:
		case <-w.stop:
			w.flush(&spare) // what was added before the stop
			return
		}
		w.flush(&spare)
	}
}

// flush writes the pending batch, if any.
func (w *writer) flush(spare *[]redisstore.Appended) {
	w.mu.Lock()
	items, b := w.pending, w.batch
	w.pending, w.batch = (*spare)[:0], nil
	w.mu.Unlock()
	if b == nil {
		return
	}
	b.err = w.rs.AppendBatch(context.Background(), items)
	clear(items)
	*spare = items
	close(b.done)
}

// close writes what is pending and stops.
func (w *writer) close() {
	w.mu.Lock()
	close(w.stop)
	w.mu.Unlock()
	<-w.done
}
