package conformance

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// Verify on the credentials no case moves (relation.verify.matrix). The
// profile's cases move credentials from the status the profile gives
// them, which a service reached by its own moves or by its data, and
// every other move of the run follows a case. A credential the profile
// lists on a form with a flow and names in no case is in a status the
// run did not give it (a status imported with the data, with no verify
// behind it): a service that computes the next status, the repeat or
// from_certificate_status from its log of verifies rather than from the
// status answers it otherwise. So, on each run, a credential of each
// such form (the seed picks which), after the round's reset:
//
//   - its status as the read key reads it (process_status.text, the
//     kit's way to show it; where the record shows none that names a
//     status of its flow, nothing is sent);
//   - side by side, the write key's set_certificate_status to that
//     status (a repeat) and a move from_certificate_status another
//     status (each action in turn, each form of a status, by its code or
//     its URL as the seed picks): refusals;
//   - then a move it can make from there (set_next_certificate_status or
//     set_certificate_status to a status one move away, with or without
//     from_certificate_status its status): the status the model of
//     verify gives, named by its name.
//
// Each answer is judged by the model (verify_model.go) from the status
// read. The profile says nothing else of such a credential (it may be
// one that is not approved, whose verification is off, that needs an
// identity or an authorization), so a refusal with the code of one of
// those conditions is allowed too, never a success the model refuses or
// a success to another status.

// unmovedConditions are the codes of conditions of a credential the
// profile states only in cases (§3.1's table): a credential no case
// names may be under any of them.
var unmovedConditions = []int64{contract.ErrNotEnabled, contract.ErrNotApproved, contract.ErrIdentityNeeded,
	contract.ErrAuthCodeInvalid, contract.ErrVerifyFailed}

// unmovedCredentials are, for each form of a flow, the profile's records
// of it no case names, in profile order.
func (r *runner) unmovedCredentials() map[int64][]profile.Record {
	cased := map[int64]bool{}
	for _, c := range r.prof.Cases {
		cased[c.RecordID] = true
	}
	out := map[int64][]profile.Record{}
	for _, rec := range r.prof.Records {
		if rec.FormID == nil || cased[rec.ID] || r.prof.Flow(*rec.FormID) == nil {
			continue
		}
		out[*rec.FormID] = append(out[*rec.FormID], rec)
	}
	return out
}

// planUnmoved is a unit for a credential of each form no case moves.
func (t *T) planUnmoved(seed uint64) []writeUnit {
	if !t.hasKey(profile.RoleWrite) || !t.hasKey(profile.RoleRead) {
		return nil
	}
	byForm := t.r.unmovedCredentials()
	var forms []int64
	for f := range byForm {
		forms = append(forms, f)
	}
	slices.Sort(forms)
	var units []writeUnit
	for _, f := range forms {
		recs := byForm[f]
		rec := recs[pick(seed, fmt.Sprint("unmoved credential ", f), len(recs))]
		keys := []string{"record:" + strconv.FormatInt(rec.ID, 10), anyKey}
		if rec.URL != "" {
			keys = t.r.keysOf(rec.URL, rec.ID)
		}
		units = append(units, writeUnit{keys: keys, cost: 3,
			run: func(t *T, _ []*T) bool { return t.runUnmoved(seed, rec) }})
	}
	return units
}

// runUnmoved reads one such credential's status, sends it the refusals,
// then a move.
func (t *T) runUnmoved(seed uint64, rec profile.Record) bool {
	if t.r.prof.Reset == "" {
		t.Notef("verify on credential %d, which no case names: not sent, the profile has no reset to put it back", rec.ID)
		return false
	}
	if err := t.fresh(); err != nil {
		t.Errorf(nil, "reset before verify on credential %d: %v", rec.ID, err)
		return true
	}
	form := *rec.FormID
	m := t.r.modelOf(form)
	payload, _ := t.recordPayload(rec)
	if payload == nil || m == nil {
		return true // getRecord's own checks report why
	}
	shown, _ := shownStatus(payload)
	text, _ := shown.(string)
	cur := m.named(text)
	if cur == nil || text != cur.Name {
		t.Notef("verify on credential %d, which no case names: its record shows no status of its flow (process_status.text %v), so nothing is sent", rec.ID, shown)
		return true
	}
	code, _ := payload["record_code"].(string)
	url, _ := payload["record_url"].(string)
	if url == "" {
		url = rec.URL
	}
	addresses := []string{}
	for _, a := range []string{code, url} {
		if a != "" && !slices.Contains(addresses, a) {
			addresses = append(addresses, a)
		}
	}
	if len(addresses) == 0 {
		t.Notef("verify on credential %d: its record gives neither record_code nor record_url", rec.ID)
		return true
	}
	turn := pick(seed, fmt.Sprint("unmoved ", rec.ID), 4)
	address := func(n int) string { return addresses[(turn+n)%len(addresses)] }
	byName := func(n int) bool { return (turn/2+n)%2 == 0 }
	var others []profile.Status
	for _, st := range m.flow.Statuses {
		if st.Name != cur.Name {
			others = append(others, st)
		}
	}
	judge := func(q verifyReq) func(x *Exchange) (string, bool) {
		v := m.answer(cur.Name, q)
		return func(x *Exchange) (string, bool) {
			obj := objOf(x)
			c, isInt := intOf(obj["code"])
			switch {
			case x.Err != nil || !isInt:
				return "no answer with an integer code: " + describe(x), false
			case c == 0:
				data, _ := obj["data"].(map[string]any)
				got, _ := data["certificate_status"].(string)
				if !v.allows(true, got, 0) {
					return fmt.Sprintf("a success to %v, want %s", data["certificate_status"], v), true
				}
				return "", true
			case v.allows(false, "", errorCode(obj)) || slices.Contains(unmovedConditions, errorCode(obj)):
				return "", false
			}
			return fmt.Sprintf("%s, want %s (or the code of a condition of the credential the profile does not state: %v)", describe(x), v, unmovedConditions), false
		}
	}
	// The refusals, side by side.
	repeat := statusForm(*cur, byName(0))
	rows := []matrixRow{}
	addRow := func(what string, body map[string]any, q verifyReq) {
		j := judge(q)
		rows = append(rows, matrixRow{role: profile.RoleWrite, body: body, what: what,
			want: func(x *Exchange) string { p, _ := j(x); return p }})
	}
	addRow(fmt.Sprintf("set_certificate_status to %s, the status it is in (read, not reached by this run's verifies)", repeat),
		map[string]any{"certificate_code": address(0), "action_type": contract.ActionSetStatus, "to_certificate_status": repeat},
		verifyReq{action: contract.ActionSetStatus, to: &repeat})
	if len(others) > 0 {
		other := statusForm(others[pick(seed, fmt.Sprint("unmoved other ", rec.ID), len(others))], byName(1))
		action := []string{contract.ActionSetStatus, contract.ActionNextStatus}[turn%2]
		body := map[string]any{"certificate_code": address(1), "action_type": action, "from_certificate_status": other}
		q := verifyReq{action: action, from: &other}
		if action == contract.ActionSetStatus {
			to := cur.Name
			if len(cur.Next) > 0 {
				to = cur.Next[0]
			}
			body["to_certificate_status"] = to
			q.to = &to
		}
		addRow(fmt.Sprintf("%s from_certificate_status %s, not the status it is in (%s)", action, other, cur.Name), body, q)
	}
	label := fmt.Sprintf("verify on credential %d, which no case names, from %s as read", rec.ID, cur.Name)
	ok := true
	t.labelled(label, func() { ok = t.sendRows(rows) })
	if !ok {
		return true // the unit runs again alone (tryAll)
	}
	// The move from there.
	action := contract.ActionNextStatus
	if pick(seed, fmt.Sprint("unmoved move ", rec.ID), 2) == 0 && len(cur.Next) > 0 {
		action = contract.ActionSetStatus
	}
	body := map[string]any{"certificate_code": address(2), "action_type": action}
	q := verifyReq{action: action}
	if action == contract.ActionSetStatus {
		to := statusForm(*m.named(cur.Next[pick(seed, fmt.Sprint("unmoved target ", rec.ID), len(cur.Next))]), byName(2))
		body["to_certificate_status"] = to
		q.to = &to
	}
	if turn%2 == 1 {
		from := statusForm(*cur, byName(3))
		body["from_certificate_status"] = from
		q.from = &from
	}
	x := t.post(contract.Verify, profile.RoleWrite, body)
	t.labelled(label, func() {
		p, moved := judge(q)(x)
		if p != "" {
			t.Errorf(x, "%s %v: %s", action, body, p)
			return
		}
		if moved {
			data, _ := objOf(x)["data"].(map[string]any)
			to, _ := data["certificate_status"].(string)
			t.r.cov.transition(profile.TransitionName(form, cur.Name, to))
			t.describesRecord(x, rec.ID, data, payload)
		}
	})
	return true
}
