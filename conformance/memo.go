package conformance

import "sync"

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
}

func newMemo() *memo { return &memo{calls: map[string]*memoCall{}} }

// do returns the value of f for key, calling f at most once per run.
func (m *memo) do(key string, f func() any) any {
	m.mu.Lock()
	c, ok := m.calls[key]
	if !ok {
		c = &memoCall{}
		m.calls[key] = c
	}
	m.mu.Unlock()
	c.once.Do(func() {
		v := f()
		m.mu.Lock()
		c.val, c.done = v, true
		m.mu.Unlock()
	})
	return c.val
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
// Exchange itself, so it dies with it.
func (r *runner) validate(file string, x *Exchange) error {
	x.mu.Lock()
	defer x.mu.Unlock()
	if err, ok := x.validated[file]; ok {
		return err
	}
	err := r.schemas.Validate(file, x.Doc)
	if x.validated == nil {
		x.validated = map[string]error{}
	}
	x.validated[file] = err
	return err
}
