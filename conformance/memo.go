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
	c.once.Do(func() { c.val = f() })
	return c.val
}
