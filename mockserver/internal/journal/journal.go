// Package journal is the mock's request journal (GET /__admin/requests):
// a ring of the latest requests (journal.go), their bodies shown with
// secrets masked (mask.go), and the filters a test selects them by
// (query.go).
package journal

import (
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/rtq-kit/rtq/mockserver/internal/jsonw"
)

// journalBody is how much of a request body an entry keeps.
const journalBody = 512

// Journal is a fixed ring of the latest requests. Entries are overwritten
// in place, so recording a request allocates nothing once the ring is
// full; the summary a user sees is built only when the Journal is read.
// The root's ring is allocated at once; a namespace's grows as its
// requests come, so a namespace no one sends much to costs little.
type Journal struct {
	mu      sync.Mutex
	entries []entry // the ring, at most size long; full when len == size
	size    int
	next    int
	n       int
	secrets []string // every key secret of every scenario served since start (mask.go)
}

type entry struct {
	at      time.Time
	method  string
	path    string
	key     string // the key's Name, never its secret
	status  int
	code    int
	dur     time.Duration
	bodyLen int
	body    [journalBody]byte
}

// New is a journal of size entries, allocated at once.
func New(size int) *Journal { return &Journal{entries: make([]entry, 0, size), size: size} }

// NewGrowing is a journal of at most size entries that allocates
// them as requests come, doubling.
func NewGrowing(size int) *Journal { return &Journal{size: size} }

// Exchange is what the journal is told of one answered request. Add
// copies what it keeps, so the caller's buffers may be reused.
type Exchange struct {
	At     time.Time
	Method string
	Path   string // as the client's mock sees it: a namespace's /s/{name} taken off
	Key    string // the accepted key's Name, never its secret; "" for none
	Status int
	Code   int
	Dur    time.Duration
	Body   []byte
}

// Add records one request, overwriting the oldest when the ring is full.
func (j *Journal) Add(x Exchange) {
	j.mu.Lock()
	if j.next == len(j.entries) { // not full yet
		j.grow()
	}
	e := &j.entries[j.next]
	e.at, e.method, e.path = x.At, x.Method, journalPath(x.Path)
	e.key = x.Key
	e.status, e.code, e.dur, e.bodyLen = x.Status, x.Code, x.Dur, len(x.Body)
	copy(e.body[:], x.Body)
	j.next = (j.next + 1) % j.size
	j.n = min(j.n+1, len(j.entries))
	j.mu.Unlock()
}

// grow adds one entry to a ring not yet full, doubling its capacity up to
// size when it has none left; the caller holds mu.
func (j *Journal) grow() {
	if len(j.entries) == cap(j.entries) {
		more := make([]entry, len(j.entries), min(j.size, max(8, 2*cap(j.entries))))
		copy(more, j.entries)
		j.entries = more
	}
	j.entries = j.entries[:len(j.entries)+1]
}

// journalPath keeps at most 256 bytes of a path, copied, so a long path
// does not keep its whole request alive in the ring.
func journalPath(p string) string {
	if len(p) <= 256 {
		return p
	}
	return strings.Clone(p[:256]) + "…"
}

// Clear empties the journal (DELETE /__admin/requests).
func (j *Journal) Clear() error {
	j.mu.Lock()
	j.next, j.n = 0, 0
	j.mu.Unlock()
	return nil
}

// AppendJSON renders the entries f selects, newest first, as
// {"requests":[...]}. Bodies are summarised with secrets masked (see
// summarize).
func (j *Journal) AppendJSON(dst []byte, f RequestFilter) ([]byte, error) {
	dst = append(dst, `{"requests":[`...)
	first := true
	j.Each(f, func(e *entry) {
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = append(dst, `{"time":`...)
		dst = jsonw.AppendString(dst, e.at.UTC().Format(time.RFC3339Nano))
		dst = append(dst, `,"method":`...)
		dst = jsonw.AppendString(dst, e.method)
		dst = append(dst, `,"path":`...)
		dst = jsonw.AppendString(dst, e.path)
		dst = append(dst, `,"key":`...)
		dst = jsonw.AppendString(dst, e.key)
		dst = append(dst, `,"status":`...)
		dst = strconv.AppendInt(dst, int64(e.status), 10)
		dst = append(dst, `,"code":`...)
		dst = strconv.AppendInt(dst, int64(e.code), 10)
		dst = append(dst, `,"duration_ms":`...)
		dst = strconv.AppendFloat(dst, float64(e.dur.Microseconds())/1000, 'f', 3, 64)
		dst = append(dst, `,"body":`...)
		dst = jsonw.AppendString(dst, j.summarize(e))
		dst = append(dst, '}')
	})
	return append(dst, "]}"...), nil
}

// AppendRequests renders requests already selected, in their order, as
// AppendJSON does: for a journal kept elsewhere (a shared store).
func AppendRequests(dst []byte, rs []Request) []byte {
	dst = append(dst, `{"requests":[`...)
	for i, r := range rs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"time":`...)
		dst = jsonw.AppendString(dst, r.Time.UTC().Format(time.RFC3339Nano))
		dst = append(dst, `,"method":`...)
		dst = jsonw.AppendString(dst, r.Method)
		dst = append(dst, `,"path":`...)
		dst = jsonw.AppendString(dst, r.Path)
		dst = append(dst, `,"key":`...)
		dst = jsonw.AppendString(dst, r.Key)
		dst = append(dst, `,"status":`...)
		dst = strconv.AppendInt(dst, int64(r.Status), 10)
		dst = append(dst, `,"code":`...)
		dst = strconv.AppendInt(dst, int64(r.Code), 10)
		dst = append(dst, `,"duration_ms":`...)
		dst = strconv.AppendFloat(dst, float64(r.Duration.Microseconds())/1000, 'f', 3, 64)
		dst = append(dst, `,"body":`...)
		dst = jsonw.AppendString(dst, r.Body)
		dst = append(dst, '}')
	}
	return append(dst, "]}"...)
}
