package conformance

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// differentMoves is how many requests checkDifferentMoves sends at once,
// alternating between two targets.
const differentMoves = 4

// planConcurrent runs the profile's concurrent cases (identical moves),
// then two different moves at once, when the cases did not skip.
func planConcurrent(t *T) writePlan {
	p := planCases(profile.KindConcurrent)(t)
	cases := len(p.units)
	keys := []string{}
	for _, u := range p.units {
		keys = append(keys, u.keys...)
	}
	if c, _, ok := t.forkCase(); ok {
		keys = append(keys, t.r.caseKeys(c)...)
	}
	p.units = append(p.units, writeUnit{keys: keys, cost: 1, run: func(t *T, prior []*T) bool {
		so := &T{r: t.r}
		ran := make([]bool, len(prior))
		for i, s := range prior {
			so.join(s)
			ran[i] = s.ran
		}
		if casesDone(so, profile.KindConcurrent, ran); so.skip == "" {
			t.differentMoves()
		}
		return false
	}})
	p.done = func(t *T, ran []bool) { casesDone(t, profile.KindConcurrent, ran[:cases]) }
	return p
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
	if err := t.fresh(); err != nil {
		t.Errorf(nil, "reset before two different concurrent moves: %v", err)
		return
	}
	defer t.tidy()
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
	t.depth++ // sent at once: one request's time
	what := fmt.Sprintf("certificate %s, from %s to %s and to %s at once", c.Code, c.Start, st.Next[0], st.Next[1])
	asked := map[*Exchange]string{}
	for i, x := range xs {
		asked[x] = st.Next[i%2]
	}
	xs = inAnswerOrder(xs)
	wins := 0
	for _, x := range xs {
		obj, _ := x.Doc.(map[string]any)
		if code, isInt := intOf(obj["code"]); isInt && code == 0 {
			wins++
			// Which move wins is the target's race: the message does not
			// name it, so that a report is the same from run to run.
			if data := t.success(x, responseFile(contract.Verify)); data != nil && data["certificate_status"] != asked[x] {
				t.Errorf(x, "%s: the winning move answered certificate_status %v, not the status it asked for", what, data["certificate_status"])
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

// inAnswerOrder sorts the exchanges of requests sent at once by what was
// sent and what came back: which of them the target let win is its race,
// and a report must not depend on it.
func inAnswerOrder(xs []*Exchange) []*Exchange {
	out := slices.Clone(xs)
	key := func(x *Exchange) string {
		err := ""
		if x.Err != nil {
			err = x.Err.Error()
		}
		return fmt.Sprintf("%s\x00%d\x00%s\x00%s", x.Req.Body, x.Status, x.Body, err)
	}
	slices.SortStableFunc(out, func(a, b *Exchange) int { return strings.Compare(key(a), key(b)) })
	return out
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
