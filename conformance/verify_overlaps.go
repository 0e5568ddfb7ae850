package conformance

import (
	"fmt"
	"reflect"
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
// Each pair is first sent one request after the other, in each of its
// two orders (one, when its two requests are alike), each order a unit
// of its own from the credential's start: every answer must be the one
// the model of verify (verify_model.go) allows in the status the order
// reached. These answers depend on nothing but the service, so what they
// show is shown at any --concurrency and on every run.
//
// Then the pair goes at once, and is judged by serialisability: its two
// answers must be those of some serial order of the two requests from
// the credential's start, each answer one the model allows in the status
// the order reached, a success moving the credential to the status it
// answered. Which order the service chose is its race: a service wrong
// in one order only would show it on some runs and not others, so the
// pair at once is reported only where both orders one after the other
// were right (overlapsDone, once the check's units have run), when what
// it shows is that the moves are not atomic. Its answers are given only
// to the rules that concern every answer whatever its operation (its
// Content-Type, its JSON): which of them succeeded is the race's, so the
// rules of verify's answers, whose counts the report gives, judge the
// same answers in the orders one after the other instead. Within --concurrency: at --concurrency 1 the
// pair goes one request after the other, and a race is not sought.

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
	// series are the pair on the credentials its orders one after the
	// other go on, one per order (placeSeries).
	series []overlap
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
	// The records the fewest other steps of the profile and units of the
	// checks planned before verify (caseLoad) first, the matrix's pivot
	// last: a pair's units go one after the other on its record, after
	// the cases' and the matrix's, and the longest such chain is what a
	// run against a distant target waits for.
	load := map[int64]int{}
	planned := map[int64]int{}
	for _, c := range t.r.prof.Cases {
		load[c.RecordID] += len(c.Steps)
		planned[c.RecordID] = max(planned[c.RecordID], t.r.caseLoad(c))
	}
	for id, n := range planned {
		load[id] += n
	}
	if pivot, ok := t.matrixPivot(); ok {
		load[pivot.RecordID] += 1 << 20
	}
	slices.SortStableFunc(out, func(a, b profile.Case) int { return load[a.RecordID] - load[b.RecordID] })
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
	t.placeSeries(subjects, out)
	return out
}

// placeSeries puts each pair's orders one after the other on credentials
// of the same form in the same status, the least used first: the orders
// judge the service's answers from that status, whichever credential is
// in it, and spread over the credentials they lengthen no one's chain of
// units by much (each credential's units go one after the other).
func (t *T) placeSeries(subjects []profile.Case, pairs []overlap) {
	units := make([]int, len(subjects))
	for i, c := range subjects {
		units[i] = t.r.caseLoad(c) // the units the checks before planned on it
	}
	for _, o := range pairs {
		units[slices.IndexFunc(subjects, func(c profile.Case) bool { return c.RecordID == o.c.RecordID })]++
	}
	for p := range pairs {
		o := &pairs[p]
		st := statusByName(t.r.prof.Flow(o.c.FormID), o.c.Start)
		for range o.orders() {
			best := -1
			for i, c := range subjects {
				if c.FormID == o.c.FormID && c.Start == o.c.Start && (best < 0 || units[i] < units[best]) {
					best = i
				}
			}
			units[best]++
			o.series = append(o.series, t.overlapOf(subjects[best], *st, o.kind))
		}
	}
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

// overlapUnits are the pairs, each order one after the other and the
// pair at once a unit of its own on the credential's keys (the round's
// reset before it puts the credential at its start), with the judge of
// each pair; or one unit that notes why none is sent. A unit says it did
// not run: the check's outcome is its cases' (planConcurrent).
func (t *T) overlapUnits(seed uint64) (units []writeUnit, judges []*overlapJudge) {
	pairs := t.planOverlaps(seed)
	why := ""
	switch {
	case len(pairs) == 0:
		why = "moves at once not sent: no case moves a credential from a status that may move on with the write key"
	case t.r.prof.Reset == "":
		why = "moves at once not sent: they re-use the cases' codes, and the profile has no reset"
	}
	if why != "" {
		return []writeUnit{{cost: 1, run: func(t *T, _ []*T) bool { t.Notef("%s", why); return false }}}, nil
	}
	for _, o := range pairs {
		j := &overlapJudge{}
		for i, order := range o.orders() {
			on := o.series[i]
			units = append(units, writeUnit{keys: t.r.caseKeys(on.c), cost: 2, run: func(t *T, _ []*T) bool { t.inSeries(on, order, j); return false }})
		}
		units = append(units, writeUnit{keys: t.r.caseKeys(o.c), cost: 1, run: func(t *T, _ []*T) bool { t.overlap(o, j); return false }})
		judges = append(judges, j)
	}
	return units, judges
}

// overlapJudge is what a pair's units found, read once they have all
// run (overlapsDone): whether an order one after the other was wrong,
// and what the pair at once showed.
type overlapJudge struct {
	mu       sync.Mutex
	inSeries bool // an order one after the other was wrong (reported by its unit)
	atOnce   *Exchange
	message  string // the pair at once fits no serial order ("": it does)
}

// overlapsDone reports the pairs at once that fit no serial order of
// theirs, where both orders one after the other were right.
func overlapsDone(t *T, judges []*overlapJudge) {
	for _, j := range judges {
		j.mu.Lock()
		if !j.inSeries && j.message != "" {
			t.Errorf(j.atOnce, "%s", j.message)
		}
		j.mu.Unlock()
	}
}

// orders are the pair's serial orders: both, or one when its two
// requests are alike.
func (o overlap) orders() [][2]int {
	if reflect.DeepEqual(o.bodies[0], o.bodies[1]) {
		return [][2]int{{0, 1}}
	}
	return [][2]int{{0, 1}, {1, 0}}
}

// what names the pair in a finding.
func (o overlap) what() string {
	return fmt.Sprintf("certificate %s from %s, %s (%s and %s)", o.c.Code, o.c.Start, o.kind, moveWords(o.bodies[0]), moveWords(o.bodies[1]))
}

// inSeries sends the pair one request after the other in order, from
// the credential's start, and holds each answer to the model in the
// status the order reached.
func (t *T) inSeries(o overlap, order [2]int, j *overlapJudge) {
	if err := t.fresh(); err != nil {
		t.Errorf(nil, "reset before the moves one after the other on %s: %v", o.c.Code, err)
		return
	}
	defer t.tidy()
	what := fmt.Sprintf("%s one after the other, %s first", o.what(), moveWords(o.bodies[order[0]]))
	cur := o.c.Start
	for n, i := range order {
		x := t.r.client.post(t.ctx, contract.Verify, profile.RoleWrite, t.r.keys.KeyFor(profile.RoleWrite), o.bodies[i])
		t.depth++
		got, ok := t.outcome(x, what)
		if !ok {
			j.wrong()
			return
		}
		v := o.model.answer(cur, o.reqs[i])
		if !v.allows(got.success, got.status, got.code) {
			t.Errorf(x, "%s: the %s answered %s in %s, want %s (§3.1, §C6)", what, [2]string{"first", "second"}[n], got, cur, v)
			j.wrong()
			return
		}
		if got.success {
			cur = got.status
		}
	}
}

// wrong notes that an order one after the other was wrong.
func (j *overlapJudge) wrong() {
	j.mu.Lock()
	j.inSeries = true
	j.mu.Unlock()
}

// outcome is an answer as the model reads it; false (and a failure) when
// it has no integer code.
func (t *T) outcome(x *Exchange, what string) (serialOutcome, bool) {
	obj := objOf(x)
	code, isInt := intOf(obj["code"])
	switch {
	case x.Err != nil || !isInt:
		t.Errorf(x, "%s: no answer with an integer code: %s", what, describe(x))
		return serialOutcome{}, false
	case code == 0:
		data := t.success(x, responseFile(contract.Verify))
		status, _ := data["certificate_status"].(string)
		return serialOutcome{success: true, status: status}, true
	}
	return serialOutcome{code: errorCode(obj)}, true
}

// overlap sends one pair at once, after a reset, and judges it.
func (t *T) overlap(o overlap, j *overlapJudge) {
	if err := t.fresh(); err != nil {
		t.Errorf(nil, "reset before the moves at once on %s: %v", o.c.Code, err)
		return
	}
	defer t.tidy()
	var xs [2]*Exchange
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			xs[i] = t.r.client.quiet(t.ctx, contract.Verify, profile.RoleWrite, t.r.keys.KeyFor(profile.RoleWrite), o.bodies[i])
		}()
	}
	wg.Wait()
	for _, x := range xs {
		t.r.observeAt(nil, x) // the rules of every answer whatever its operation: which one succeeded is the race's
	}
	t.depth++ // sent at once: one request's time
	t.judgeOverlap(o, xs, j)
}

// judgeOverlap judges one pair's answers at once by serialisability,
// and keeps what it finds for overlapsDone. It reads them without the
// checks of their shape: those of a success are made on the orders one
// after the other, and how many succeeded at once is the race's.
func (t *T) judgeOverlap(o overlap, xs [2]*Exchange, j *overlapJudge) {
	what := o.what() + " at once"
	var got [2]serialOutcome
	for i, x := range xs {
		obj := objOf(x)
		code, isInt := intOf(obj["code"])
		switch {
		case x.Err != nil || !isInt:
			t.Errorf(x, "%s: no answer with an integer code: %s", what, describe(x))
			return
		case code == 0:
			data, _ := obj["data"].(map[string]any)
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
		words = append(words, g.String())
	}
	slices.Sort(words)
	ordered := inAnswerOrder(xs[:])
	j.mu.Lock()
	j.atOnce, j.message = ordered[0], fmt.Sprintf("%s: answered %s, which no serial order of the two gives, though each order one after the other was answered right (§3.1: a move is atomic)", what, strings.Join(words, " and "))
	j.mu.Unlock()
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
