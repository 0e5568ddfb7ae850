package conformance

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// Each error case under both actions. A profile's error case breaks one
// condition of a verify and names it under one action; but the conditions
// on the record, its key and the request's scope (docs/contract.md §7's
// order of checks, rows 4 to 9 and 12: the key's form restriction 100328,
// verification disabled 100321, not approved 100322, tpl_id or code_id
// not the record's 100323, identity 100329, the authorization 100327, the
// generic failure 100319; and from_certificate_status not the current
// status, 100324) hold for set_certificate_status and
// set_next_certificate_status alike. So verify.errorCodes sends each such
// error step again under the other action, beside it (an error leaves
// the record where it was): set_next_certificate_status without
// a target, or set_certificate_status to the status the flow moves the
// record to next. A target that checks a condition on one action only
// moves the record on the other.

// actionFree are the error codes of conditions both actions check.
var actionFree = map[int]bool{100319: true, 100321: true, 100322: true, 100323: true, 100327: true, 100328: true, 100329: true}

// mirrorCandidates is how many targets a mirror under
// set_certificate_status tries when the profile has no flow of the
// record's form (each a status some flow moves to).
const mirrorCandidates = 2

// mirrored is step s of a case at status cur written under the other
// action, one step per target to try; loose says the flow of the
// record is not known, so a target the record cannot reach may be
// refused first (100326, §C6: the order of checks is the kit's).
func (r *runner) mirrored(c profile.Case, s profile.Step, cur string) (steps []profile.Step, loose bool) {
	code := s.Expect.ErrorCode
	if s.Expect.Status != "" || s.Concurrent > 1 || !(actionFree[code] || code == 100324 && s.From != "" && s.From != cur) {
		return nil, false
	}
	var next []string
	known := false
	if f := r.prof.Flow(c.FormID); f != nil && cur != "" {
		for _, st := range f.Statuses {
			if st.Name == cur {
				next, known = st.Next, true
			}
		}
	}
	switch s.Action {
	case contract.ActionSetStatus:
		if known && len(next) == 0 {
			return nil, false // no next status: 100326 could come first
		}
		m := s
		m.Action, m.To = contract.ActionNextStatus, ""
		return []profile.Step{m}, !known
	case contract.ActionNextStatus:
		if !known {
			next = r.movedTo()
		}
		for _, to := range next[:min(len(next), mirrorCandidates)] {
			m := s
			m.Action, m.To = contract.ActionSetStatus, to
			steps = append(steps, m)
		}
		return steps, !known
	}
	return nil, false
}

// movedTo are the statuses some flow of the profile moves to, in the
// profile's order.
func (r *runner) movedTo() []string {
	var out []string
	for _, f := range r.prof.Flows {
		for _, st := range f.Statuses {
			for _, n := range st.Next {
				if !slices.Contains(out, n) {
					out = append(out, n)
				}
			}
		}
	}
	return out
}

// stepBoth sends step s of an error case and the same step under the
// other action side by side: on a correct target none changes anything,
// so they cost one request of the chain. On a broken target one of them
// may move the record, and the others then answer otherwise, in an order
// the run's concurrency decides: then the unit runs again alone, one
// request at a time (tryAll, alone.go). It returns the record's status
// after the step, and stop when the unit is to run again.
func (t *T) stepBoth(c profile.Case, s profile.Step, role, cur string) (after string, stop bool) {
	return t.sendBoth(t.r.both(c, s, role, cur).by(t.caseRecordURL(c)))
}

// sendBoth sends b's attempts side by side, or its step alone where it
// has no other, and judges them: the record's status after the step, and
// stop when the unit is to run again alone (tryAll).
func (t *T) sendBoth(b bothActions) (after string, stop bool) {
	if b.size() == 1 {
		return t.step(b.c, b.s, b.role, b.cur, t.post(contract.Verify, b.role, stepBody(b.c, b.s))), false
	}
	xs := t.tryAll(b.attempts(), refusedAs(nil))
	if xs == nil {
		return b.cur, true
	}
	return t.judgeBoth(b, xs), false
}

// refusalOtherWay sends a step of a case of moves that must be refused
// (the repeat of a move, a next move past the end) as the profile writes
// it and, side by side, by the record's full URL with its statuses by
// id, where either is known: the refusal after a move is the same
// whichever way the request names the credential and its statuses (a
// target that answers a repeat by URL from a share-link handler that
// does not look at the status moves nothing but answers a success). It
// returns the record's status after the step, and stop when the unit is
// to run again alone (tryAll).
func (t *T) refusalOtherWay(c profile.Case, s profile.Step, role, cur, url string) (after string, stop bool) {
	return t.sendBoth(bothActions{c: c, s: s, role: role, cur: cur, ids: t.r.statusIDs(c.FormID), url: url})
}

// anyFlowIDs are the ids the profile's flows give a status name, for
// the names every flow that has one gives the same id: a record whose
// flow the profile does not list (a form that shares a flow) names its
// statuses so where it has them.
func (r *runner) anyFlowIDs() map[string]string {
	ids := map[string]string{}
	clash := map[string]bool{}
	for _, f := range r.prof.Flows {
		for _, st := range f.Statuses {
			id := strconv.FormatInt(st.ID, 10)
			if prev, ok := ids[st.Name]; ok && prev != id || st.ID == 0 {
				clash[st.Name] = true
			}
			ids[st.Name] = id
		}
	}
	for n := range clash {
		delete(ids, n)
	}
	return ids
}

// statusIDs are the ids of the statuses of a form's flow, by name, as
// decimal strings; nil when the profile lists no flow of the form.
func (r *runner) statusIDs(form int64) map[string]string {
	f := r.prof.Flow(form)
	if f == nil || form == 0 {
		return nil
	}
	ids := map[string]string{}
	for _, st := range f.Statuses {
		if st.ID != 0 {
			ids[st.Name] = strconv.FormatInt(st.ID, 10)
		}
	}
	return ids
}

// bothActions is an error step and its mirrors under the other action.
type bothActions struct {
	c         profile.Case
	s         profile.Step
	role, cur string
	mirrors   []profile.Step
	loose     bool // the record's flow is not known (mirrored)
	// paired is the step with a second fault (pairedFault).
	paired []profile.Step
	// scoped says which of the step and its mirrors carry the record's
	// own tpl_id (0: neither; 1: the step; 2: the mirrors).
	scoped int
	// url is the record's full URL (caseRecordURL; "" when not known):
	// the step is also sent by it.
	url string
	// ids are the ids of the statuses of the record's flow, by name, as
	// decimal strings: the step sent by the URL names its statuses by id.
	ids map[string]string
}

// The step by the record's full URL, its statuses by id. certificate_code
// is the record's code or its full URL (§4.2), a status its name or its
// id (§4.2, §C10), and neither the address nor the spelling adds a
// condition: an error case sent so gets the case's code, as sent by the
// code and the names. A target that serves the URL on another path (a
// share-link handler), or resolves a status id through another lookup
// (a flow repository that knows nothing of the form's verification
// switch or the credential's approval), may skip a check there and move
// the record. Where the URL is not known, the step is sent again by the
// code with its statuses by id, when it names one.

// caseURL is the full URL of case c's record as the profile lists it
// ("" when it does not); listed says whether it does.
func (r *runner) caseURL(c profile.Case) (url string, listed bool) {
	for _, rec := range r.prof.Records {
		if rec.ID == c.RecordID && c.RecordID != 0 {
			return rec.URL, true
		}
	}
	return "", false
}

// byURLRead says an error case's record is not listed by the profile,
// so its unit reads the record for its URL first: one request more.
func (r *runner) byURLRead(c profile.Case) bool {
	_, listed := r.caseURL(c)
	return (c.Kind == profile.KindError || refusesAfterMove(c)) && c.RecordID != 0 && !listed
}

// refusesAfterMove says a case of moves has a step that must be refused
// (the repeat of a move, a next move past the end): it is sent by the
// record's URL too (refusalOtherWay).
func refusesAfterMove(c profile.Case) bool {
	if c.Kind == profile.KindError {
		return false
	}
	for _, s := range c.Steps {
		if s.Expect.Status == "" && s.Concurrent <= 1 {
			return true
		}
	}
	return false
}

// caseRecordURL is the full URL of case c's record: the profile's, else the
// record's record_url as the read key reads it by its id (shared with
// every read of the record as json). "" when neither says.
func (t *T) caseRecordURL(c profile.Case) string {
	if c.Kind != profile.KindError && !refusesAfterMove(c) || c.RecordID == 0 {
		return ""
	}
	u, listed := t.r.caseURL(c)
	if !listed {
		payload, _ := t.recordPayload(profile.Record{ID: c.RecordID})
		u, _ = payload["record_url"].(string)
	}
	if u == c.Code {
		return ""
	}
	return u
}

// both is step s of case c at status cur with its mirrors.
func (r *runner) both(c profile.Case, s profile.Step, role, cur string) bothActions {
	ms, loose := r.mirrored(c, s, cur)
	b := bothActions{c: c, s: s, role: role, cur: cur, mirrors: ms, loose: loose, paired: r.pairedFault(c, s)}
	b.ids = r.statusIDs(c.FormID)
	if b.ids == nil {
		b.ids = r.anyFlowIDs()
	}
	if len(ms) > 0 && s.TplID == nil && s.CodeID == nil && c.FormID != 0 {
		b.scoped = 1 + pick(r.opts.Seed, "scoped step "+c.Name, 2)
	}
	return b
}

// The scope beside the fault: a right tpl_id adds no fault, so the
// step's code stays whatever order the checks run in (§C6), but a target
// may check a condition on one path only (a scoped path that skips the
// identity, the approval, the authorization). So the record's own tpl_id
// goes either on the step or on its mirrors, as the seed picks: every
// run sends the condition both bare and beside its scope.
func (b bothActions) body(s profile.Step, mirror bool) map[string]any {
	body := stepBody(b.c, s)
	if b.scoped == 1 && !mirror || b.scoped == 2 && mirror {
		body["tpl_id"] = b.c.FormID
	}
	return body
}

// pairedFault is error step s with a second fault beside the one its
// case breaks: tpl_id another form's. Two conditions fail, and the
// order of the checks is the kit's (§C6), so either code may answer:
// the step's, or 100323; never a success, never a third code (a target
// that answers a generic failure when two conditions fail together).
// None when the step sends its own scope or the record's form is not
// known.
func (r *runner) pairedFault(c profile.Case, s profile.Step) []profile.Step {
	if s.Expect.Status != "" || s.Concurrent > 1 || s.TplID != nil || s.CodeID != nil || c.FormID == 0 ||
		s.Expect.ErrorCode == contract.ErrScopeMismatch {
		return nil
	}
	wrong := otherForm(c.FormID, r.prof.Forms.IDs)
	m := s
	m.TplID = &wrong
	return []profile.Step{m}
}

// attempts are the step's request, then each mirror's.
func (b bothActions) attempts() []attempt {
	as := []attempt{{contract.Verify, b.role, b.body(b.s, false)}}
	for _, m := range b.mirrors {
		as = append(as, attempt{contract.Verify, b.role, b.body(m, true)})
	}
	for _, m := range b.paired {
		as = append(as, attempt{contract.Verify, b.role, stepBody(b.c, m)})
	}
	if body, _, ok := b.otherWay(); ok {
		as = append(as, attempt{contract.Verify, b.role, body})
	}
	return as
}

// otherWay is the step's body by the record's full URL and its statuses
// by id (otherwise as the step), when b is one request that must be
// refused and either is known.
//
// A step that names no status (a next move) takes the statuses of its
// first mirror that names one, and is then judged as that mirror; where
// the record's flow is not known, a status's id is the one the flows the
// profile lists give its name, when they agree.
func (b bothActions) otherWay() (body map[string]any, asMirror, ok bool) {
	if b.s.Expect.Status != "" || b.s.Concurrent > 1 {
		return nil, false, false
	}
	body = stepBody(b.c, b.s) // as the profile writes it, without the scope the seed adds
	if b.s.To == "" && b.s.From == "" {
		for _, m := range b.mirrors {
			if m.To != "" {
				body, asMirror = stepBody(b.c, m), true
				break
			}
		}
	}
	changed := false
	if b.url != "" {
		body["certificate_code"] = b.url
		changed = true
	}
	for _, m := range []string{"to_certificate_status", "from_certificate_status"} {
		if name, _ := body[m].(string); b.ids[name] != "" {
			body[m] = b.ids[name]
			changed = true
		}
	}
	if !changed {
		return nil, false, false
	}
	return body, asMirror, true
}

// otherWayWhat names how otherWay writes the step.
func (b bothActions) otherWayWhat(body map[string]any) string {
	var parts []string
	if b.url != "" {
		parts = append(parts, "by the record's full URL "+b.url)
	}
	for _, m := range []string{"to_certificate_status", "from_certificate_status"} {
		if v, ok := body[m].(string); ok && b.isID(v) {
			parts = append(parts, fmt.Sprintf("%s %q (the status's id)", m, v))
		}
	}
	return strings.Join(parts, ", ")
}

// isID says v is one of the ids b writes statuses by.
func (b bothActions) isID(v string) bool {
	for _, id := range b.ids {
		if id == v {
			return true
		}
	}
	return false
}

// by is b sent also by url, the record's full URL ("": not), where b is
// one request that must be refused.
func (b bothActions) by(url string) bothActions {
	if b.s.Expect.Status == "" && b.s.Concurrent <= 1 {
		b.url = url
	}
	return b
}

// size is how many attempts b sends.
func (b bothActions) size() int {
	n := 1 + len(b.mirrors) + len(b.paired)
	if _, _, ok := b.otherWay(); ok {
		n++
	}
	return n
}

// judgeBoth judges the answers to b's attempts, in their order, and
// returns the record's status after the step.
func (t *T) judgeBoth(b bothActions, xs []*Exchange) string {
	s := b.s
	after := t.step(b.c, s, b.role, b.cur, xs[0])
	for i, m := range b.paired {
		x := xs[1+len(b.mirrors)+i]
		if p := wantCodes(int64(s.Expect.ErrorCode), contract.ErrScopeMismatch)(x); p != "" {
			t.Errorf(x, "%s with a second fault, tpl_id %d (not the record's form): %s (either condition's code, §C6)", actionWhat(s), *m.TplID, p)
		}
	}
	if body, asMirror, ok := b.otherWay(); ok {
		x := xs[1+len(b.mirrors)+len(b.paired)]
		codes := append([]int64{int64(s.Expect.ErrorCode)}, t.r.alsoFailing(b.c, s, b.cur)...)
		what := actionWhat(s)
		if asMirror {
			what = fmt.Sprintf("under %v to %v", body["action_type"], body["to_certificate_status"])
			if b.loose {
				codes = append(codes, contract.ErrInvalidTarget) // the flow is not known: the target may be one the record cannot reach
			}
		}
		if p := wantCodes(codes...)(x); p != "" {
			t.Errorf(x, "%s %s: %s (by the code and the names the same request is refused so; neither the address nor the spelling adds a condition, §4.2, §C10)", what, b.otherWayWhat(body), p)
		}
	}
	for i, x := range xs[1 : 1+len(b.mirrors)] {
		m := b.mirrors[i]
		if isSuccess(x) {
			t.Errorf(x, "%s%s: want error_code %d (both actions check it), got a success: the record moved", actionWhat(m), b.scopeWhat(true), s.Expect.ErrorCode)
			continue
		}
		obj := t.errorAnswer(x, contract.Verify, actionWhat(m))
		if obj == nil {
			continue
		}
		got := errorCode(obj)
		if b.loose && got == contract.ErrInvalidTarget {
			continue // the flow is not known: the target may be one the record cannot reach
		}
		if got != int64(s.Expect.ErrorCode) {
			t.Errorf(x, "%s%s: want error_code %d, as under %s, got %d", actionWhat(m), b.scopeWhat(true), s.Expect.ErrorCode, s.Action, got)
		}
	}
	return after
}

// scopeWhat names the record's own tpl_id where b sends it.
func (b bothActions) scopeWhat(mirror bool) string {
	if b.scoped == 1 && !mirror || b.scoped == 2 && mirror {
		return fmt.Sprintf(", with the record's own tpl_id %d", b.c.FormID)
	}
	return ""
}

// isSuccess says an answer is a success (code 0).
func isSuccess(x *Exchange) bool {
	obj, _ := x.Doc.(map[string]any)
	code, ok := intOf(obj["code"])
	return ok && code == 0
}

// actionWhat names a step by its action and target.
func actionWhat(s profile.Step) string {
	what := "under " + s.Action
	if s.To != "" {
		what += " to " + s.To
	}
	return what
}
