package conformance

import "sync"

// moves is what the write phase has done to certificate codes: which case
// moved each code (so that, without a reset, no later case re-uses it) and
// what getRecord showed after the first move (for verify.visible).
type moves struct {
	mu      sync.Mutex
	by      map[string]string
	looked  bool
	visible *look
}

// look is getRecord's answer after a move to want.
type look struct {
	want string
	x    *Exchange
}

func newMoves() *moves { return &moves{by: map[string]string{}} }

// moved records that case moved code.
func (m *moves) moved(code, caseName string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.by[code] == "" {
		m.by[code] = caseName
	}
}

// movedBy names the case that moved code in this run ("" when none did).
func (m *moves) movedBy(code string) string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.by[code]
}

// claimLook is true exactly once: the first move is looked at.
func (m *moves) claimLook() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	first := !m.looked
	m.looked = true
	return first
}

func (m *moves) setLook(l *look) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.visible = l
}

func (m *moves) look() *look {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.visible
}
