package conformance

import (
	"fmt"
	"sync"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// differentMoves is how many requests checkDifferentMoves sends at once,
// alternating between two targets.
const differentMoves = 4

// checkConcurrent runs the profile's concurrent cases (identical moves),
// then two different moves at once.
func checkConcurrent(t *T) {
	casesOf(profile.KindConcurrent)(t)
	if t.skip == "" {
		t.differentMoves()
	}
}

// differentMoves sends two different moves of one record at once, each
// naming the status the record is in as from_certificate_status: exactly
// one may win, whichever, and the others must get 100324 or 100326 (docs/
// contract.md §3.1, §C6). It needs a status with two next statuses in the
// profile's flows and a reset (it uses a move case's code again).
func (t *T) differentMoves() {
	c, st, ok := t.forkCase()
	switch {
	case !ok:
		t.Notef("two different concurrent moves not sent: no move case starts at a status with two next statuses in flows")
		return
	case t.r.prof.Reset == "":
		t.Notef("two different concurrent moves not sent: they re-use move case %s's code, and the profile has no reset", c.Name)
		return
	}
	if err := t.r.reset(t.ctx); err != nil {
		t.Errorf(nil, "reset before two different concurrent moves: %v", err)
		return
	}
	defer func() { _ = t.r.reset(t.ctx) }() // a failure is kept in r.setup
	xs := make([]*Exchange, differentMoves)
	var wg sync.WaitGroup
	for i := range xs {
		body := map[string]any{"certificate_code": c.Code, "action_type": contract.ActionSetStatus,
			"from_certificate_status": c.Start, "to_certificate_status": st.Next[i%2]}
		wg.Add(1)
		go func() {
			defer wg.Done()
			xs[i] = t.r.client.post(t.ctx, contract.Verify, profile.RoleWrite, t.r.keys.KeyFor(profile.RoleWrite), body)
		}()
	}
	wg.Wait()
	what := fmt.Sprintf("certificate %s, from %s to %s and to %s at once", c.Code, c.Start, st.Next[0], st.Next[1])
	wins := 0
	for i, x := range xs {
		obj, _ := x.Doc.(map[string]any)
		if code, isInt := intOf(obj["code"]); isInt && code == 0 {
			wins++
			if data := t.success(x, responseFile(contract.Verify)); data != nil && data["certificate_status"] != st.Next[i%2] {
				t.Errorf(x, "%s: the move to %s answered certificate_status %v", what, st.Next[i%2], data["certificate_status"])
			}
			continue
		}
		if ec := errorCode(obj); ec != contract.ErrStatusForbids && ec != contract.ErrInvalidTarget {
			t.Errorf(x, "%s: a losing move: want error_code 100324 or 100326, got %s", what, describe(x))
		}
	}
	if wins != 1 {
		t.Errorf(xs[0], "%s: %d of %d moves from the same status succeeded, want exactly 1", what, wins, len(xs))
	}
}

// forkCase is a move case sent with the write key whose start status has
// two next statuses.
func (t *T) forkCase() (profile.Case, *profile.Status, bool) {
	if !t.hasKey(profile.RoleWrite) {
		return profile.Case{}, nil, false
	}
	for _, c := range t.r.prof.Cases {
		if c.Kind != profile.KindMove || c.Start == "" || len(c.Steps) == 0 || c.Steps[0].Key != "" {
			continue
		}
		if f := t.r.prof.Flow(c.FormID); f != nil {
			if st := statusByName(f, c.Start); st != nil && len(st.Next) >= 2 {
				return c, st, true
			}
		}
	}
	return profile.Case{}, nil, false
}
