package conformance

import (
	"slices"
	"sync"
)

// memo shares the answers of identical reads between checks of one run, so
// that six checks looking at record 1001 cost one request. Writes are never
// memoized.
type memo struct {
	mu    sync.Mutex
	calls map[string]*memoCall
}

type memoCall struct {
	once sync.Once
	val  any
	done bool // val is set (under memo.mu)
	// waiting are the priorities of those who wait for val.
	waiting *lift
}

func newMemo() *memo { return &memo{calls: map[string]*memoCall{}} }

// do returns the value of f for key, calling f at most once per run. The
// caller waits at priority prio (read at any time); f is handed the lift
// of every caller's, and a caller that comes to wait while f runs calls
// raised once its priority is in it, if it is served before those who
// waited already (else nothing queued moves: raising scans every queue).
func (m *memo) do(key string, prio func() priority, raised func(), f func(l *lift) any) any {
	m.mu.Lock()
	c, ok := m.calls[key]
	if !ok {
		c = &memoCall{waiting: &lift{}}
		m.calls[key] = c
	}
	done := c.done
	m.mu.Unlock()
	if !done {
		before := c.waiting.best()
		c.waiting.add(prio)
		if ok && prio() < before {
			raised() // the call queued lower than this waiter
		}
	}
	c.once.Do(func() {
		v := f(c.waiting)
		m.mu.Lock()
		c.val, c.done = v, true
		m.mu.Unlock()
	})
	return c.val
}

// lift is the priority a shared read is made at: the first served of
// those who wait for it, each read when asked (a waiter may itself be a
// shared read's branch, raised later).
type lift struct {
	mu      sync.Mutex
	waiters []func() priority
	// plain keeps a read's priority as its waiters': a read shared
	// because it is alike (sameReads), not one a check's chain goes on
	// from more than its own would.
	plain bool
}

// add makes one more waiter's priority part of l.
func (l *lift) add(prio func() priority) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.waiters = append(l.waiters, prio)
}

// best is the first served priority of l's waiters (priorities: none).
func (l *lift) best() priority {
	if l == nil {
		return priorities
	}
	l.mu.Lock()
	ws := slices.Clone(l.waiters)
	l.mu.Unlock()
	p := priorities
	for _, w := range ws {
		p = min(p, w())
	}
	if p == prioRead && !l.plain {
		p = prioShared // a check waits for it: its chain goes on from it
	}
	return p
}

// priority is where t's next request queues: its own, or that of those
// who wait for the shared read it makes, if they are served first.
func (t *T) priority() priority {
	return min(t.prio, t.lift.best())
}

// peek returns the value for key when some call has made it, without
// making it.
func (m *memo) peek(key string) (any, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if c, ok := m.calls[key]; ok && c.done {
		return c.val, true
	}
	return nil, false
}

// validate validates an answer against a schema file once per run: several
// checks look at the same memoized answer. The result lives on the
// Exchange itself, so it dies with it; and, by body, on the runner
// (verdicts).
func (r *runner) validate(file string, x *Exchange) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if err, ok := x.validated[file]; ok {
		return err
	}
	err := r.verdicts.of(file, x.Body, func() error { return r.schemas.Validate(file, x.Doc) })
	if x.validated == nil {
		x.validated = map[string]error{}
	}
	x.validated[file] = err
	return err
}

// verdicts are schema verdicts by schema file and answer body: a run gets
// the same body many times (one error answer to many faults, one record
// by several keys and addresses), and an answer's document is its body
// decoded, so one body validates alike wherever it came from.
type verdicts struct {
	mu sync.Mutex
	m  map[string]error
}

// of is file's verdict on body, made by validate the first time.
func (v *verdicts) of(file string, body []byte, validate func() error) error {
	key := file + "\x00" + string(body)
	v.mu.Lock()
	err, ok := v.m[key]
	v.mu.Unlock()
	if ok {
		return err
	}
	err = validate()
	v.mu.Lock()
	if v.m == nil {
		v.m = map[string]error{}
	}
	v.m[key] = err
	v.mu.Unlock()
	return err
}
