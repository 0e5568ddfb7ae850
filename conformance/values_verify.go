package conformance

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// verify.values: the value space of verify's restricting members
// (from_certificate_status, tpl_id, code_id) on a move that succeeds.
// Sent on the read-only probe's body, a wrong value gets an error
// whatever the target makes of it, so a target that reads the value as
// absent passes; here each one is sent on the first step of a profile
// move, with the profile's reset before it: a value that is not the
// record's status, form or QR code (a boolean where a status name goes,
// a negative, a fraction or a word where an id goes), a right value the
// contract refuses in its form (an array holding it), and the step in a body that is not one JSON object must not let
// the move through. A target that reads such a value as absent moves the
// record: the check fails, and the next round's reset puts it back. One value of each
// class of each member, picked by the seed, on at most two move cases.

// liveCases is how many profile move cases verify.values sends values on.
const liveCases = 2

func planVerifyValues(t *T) writePlan {
	var units []writeUnit
	if t.r.prof.Reset == "" {
		return writePlan{done: func(t *T, _ []bool) {
			t.Skipf("needs the profile's reset: a target that takes a wrong value moves the record")
		}}
	}
	var moves []profile.Case
	for _, c := range t.r.prof.Cases {
		if c.Kind == profile.KindMove && len(c.Steps) > 0 && c.Steps[0].Expect.Status != "" && stepRole(c.Steps[0]) == "write" {
			moves = append(moves, c)
		}
	}
	// The cases on the records the fewest other steps verify (the
	// profile's cases and the units the checks before planned), so that
	// the record with the longest chain keeps its length and the units
	// fit in a round beside the others; the seed picks among the
	// records alike.
	load := map[int64]int{}
	for _, c := range t.r.prof.Cases {
		load[c.RecordID] = max(load[c.RecordID], t.r.caseLoad(c))
	}
	slices.SortStableFunc(moves, func(a, b profile.Case) int { return load[a.RecordID] - load[b.RecordID] })
	for i := 0; i < liveCases && len(moves) > 0; i++ {
		same := 1
		for same < len(moves) && load[moves[same].RecordID] == load[moves[0].RecordID] {
			same++
		}
		j := pick(t.r.opts.Seed, fmt.Sprintf("verify.values %d", i), same)
		c := moves[j]
		moves = append(moves[:j:j], moves[j+1:]...)
		// The next on another record where there is one: two units on
		// one record go one after the other.
		load[c.RecordID] += 1 << 20
		slices.SortStableFunc(moves, func(a, b profile.Case) int { return load[a.RecordID] - load[b.RecordID] })
		units = append(units, writeUnit{keys: t.r.caseKeys(c), cost: 1, reads: 0,
			run: func(t *T, _ []*T) bool { return t.liveValues(c) }})
	}
	return writePlan{units: units, done: func(t *T, ran []bool) {
		if !slices.Contains(ran, true) && !t.failed() {
			t.Skipf("the profile has no move case for the write key")
		}
	}}
}

// liveValue is one wrong value of a restricting member.
type liveValue struct {
	member, class string
	v             any
	// also are members set beside it, right ones (the status the record
	// is in as from_certificate_status).
	also map[string]any
}

// liveValues are the values of each class of each restricting member
// for a case that relation.verify.matrix does not send (it sends another
// status, by name, id and as a number, another form or QR code, and 0):
// a boolean status, and an id that is negative, a fraction (of the
// record's own form, where the case names it) or a word.
// None is the record's status, form or QR code.
func (r *runner) liveValues(c profile.Case) []liveValue {
	classes := []liveValue{{"from_certificate_status", "wrongType", []any{true, false}, nil}}
	held := map[string]int64{"tpl_id": c.FormID}
	if id := c.Steps[0].CodeID; id != nil {
		held["code_id"] = *id
	}
	for _, m := range []string{"tpl_id", "code_id"} {
		classes = append(classes,
			liveValue{m, "negative", []any{json.Number("-1"), json.Number("-2147483649")}, nil},
			liveValue{m, "fraction", heldFraction(held[m]), nil},
			liveValue{m, "wrongType", []any{"abc", true}, nil},
		)
	}
	classes = append(classes, r.heldTails(c, held)...)
	classes = append(classes, r.spelt(c)...)
	classes = append(classes, r.wrapped(c)...)
	classes = append(classes, r.farTargets(c)...)
	out := make([]liveValue, len(classes))
	for i, cl := range classes {
		vs := cl.v.([]any)
		out[i] = liveValue{cl.member, cl.class, vs[pick(r.opts.Seed, c.Code+" "+cl.member+" "+cl.class, len(vs))], cl.also}
	}
	return out
}

// farTargets are, for a case whose first step is set_certificate_status
// from a status of a known flow, a status two or more moves away as the
// target (§3.1: it must be reached in one move, else 100326), bare and
// beside the right from_certificate_status (a target that follows the
// flow's path from it to the target moves the record there).
func (r *runner) farTargets(c profile.Case) []liveValue {
	f := r.prof.Flow(c.FormID)
	if c.Steps[0].Action != contract.ActionSetStatus || f == nil {
		return nil
	}
	start := (matrixSubject{flow: f}).status(c.Start)
	if start == nil {
		return nil
	}
	var far []any
	for _, st := range f.Statuses {
		if laterThan(f, *start)[st.Name] {
			far = append(far, st.Name, strconv.FormatInt(st.ID, 10))
		}
	}
	if len(far) == 0 {
		return nil
	}
	from := statusForm(*start, pick(r.opts.Seed, "far from "+c.Name, 2) == 0)
	return []liveValue{
		{member: "to_certificate_status", class: "twoMovesAway", v: far},
		{member: "to_certificate_status", class: "twoMovesAwayFrom", v: far, also: map[string]any{"from_certificate_status": from}},
	}
}

// heldFraction are fractions for an id member: where the case holds its
// value (the record's form as tpl_id, §C10), that value and a half, whose
// integer part is the right id (a target that truncates, as PHP's
// intval does, scopes the move by it and lets it through; a fraction is
// no integer, rules.Faults); else small ones.
func heldFraction(id int64) []any {
	if id > 0 {
		return []any{json.Number(fmt.Sprintf("%d.5", id))}
	}
	return []any{json.Number("1.5"), json.Number("0.5")}
}

// heldTails are the values of the case's first step, each then a tail a
// lenient reading drops (tails.go): the record's form as tpl_id and its
// QR code as code_id (held), the status the record is in by id as
// from_certificate_status and the target by id as
// to_certificate_status, and the code. The case's place among the
// profile's cases turns the classes, so that the two cases take
// different ones. None names what the step names, so none may move the
// record.
func (r *runner) heldTails(c profile.Case, held map[string]int64) []liveValue {
	turn := slices.IndexFunc(r.prof.Cases, func(o profile.Case) bool { return o.Name == c.Name })
	var out []liveValue
	// A tail that is a status's name or id names that status, not none.
	names := map[string]bool{}
	if f := r.prof.Flow(c.FormID); f != nil {
		for _, st := range f.Statuses {
			names[st.Name], names[strconv.FormatInt(st.ID, 10)] = true, true
		}
	}
	add := func(member, v string, numeric, asNumber bool) {
		if f, ok := heldTail(r.opts.Seed, member, turn, v, numeric, asNumber, names); ok {
			out = append(out, liveValue{member, "heldTail " + f.class, []any{f.v}, nil})
		}
	}
	for _, m := range []string{"tpl_id", "code_id"} {
		if id, ok := held[m]; ok && id > 0 {
			add(m, strconv.FormatInt(id, 10), true, true)
		}
	}
	if f := r.prof.Flow(c.FormID); f != nil {
		byName := func(name string) *profile.Status {
			for i, st := range f.Statuses {
				if st.Name == name {
					return &f.Statuses[i]
				}
			}
			return nil
		}
		if st := byName(c.Start); st != nil {
			add("from_certificate_status", strconv.FormatInt(st.ID, 10), true, false)
		}
		if st := byName(c.Steps[0].To); st != nil && c.Steps[0].Action == contract.ActionSetStatus {
			add("to_certificate_status", strconv.FormatInt(st.ID, 10), true, false)
		}
	}
	if c.Code != "" {
		add("certificate_code", c.Code, false, false)
	}
	return out
}

// spelt are the names of the case's first step written the way a
// client gets them almost right: action_type in capitals and cut short
// (an enum is matched exactly, §4.2, §7: 100325 or 100301), and
// to_certificate_status cut to its first character, in capitals where it
// has letters, or in traditional characters (typedforms.go; a status is
// named exactly, §3.1: a name no status has is 100326); each of the two
// padded with white space, and action_type under the names an older API
// took (enumAliases), and from_certificate_status the status it is in,
// padded and in traditional characters (100324). Each is left out where
// it would name what the step names (a status whose name is the prefix),
// so none may move the record.
func (r *runner) spelt(c profile.Case) []liveValue {
	s := c.Steps[0]
	act := []rune(s.Action)
	out := []liveValue{
		{"action_type", "otherCase", []any{strings.ToUpper(s.Action), swapCase(s.Action)}, nil},
		{"action_type", "prefix", []any{string(act[:len(act)-1]), string(act[:len(act)/2])}, nil},
		{"action_type", "padded", paddedValues(s.Action), nil},
	}
	if al := enumAliases[s.Action]; len(al) > 1 {
		out = append(out, liveValue{"action_type", "alias", []any{al[0]}, nil}, liveValue{"action_type", "aliasOther", anys(al[1:]), nil})
	}
	if s.From == "" && c.Start != "" {
		// The status it is in, padded, as from_certificate_status: no
		// status's name (100324); a target that trims reads it right.
		out = append(out, liveValue{"from_certificate_status", "padded", paddedValues(c.Start), nil})
		// In traditional characters: no status's name either (100324).
		if tr := traditionalForm(c.Start); tr != "" && !r.statusNamed(c.FormID, tr) {
			out = append(out, liveValue{"from_certificate_status", "traditional", []any{tr}, nil})
		}
	}
	if s.To == "" {
		return out
	}
	out = append(out, liveValue{"to_certificate_status", "padded", paddedValues(s.To), nil})
	names := map[string]bool{}
	if f := r.prof.Flow(c.FormID); f != nil {
		for _, st := range f.Statuses {
			names[st.Name] = true
		}
	}
	var other []any
	if to := []rune(s.To); len(to) > 1 && !names[string(to[:1])] {
		other = append(other, string(to[:1]))
		if half := string(to[:len(to)/2]); half != string(to[:1]) && !names[half] {
			other = append(other, half)
		}
	}
	if len(other) > 0 {
		out = append(out, liveValue{"to_certificate_status", "prefix", other, nil})
	}
	if up := swapCase(s.To); up != s.To && !names[up] {
		out = append(out, liveValue{"to_certificate_status", "otherCase", []any{up}, nil})
	}
	// The target in traditional characters (typedforms.go): a status is
	// named exactly, so a converter that folds them to simplified ones
	// moves the record to a status the request does not name.
	if tr := traditionalForm(s.To); tr != "" && !names[tr] {
		out = append(out, liveValue{"to_certificate_status", "traditional", []any{tr}, nil})
	}
	return out
}

// statusNamed says whether the flow of form formID has a status named
// name.
func (r *runner) statusNamed(formID int64, name string) bool {
	if f := r.prof.Flow(formID); f != nil {
		for _, st := range f.Statuses {
			if st.Name == name {
				return true
			}
		}
	}
	return false
}

// anys is ss as values.
func anys(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// paddedValues are v with white space around it, every cell of
// padSides x padSpaces (nearforms.go): a target whose framework trims
// every string reads v.
func paddedValues(v string) []any {
	var out []any
	for _, side := range padSides {
		for _, ws := range padSpaces {
			out = append(out, side(v, ws))
		}
	}
	return out
}

// wrapped are the values of the case's first step in forms the contract
// refuses though they hold the right value: each of its members as an
// array holding it (a target that unwraps arrays moves the record). Near
// forms of the code are not sent here: one may be a credential the
// profile does not list (verify.unknownCode sends them, guarded by a
// status no record is in).
func (r *runner) wrapped(c profile.Case) []liveValue {
	var out []liveValue
	body := stepBody(c, c.Steps[0])
	for _, m := range []string{"certificate_code", "action_type", "to_certificate_status"} {
		if v, ok := body[m]; ok {
			out = append(out, liveValue{m, "arrayOfItself", []any{[]any{v}}, nil})
		}
	}
	return out
}

// liveBodyForm is the body form (bodyforms.go) the case's first step is
// also sent in: one per case, turned by the seed and the case.
func (r *runner) liveBodyForm(c profile.Case) bodyForm {
	return bodyForms[pick(r.opts.Seed, "live body "+c.Name, len(bodyForms))]
}

// valueWriteChecks are the write checks of this file.
func valueWriteChecks() []Check {
	return []Check{writeCheck("verify.values", "7", Must, planVerifyValues)}
}

// liveValues sends the case's first step once per value, all at once
// after a reset: none may succeed.
func (t *T) liveValues(c profile.Case) bool {
	if !t.hasKey("write") {
		t.Notef("case %s: skipped, no write key", c.Name)
		return false
	}
	if err := t.fresh(); err != nil {
		t.Errorf(nil, "case %s: reset before the values: %v", c.Name, err)
		return true
	}
	s := c.Steps[0]
	vals := t.r.liveValues(c)
	taken := func(x *Exchange) bool {
		obj, _ := x.Doc.(map[string]any)
		code, ok := intOf(obj["code"])
		return ok && code == 0
	}
	as := make([]attempt, len(vals), len(vals)+1)
	for i, v := range vals {
		body := stepBody(c, s)
		body[v.member] = v.v
		for k, w := range v.also {
			body[k] = w
		}
		as[i] = attempt{contract.Verify, "write", body}
	}
	// The step itself in a body that is not one JSON object: a target
	// that serves the first object moves the record.
	form := t.r.liveBodyForm(c)
	as = append(as, attempt{contract.Verify, "write", form.write(marshal(stepBody(c, s)))})
	// Side by side: none may move the record; one that does and the unit
	// runs again alone (tryAll).
	xs := t.tryAll(as, func(_ int, x *Exchange) bool { return !taken(x) })
	if xs == nil {
		return true
	}
	for i, v := range vals {
		if taken(xs[i]) {
			raw, _ := json.Marshal(v.v)
			t.Errorf(xs[i], "case %s: %s %s (%s), which the contract refuses, was answered with a success: the move went through (a value read as absent, unwrapped or folded?)", c.Name, v.member, raw, v.class)
		}
	}
	if last := xs[len(xs)-1]; taken(last) {
		t.Errorf(last, "case %s: the step in a body that is not one JSON object (%s) was answered with a success: the move went through", c.Name, form.what)
	}
	t.tidy()
	return true
}
