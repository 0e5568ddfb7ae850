package conformance

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// Overlaps (verify.concurrent): pairs of moves of one credential sent at
// once. §3.1 makes a move atomic (one status, one move), whatever the
// move: two set_next_certificate_status, two set_certificate_status to
// different targets, one of each, with or without
// from_certificate_status. A service whose guard covers some of these
// (a lock keyed on the target, a conditional save only where a from is
// sent, a next move that saves what it computed from a stale read) lets
// the others both through. So each of up to maxOverlaps credentials a
// case moves from its start gets one pair, sent at once after a reset:
// the three kinds without from_certificate_status every run (next x
// next, set x set to two different targets where the status has two moves
// out, next x set), then kinds with from on one side or both, drawn by
// the seed. Each pair is a unit of its own, so the planner puts it in any
// round; which pair goes to which credential is fixed by the profile and
// the seed.
//
// A pair is judged by serialisability against the model of verify
// (verify_model.go): its two answers must be those of some serial order
// of the two requests from the credential's start, each answer one the
// model allows in the status the order reached, a success moving the
// credential to the status it answered. Which order the service chose
// is its race, so no message names it; where both cannot succeed in
// either order, at most one does.

// maxOverlaps is the most pairs sent at once.
const maxOverlaps = 4

// overlapMove is one side of a pair: its action, and whether it names the
// status the credential is in as from_certificate_status.
type overlapMove struct {
	action string
	from   bool
}

// overlapKind is a pair of moves.
type overlapKind [2]overlapMove

func (k overlapKind) String() string {
	side := func(m overlapMove) string {
		s := "next"
		if m.action == contract.ActionSetStatus {
			s = "set"
		}
		if m.from {
			s += " with from"
		}
		return s
	}
	return side(k[0]) + " x " + side(k[1])
}

// overlapKinds are the kinds of pair in the order a run sends them: the
// kinds without from, in an order the seed rotates, then the others in an
// order the seed draws.
func overlapKinds(seed uint64) []overlapKind {
	moves := []overlapMove{{contract.ActionNextStatus, false}, {contract.ActionSetStatus, false},
		{contract.ActionNextStatus, true}, {contract.ActionSetStatus, true}}
	var bare, rest []overlapKind
	for i := range moves {
		for j := i; j < len(moves); j++ {
			k := overlapKind{moves[i], moves[j]}
			if !moves[i].from && !moves[j].from {
				bare = append(bare, k)
			} else {
				rest = append(rest, k)
			}
		}
	}
	r := pick(seed, "overlaps bare", len(bare))
	bare = append(bare[r:], bare[:r]...)
	for i := len(rest) - 1; i > 0; i-- {
		j := pick(seed, fmt.Sprintf("overlaps kind %d", i), i+1)
		rest[i], rest[j] = rest[j], rest[i]
	}
	return append(bare, rest...)
}

// overlap is one pair on one credential.
type overlap struct {
	c      profile.Case
	kind   overlapKind
	bodies [2]map[string]any
	reqs   [2]verifyReq
	model  *verifyModel
}

// overlapSubjects are the credentials cases move from their start by the
// write key, a status that may move on, one case a record.
func (t *T) overlapSubjects() []profile.Case {
	if !t.hasKey(profile.RoleWrite) {
		return nil
	}
	var out []profile.Case
	seen := map[int64]bool{}
	for _, c := range t.r.prof.Cases {
		if c.Kind == profile.KindError || c.Start == "" || c.Code == "" || c.RecordID == 0 || seen[c.RecordID] || len(c.Steps) == 0 || stepRole(c.Steps[0]) != profile.RoleWrite {
			continue
		}
		f := t.r.prof.Flow(c.FormID)
		if f == nil {
			continue
		}
		if st := statusByName(f, c.Start); st != nil && movable(*st) {
			seen[c.RecordID] = true
			out = append(out, c)
		}
	}
	return out
}

// planOverlaps pairs kinds with credentials: each kind in turn takes the
// first credential left that it fits (two different targets need a
// status with two moves out).
func (t *T) planOverlaps(seed uint64) []overlap {
	subjects := t.overlapSubjects()
	used := make([]bool, len(subjects))
	var out []overlap
	for _, k := range overlapKinds(seed) {
		if len(out) == maxOverlaps {
			break
		}
		twoTargets := k[0].action == contract.ActionSetStatus && k[1].action == contract.ActionSetStatus
		for i, c := range subjects {
			st := statusByName(t.r.prof.Flow(c.FormID), c.Start)
			if used[i] || twoTargets && len(st.Next) < 2 {
				continue
			}
			used[i] = true
			out = append(out, t.overlapOf(c, *st, k))
			break
		}
	}
	return out
}

// overlapOf is the pair of kind k on c, from st: a set takes a move out
// of st, the two sets two different ones, a set beside a next one the
// next move does not reach where there is one.
func (t *T) overlapOf(c profile.Case, st profile.Status, k overlapKind) overlap {
	o := overlap{c: c, kind: k, model: t.r.modelOf(c.FormID)}
	nextTo := o.model.next(st)
	sets := 0
	for i, m := range k {
		body := map[string]any{"certificate_code": c.Code, "action_type": m.action}
		q := verifyReq{action: m.action}
		if m.action == contract.ActionSetStatus {
			var targets []string
			for _, n := range st.Next {
				if n != nextTo || k[0].action == k[1].action {
					targets = append(targets, n)
				}
			}
			if len(targets) == 0 {
				targets = st.Next
			}
			to := targets[sets%len(targets)]
			sets++
			body["to_certificate_status"] = to
			q.to = &to
		}
		if m.from {
			from := st.Name
			body["from_certificate_status"] = from
			q.from = &from
		}
		o.bodies[i], o.reqs[i] = body, q
	}
	return o
}

// overlapUnits are the pairs, each a unit of its own on its
// credential's keys (the round's reset before it puts the credential at
// its start), or one unit that notes why none is sent. A unit says it did
// not run: the check's outcome is its cases' (planConcurrent).
func (t *T) overlapUnits(seed uint64) []writeUnit {
	pairs := t.planOverlaps(seed)
	why := ""
	switch {
	case len(pairs) == 0:
		why = "moves at once not sent: no case moves a credential from a status that may move on with the write key"
	case t.r.prof.Reset == "":
		why = "moves at once not sent: they re-use the cases' codes, and the profile has no reset"
	}
	if why != "" {
		return []writeUnit{{cost: 1, run: func(t *T, _ []*T) bool { t.Notef("%s", why); return false }}}
	}
	units := make([]writeUnit, len(pairs))
	for i, o := range pairs {
		units[i] = writeUnit{keys: t.r.caseKeys(o.c), cost: 1, run: func(t *T, _ []*T) bool { t.overlap(o); return false }}
	}
	return units
}

// overlap sends one pair at once, after a reset, and judges it.
func (t *T) overlap(o overlap) {
	if err := t.fresh(); err != nil {
		t.Errorf(nil, "reset before the moves at once on %s: %v", o.c.Code, err)
		return
	}
	defer t.tidy()
	var xs [2]*Exchange
	var wg sync.WaitGroup
	for j := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			xs[j] = t.r.client.post(t.ctx, contract.Verify, profile.RoleWrite, t.r.keys.KeyFor(profile.RoleWrite), o.bodies[j])
		}()
	}
	wg.Wait()
	t.depth++ // sent at once: one request's time
	t.judgeOverlap(o, xs)
}

// judgeOverlap judges one pair's answers by serialisability.
func (t *T) judgeOverlap(o overlap, xs [2]*Exchange) {
	what := fmt.Sprintf("certificate %s from %s, %s at once (%s and %s)", o.c.Code, o.c.Start, o.kind, moveWords(o.bodies[0]), moveWords(o.bodies[1]))
	var got [2]serialOutcome
	for i, x := range xs {
		obj := objOf(x)
		code, isInt := intOf(obj["code"])
		switch {
		case x.Err != nil || !isInt:
			t.Errorf(x, "%s: no answer with an integer code: %s", what, describe(x))
			return
		case code == 0:
			data := t.success(x, responseFile(contract.Verify))
			status, _ := data["certificate_status"].(string)
			got[i] = serialOutcome{success: true, status: status}
		default:
			got[i] = serialOutcome{code: errorCode(obj)}
		}
	}
	if o.model.serialisable(o.c.Start, o.reqs[:], got[:]) {
		return
	}
	// In answer order, so that the report does not say who won.
	var words []string
	for _, g := range got {
		if g.success {
			words = append(words, fmt.Sprintf("a success to %q", g.status))
		} else {
			words = append(words, fmt.Sprintf("error_code %d", g.code))
		}
	}
	slices.Sort(words)
	ordered := inAnswerOrder(xs[:])
	t.Errorf(ordered[0], "%s: answered %s, which no serial order of the two gives (§3.1: a move is atomic)", what, strings.Join(words, " and "))
}

// moveWords is a move's body in words.
func moveWords(body map[string]any) string {
	s := fmt.Sprint(body["action_type"])
	if to, ok := body["to_certificate_status"]; ok {
		s += fmt.Sprintf(" to %v", to)
	}
	if from, ok := body["from_certificate_status"]; ok {
		s += fmt.Sprintf(" from %v", from)
	}
	return s
}
