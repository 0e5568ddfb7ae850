package conformance

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// Verify's successes as a product (relation.verify.matrix). The cases
// move each record one way: the key, action, address and members the
// profile wrote. A target can refuse a move the contract allows only on
// one corner of that space: the limited key's set_next_certificate_status
// on its own form, a move by record_url, a target named by its id, the
// write key on a form a limited key is scoped to, set_next with the
// record's own tpl_id. So every record a case moves from where it starts
// is moved again, after a reset, by every key a case shows moving it
// (and by the write key where that is the limited key: §5 item 4 limits
// the limited key, not the write key), each move a cell of
//
//	action {set_certificate_status, set_next_certificate_status}
//	× target {a status it can reach, by name or by its id}
//	× address {the code, the record's full URL}
//	× from_certificate_status {absent, right by name, right by id}
//	× tpl_id {absent, right} × code_id {absent, right}
//
// walking the flow on until it ends (at most successMoves moves). Each
// cell's binary choices are a row of a pairwise covering array (every
// pair of values of every two choices is in some row of six), rows taken
// in turn across the run from a row the seed picks, the choices' columns
// permuted by the seed: a run with six cells sends every pair, and over
// seeds every cell is sent. set_next_certificate_status goes where the
// profile says which status it reaches (a next case walks it, or the
// status has one move out). Each success is judged by what exists for a
// success: certificate_status the status reached (§3.1, §4.2), the
// answer describes the record (§4.2), and, read again after the unit's
// last move, the record differs from before only in what a move may
// change (§C6). A refusal of a cell is a failure, and the unit stops
// there.

// successMoves is the most moves one unit makes along the flow.
const successMoves = 2

// maxSuccessUnits bounds the units the successes add to a run.
const maxSuccessUnits = 8

// successSubject is a record a case moves from its start, and a key that
// may move it.
type successSubject struct {
	c    profile.Case
	role string
}

// successSubjects are the records the profile's cases move from where
// they start (the first step a success, by the write or the limited
// key), each with that key, and with the write key where it is the
// limited key.
func (t *T) successSubjects() []successSubject {
	var out []successSubject
	seen := map[string]bool{}
	add := func(c profile.Case, role string) {
		k := fmt.Sprintf("%d %s", c.RecordID, role)
		if seen[k] || !t.hasKey(role) || len(out) >= maxSuccessUnits {
			return
		}
		seen[k] = true
		out = append(out, successSubject{c: c, role: role})
	}
	for _, c := range t.r.prof.Cases {
		if len(c.Steps) == 0 || c.RecordID == 0 || c.Start == "" || c.Code == "" || t.r.prof.Flow(c.FormID) == nil {
			continue
		}
		s := c.Steps[0]
		role := stepRole(s)
		if s.Expect.Status == "" || s.TplID != nil && *s.TplID != c.FormID || role != profile.RoleWrite && role != profile.RoleLimited {
			continue
		}
		add(c, role)
		if role == profile.RoleLimited {
			add(c, profile.RoleWrite)
		}
	}
	return out
}

// nextOf is where set_next_certificate_status takes a record of form
// from status: what a next case of the profile shows, else the one move
// out of a status that has one; "" when the profile does not say.
func (r *runner) nextOf(form int64, from profile.Status) string {
	for _, c := range r.prof.Cases {
		if c.FormID != form {
			continue
		}
		cur := c.Start
		for _, s := range c.Steps {
			if s.Expect.Status == "" || s.Concurrent > 1 {
				continue
			}
			if s.Action == contract.ActionNextStatus && cur == from.Name {
				return s.Expect.Status
			}
			cur = s.Expect.Status
		}
	}
	if !from.Terminal && len(from.Next) == 1 {
		return from.Next[0]
	}
	return ""
}

// pairwiseRows is a covering array of strength 2 over two values: six
// rows, and columns (one per choice) each of which is 0 in the first row
// and 1 in three of the other five. Two such columns differ, weigh the
// same and share a 1, so every two columns hold 00, 01, 10 and 11.
var pairwiseColumns = func() [][6]bool {
	var cols [][6]bool
	for mask := 0; mask < 32; mask++ {
		var c [6]bool
		n := 0
		for b := range 5 {
			if mask&(1<<b) != 0 {
				c[b+1] = true
				n++
			}
		}
		if n == 3 {
			cols = append(cols, c)
		}
	}
	return cols
}()

// The binary choices of a success cell, each a column of the array.
const (
	choiceNext = iota
	choiceURL
	choiceFrom
	choiceFromByID
	choiceTpl
	choiceCodeID
	choiceTargetByID
	choiceCount
)

// successCell is one move of the product: its choices.
type successCell struct {
	on [choiceCount]bool
	// target picks which status it can reach set_certificate_status names.
	target int
}

// successCellAt is cell n of the run, as the seed lays the array out.
func successCellAt(seed uint64, n int) successCell {
	row := (pick(seed, "verify successes row", 6) + n) % 6
	shift := pick(seed, "verify successes columns", len(pairwiseColumns))
	var c successCell
	for i := range c.on {
		c.on[i] = pairwiseColumns[(shift+i)%len(pairwiseColumns)][row]
	}
	c.target = n / 6
	return c
}

// A key other than the write key moves few credentials in a run (the
// limited key: the one record of its own form a case names, whose flow
// may end after one move), so the pairwise array over every unit's cells
// gives it one cell, and one path of the service's handler (the action,
// the address, the form of the target) a run. Its moves take its paths
// in pairs instead: each pair both actions (each its own handler, met on
// every run) and both addresses, and the four pairs, one a run as the
// seed picks, every action by every address and every form of the target
// (set by the code by name, next by a URL; set by a URL by id, next by
// the code; set by the code by id, next by a URL; set by a URL by name,
// next by the code). Move 0 of a pair is the successes' first move of the
// key; move 1 the move sent after the key's rows with one fault
// (runLimitedFaults).

// keyPathCell is one path: the action, the address and the target's form.
type keyPathCell struct {
	next, url, byID bool
}

// keyPaths are the pairs of paths.
var keyPaths = [4][2]keyPathCell{
	{{false, false, false}, {true, true, false}},
	{{false, true, true}, {true, false, false}},
	{{false, false, true}, {true, true, false}},
	{{false, true, false}, {true, false, false}},
}

// keyPath is a key's n-th move's path: the pair the seed picks for the
// key, then the others in turn.
func keyPath(seed uint64, role string, n int) keyPathCell {
	k := pick(seed, "verify key paths "+role, len(keyPaths))
	return keyPaths[(k+n/2)%len(keyPaths)][n%2]
}

// on is cell with its action, address and target form those of p.
func (p keyPathCell) on(cell successCell) successCell {
	cell.on[choiceNext], cell.on[choiceURL], cell.on[choiceTargetByID] = p.next, p.url, p.byID
	return cell
}

// keyMoveAfterRows: after role's rows with one fault, all refused, the
// key moves the record from where it is by the second path of its pair
// (keyPath), every optional member left out: a success naming the
// status reached by its name (§3.1, §4.2) that describes the record. A
// refused row that moved the record all the same shows here too.
func (t *T) keyMoveAfterRows(seed uint64, sub matrixSubject, role string, payload map[string]any) {
	cur := sub.status(sub.cur)
	if cur == nil || !movable(*cur) {
		return
	}
	var cell successCell
	cell = keyPath(seed, role, 1).on(cell)
	body, to, what := cell.body(sub, *cur, t.r.nextOf(sub.c.FormID, *cur), sub.url, nil)
	x := t.post(contract.Verify, role, body)
	t.labelled(fmt.Sprintf("certificate %s from %s after the %s key's rows with one fault, the %s key, %s", sub.c.Code, cur.Name, role, role, what), func() {
		data := t.success(x, responseFile(contract.Verify))
		if data == nil {
			return
		}
		if data["certificate_status"] != to {
			t.Errorf(x, "certificate_status is %v, want %q", data["certificate_status"], to)
			return
		}
		t.r.cov.transition(profile.TransitionName(sub.c.FormID, cur.Name, to))
		t.r.moves.moved(sub.c.Code, "relation.verify.matrix")
		t.describesRecord(x, sub.c.RecordID, data, payload)
	})
}

// sandboxMembers are members a sandbox or an SDK adds to a write, which
// the contract does not name: ignored, or the request refused as a
// parameter error (§C1, "Unknown request members"), so a move that
// carries one and succeeds has moved the record. Each success unit sends
// one (in turn from one the seed picks), true, on its first move where the unit's
// next request shows whether it moved: its second move, or the repeat
// after a set_next_certificate_status (repeatAfterNext). A service that
// honours a dry run answers the move and writes nothing, and that next
// request finds the record where it was.
var sandboxMembers = []string{"dry_run", "validate_only", "simulate", "test_mode", "sandbox"}

// refusedAsParameter says x is a refusal of the request's parameters:
// error_code 100301, or code 400 (an error shape without error_code).
func refusedAsParameter(x *Exchange) bool {
	obj := objOf(x)
	c, isInt := intOf(obj["code"])
	ec := errorCode(obj)
	return x.Err == nil && isInt && c != 0 && (ec == contract.ErrInvalidParams || ec == 0 && c == 400)
}

// planVerifySuccesses are the units of the successes, the first cell of
// each unit numbered after the cells of the units before it.
func (t *T) planVerifySuccesses(seed uint64) []writeUnit {
	var units []writeUnit
	for i, sub := range t.successSubjects() {
		first := i * successMoves
		units = append(units, writeUnit{keys: t.r.caseKeys(sub.c), cost: successMoves + 1, reads: sub.c.RecordID,
			run: func(t *T, _ []*T) bool { return t.runSuccesses(seed, sub, first) }})
	}
	return units
}

// runSuccesses moves one subject along its flow, a cell a move, then
// reads it again.
func (t *T) runSuccesses(seed uint64, sub successSubject, first int) bool {
	c := sub.c
	if by := t.r.moves.movedBy(c.Code); by != "" && t.r.prof.Reset == "" {
		t.Notef("verify's successes: skipped, case %s of this run already moved certificate %s and the profile has no reset", by, c.Code)
		return false
	}
	if err := t.fresh(); err != nil {
		t.Errorf(nil, "reset before verify's successes on %s: %v", c.Code, err)
		return true
	}
	flow := t.r.prof.Flow(c.FormID)
	subj := matrixSubject{c: c, flow: flow, cur: c.Start}
	payload, before := t.recordPayload(profile.Record{ID: c.RecordID})
	if payload == nil {
		return true // getRecord's own checks report why
	}
	url, _ := payload["record_url"].(string)
	subj.url = url
	var codeID *int64
	if qr, ok := payload["qrcode"].(map[string]any); ok {
		if id, ok := intOf(qr["id"]); ok {
			codeID = &id
		}
	}
	type moved struct {
		x    *Exchange
		data map[string]any
	}
	var done []moved
	lastAction := ""
	for i := range successMoves {
		cur := subj.status(subj.cur)
		if cur == nil || !movable(*cur) {
			break
		}
		cell := successCellAt(seed, first+i)
		if sub.role != profile.RoleWrite {
			// A key with few moves takes its paths in turn (keyPath).
			cell = keyPath(seed, sub.role, 2*i).on(cell)
		}
		body, to, what := cell.body(subj, *cur, t.r.nextOf(c.FormID, *cur), url, codeID)
		what = fmt.Sprintf("the %s key, %s", sub.role, what)
		member := ""
		if st := subj.status(to); i == 0 && st != nil && (movable(*st) || body["action_type"] == contract.ActionNextStatus) {
			// A move something judges after it (the next move, or the
			// repeat after a next) carries a member the contract does
			// not name (sandboxMembers).
			member = sandboxMembers[(pick(seed, "verify successes unknown member", len(sandboxMembers))+first/successMoves)%len(sandboxMembers)]
			body[member] = true
			what += fmt.Sprintf(", %s true (a member the contract does not name)", member)
		}
		x := t.post(contract.Verify, sub.role, body)
		if member != "" && refusedAsParameter(x) {
			// §C1 lets a service refuse an unknown member as a
			// parameter error: the move goes again without it.
			delete(body, member)
			x = t.post(contract.Verify, sub.role, body)
		}
		var data map[string]any
		t.labelled(fmt.Sprintf("verify's successes, certificate %s from %s, %s", c.Code, cur.Name, what), func() {
			data = t.success(x, responseFile(contract.Verify))
			if data != nil && data["certificate_status"] != to {
				t.Errorf(x, "certificate_status is %v, want %q", data["certificate_status"], to)
				data = nil
			}
		})
		if data == nil {
			break
		}
		t.r.cov.transition(profile.TransitionName(c.FormID, cur.Name, to))
		t.r.moves.moved(c.Code, "relation.verify.matrix")
		done = append(done, moved{x, data})
		subj.cur, lastAction = to, body["action_type"].(string)
	}
	if len(done) == 0 {
		return true
	}
	// The read after the walk, and beside it, where the last move was a
	// set_next_certificate_status, the status it reached set again by the
	// same key (repeatAfterNext).
	read := attempt{contract.GetRecord, profile.RoleRead, map[string]any{"record_id": c.RecordID, "format": "json"}}
	as := []attempt{read}
	var judge func(*Exchange) string
	if lastAction == contract.ActionNextStatus {
		var probe attempt
		probe, judge = t.repeatAfterNext(seed, sub, subj)
		as = append(as, probe)
	}
	xs := t.tryAll(as, func(i int, x *Exchange) bool { return i == 0 || judge(x) == "" })
	if xs == nil {
		return true // the unit runs again alone (tryAll)
	}
	after := xs[0]
	if judge != nil {
		t.labelled(fmt.Sprintf("verify's successes, certificate %s by the %s key, after its set_next_certificate_status to %s", c.Code, sub.role, subj.cur), func() {
			if p := judge(xs[1]); p != "" {
				t.Errorf(xs[1], "set_certificate_status to %v, the status the move reached, again: %s", as[1].body.(map[string]any)["to_certificate_status"], p)
			}
		})
	}
	label := fmt.Sprintf("after verify's successes on certificate %s by the %s key", c.Code, sub.role)
	t.sameAfter(c.RecordID, before, after, true, label)
	rec, _ := payloadOf(after).(map[string]any)
	for _, m := range done {
		t.describesRecord(m.x, c.RecordID, m.data, rec)
	}
	return true
}

// repeatAfterNext is, after a walk whose last move was a
// set_next_certificate_status, the move to the status it reached by
// set_certificate_status (by name or by its id, as the seed picks), and
// its judge by the model (verify_model.go): a repeat, 100326, or where the
// status cannot move on 100324 too; never a success, whichever action
// reached the status (§7: a repeated verification). After a
// set_certificate_status the profile's repeat cases and the matrix's rows
// send it already; nothing else sends it after a next move.
func (t *T) repeatAfterNext(seed uint64, sub successSubject, subj matrixSubject) (attempt, func(*Exchange) string) {
	st := subj.status(subj.cur)
	m := t.r.modelOf(sub.c.FormID)
	to := statusForm(*st, pick(seed, "repeat after next "+sub.c.Code, 2) == 0)
	body := subj.moveBody(contract.ActionSetStatus, to, false)
	v := m.answer(subj.cur, verifyReq{action: contract.ActionSetStatus, to: &to})
	return attempt{contract.Verify, sub.role, body}, wantCodes(v.codes...)
}

// body is the cell's move of subj from cur: the request, the status it
// reaches, and the cell in words. next is where
// set_next_certificate_status goes ("": unknown, so the cell sets).
func (cell successCell) body(subj matrixSubject, cur profile.Status, next, url string, codeID *int64) (map[string]any, string, string) {
	action, to := contract.ActionSetStatus, ""
	if cell.on[choiceNext] && next != "" {
		action, to = contract.ActionNextStatus, next
	} else {
		to = cur.Next[cell.target%len(cur.Next)]
	}
	body := subj.moveBody(action, "", cell.on[choiceURL] && url != "")
	words := []string{action}
	if action == contract.ActionSetStatus {
		target := subj.status(to)
		body["to_certificate_status"] = statusForm(*target, !cell.on[choiceTargetByID])
		words = append(words, fmt.Sprintf("to %v", body["to_certificate_status"]))
	}
	if cell.on[choiceURL] && url != "" {
		words = append(words, "by the record's full URL")
	} else {
		words = append(words, "by the code")
	}
	if cell.on[choiceFrom] {
		body["from_certificate_status"] = statusForm(cur, !cell.on[choiceFromByID])
		words = append(words, fmt.Sprintf("from_certificate_status %v", body["from_certificate_status"]))
	}
	if cell.on[choiceTpl] {
		body["tpl_id"] = subj.c.FormID
		words = append(words, "its own tpl_id "+strconv.FormatInt(subj.c.FormID, 10))
	}
	if cell.on[choiceCodeID] && codeID != nil {
		body["code_id"] = *codeID
		words = append(words, "its own code_id "+strconv.FormatInt(*codeID, 10))
	}
	return body, to, strings.Join(words, ", ")
}

// The other organization's own credentials. Its key may move what is
// its own (§5: a key acts for its organization), and a success then
// describes that record as its key reads it: its record_id, number,
// submit_at and its organization's id (§4.2), not ours. The profile
// lists the other organization's records (foreign.record_ids) but not
// their flows, so the move is set_next_certificate_status (it names no
// status) by the record's URL as that key reads it, and only a success
// is judged: a refusal may be the flow's (a status that forbids, an end)
// and is noted, unless the profile says where the move goes
// (foreign.next): then it must succeed, with that status.

// wantStatus names the status the profile says a move reaches, if any.
func wantStatus(want string) string {
	if want == "" {
		return ""
	}
	return fmt.Sprintf(" (%s, foreign.next)", want)
}

// maxOtherOrgOwn bounds the other organization's records moved.
const maxOtherOrgOwn = 3

// planOtherOrgOwn is a unit for each of the other organization's
// records (up to maxOtherOrgOwn).
func (t *T) planOtherOrgOwn(seed uint64) []writeUnit {
	if !t.hasKey(profile.RoleOtherOrg) {
		return nil
	}
	var units []writeUnit
	for i, id := range t.r.prof.Foreign.RecordIDs {
		if i == maxOtherOrgOwn {
			break
		}
		units = append(units, writeUnit{keys: []string{"record:" + strconv.FormatInt(id, 10)}, cost: 2,
			run: func(t *T, _ []*T) bool { return t.runOtherOrgOwn(seed, id) }})
	}
	return units
}

// runOtherOrgOwn reads the other organization's record with its key and
// moves it on by its URL or by its record_code (§4.2: a credential is
// named by either; the seed picks, record by record); a success must
// describe it.
func (t *T) runOtherOrgOwn(seed uint64, id int64) bool {
	if t.r.prof.Reset == "" {
		t.Notef("the other organization's record %d: not moved, the profile has no reset to put it back", id)
		return false
	}
	if err := t.fresh(); err != nil {
		t.Errorf(nil, "reset before moving the other organization's record %d: %v", id, err)
		return true
	}
	read := t.post(contract.GetRecord, profile.RoleOtherOrg, map[string]any{"record_id": id, "format": "json"})
	rec, _ := payloadOf(read).(map[string]any)
	url, _ := rec["record_url"].(string)
	if url == "" {
		t.Notef("the other organization's record %d: its key reads no record_url", id)
		return true
	}
	address, how := url, "its URL"
	if code, _ := rec["record_code"].(string); code != "" && pick(seed, fmt.Sprint("other org own address ", id), 2) == 1 {
		address, how = code, "its record_code"
	}
	x := t.post(contract.Verify, profile.RoleOtherOrg, map[string]any{"certificate_code": address, "action_type": contract.ActionNextStatus})
	want := ""
	for _, n := range t.r.prof.Foreign.Next {
		if n.RecordID == id {
			want = n.Status
		}
	}
	what := fmt.Sprintf("the other organization's key, set_next_certificate_status of its own record %d by %s", id, how)
	switch {
	case !isSuccess(x) && want == "":
		t.Notef("the other organization's record %d: set_next_certificate_status by %s refused (%s); its flow is not in the profile", id, how, describe(x))
		return true
	case !isSuccess(x):
		t.Errorf(x, "%s: refused (%s), yet the profile says it moves to %s (foreign.next; §5: a key acts for its own organization)", what, describe(x), want)
		return true
	}
	t.labelled(what, func() {
		data := t.success(x, responseFile(contract.Verify))
		if data == nil {
			return
		}
		if s, _ := data["certificate_status"].(string); s == "" || want != "" && s != want {
			t.Errorf(x, "certificate_status is %v, want the name of the status it reached%s", data["certificate_status"], wantStatus(want))
		}
		t.describesRecord(x, id, data, rec)
	})
	return true
}
