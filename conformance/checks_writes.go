package conformance

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// verifyWriteChecks send the profile's credential cases. They run only with
// --allow-writes, each case from the profile's state (after a reset when
// the profile names one), as units of the run's write plan (writeplan.go).
func verifyWriteChecks() []Check {
	return []Check{
		writeCheck("verify.names", "4.2", Must, planVerifyNames),
		writeCheck("verify.transitions", "3.1", Must, planCases(profile.KindMove)),
		writeCheck("verify.next", "3.1", Must, planCases(profile.KindNext)),
		writeCheck("verify.repeat", "7", Must, planCases(profile.KindRepeat)),
		writeCheck("verify.errorCodes", "7", Must, planCases(profile.KindError)),
		writeCheck("verify.concurrent", "3.1", Must, planConcurrent),
		writeCheck("verify.visible", "3.1", Info, func(*T) writePlan { return writePlan{done: func(t *T, _ []bool) { checkVerifyVisible(t) }} }),
		writeCheck("auth.otherOrg.verify", "5", Must, planOtherOrgVerify),
	}
}

func writeCheck(id, section string, sev Severity, plan func(t *T) writePlan) Check {
	c := verifyCheck(id, section, sev, phaseWrite, nil)
	c.plan = plan
	return c
}

// planCases makes a unit of each case of a kind, save the cases that are
// one request the target must refuse: a refusal changes nothing, so those
// of one record make one unit and go side by side (runRefusals).
func planCases(kind string) func(t *T) writePlan {
	return func(t *T) writePlan {
		var units []writeUnit
		group := map[string]*[]profile.Case{}
		at := map[string]int{}
		for _, c := range t.r.prof.Cases {
			if c.Kind != kind {
				continue
			}
			if !oneRefusal(c) {
				cost := caseCost(c)
				if t.r.byURLRead(c) {
					cost++
				}
				units = append(units, writeUnit{keys: t.r.caseKeys(c), cost: cost, reads: movesRecord(c), endsMoved: endsMoved(c) || refusalsOnly(c),
					run: func(t *T, _ []*T) bool { return t.runCase(c) }})
				continue
			}
			g := fmt.Sprint(c.RecordID)
			if c.RecordID == 0 {
				g = "code:" + c.Code
			}
			if cs, ok := group[g]; ok {
				*cs = append(*cs, c)
				units[at[g]].keys = unionKeys(units[at[g]].keys, t.r.caseKeys(c))
				continue
			}
			cs := &[]profile.Case{c}
			group[g], at[g] = cs, len(units)
			cost := 1
			if t.r.byURLRead(c) {
				cost++
			}
			// endsMoved: the record read again after the refusals, where
			// the planner has room (reread.go).
			units = append(units, writeUnit{keys: t.r.caseKeys(c), cost: cost, endsMoved: c.RecordID != 0,
				run: func(t *T, _ []*T) bool { return t.runRefusals(*cs) }})
		}
		return writePlan{units: units, done: func(t *T, ran []bool) { casesDone(t, kind, ran) }}
	}
}

// oneRefusal says a case is one request, not a burst, that must be
// refused.
func oneRefusal(c profile.Case) bool {
	return len(c.Steps) == 1 && c.Steps[0].Expect.Status == "" && c.Steps[0].Concurrent <= 1
}

// unionKeys is a with the keys of b it lacks.
func unionKeys(a, b []string) []string {
	out := append([]string(nil), a...)
	for _, k := range b {
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// refusedAs says an answer is one an attempt that must be refused may
// get (tryAll): no success, and the error code want[i] where it is given
// and not 0 (a mirror's, or an attempt without one, may be any refusal:
// its code is judged after).
func refusedAs(want []int64) func(i int, x *Exchange) bool {
	return func(i int, x *Exchange) bool {
		if isSuccess(x) {
			return false
		}
		if i >= len(want) || want[i] == 0 {
			return true
		}
		obj, _ := x.Doc.(map[string]any)
		return errorCode(obj) == want[i]
	}
}

// runRefusals sends cases of one record that are each one request the
// target must refuse: side by side after one reset, since on a correct
// target none changes anything; when one is not refused as its case
// says, the unit runs again alone (tryAll), each case after its own
// reset, as every case began before.
func (t *T) runRefusals(cs []profile.Case) bool {
	if t.alone || len(cs) == 1 {
		ran := false
		for _, c := range cs {
			ran = t.runCase(c) || ran
		}
		return ran
	}
	var live []profile.Case
	for _, c := range cs {
		if t.caseCanRun(c) {
			live = append(live, c)
		}
	}
	if len(live) == 0 {
		return false
	}
	// The records' URLs, side by side, before the reset (a read changes
	// nothing): each error case is sent by the URL too (stepBoth).
	urls := make([]string, len(live))
	t.each(len(live), func(t *T, i int) { urls[i] = t.caseRecordURL(live[i]) })
	if err := t.fresh(); err != nil {
		t.Errorf(nil, "case %s: reset before the case: %v", live[0].Name, err)
		return true
	}
	// Each case's step, and under the other action too for an error
	// case (stepBoth), all side by side.
	bs := make([]bothActions, len(live))
	var as []attempt
	var want []int64 // the error code each attempt must get; 0: any refusal
	for i, c := range live {
		s := c.Steps[0]
		bs[i] = bothActions{c: c, s: s, role: stepRole(s), cur: c.Start}
		if c.Kind == profile.KindError {
			bs[i] = t.r.both(c, s, stepRole(s), c.Start).by(urls[i])
		}
		for j, a := range bs[i].attempts() {
			code := int64(0) // a mirror: its code is judged after (judgeBoth)
			if j == 0 {
				code = int64(s.Expect.ErrorCode)
			}
			as, want = append(as, a), append(want, code)
		}
	}
	xs := t.tryAll(as, refusedAs(want))
	if xs == nil {
		return true
	}
	for _, b := range bs {
		n := b.size()
		t.labelled(fmt.Sprintf("case %s step 1", b.c.Name), func() { t.judgeBoth(b, xs[:n]) })
		xs = xs[n:]
	}
	if id := live[0].RecordID; id != 0 && t.rereadLast {
		t.rereadMoved(refusedRead(id, live), true)
	}
	return true
}

// refusedRead is the read after the refusals of cases cs of record id:
// the record reads as before the writes.
func refusedRead(id int64, cs []profile.Case) moveRead {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.Name
	}
	return moveRead{id: id, refused: true, label: fmt.Sprintf("the read after the refused verify of case %s", strings.Join(names, ", "))}
}

// casesDone skips a cases check that had no case, or none that could run.
func casesDone(t *T, kind string, ran []bool) {
	n := 0
	for _, ok := range ran {
		if ok {
			n++
		}
	}
	switch {
	case len(ran) == 0:
		t.Skipf("the profile has no %s cases", kind)
	case n == 0 && !t.failed():
		t.Skipf("no %s case could run: %v", kind, t.notes)
	}
}

// labelled prefixes the failures f adds with a label.
func (t *T) labelled(label string, f func()) {
	before := len(t.failures)
	f()
	for i := before; i < len(t.failures); i++ {
		t.failures[i] = label + ": " + t.failures[i]
	}
}

// runCase resets the target and sends a case's steps in order; false when
// it could not run for want of a key, or because an earlier case of this
// run moved its code and the profile gives no reset to undo it (a staging
// service: each case needs a fresh code, and a used one would fail a
// correct service).
func (t *T) runCase(c profile.Case) bool {
	if !t.caseCanRun(c) {
		return false
	}
	// The record's URL, for the refusals after a move (refusalOtherWay),
	// read before the reset where the profile does not list it.
	url := ""
	if refusesAfterMove(c) {
		url = t.caseRecordURL(c)
	}
	if err := t.fresh(); err != nil {
		t.Errorf(nil, "case %s: reset before the case: %v", c.Name, err)
		return true
	}
	cur, stop, moved := c.Start, false, false
	for i, s := range c.Steps {
		if stop || t.again {
			return true // the unit runs again alone (tryAll, savedProbe)
		}
		role := stepRole(s)
		label := fmt.Sprintf("case %s step %d", c.Name, i+1)
		// The read after the step before's move rides beside this step
		// (rereadMoved): on a correct target it sees the record moved
		// once or twice, which reads alike but for what a move changes.
		// The read after a refusal rides only beside another refusal:
		// beside a move it could see the record moved.
		prev, next := t.reread, (*moveRead)(nil)
		if prev != nil && prev.refused && s.Expect.Status != "" {
			prev = nil
		}
		t.labelled(label, func() {
			t.each(2, func(t *T, b int) {
				switch {
				case b == 0:
					if prev != nil {
						// settled where this step moves nothing on a
						// correct target (it expects an error)
						t.rereadMoved(*prev, s.Expect.Status == "")
					}
					return
				case s.Concurrent > 1:
					cur = t.concurrentStep(c, s, role, cur)
				case c.Kind == profile.KindError:
					cur, stop = t.stepBoth(c, s, role, cur) // checks_actions.go
				case s.Expect.Status == "" && s.Concurrent <= 1:
					t.caseStep = i + 1
					cur, stop = t.refusalOtherWay(c, s, role, cur, url) // checks_actions.go
				default:
					t.caseStep = i + 1
					cur = t.step(c, s, role, cur, t.post(contract.Verify, role, t.r.withRightMembers(c, s, i, cur)))
				}
				next = t.reread // set by this step's move
			})
		})
		moved = moved || s.Expect.Status != ""
		if !moved && c.RecordID != 0 && s.Concurrent <= 1 {
			r := refusedRead(c.RecordID, []profile.Case{c})
			next = &r
		}
		t.reread = next
	}
	// The read after the last move: the unit's own request, where the
	// planner gave the unit one (writeUnit.endsMoved), else none.
	if last := t.reread; last != nil && t.rereadLast {
		t.rereadMoved(*last, true)
	}
	t.reread = nil
	return true
}

// endsMoved says a case's last step is a move of a record it names: the
// planner may give its unit a read after it (planWrites).
func endsMoved(c profile.Case) bool {
	return c.RecordID != 0 && len(c.Steps) > 0 && c.Steps[len(c.Steps)-1].Expect.Status != ""
}

// refusalsOnly says every step of a case is one refusal of a record it
// names: the planner may give its unit a read after it, which must read
// the record as before the writes (reread.go).
func refusalsOnly(c profile.Case) bool {
	if c.RecordID == 0 || len(c.Steps) == 0 {
		return false
	}
	for _, s := range c.Steps {
		if s.Expect.Status != "" || s.Concurrent > 1 {
			return false
		}
	}
	return true
}

// caseCanRun says whether a case can run, noting why not: a key it needs
// is missing, or an earlier case of this run moved its code and the
// profile gives no reset to undo it.
func (t *T) caseCanRun(c profile.Case) bool {
	for _, s := range c.Steps {
		if role := stepRole(s); !t.hasKey(role) {
			t.Notef("case %s: skipped, no %s key", c.Name, role)
			return false
		}
	}
	if by := t.r.moves.movedBy(c.Code); by != "" && t.r.prof.Reset == "" {
		t.Notef("case %s: skipped, case %s of this run already moved certificate %s and the profile has no reset: give each case a fresh code", c.Name, by, c.Code)
		return false
	}
	return true
}

func stepRole(s profile.Step) string {
	if s.Key == "" {
		return profile.RoleWrite
	}
	return s.Key
}

func stepBody(c profile.Case, s profile.Step) map[string]any {
	body := map[string]any{"certificate_code": c.Code, "action_type": s.Action}
	if s.To != "" {
		body["to_certificate_status"] = s.To
	}
	if s.From != "" {
		body["from_certificate_status"] = s.From
	}
	if s.TplID != nil {
		body["tpl_id"] = *s.TplID
	}
	if s.CodeID != nil {
		body["code_id"] = *s.CodeID
	}
	return body
}

// step checks one answer against the step's expectation and returns the
// record's status afterwards.
func (t *T) step(c profile.Case, s profile.Step, role, cur string, x *Exchange) string {
	if s.Expect.Status == "" {
		obj := t.errorAnswer(x, contract.Verify, fmt.Sprintf("want error_code %d", s.Expect.ErrorCode))
		if obj == nil {
			return cur
		}
		if got := errorCode(obj); got != int64(s.Expect.ErrorCode) {
			also := t.r.alsoFailing(c, s, cur)
			if !slices.Contains(also, got) {
				t.Errorf(x, "want error_code %d%s, got %d", s.Expect.ErrorCode, orCodes(also), got)
			}
		}
		return cur
	}
	data := t.success(x, responseFile(contract.Verify))
	if data == nil {
		return cur
	}
	if got := data["certificate_status"]; got != s.Expect.Status {
		t.Errorf(x, "certificate_status is %v, want %q", got, s.Expect.Status)
		return cur
	}
	if c.FormID != 0 && cur != "" {
		t.r.cov.transition(profile.TransitionName(c.FormID, cur, s.Expect.Status))
	}
	t.r.moves.moved(c.Code, c.Name)
	// The two reads after a move and the move again (savedProbe) need
	// nothing of each other: on a correct target the move again changes
	// nothing.
	var probe *Exchange
	n := 2
	var after *moveRead
	if c.RecordID != 0 {
		after = &moveRead{id: c.RecordID, label: fmt.Sprintf("the read after case %s's move to %s by the %s key", c.Name, s.Expect.Status, role)}
		if t.caseStep > 0 {
			after.cells = t.r.cellsOf(c.Name, t.caseStep-1)
		}
	}
	if role != profile.RoleWrite {
		// savedProbe, and the read after the move beside it; the write
		// key's moves are read again beside the unit's next request.
		n = 4
	}
	t.each(n, func(t *T, i int) {
		switch {
		case i == 0 && c.RecordID != 0:
			t.describesRecord(x, c.RecordID, data, nil)
		case i == 1:
			t.lookAfterMove(c, s.Expect.Status)
		case i == 2:
			probe = t.send(contract.Verify, role, savedProbeBody(c, s.Expect.Status))
		case i == 3 && after != nil:
			t.rereadMoved(*after, true)
		}
	})
	t.savedProbe(c, s.Expect.Status, probe)
	if role == profile.RoleWrite {
		t.reread = after
	}
	return s.Expect.Status
}

// describesRecord: a verify success describes the verified record
// (docs/contract.md §4.2), whichever way its certificate_code addressed
// it: record_id is the record's, and record_number, org_id and
// submit_at are those getRecord gives for it (rec: its json payload,
// when the caller has read it; else it is read). The comparison is the
// one the rule over every verify success makes (rules.DescribesRecord).
func (t *T) describesRecord(x *Exchange, id int64, data, rec map[string]any) {
	if rec == nil {
		rec, _ = payloadOf(t.getRecord(map[string]any{"record_id": id, "format": "json"})).(map[string]any)
	}
	if rec == nil {
		return // getRecord's own checks report why
	}
	for _, p := range rules.DescribesRecord(rules.VerifyDataFacts(data), id, rules.RecordFacts(rec)) {
		t.Errorf(x, "%s", p)
	}
}

// concurrentStep sends the same move n times at once: exactly one wins,
// the rest get 100324 or 100326 (docs/contract.md §C6).
func (t *T) concurrentStep(c profile.Case, s profile.Step, role, cur string) string {
	xs := make([]*Exchange, s.Concurrent)
	var wg sync.WaitGroup
	for i := range xs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			xs[i] = t.r.client.post(t.ctx, contract.Verify, role, t.r.keys.KeyFor(role), stepBody(c, s))
		}()
	}
	wg.Wait()
	t.depth++ // sent at once: one request's time
	xs = inAnswerOrder(xs)
	wins := 0
	var winner *Exchange
	for _, x := range xs {
		obj, _ := x.Doc.(map[string]any)
		if code, ok := intOf(obj["code"]); ok && code == 0 {
			wins++
			winner = x
			continue
		}
		if ec := errorCode(obj); ec != contract.ErrStatusForbids && ec != contract.ErrInvalidTarget {
			t.Errorf(x, "a losing concurrent request: want error_code 100324 or 100326, got %s", describe(x))
		}
	}
	if wins != 1 {
		t.Errorf(xs[0], "%d concurrent identical moves: %d succeeded, want exactly 1", len(xs), wins)
		return cur
	}
	return t.step(c, s, role, cur, winner)
}

// firstMove is the first case that starts with a successful move.
func (t *T) firstMove() (profile.Case, bool) {
	for _, c := range t.r.prof.Cases {
		if c.Kind == profile.KindMove && len(c.Steps) > 0 && c.Steps[0].Expect.Status != "" {
			return c, true
		}
	}
	return profile.Case{}, false
}

// lookCost is how many requests one after the other the look after the
// first move sends: the record, then what lookAround reads beside it.
const lookCost = 2

// lookAfterMove reads the record once, after the first move of the run
// that names its record, for verify.visible: so that check sends no verify
// of its own and never re-uses a code a case moved.
func (t *T) lookAfterMove(c profile.Case, status string) {
	if c.RecordID == 0 || !t.r.moves.claimLook(t.unit) {
		return
	}
	depth := t.depth // overlapped, later units may look too: no look counts in the plan's chains
	x := t.send(contract.GetRecord, "read", map[string]any{"record_id": c.RecordID})
	l := &look{want: status, x: x}
	t.lookAround(l, c.RecordID)
	t.depth = depth
	t.r.moves.setLook(t.unit, l)
}

// checkVerifyVisible (info): after a move, getRecord shows the new status
// as process_status.text. The kit's mock does; the spec does not say so.
// It looks at what the first move of the run left (lookAfterMove).
func checkVerifyVisible(t *T) {
	l := t.r.moves.look()
	if l == nil {
		t.Skipf("no move case with a record_id succeeded in this run")
		return
	}
	data := t.success(l.x, responseFile(contract.GetRecord))
	rec, _ := data["data"].(map[string]any)
	if text, _ := shownStatus(rec); data != nil && text != l.want {
		t.Errorf(l.x, "after the move to %q, process_status.text is %v (a KIT choice of the mock; never required)", l.want, text)
	}
}

// shownStatus is the status a record shows in process_status (its text,
// and whether the member is enabled): the kit's mock shows a credential's
// certificate status there, a KIT choice the spec leaves open, which the
// checks of a move's visibility and the verify of an unnamed credential
// read alike.
func shownStatus(rec map[string]any) (text any, enabled bool) {
	ps, _ := rec["process_status"].(map[string]any)
	return ps["text"], ps["enabled"] == true
}

// planOtherOrgVerify: another organization's write key cannot move our
// credentials.
func planOtherOrgVerify(t *T) writePlan {
	c, ok := t.firstMove()
	if !ok || !t.hasKey(profile.RoleOtherOrg) {
		t.Skipf("needs a move case and keys.other_org")
		return writePlan{}
	}
	return writePlan{units: []writeUnit{{keys: t.r.caseKeys(c), cost: 1, run: func(t *T, _ []*T) bool {
		if err := t.fresh(); err != nil {
			t.Errorf(nil, "reset: %v", err)
			return true
		}
		x := t.post(contract.Verify, profile.RoleOtherOrg, stepBody(c, c.Steps[0]))
		t.refused(x, contract.Verify, "certificate "+c.Code+" with another organization's key")
		return true
	}}}}
}

// alsoFailing are the codes of the conditions of §C6 that step s, sent
// while the credential of case c is in status cur, fails besides the one
// its profile names, as the verify model reads the request (its action,
// target, from and scope against the case's flow): the order of the
// checks is the kit's (§C6), so each of them may answer too. next on a
// terminal status fails both "the flow is finished" (100324) and "there
// is no next status" (100326). None when the model sees no fault: the
// profile's code stands alone (an identity, an approval, an
// authorization the model does not hold).
func (r *runner) alsoFailing(c profile.Case, s profile.Step, cur string) []int64 {
	m := r.modelOf(c.FormID)
	if m == nil || cur == "" || s.Concurrent > 1 {
		return nil
	}
	q := verifyReq{action: s.Action}
	if s.To != "" {
		to := s.To
		q.to = &to
	}
	if s.From != "" {
		from := s.From
		q.from = &from
	}
	q.wrongScope = s.TplID != nil && *s.TplID != c.FormID
	v := m.answer(cur, q)
	if v.ok {
		return nil
	}
	return v.codes
}

// orCodes writes codes as the alternatives of a want ("" for none).
func orCodes(codes []int64) string {
	if len(codes) == 0 {
		return ""
	}
	parts := make([]string, len(codes))
	for i, c := range codes {
		parts[i] = strconv.FormatInt(c, 10)
	}
	return " (or " + strings.Join(parts, ", ") + ", the codes of the other conditions it fails: the order is the kit's, §C6)"
}
