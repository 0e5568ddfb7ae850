package conformance

import (
	"sync"

	"github.com/rtq-kit/rtq/contract"
)

// moves is what the write phase has done to certificate codes: which case
// moved each code (so that, without a reset, no later case re-uses it) and
// what getRecord showed after the first move (for verify.visible).
type moves struct {
	mu sync.Mutex
	// ended wakes the units waiting to look (claimLook) when one of their
	// round ends or looks.
	ended *sync.Cond
	by    map[string]string
	// running are the units of the round under way that have neither
	// ended nor looked.
	running map[int]bool
	// looks are getRecord's answers after a unit's first move, by the
	// unit's place in the plan: the first in the plan is the run's look,
	// whichever unit finished first.
	looks map[int]*look
}

// look is getRecord's answer after a move to want.
type look struct {
	want string
	x    *Exchange
	// others are the moved record read with every other key, and lists
	// its form's listing, by number, with the read and another
	// organization's key, right after the move (lookAround).
	others, lists []*keyRead
	number        string
}

func newMoves() *moves {
	m := &moves{by: map[string]string{}, looks: map[int]*look{}, running: map[int]bool{}}
	m.ended = sync.NewCond(&m.mu)
	return m
}

// startRound says the units of seqs run side by side from now on.
func (m *moves) startRound(seqs []int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, u := range seqs {
		m.running[u] = true
	}
}

// end says unit ended.
func (m *moves) end(unit int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.running, unit)
	m.ended.Broadcast()
}

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

// claimLook is true when unit should look after its move: no unit at or
// before it in the plan has looked. One at a time that is exactly once,
// the first move. Side by side, a unit first waits for the units of its
// round before it in the plan to look or end, so that it never looks
// where one of them does (the run's request count does not hang on which
// answer came first); a later unit of an earlier plan position's round
// may still look, in vain.
func (m *moves) claimLook(unit int) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	for {
		for u := range m.looks {
			if u <= unit {
				return false
			}
		}
		if !m.waitsFor(unit) {
			break
		}
		m.ended.Wait()
	}
	m.looks[unit] = &look{}
	delete(m.running, unit)
	m.ended.Broadcast()
	return true
}

// waitsFor says a unit of the round before unit in the plan still runs;
// m.mu held.
func (m *moves) waitsFor(unit int) bool {
	for u := range m.running {
		if u < unit {
			return true
		}
	}
	return false
}

func (m *moves) setLook(unit int, l *look) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.looks[unit] = l
}

// look is the first look of the plan (nil when none).
func (m *moves) look() *look {
	m.mu.Lock()
	defer m.mu.Unlock()
	first := -1
	for u := range m.looks {
		if first < 0 || u < first {
			first = u
		}
	}
	if first < 0 || m.looks[first].x == nil {
		return nil
	}
	return m.looks[first]
}

// observeLook hands the run's look, and no other, to observe, as if it had
// been the only one sent.
func (m *moves) observeLook(observe func(contract.Endpoint, *Exchange)) {
	if l := m.look(); l != nil {
		observe(contract.GetRecord, l.x)
		for _, k := range l.others {
			observe(contract.GetRecord, k.x)
		}
		for _, k := range l.lists {
			k.x.clocked = true
			observe(contract.GetFormList, k.x)
		}
	}
}
