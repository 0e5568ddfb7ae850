package conformance

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// Verify's request space as a product (relation.verify.matrix). The
// matrix's fault rows (faultRows) break one condition at a time with the
// optional members left out. A target can be right on each member alone
// and wrong on two together (a wrong code_id beside the right tpl_id, a
// digit-string tpl_id beside a fault), wrong on a move no case makes (a
// status the record cannot reach from where it is), or wrong on a code
// that names no credential. So, from the status the pivot's move
// reached, side by side with the fault rows (none of them may move the
// record):
//
//   - every pair of optional members (from_certificate_status, tpl_id,
//     code_id), each right and in each form a client writes (a status
//     by name and by its id as a string; an id as a JSON integer and as
//     its digit string), beside one fault whose code is known: the
//     repeat (100326) for set_certificate_status, another
//     from_certificate_status (100324) for set_next_certificate_status;
//     a digit string may also be refused as a parameter (100301, §C6
//     row 2);
//   - the scope members one right and the other wrong (100323);
//   - every status of the flow the record cannot reach from where it is,
//     by name or id, as the target (100326, §3.1), half of them beside
//     the right from_certificate_status (a target whose from path
//     answers every failure 100324);
//   - tpl_id a fraction whose integer part is the record's form
//     (100301: no integer, never the record's scope);
//   - pairs of faults in one request: any of their codes (§C6: the order
//     of the checks is the kit's), never another, never a success;
//   - every object the run knows that is not a credential of ours, as
//     certificate_code: the record's id as a JSON number (100301, or
//     100320 where the code is looked up first) and as a digit string
//     (100320), the profile's records that no case or flow makes a
//     credential and the templates, by their URLs (never a success).
//
// Which action and which form a row takes is picked by the run's seed,
// each beside its complement where there are two, so the same seed sends
// the same requests and every form is sent on every run.

// wantCodes is a row's judge: the answer's error_code is one of codes.
func wantCodes(codes ...int64) func(x *Exchange) string {
	return func(x *Exchange) string {
		obj, _ := x.Doc.(map[string]any)
		ec := errorCode(obj)
		if slices.Contains(codes, ec) {
			return ""
		}
		if c, _ := intOf(obj["code"]); c == 0 && x.Err == nil {
			return fmt.Sprintf("a success, want error_code %v", codes)
		}
		return fmt.Sprintf("%s, want error_code %v", describe(x), codes)
	}
}

// wantRefusal is a row's judge: any answer but a success.
func wantRefusal(x *Exchange) string {
	if isSuccess(x) {
		return "a success: verify took what is no credential of ours"
	}
	return ""
}

// optionalForm is one optional member, right, in one written form.
type optionalForm struct {
	member, form string
	v            any
	// digits: an id written as a string, which a target may refuse as a
	// parameter (100301).
	digits bool
}

// optionalForms are the optional members of a move of sub, right for the
// status it is in, each in every form; from is left out when it is the
// row's fault.
func (sub matrixSubject) optionalForms(withFrom bool) [][]optionalForm {
	var out [][]optionalForm
	if cur := sub.status(sub.cur); withFrom && cur != nil {
		out = append(out, []optionalForm{
			{"from_certificate_status", "by name", cur.Name, false},
			{"from_certificate_status", "by id", strconv.FormatInt(cur.ID, 10), false},
		})
	}
	id := func(member string, v int64) []optionalForm {
		return []optionalForm{
			{member, "an integer", v, false},
			{member, "a digit string", strconv.FormatInt(v, 10), true},
		}
	}
	out = append(out, id("tpl_id", sub.c.FormID))
	if sub.codeID != nil {
		out = append(out, id("code_id", *sub.codeID))
	}
	return out
}

// productRows are the rows above for sub at the status its move reached.
func (t *T) productRows(seed uint64, sub matrixSubject, forms []int64) []matrixRow {
	cur := sub.status(sub.cur)
	other := sub.otherStatus(seed)
	if cur == nil || other == nil || len(sub.actions()) == 0 {
		return nil
	}
	var rows []matrixRow
	add := func(what, action string, set map[string]any, want func(*Exchange) string) {
		body := sub.moveBody(action, sub.next(), pick(seed, "matrix product address "+what, 2) == 1 && sub.url != "")
		for k, v := range set {
			body[k] = v
		}
		rows = append(rows, matrixRow{role: profile.RoleWrite, body: body, what: what + byURL(body, sub), want: want})
	}
	repeat := statusForm(*cur, pick(seed, "matrix product repeat", 2) == 0)
	fromOther := statusForm(*other, pick(seed, "matrix product from", 2) == 0)
	// Every pair of optional members in every pair of their forms.
	for _, base := range []struct {
		action, what string
		fault        map[string]any
		code         int64
		withFrom     bool
	}{
		{contract.ActionSetStatus, "the status it is in as the target (a repeat)", map[string]any{"to_certificate_status": repeat}, contract.ErrInvalidTarget, true},
		{contract.ActionNextStatus, "from_certificate_status another status", map[string]any{"from_certificate_status": fromOther}, contract.ErrStatusForbids, false},
	} {
		members := sub.optionalForms(base.withFrom)
		for i := range members {
			for j := i + 1; j < len(members); j++ {
				for _, a := range members[i] {
					for _, b := range members[j] {
						set := map[string]any{a.member: a.v, b.member: b.v}
						for k, v := range base.fault {
							set[k] = v
						}
						codes := []int64{base.code}
						if a.digits || b.digits {
							codes = append(codes, contract.ErrInvalidParams)
						}
						add(fmt.Sprintf("%s, %s, with %s right (%s) and %s right (%s)", base.action, base.what, a.member, a.form, b.member, b.form),
							base.action, set, wantCodes(codes...))
					}
				}
			}
		}
	}
	wrongForm := otherForm(sub.c.FormID, forms)
	actions := sub.actions()
	act := func(what string) string { return actions[pick(seed, "matrix product action "+what, len(actions))] }
	// One scope member right, the other wrong.
	if sub.codeID != nil {
		add("the record's own tpl_id beside another QR code's code_id", act("scope tpl"),
			map[string]any{"tpl_id": sub.c.FormID, "code_id": *sub.codeID + 1}, wantCodes(contract.ErrScopeMismatch))
		add("the record's own code_id beside another form's tpl_id", act("scope code"),
			map[string]any{"tpl_id": wrongForm, "code_id": *sub.codeID}, wantCodes(contract.ErrScopeMismatch))
	}
	// Every status the record cannot reach from where it is, half of
	// them beside the right from_certificate_status (a check of the
	// target that runs on one path only); with one such status, both.
	turn := pick(seed, "matrix product unreachable", 2)
	var unreachable []profile.Status
	for _, st := range sub.flow.Statuses {
		if st.Name != cur.Name && !slices.Contains(cur.Next, st.Name) {
			unreachable = append(unreachable, st)
		}
	}
	if len(unreachable) == 1 {
		unreachable = append(unreachable, unreachable[0])
	}
	// A status two or more moves away goes both with and without the
	// right from (a target that follows the path from it to the target).
	later := laterThan(sub.flow, *cur)
	for i, st := range unreachable {
		for _, withFrom := range []bool{(turn+i)%2 == 1, (turn+i)%2 == 0} {
			set := map[string]any{"to_certificate_status": statusForm(st, (turn+i)%2 == 0)}
			what := fmt.Sprintf("set_certificate_status to %s, which %s cannot reach in one move", set["to_certificate_status"], cur.Name)
			if withFrom {
				set["from_certificate_status"] = statusForm(*cur, (turn+i)%2 == 1)
				what += fmt.Sprintf(", from_certificate_status right (%s)", set["from_certificate_status"])
			}
			add(what, contract.ActionSetStatus, set, wantCodes(contract.ErrInvalidTarget))
			if !later[st.Name] || i > 0 && unreachable[i-1].Name == st.Name {
				break
			}
		}
	}
	// tpl_id a fraction whose integer part is the record's form: no
	// integer, a parameter error (§7), never the record's scope.
	add("tpl_id a fraction whose integer part is the record's form", act("fraction"),
		map[string]any{"tpl_id": json.Number(strconv.FormatInt(sub.c.FormID, 10) + ".5")}, wantCodes(contract.ErrInvalidParams))
	// Two faults in one request: either code.
	add("two faults: from_certificate_status another status and another form's tpl_id", act("two from tpl"),
		map[string]any{"from_certificate_status": fromOther, "tpl_id": wrongForm}, wantCodes(contract.ErrStatusForbids, contract.ErrScopeMismatch))
	add("two faults: another form's tpl_id and the status it is in as the target", contract.ActionSetStatus,
		map[string]any{"tpl_id": wrongForm, "to_certificate_status": repeat}, wantCodes(contract.ErrScopeMismatch, contract.ErrInvalidTarget))
	add("two faults: from_certificate_status another status and the status it is in as the target", contract.ActionSetStatus,
		map[string]any{"from_certificate_status": fromOther, "to_certificate_status": repeat}, wantCodes(contract.ErrStatusForbids, contract.ErrInvalidTarget))
	if sub.codeID != nil {
		add("two faults: another QR code's code_id and from_certificate_status another status", act("two code from"),
			map[string]any{"code_id": *sub.codeID + 1, "from_certificate_status": fromOther}, wantCodes(contract.ErrScopeMismatch, contract.ErrStatusForbids))
	}
	rows = append(rows, missingAloneRows(seed, sub, *cur)...)
	// What is no credential of ours, as certificate_code.
	id := sub.c.RecordID
	add("certificate_code the record's id as a JSON number", act("code number"),
		map[string]any{"certificate_code": id}, wantCodes(contract.ErrInvalidParams, contract.ErrInvalidCode))
	if !t.r.knownCode(strconv.FormatInt(id, 10)) {
		add("certificate_code the record's id as a digit string", act("code digits"),
			map[string]any{"certificate_code": strconv.FormatInt(id, 10)}, wantCodes(contract.ErrInvalidCode))
	}
	// The record's own code and URL as a client pastes them (white space
	// around, a sharing app's query or fragment): identifiers are exact
	// (§C10), so each names no credential (100320), and a target that
	// trims or parses the URL moves the record.
	known := map[string]bool{}
	for _, c := range t.r.prof.Cases {
		known[c.Code] = true
	}
	var pasted []string
	if sub.c.Code != "" {
		pasted = append(pasted, pastedForms(seed, "matrix code", sub.c.Code, known, true)...)
	}
	if sub.url != "" {
		pasted = append(pasted, pastedForms(seed, "matrix url", sub.url, known, true)...)
	}
	for _, p := range pasted {
		add(fmt.Sprintf("certificate_code %q, the record's own as pasted", p), act("pasted "+p),
			map[string]any{"certificate_code": p}, wantCodes(contract.ErrInvalidCode))
	}
	for _, u := range t.r.plainURLs() {
		add("certificate_code "+u+", no credential", act("plain "+u), map[string]any{"certificate_code": u}, wantRefusal)
	}
	return append(rows, t.spellingRows(seed, sub)...)
}

// otherForm is a form of forms that is not id (id+1 when there is none).
func otherForm(id int64, forms []int64) int64 {
	for _, f := range forms {
		if f != id {
			return f
		}
	}
	return id + 1
}

// knownCode says a profile case names s as its certificate code.
func (r *runner) knownCode(s string) bool {
	for _, c := range r.prof.Cases {
		if c.Code == s {
			return true
		}
	}
	return false
}

// plainURLs are the URLs of what the profile lists and no case or flow
// makes a credential: records of no case whose form has no flow, and the
// templates.
func (r *runner) plainURLs() []string {
	cases := map[int64]bool{}
	for _, c := range r.prof.Cases {
		cases[c.RecordID] = true
	}
	var out []string
	for _, rec := range r.prof.Records {
		if rec.URL == "" || cases[rec.ID] || rec.FormID != nil && r.prof.Flow(*rec.FormID) != nil {
			continue
		}
		out = append(out, rec.URL)
	}
	for _, it := range r.prof.Templates.Items {
		if it.URL != "" {
			out = append(out, it.URL)
		}
	}
	return out
}

// withRightMembers is step i of case c, a move the profile says succeeds
// from cur, with optional members that change nothing: from_certificate_status
// the status it is in, by name or by id (the seed picks the first
// step's form, and the next step takes the other), and on
// set_next_certificate_status a to_certificate_status the record can
// reach but the flow's next is not, or the status it is in (§3.1:
// set_next_certificate_status moves to the flow's next status;
// to_certificate_status is set_certificate_status's member). A target
// that compares the status by name only, lets the next action honour a
// target, or refuses it as a repeat, fails the move.
// The steps the profile writes with their own from are sent as written;
// the concurrent and error steps and the matrix's second step stay bare.
func (r *runner) withRightMembers(c profile.Case, s profile.Step, i int, cur string) map[string]any {
	body := stepBody(c, s)
	f := r.prof.Flow(c.FormID)
	if s.Expect.Status == "" || f == nil || cur == "" {
		return body
	}
	sub := matrixSubject{flow: f}
	st := sub.status(cur)
	if st == nil {
		return body
	}
	if s.From == "" {
		body["from_certificate_status"] = statusForm(*st, (pick(r.opts.Seed, "right members "+c.Name, 2)+i)%2 == 0)
	}
	if s.Action == contract.ActionNextStatus && s.To == "" {
		// A status it can reach that is not the next, where there is
		// one (a target that honours it moves the record elsewhere),
		// else the status it is in (a client that fills every member
		// sends it; no repeat, since set_next_certificate_status names
		// no target). A seed's turn between the two left the first
		// unsent on every step that had one.
		to := cur
		for _, n := range st.Next {
			if n != s.Expect.Status {
				to = n
				break
			}
		}
		body["to_certificate_status"] = to
	}
	return body
}

// savedProbeBody is the move to status again, by the code.
func savedProbeBody(c profile.Case, status string) map[string]any {
	return map[string]any{"certificate_code": c.Code, "action_type": contract.ActionSetStatus, "to_certificate_status": status}
}

// savedProbe: after every move that succeeded (any key, any case), the
// move to the status it reached is sent again by the same key, beside
// the reads after the move. A move that was saved makes it a repeat
// (100326), or a move from a status that forbids verification or ends
// the flow (100324); a success says the record was not where the answer
// said it went: the move was answered but never saved. Such a success
// moves the record while the reads beside it run, so the unit then runs
// again alone (alone.go), where the reads come first.
func (t *T) savedProbe(c profile.Case, status string, x *Exchange) {
	if x == nil {
		return
	}
	p := wantCodes(contract.ErrInvalidTarget, contract.ErrStatusForbids)(x)
	if p != "" && isSuccess(x) && !t.alone && t.r.prof.Reset != "" {
		t.again = true
		return
	}
	t.r.observe(contract.Verify, x)
	if p != "" {
		t.Errorf(x, "certificate %s, set_certificate_status to %s again, where the move said it went: %s (was the move saved?)", c.Code, status, p)
	}
}

// laterThan are the statuses of f reachable from cur in two or more
// moves and not in one: a set_certificate_status to one is 100326
// (§3.1: reached in one move), with or without from_certificate_status.
func laterThan(f *profile.Flow, cur profile.Status) map[string]bool {
	next := map[string][]string{}
	for _, st := range f.Statuses {
		next[st.Name] = st.Next
	}
	seen, out := map[string]bool{cur.Name: true}, map[string]bool{}
	frontier := cur.Next
	for _, n := range cur.Next {
		seen[n] = true
	}
	for len(frontier) > 0 {
		var more []string
		for _, n := range frontier {
			for _, m := range next[n] {
				if !seen[m] {
					seen[m], out[m] = true, true
					more = append(more, m)
				}
			}
		}
		frontier = more
	}
	return out
}

// missingAloneRows: each member verify requires, left out alone from a
// move the write key could make, every other member present and right
// (from_certificate_status, tpl_id and code_id included): a parameter
// missing is 100301 (§7, §C6 row 2), whatever the others say. A target
// that defaults the missing member (an action_type of its own choice, a
// target the flow's next) moves the record; one that reads the others
// first answers another code. The action of the move the code and the
// target are left out of is picked by the seed.
func missingAloneRows(seed uint64, sub matrixSubject, cur profile.Status) []matrixRow {
	to := sub.status(sub.next())
	if to == nil {
		return nil
	}
	full := func(action string) map[string]any {
		body := sub.moveBody(action, statusForm(*to, pick(seed, "missing alone to", 2) == 0), false)
		body["from_certificate_status"] = statusForm(cur, pick(seed, "missing alone from", 2) == 0)
		body["tpl_id"] = sub.c.FormID
		if sub.codeID != nil {
			body["code_id"] = *sub.codeID
		}
		return body
	}
	actions := sub.actions()
	var rows []matrixRow
	for _, m := range []struct{ member, action string }{
		{"action_type", contract.ActionSetStatus},
		{"certificate_code", actions[pick(seed, "missing alone code", len(actions))]},
		{"to_certificate_status", contract.ActionSetStatus},
	} {
		body := full(m.action)
		if m.member == "action_type" {
			// to_certificate_status stays: a target that defaults the
			// action has every member a move needs.
			body["to_certificate_status"] = statusForm(*to, true)
		}
		delete(body, m.member)
		rows = append(rows, matrixRow{role: profile.RoleWrite, body: body,
			what: fmt.Sprintf("%s missing alone, every other member right", m.member), want: wantCodes(contract.ErrInvalidParams)})
	}
	return rows
}
