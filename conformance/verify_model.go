package conformance

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// verify as a state machine: the oracle the overlaps, the sequences and
// the spellings of verify's values are judged by. For a credential in a
// status of its flow and a request (its action, its target and from
// written as the client wrote them, whether its certificate_code and its
// scope name the credential), it says what a correct service may answer:
// a success and the status reached, or the set of error codes the
// contract allows. The rows are docs/contract.md §3.1's table and §C6's
// list of checks; since the order of the checks is the kit's (§C6), a
// request with several faults may get the code of any of them, so the
// codes are the union of the faults'.
//
//	fault                                                     codes
//	a member a move needs missing, or of the wrong type       100301
//	to_certificate_status "" (missing, or naming nothing)     100301 100326
//	certificate_code naming no credential of ours             100320
//	tpl_id or code_id not the credential's                    100323
//	from_certificate_status not naming the current status     100324 (and 100301 where it names no status)
//	the current status cannot move (terminal, no move out)    100324 100326
//	set: the target names no status, is the current one,
//	     or is not one move away                              100326 (and 100301 where it names no status)
//	next: the flow has no next status                         100324 100326
//
// A status is named by its name or by its id written as a decimal string
// exactly (§4.2, §C10: identifiers are exact): "012", "+12", "12.0" or a
// name with a zero-width space in it name nothing.

// verifyReq is a verify request as the model reads it.
type verifyReq struct {
	action string
	// to and from are the members as written; nil when absent.
	to, from *string
	// unknownCode: certificate_code names no credential of ours.
	unknownCode bool
	// wrongScope: tpl_id or code_id is not the credential's.
	wrongScope bool
}

// verdict is what a correct service may answer a request.
type verdict struct {
	// ok: the request succeeds (no fault), reaching one of tos.
	ok  bool
	tos []string
	// codes are the error codes allowed when !ok.
	codes []int64
}

// allows says whether an answer fits the verdict: a success reaching
// status, or a refusal with error code ec.
func (v verdict) allows(success bool, status string, ec int64) bool {
	if success {
		return v.ok && slices.Contains(v.tos, status)
	}
	return !v.ok && slices.Contains(v.codes, ec)
}

// verifyModel is one flow as the model reads it; next says where
// set_next_certificate_status goes from a status ("" when the profile
// does not say: then any move out).
type verifyModel struct {
	flow *profile.Flow
	next func(profile.Status) string
}

// modelOf is the model of a form's flow, nil when the profile has none.
func (r *runner) modelOf(form int64) *verifyModel {
	f := r.prof.Flow(form)
	if f == nil {
		return nil
	}
	return &verifyModel{flow: f, next: func(s profile.Status) string { return r.nextOf(form, s) }}
}

// named is the status a written name or id names exactly, nil for none.
func (m *verifyModel) named(v string) *profile.Status {
	for i, s := range m.flow.Statuses {
		if s.Name == v || strconv.FormatInt(s.ID, 10) == v {
			return &m.flow.Statuses[i]
		}
	}
	return nil
}

// answer is the verdict on q sent while the credential is in status cur.
func (m *verifyModel) answer(cur string, q verifyReq) verdict {
	var codes []int64
	add := func(cs ...int64) {
		for _, c := range cs {
			if !slices.Contains(codes, c) {
				codes = append(codes, c)
			}
		}
	}
	st := m.named(cur)
	if st == nil {
		return verdict{codes: []int64{contract.ErrInvalidParams, contract.ErrInvalidCode, contract.ErrStatusForbids, contract.ErrInvalidTarget}}
	}
	if q.action != contract.ActionSetStatus && q.action != contract.ActionNextStatus {
		add(contract.ErrInvalidAction, contract.ErrInvalidParams)
	}
	if q.action == contract.ActionSetStatus && q.to == nil {
		add(contract.ErrInvalidParams)
	}
	if q.unknownCode {
		add(contract.ErrInvalidCode)
	}
	if q.wrongScope {
		add(contract.ErrScopeMismatch)
	}
	if q.from != nil {
		if f := m.named(*q.from); f == nil || f.Name != st.Name {
			add(contract.ErrStatusForbids)
			if f == nil {
				add(contract.ErrInvalidParams)
			}
		}
	}
	var tos []string
	switch {
	case !movable(*st):
		add(contract.ErrStatusForbids, contract.ErrInvalidTarget)
	case q.action == contract.ActionSetStatus && q.to != nil:
		t := m.named(*q.to)
		switch {
		case *q.to == "":
			add(contract.ErrInvalidParams, contract.ErrInvalidTarget)
		case t == nil:
			add(contract.ErrInvalidTarget, contract.ErrInvalidParams)
		case t.Name == st.Name || !slices.Contains(st.Next, t.Name):
			add(contract.ErrInvalidTarget)
		default:
			tos = []string{t.Name}
		}
	case q.action == contract.ActionNextStatus:
		if n := m.next(*st); n != "" {
			tos = []string{n}
		} else {
			tos = slices.Clone(st.Next)
		}
	}
	if len(codes) > 0 {
		return verdict{codes: codes}
	}
	return verdict{ok: true, tos: tos}
}

// serialOutcome is one request's answer as the overlaps judge it.
type serialOutcome struct {
	success bool
	status  string
	code    int64
}

// String is the answer in a finding's words.
func (o serialOutcome) String() string {
	if o.success {
		return fmt.Sprintf("a success to %q", o.status)
	}
	return fmt.Sprintf("error_code %d", o.code)
}

// String is what the verdict allows, in a finding's words.
func (v verdict) String() string {
	if !v.ok {
		return fmt.Sprintf("error_code %v", v.codes)
	}
	if len(v.tos) == 1 {
		return fmt.Sprintf("a success to %q", v.tos[0])
	}
	return fmt.Sprintf("a success to one of %q", v.tos)
}

// serialisable says whether the answers to requests sent at once, from
// status start, are those of some serial order of them: each answer the
// one the model allows at its turn, a success moving the credential to
// the status it answered. A request may also lose to another that
// succeeded: §C6's row on concurrent moves (of requests that move one
// record from one status, one succeeds and the others get 100324 or
// 100326) lets a service refuse a move sent while another changes the
// record, as though it named the status it was sent from.
func (m *verifyModel) serialisable(start string, qs []verifyReq, got []serialOutcome) bool {
	wins := slices.ContainsFunc(got, func(o serialOutcome) bool { return o.success })
	lost := func(o serialOutcome) bool {
		return wins && !o.success && (o.code == contract.ErrStatusForbids || o.code == contract.ErrInvalidTarget)
	}
	var try func(k int, cur string, used []bool) bool
	try = func(k int, cur string, used []bool) bool {
		if k == len(qs) {
			return true
		}
		for i := range qs {
			if used[i] || !lost(got[i]) && !m.answer(cur, qs[i]).allows(got[i].success, got[i].status, got[i].code) {
				continue
			}
			next := cur
			if got[i].success {
				next = got[i].status
			}
			used[i] = true
			ok := try(k+1, next, used)
			used[i] = false
			if ok {
				return true
			}
		}
		return false
	}
	return try(0, start, make([]bool, len(qs)))
}
