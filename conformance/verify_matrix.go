package conformance

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// The verify matrix (relation.verify.matrix): a move the profile says
// succeeds is made with every optional member right, and then, from the
// status it reached, the record is sent every request the contract gives
// another answer, and read every way. Nothing here is aimed at one
// implementation; each row is one rule of the contract applied to the
// profile's own move and flow:
//
//   - the move with its own tpl_id and code_id, from_certificate_status
//     its current status, by the record's full URL: the status the case
//     expects (§4.2, §C10);
//   - every key that may not move it on (the read key, §5 item 3; another
//     organization's, §C2; none and a key nobody issued, §5; the limited
//     key where a case shows it may not write the form, §5 item 4), in
//     the rows of a pairwise covering array over the key, the move (the
//     target by name or by id, or next), the address (the code, the full
//     URL, that URL with its host in capitals) and with and without its
//     own tpl_id and code_id (refusalRows), a key the service knows (the
//     read key, the limited key, another organization's) each action by
//     the code and by a URL on every run: never a success;
//   - the write key with exactly one fault: from_certificate_status
//     another status (the one it left among them) by name and by id on
//     each action (100324), or as a JSON number (100301 or 100324);
//     tpl_id or code_id not the record's, 0 included (100323); the status
//     it is in as the target, by name and by id (100326: a repeat);
//   - the record read in every format by id and by URL: by URL reads what
//     by id reads, and json differs from before the move only in what a
//     move may change.
//
// Rows with one fault have one answer whatever order the checks run in
// (§C6: the order is the kit's), and a key that may not move the record
// is sent a move the write key could make, so no row depends on that
// order. Which action, address and form of a status each row with one
// fault takes is picked by the run's seed, each row beside its
// complement, so every value of every dimension is sent every run. On a correct target no row
// after the move changes anything, so the refusals are sent side by
// side, then the rows with one fault, then the reads, then the case's
// next step, which shows a refusal that moved the record all the same:
// the matrix costs five requests of the run's longest chain. On a broken
// target a row wrongly taken moves the record, and which one that was
// depends on the order the rows arrived in: the unit then runs again
// alone, each row one at a time (tryAll, alone.go).

// matrixChecks is the matrix's write check: it runs after the profile's
// cases, with their resets, and only with --allow-writes.
func matrixChecks(seed uint64) []Check {
	return []Check{writeCheck("relation.verify.matrix", "4.2", Must, planVerifyMatrix(seed))}
}

// matrixRow is one request of the matrix and what the contract says of it.
type matrixRow struct {
	role, what string
	body       map[string]any
	// want judges the answer: a problem, or "".
	want func(x *Exchange) string
}

// matrixSubject is a credential, its flow and a move the profile says
// succeeds from its start.
type matrixSubject struct {
	c      profile.Case
	step   profile.Step
	flow   *profile.Flow
	url    string
	codeID *int64
	// cur is the status the record is in when the rows are sent.
	cur string
}

// planVerifyMatrix makes one unit of the matrix around the first case
// that starts with a move by the write key, and one for each record a
// case shows the limited key may not verify.
func planVerifyMatrix(seed uint64) func(t *T) writePlan {
	return func(t *T) writePlan {
		var units []writeUnit
		pivot, ok := t.matrixPivot()
		if ok {
			units = append(units, writeUnit{keys: t.r.caseKeys(pivot), cost: 5, reads: pivot.RecordID,
				run: func(t *T, _ []*T) bool { return t.runMatrix(seed, pivot, matrixPivotMove) }})
		}
		for _, c := range t.r.prof.Cases {
			if ok && c.RecordID == pivot.RecordID {
				continue // the pivot's own unit sends the limited key's rows
			}
			if !t.hasKey(profile.RoleLimited) || t.r.prof.Flow(c.FormID) == nil {
				continue
			}
			switch {
			case limitedRefused(c):
				// The refusals on the fresh credential; where a case
				// gives the write key a move of it, that move and the
				// refusals on the moved credential after them.
				keys, cost := t.r.caseKeys(c), 1
				if mc, _, ok := t.writeMoveFromStart(matrixSubject{c: c, flow: t.r.prof.Flow(c.FormID)}); ok {
					keys, cost = append(slices.Clone(keys), t.r.caseKeys(mc)...), 3
				}
				units = append(units, writeUnit{keys: keys, cost: cost,
					run: func(t *T, _ []*T) bool { return t.runMatrix(seed, c, matrixLimitedRefused) }})
			case limitedMoves(c):
				units = append(units, writeUnit{keys: t.r.caseKeys(c), cost: 3,
					run: func(t *T, _ []*T) bool { return t.runMatrix(seed, c, matrixLimitedFaults) }})
			}
		}
		units = append(units, t.planVerifySuccesses(seed)...)
		units = append(units, t.planUnmoved(seed)...)
		units = append(units, t.planOtherOrgOwn(seed)...)
		if len(units) == 0 {
			t.Skipf("needs a case that starts with a move by the write key from a status of a flow the profile lists")
		}
		return writePlan{units: units}
	}
}

// matrixPivot is a case that starts with a single move by the write key,
// from a known status of a listed flow, on a known record, to a status
// that may move on (so that the rows after it have a move to refuse and
// faults to add to it, whatever order the checks run in): of those, the
// first on the record the fewest other steps of the profile verify, so
// that the matrix lengthens the run's longest chain of writes the least.
func (t *T) matrixPivot() (profile.Case, bool) {
	load := map[int64]int{}
	for _, c := range t.r.prof.Cases {
		load[c.RecordID] += len(c.Steps)
	}
	var best profile.Case
	found := false
	for _, c := range t.r.prof.Cases {
		if len(c.Steps) == 0 || c.RecordID == 0 || c.Start == "" || t.r.prof.Flow(c.FormID) == nil {
			continue
		}
		s := c.Steps[0]
		to := (matrixSubject{flow: t.r.prof.Flow(c.FormID)}).status(s.Expect.Status)
		if stepRole(s) == profile.RoleWrite && s.Expect.Status != "" && s.Concurrent <= 1 && s.From == "" && s.TplID == nil && s.CodeID == nil &&
			to != nil && movable(*to) && (!found || load[c.RecordID] < load[best.RecordID]) {
			best, found = c, true
		}
	}
	return best, found
}

// limitedRefused says a case shows the limited key refused on its record
// for want of write permission on its form (100328).
func limitedRefused(c profile.Case) bool {
	for _, s := range c.Steps {
		if s.Key == profile.RoleLimited && s.Expect.ErrorCode == contract.ErrNoPermission {
			return c.Start != "" && c.RecordID != 0
		}
	}
	return false
}

// limitedMoves says a case shows the limited key moving its record from
// its start (its form is one the key may write, §5 item 4).
func limitedMoves(c profile.Case) bool {
	for _, s := range c.Steps {
		if s.Key == profile.RoleLimited && s.Expect.Status != "" && s.Concurrent <= 1 {
			return c.Start != "" && c.RecordID != 0
		}
	}
	return false
}

// What the matrix sends around one subject.
const (
	// matrixPivotMove: the write key's move, then every row.
	matrixPivotMove = iota
	// matrixLimitedRefused: the limited key's refusals, from the start.
	matrixLimitedRefused
	// matrixLimitedFaults: the rows with one fault (faultRows), by the
	// limited key on a record of a form it may write, from the start: a
	// key limited to some forms is held to every condition of §3.1 on
	// its own forms, as the write key is.
	matrixLimitedFaults
)

// runMatrix sends the matrix of one subject, as mode says.
func (t *T) runMatrix(seed uint64, c profile.Case, mode int) bool {
	if by := t.r.moves.movedBy(c.Code); mode != matrixLimitedRefused && by != "" && t.r.prof.Reset == "" {
		// As runCase: without a reset the record is no longer where the
		// profile says it starts, and a correct service would refuse the
		// move the matrix is built around.
		t.Notef("the verify matrix: skipped, case %s of this run already moved certificate %s and the profile has no reset", by, c.Code)
		return false
	}
	if err := t.fresh(); err != nil {
		t.Errorf(nil, "reset before the matrix of %s: %v", c.Name, err)
		return true
	}
	sub := matrixSubject{c: c, flow: t.r.prof.Flow(c.FormID), cur: c.Start}
	// The record, and beside it the forms of the credentials the
	// profile names without their form (scopeRows).
	var payload map[string]any
	var beforeJSON *Exchange
	var credForms []int64
	t.each(2, func(t *T, i int) {
		if i == 0 {
			payload, beforeJSON = t.recordPayload(profile.Record{ID: c.RecordID})
		} else if mode == matrixPivotMove {
			credForms = t.credentialForms()
		}
	})
	sub.url, _ = payload["record_url"].(string)
	if qr, ok := payload["qrcode"].(map[string]any); ok {
		if id, ok := intOf(qr["id"]); ok {
			sub.codeID = &id
		}
	}
	start := sub.status(c.Start)
	if start == nil {
		t.Notef("case %s: start %q is no status of the flow of form %d", c.Name, c.Start, c.FormID)
		return false
	}
	switch mode {
	case matrixLimitedRefused:
		if t.sendRows(t.refusalRows(seed, sub, []string{profile.RoleLimited}, stateFresh)) {
			t.refusedAfterWriteMove(seed, sub)
		}
		return true
	case matrixLimitedFaults:
		if t.sendRows(byRole(faultRows(seed, sub, *start, t.r.prof.Forms.IDs), profile.RoleLimited, *start)) {
			t.keyMoveAfterRows(seed, sub, profile.RoleLimited, payload)
		}
		return true
	}
	// The move, every optional member right, by the URL when known.
	s := c.Steps[0]
	sub.step = s
	body := sub.moveBody(s.Action, s.To, sub.url != "")
	body["from_certificate_status"] = statusForm(*start, pick(seed, "matrix from", 2) == 0)
	body["tpl_id"] = c.FormID
	if sub.codeID != nil {
		body["code_id"] = *sub.codeID
	}
	to := sub.status(s.Expect.Status)
	if to != nil && s.Action == contract.ActionSetStatus {
		body["to_certificate_status"] = statusForm(*to, pick(seed, "matrix to", 2) == 0)
	}
	x := t.post(contract.Verify, profile.RoleWrite, body)
	data := t.success(x, responseFile(contract.Verify))
	if data == nil {
		t.Errorf(x, "case %s's move with its own tpl_id and code_id, from_certificate_status its current status%s: not a success", c.Name, byURL(body, sub))
		return true
	}
	if got := data["certificate_status"]; got != s.Expect.Status {
		t.Errorf(x, "case %s's move: certificate_status %v, want %q", c.Name, got, s.Expect.Status)
		return true
	}
	// The same credential by its URL as by its code: the success
	// describes the record the case names (§4.2), as a step's does.
	t.describesRecord(x, c.RecordID, data, payload)
	t.r.moves.moved(c.Code, "relation.verify.matrix")
	sub.cur = s.Expect.Status
	// The refusals first: none may move the record, so the rows with one
	// fault after them, each written for the status the move reached,
	// show a refused row that moved it all the same (sent side by side,
	// such a row would race the rows that show it). The reads come after
	// the rows, not beside them: on a broken target what they read would
	// depend on when a row wrongly taken moved the record.
	if !t.sendRows(t.refusalRows(seed, sub, t.refusingRoles(c), stateMovedByWrite)) {
		return true
	}
	rows := append(faultRows(seed, sub, *start, t.r.prof.Forms.IDs), t.productRows(seed, sub, t.r.prof.Forms.IDs)...)
	rows = append(rows, t.scopeRows(seed, sub, credForms)...)
	rows = append(rows, strangerTargets(seed, sub, t.r.prof.Flows)...)
	if !t.sendRows(rows) {
		return true
	}
	t.compareAround(sub, beforeJSON, t.readEveryWay(sub))
	t.nextStepAfterRows(c, sub)
	return true
}

// nextStepAfterRows sends the pivot case's second step, as the profile
// writes it for the status the move reached, and holds its answer to the
// profile's: a refused row that moved the record all the same leaves it
// elsewhere, which no read shows (the status a record shows is the
// kit's) and the next move does. A refused row must leave nothing
// behind either (§C6: a refusal changes nothing): a target it named,
// written down before it was refused, is where a service that reads
// "the next status" from what it last stored sends the record. So the
// step goes in the other action where the model says both reach its
// status (set_certificate_status to where set_next_certificate_status
// goes, and the reverse): the case's own run sends it as written, and
// after the rows, every one of them a request the service refused, the
// move that asks the service where to go is the one that shows it.
func (t *T) nextStepAfterRows(c profile.Case, sub matrixSubject) {
	if len(c.Steps) < 2 {
		return
	}
	s := c.Steps[1]
	role := stepRole(s)
	if s.Concurrent > 1 || !t.hasKey(role) {
		return
	}
	body, how := stepBody(c, s), ""
	if other, ok := sub.otherAction(s, t.r.nextOf); ok {
		body, how = other, " as "+other["action_type"].(string)
	}
	t.labelled(fmt.Sprintf("case %s step 2%s, sent after the matrix's rows", c.Name, how), func() {
		t.step(c, s, role, sub.cur, t.post(contract.Verify, role, body))
	})
}

// otherAction is step s of sub's case written in the other action, where
// the model says it moves the record from sub's status to the same
// status: a success whose target is where set_next_certificate_status
// goes from there (nextOf: as the profile's cases show it, or the one
// status the flow moves to). Its other members are the step's.
func (sub matrixSubject) otherAction(s profile.Step, nextOf func(int64, profile.Status) string) (map[string]any, bool) {
	st, reached := sub.status(sub.cur), sub.status(s.Expect.Status)
	if st == nil || reached == nil || !movable(*st) || nextOf(sub.c.FormID, *st) != reached.Name {
		return nil, false
	}
	body := stepBody(sub.c, s)
	switch s.Action {
	case contract.ActionSetStatus:
		if to := sub.status(s.To); to == nil || to.Name != reached.Name {
			return nil, false
		}
		body["action_type"] = contract.ActionNextStatus
		delete(body, "to_certificate_status")
	case contract.ActionNextStatus:
		body["action_type"] = contract.ActionSetStatus
		body["to_certificate_status"] = reached.Name
	default:
		return nil, false
	}
	return body, true
}

// refusingRoles are the keys that may not move a credential of ours: the
// limited key too where a case shows it refused on the record, or on
// another record of the record's form (§5 item 4: a key's writes are
// limited by form, so what it may not write on one record of a form it
// may not write on any).
func (t *T) refusingRoles(c profile.Case) []string {
	roles := []string{"none", "bad"}
	if t.hasKey(profile.RoleRead) && !t.r.readKeyWrites() {
		roles = append(roles, profile.RoleRead)
	}
	if t.hasKey(profile.RoleOtherOrg) {
		roles = append(roles, profile.RoleOtherOrg)
	}
	for _, o := range t.r.prof.Cases {
		if limitedRefused(o) && t.hasKey(profile.RoleLimited) && (o.RecordID == c.RecordID || c.FormID != 0 && o.FormID == c.FormID) {
			return append(roles, profile.RoleLimited)
		}
	}
	return roles
}

// The states a credential is in when a key that may not move it is sent
// its refusals: as the profile's reset left it, or just moved by the
// write key (a permission the service cached for that move must not
// serve another key).
const (
	stateFresh        = "fresh"
	stateMovedByWrite = "moved by the write key"
)

// refusedAfterWriteMove: once the limited key was refused on a fresh
// credential, the write key makes a move a case of the profile shows it
// makes from the record's start, and the limited key is refused again,
// on the moved credential. Only where the profile has a reset: the
// record is then where its start says (t.fresh).
func (t *T) refusedAfterWriteMove(seed uint64, sub matrixSubject) {
	mc, ms, ok := t.writeMoveFromStart(sub)
	if !ok {
		return
	}
	x := t.post(contract.Verify, profile.RoleWrite, stepBody(mc, ms))
	obj := objOf(x)
	data, _ := obj["data"].(map[string]any)
	if c, isInt := intOf(obj["code"]); !isInt || c != 0 || data["certificate_status"] != ms.Expect.Status {
		t.Notef("the verify matrix: case %s's first move, sent before the limited key's refusals on the moved credential, was not the success the case expects (its own check judges it): those refusals are not sent", mc.Name)
		return
	}
	t.r.moves.moved(mc.Code, "relation.verify.matrix")
	sub.cur = ms.Expect.Status
	t.sendRows(t.refusalRows(seed, sub, []string{profile.RoleLimited}, stateMovedByWrite))
}

// writeMoveFromStart is a case of sub's record whose first step is a
// single move by the write key from the record's start to a status that
// may move on, the first in profile order.
func (t *T) writeMoveFromStart(sub matrixSubject) (profile.Case, profile.Step, bool) {
	if t.r.prof.Reset == "" || !t.hasKey(profile.RoleWrite) {
		return profile.Case{}, profile.Step{}, false
	}
	for _, c := range t.r.prof.Cases {
		if c.RecordID != sub.c.RecordID || c.Start != sub.c.Start || len(c.Steps) == 0 {
			continue
		}
		s := c.Steps[0]
		to := sub.status(s.Expect.Status)
		if stepRole(s) == profile.RoleWrite && s.Expect.Status != "" && s.Concurrent <= 1 && (s.From == "" || s.From == c.Start) && to != nil && movable(*to) {
			return c, s, true
		}
	}
	return profile.Case{}, profile.Step{}, false
}

// refusalsPerKey is how many refused moves each key that may not move a
// credential is sent in one state of it.
const refusalsPerKey = 3

// refusalsPerKnownKey is how many a key the service knows is sent (the
// read key, the limited key, another organization's): one for each
// action by each address, so that a permission checked on one path of
// the service (set_certificate_status by code in one handler, by URL in
// another) and not on another meets its path on every run.
const refusalsPerKnownKey = 4

// refusalsOf is how many refused moves role is sent in one state.
func refusalsOf(role string) int {
	if role == "none" || role == "bad" {
		return refusalsPerKey
	}
	return refusalsPerKnownKey
}

// refusal is one refused move: the move (set_certificate_status with
// its target by name or by id, or set_next_certificate_status), how the
// credential is addressed (its code, the record's URL as the service
// gave it, or that URL with its scheme and host in capitals, which
// RFC 3986 and §C10 read alike), and whether the record's own tpl_id
// and code_id go with it.
type refusal struct {
	move, address string
	tpl, codeID   bool
}

// The values of a refusal's factors.
const (
	refuseSetByName = "set_certificate_status to a status by name"
	refuseSetByID   = "set_certificate_status to a status by id"
	refuseNext      = contract.ActionNextStatus
	addressCode     = "the code"
	addressURL      = "the record's full URL"
	addressURLCaps  = "the record's full URL, its host in capitals"
)

// path is the action and the kind of address of a refusal: what a
// service's handlers are split by.
func (r refusal) path() string {
	action := contract.ActionSetStatus
	if r.move == refuseNext {
		action = contract.ActionNextStatus
	}
	if r.address == addressCode {
		return action + " by code"
	}
	return action + " by URL"
}

// refusalCands are the refusals the subject can be sent: every value of
// every factor it has.
func (sub matrixSubject) refusalCands() []refusal {
	var moves []string
	for _, a := range sub.actions() {
		if a == contract.ActionNextStatus {
			moves = append(moves, refuseNext)
			continue
		}
		moves = append(moves, refuseSetByName)
		if sub.status(sub.next()) != nil {
			moves = append(moves, refuseSetByID)
		}
	}
	addresses := []string{addressCode}
	if sub.url != "" {
		addresses = append(addresses, addressURL, addressURLCaps)
	}
	var out []refusal
	for _, m := range moves {
		for _, a := range addresses {
			for _, tpl := range []bool{false, true} {
				for _, code := range []bool{false, true} {
					if !code || sub.codeID != nil {
						out = append(out, refusal{m, a, tpl, code})
					}
				}
			}
		}
	}
	return out
}

// body is the request of a refusal of the subject.
func (sub matrixSubject) refusalBody(r refusal) map[string]any {
	action, to := contract.ActionSetStatus, sub.next()
	switch r.move {
	case refuseNext:
		action = contract.ActionNextStatus
	case refuseSetByID:
		to = statusForm(*sub.status(to), false)
	}
	body := sub.moveBody(action, to, r.address != addressCode)
	if r.address == addressURLCaps {
		body["certificate_code"] = rules.CaseURL(sub.url, strings.ToUpper)
	}
	if r.tpl {
		body["tpl_id"] = sub.c.FormID
	}
	if r.codeID {
		body["code_id"] = *sub.codeID
	}
	return body
}

// refusalRows: each role with moves the write key could make, as a
// pairwise covering array picks them (coverRows): over the roles, every
// pair of values of two factors (the key, the state the credential is
// in, the move and the form of its target, the address, tpl_id, code_id)
// is sent at least once, the seed picking which array. A key that may
// not write is refused whatever move, address or scope it names, and
// whoever moved the credential before it (state: "fresh", or "moved by
// the write key"): a refusal checked on one path of the service (the
// resolver of status names, a tenancy check that compares hosts byte for
// byte, a permission cached per record) and not on another is a way in.
func (t *T) refusalRows(seed uint64, sub matrixSubject, roles []string, state string) []matrixRow {
	cands := sub.refusalCands()
	if len(cands) == 0 {
		return nil
	}
	names := make([]string, len(roles))
	for i, role := range roles {
		names[i] = "matrix refusals " + role + " " + state
	}
	// A key's pairs weigh more than the others: only its own rows can
	// cover them, while the pairs of two other factors may wait for the
	// next key's.
	cells := coverEach(seed, names, func(int) []refusal { return cands }, func(i int) int { return refusalsOf(roles[i]) }, func(i int, r refusal) map[string]int {
		pairs := keyFirst(pairsOf("key", roles[i], "state", state, "move", r.move, "address", r.address,
			"tpl_id", fmt.Sprint(r.tpl), "code_id", fmt.Sprint(r.codeID)))
		if refusalsOf(roles[i]) == refusalsPerKnownKey {
			// Each action by each kind of address, before any pair: a
			// key the service knows meets every path of its handler.
			pairs["key "+roles[i]+" path "+r.path()] = 1000
		}
		return pairs
	})
	var rows []matrixRow
	for i, role := range roles {
		for _, r := range cells[i] {
			rows = append(rows, matrixRow{role: role, body: sub.refusalBody(r),
				what: fmt.Sprintf("the %s key, %s, by %s (the credential %s)", role, r.move, r.address, state), want: refusalOf(role)})
		}
	}
	return rows
}

// refusalOf is what the contract says of a move by a key that may not
// make it: the read key is refused (401, 403) or 100328 (C2.writeScope);
// the limited key 100328 or a refusal (§5 item 4); the others get no
// success.
func refusalOf(role string) func(x *Exchange) string {
	return func(x *Exchange) string {
		obj, _ := x.Doc.(map[string]any)
		code, ok := intOf(obj["code"])
		switch {
		case x.Err != nil || !ok:
			return "no answer with an integer code: " + describe(x)
		case code == 0:
			return "a success: the record moved"
		case role == profile.RoleRead || role == profile.RoleLimited:
			if code != 401 && code != 403 && errorCode(obj) != contract.ErrNoPermission {
				return fmt.Sprintf("code %d error_code %d, want 401 or 403, or error_code %d", code, errorCode(obj), contract.ErrNoPermission)
			}
		}
		return ""
	}
}

// faultRows: the write key with one fault each.
func faultRows(seed uint64, sub matrixSubject, left profile.Status, forms []int64) []matrixRow {
	cur := sub.status(sub.cur)
	other := sub.otherStatus(seed)
	if cur == nil || other == nil || len(sub.actions()) == 0 {
		return nil
	}
	code := func(codes ...int64) func(x *Exchange) string {
		return func(x *Exchange) string {
			obj, _ := x.Doc.(map[string]any)
			ec := errorCode(obj)
			for _, c := range codes {
				if ec == c {
					return ""
				}
			}
			if c, _ := intOf(obj["code"]); c == 0 && x.Err == nil {
				return fmt.Sprintf("a success, want error_code %v", codes)
			}
			return fmt.Sprintf("%s, want error_code %v", describe(x), codes)
		}
	}
	var rows []matrixRow
	add := func(what string, action string, set map[string]any, want func(*Exchange) string) {
		body := sub.moveBody(action, sub.next(), pick(seed, "matrix fault address "+what, 2) == 1 && sub.url != "")
		for k, v := range set {
			body[k] = v
		}
		rows = append(rows, matrixRow{role: profile.RoleWrite, body: body, what: what + byURL(body, sub), want: want})
	}
	for _, action := range sub.actions() {
		add(action+" from another status by name", action, map[string]any{"from_certificate_status": other.Name}, code(contract.ErrStatusForbids))
		add(action+" from another status by id", action, map[string]any{"from_certificate_status": strconv.FormatInt(other.ID, 10)}, code(contract.ErrStatusForbids))
		add(action+" from the status it left", action, map[string]any{"from_certificate_status": statusForm(left, pick(seed, "matrix left "+action, 2) == 0)}, code(contract.ErrStatusForbids))
	}
	action := sub.actions()[pick(seed, "matrix fault action", len(sub.actions()))]
	add(action+" from another status as a JSON number", action, map[string]any{"from_certificate_status": other.ID}, code(contract.ErrInvalidParams, contract.ErrStatusForbids))
	wrongForm := sub.c.FormID + 1
	for _, id := range forms {
		if id != sub.c.FormID {
			wrongForm = id
			break
		}
	}
	add(action+" with another form's tpl_id", action, map[string]any{"tpl_id": wrongForm}, code(contract.ErrScopeMismatch))
	add(action+" with tpl_id 0", action, map[string]any{"tpl_id": 0}, code(contract.ErrScopeMismatch))
	if sub.codeID != nil {
		add(action+" with another QR code's code_id", action, map[string]any{"code_id": *sub.codeID + 1}, code(contract.ErrScopeMismatch))
		add(action+" with code_id 0", action, map[string]any{"code_id": 0}, code(contract.ErrScopeMismatch))
	}
	for _, byName := range []bool{true, false} {
		add("set_certificate_status to the status it is in (a repeat), "+formName(byName), contract.ActionSetStatus,
			map[string]any{"to_certificate_status": statusForm(*cur, byName)}, code(contract.ErrInvalidTarget))
	}
	return rows
}

// byRole are rows sent by role instead, from status cur: a row whose
// from_certificate_status is cur (the status a pivot's move left, when
// no move was made) has no fault and goes.
func byRole(rows []matrixRow, role string, cur profile.Status) []matrixRow {
	var out []matrixRow
	for _, r := range rows {
		if from := r.body["from_certificate_status"]; from == cur.Name || from == strconv.FormatInt(cur.ID, 10) {
			continue
		}
		r.role, r.what = role, fmt.Sprintf("the %s key, %s", role, r.what)
		out = append(out, r)
	}
	return out
}

// sendRows sends rows and fails each answer its row refuses. It says
// false when the unit is to run again alone (tryAll): on a correct target
// no row changes anything, so they go side by side.
func (t *T) sendRows(rows []matrixRow) bool {
	as := make([]attempt, len(rows))
	for i, r := range rows {
		as[i] = attempt{contract.Verify, r.role, r.body}
	}
	xs := t.tryAll(as, func(i int, x *Exchange) bool { return rows[i].want(x) == "" })
	if xs == nil {
		return false
	}
	for i, r := range rows {
		if p := r.want(xs[i]); p != "" {
			t.Errorf(xs[i], "case %v, %s: %s", r.body["certificate_code"], r.what, p)
		}
	}
	return true
}

// readEveryWay reads the record in every format, by id and by URL.
func (t *T) readEveryWay(sub matrixSubject) [][2]*Exchange {
	out := make([][2]*Exchange, len(contract.Formats))
	t.each(2*len(contract.Formats), func(t *T, i int) {
		f := contract.Formats[i/2]
		if i%2 == 0 {
			out[i/2][0] = t.post(contract.GetRecord, profile.RoleRead, map[string]any{"record_id": sub.c.RecordID, "format": f.Name})
		} else if sub.url != "" {
			out[i/2][1] = t.post(contract.GetRecord, profile.RoleRead, map[string]any{"record_url": sub.url, "format": f.Name})
		}
	})
	return out
}

// compareAround: after the move, each format reads the same by URL as by
// id, and json differs from before only where a move may change it.
func (t *T) compareAround(sub matrixSubject, beforeJSON *Exchange, after [][2]*Exchange) {
	for i, f := range contract.Formats {
		a, b := after[i][0], after[i][1]
		if a != nil && b != nil {
			da, db := payloadOf(a), payloadOf(b)
			if (da == nil) != (db == nil) {
				t.errorfPair(b, a, "record %d after a move (%s): read by record_url and by record_id, one answers the record and the other does not", sub.c.RecordID, f.Name)
			}
			if da != nil && db != nil && !reflect.DeepEqual(da, db) {
				t.errorfPair(b, a, "record %d after a move (%s): by record_url differs from by record_id", sub.c.RecordID, f.Name)
			}
		}
		if f.Name == "json" && beforeJSON != nil && a != nil {
			t.sameAfter(sub.c.RecordID, beforeJSON, a, true, "after the matrix's move")
		}
	}
}

func payloadOf(x *Exchange) any {
	obj := objOf(x)
	if c, ok := intOf(obj["code"]); !ok || c != 0 {
		return nil
	}
	data, _ := obj["data"].(map[string]any)
	return data["data"]
}

func objOf(x *Exchange) map[string]any {
	obj, _ := x.Doc.(map[string]any)
	return obj
}

// actions are the actions that move the record on from its current
// status: set to the status next names, and next; none when it may not
// move on.
func (sub matrixSubject) actions() []string {
	if st := sub.status(sub.cur); st == nil || !movable(*st) {
		return nil
	}
	return []string{contract.ActionSetStatus, contract.ActionNextStatus}
}

// movable says a status may move on: not terminal, with a move out.
func movable(s profile.Status) bool { return !s.Terminal && len(s.Next) > 0 }

// next is the first status the current one may reach.
func (sub matrixSubject) next() string {
	if st := sub.status(sub.cur); st != nil && len(st.Next) > 0 {
		return st.Next[0]
	}
	return ""
}

// moveBody is a move with an action and target, by the code or the URL.
func (sub matrixSubject) moveBody(action, to string, byURL bool) map[string]any {
	code := sub.c.Code
	if byURL {
		code = sub.url
	}
	body := map[string]any{"certificate_code": code, "action_type": action}
	if action == contract.ActionSetStatus {
		body["to_certificate_status"] = to
	}
	return body
}

func (sub matrixSubject) status(name string) *profile.Status {
	for i, s := range sub.flow.Statuses {
		if s.Name == name || strconv.FormatInt(s.ID, 10) == name {
			return &sub.flow.Statuses[i]
		}
	}
	return nil
}

// otherStatus is a status of the flow the record is not in, picked by
// the seed.
func (sub matrixSubject) otherStatus(seed uint64) *profile.Status {
	var others []*profile.Status
	for i, s := range sub.flow.Statuses {
		if s.Name != sub.cur {
			others = append(others, &sub.flow.Statuses[i])
		}
	}
	if len(others) == 0 {
		return nil
	}
	return others[pick(seed, "matrix other status", len(others))]
}

// statusForm names a status by its name or by its id written as a string
// (§4.2: "by name or id").
func statusForm(s profile.Status, byName bool) string {
	if byName {
		return s.Name
	}
	return strconv.FormatInt(s.ID, 10)
}

func formName(byName bool) string {
	if byName {
		return "by name"
	}
	return "by id"
}

func byURL(body map[string]any, sub matrixSubject) string {
	if body["certificate_code"] == sub.url && sub.url != "" {
		return ", by the record's full URL"
	}
	return ", by the code"
}
