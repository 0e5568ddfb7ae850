package conformance

import (
	"slices"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// testModel is flow A of the default scenario, in short.
func testModel() *verifyModel {
	f := &profile.Flow{FormID: 1, Statuses: []profile.Status{
		{ID: 1, Name: "待核验", Next: []string{"已核验", "已作废"}},
		{ID: 2, Name: "已核验", Next: []string{"已归档"}},
		{ID: 3, Name: "已归档", Terminal: true},
		{ID: 4, Name: "已作废", Terminal: true},
	}}
	next := map[string]string{"待核验": "已核验", "已核验": "已归档"}
	return &verifyModel{flow: f, next: func(s profile.Status) string { return next[s.Name] }}
}

func ptr(s string) *string { return &s }

func TestVerifyModelAnswers(t *testing.T) {
	m := testModel()
	set, next := contract.ActionSetStatus, contract.ActionNextStatus
	for _, c := range []struct {
		what  string
		cur   string
		q     verifyReq
		ok    string
		codes []int64
	}{
		{"a move by name", "待核验", verifyReq{action: set, to: ptr("已核验")}, "已核验", nil},
		{"a move by id", "待核验", verifyReq{action: set, to: ptr("2")}, "已核验", nil},
		{"a next move", "待核验", verifyReq{action: next}, "已核验", nil},
		{"next with the right from by id", "已核验", verifyReq{action: next, from: ptr("2")}, "已归档", nil},
		{"an id with a leading zero", "待核验", verifyReq{action: set, to: ptr("02")}, "", []int64{contract.ErrInvalidTarget, contract.ErrInvalidParams}},
		{"from with a sign", "待核验", verifyReq{action: next, from: ptr("+1")}, "", []int64{contract.ErrStatusForbids, contract.ErrInvalidParams}},
		{"an empty target", "待核验", verifyReq{action: set, to: ptr("")}, "", []int64{contract.ErrInvalidParams, contract.ErrInvalidTarget}},
		{"a repeat", "已核验", verifyReq{action: set, to: ptr("已核验")}, "", []int64{contract.ErrInvalidTarget}},
		{"unreachable", "待核验", verifyReq{action: set, to: ptr("已归档")}, "", []int64{contract.ErrInvalidTarget}},
		{"from a terminal status", "已归档", verifyReq{action: next}, "", []int64{contract.ErrStatusForbids, contract.ErrInvalidTarget}},
		{"a wrong scope", "待核验", verifyReq{action: next, wrongScope: true}, "", []int64{contract.ErrScopeMismatch}},
		{"an unknown code and a wrong from", "待核验", verifyReq{action: next, unknownCode: true, from: ptr("已核验")}, "", []int64{contract.ErrInvalidCode, contract.ErrStatusForbids}},
		{"no target", "待核验", verifyReq{action: set}, "", []int64{contract.ErrInvalidParams}},
	} {
		v := m.answer(c.cur, c.q)
		if c.ok != "" {
			if !v.ok || !slices.Equal(v.tos, []string{c.ok}) {
				t.Errorf("%s: %+v, want a success to %s", c.what, v, c.ok)
			}
			continue
		}
		got, want := slices.Sorted(slices.Values(v.codes)), slices.Sorted(slices.Values(c.codes))
		if v.ok || !slices.Equal(got, want) {
			t.Errorf("%s: %+v, want codes %v", c.what, v, want)
		}
	}
}

func TestVerifyModelSerialisable(t *testing.T) {
	m := testModel()
	set, next := contract.ActionSetStatus, contract.ActionNextStatus
	ok := func(s string) serialOutcome { return serialOutcome{success: true, status: s} }
	no := func(c int64) serialOutcome { return serialOutcome{code: c} }
	nexts := []verifyReq{{action: next}, {action: next}}
	fork := []verifyReq{{action: set, to: ptr("已核验")}, {action: set, to: ptr("已作废")}}
	for _, c := range []struct {
		what string
		qs   []verifyReq
		got  []serialOutcome
		want bool
	}{
		{"two nexts, one after the other", nexts, []serialOutcome{ok("已核验"), ok("已归档")}, true},
		{"two nexts, the second first in answer order", nexts, []serialOutcome{ok("已归档"), ok("已核验")}, true},
		{"two nexts both answering the first next status", nexts, []serialOutcome{ok("已核验"), ok("已核验")}, false},
		{"two nexts, one refused as the other moved it (§C6)", nexts, []serialOutcome{ok("已核验"), no(contract.ErrInvalidTarget)}, true},
		{"two nexts, both refused", nexts, []serialOutcome{no(contract.ErrInvalidTarget), no(contract.ErrStatusForbids)}, false},
		{"two nexts, the winner answering where the loser would go", nexts, []serialOutcome{ok("已归档"), no(contract.ErrInvalidTarget)}, false},
		{"two different moves, one wins", fork, []serialOutcome{no(contract.ErrInvalidTarget), ok("已作废")}, true},
		{"two different moves, the other wins", fork, []serialOutcome{ok("已核验"), no(contract.ErrStatusForbids)}, true},
		{"two different moves, both win", fork, []serialOutcome{ok("已核验"), ok("已作废")}, false},
		{"a next and a move it leaves reachable, both win", []verifyReq{{action: next}, {action: set, to: ptr("已归档")}}, []serialOutcome{ok("已核验"), ok("已归档")}, true},
		{"two different moves, the loser with a code no order gives", fork, []serialOutcome{ok("已核验"), no(contract.ErrScopeMismatch)}, false},
	} {
		if got := m.serialisable("待核验", c.qs, c.got); got != c.want {
			t.Errorf("%s: serialisable %v, want %v", c.what, got, c.want)
		}
	}
}
