package state

import (
	"math"
	"testing"

	ts "github.com/rtq-kit/rtq/testkit/testscenario"
)

func ids(p FormPage) []int64 {
	out := []int64{}
	for _, e := range p.Forms {
		out = append(out, e.Form.ID)
	}
	return out
}

// TestFormListPagesAnOrgsFormsByID: a key sees its org's forms only, in
// id order, cut into pages with a total that ignores the page.
func TestFormListPagesAnOrgsFormsByID(t *testing.T) {
	sc := ts.Build()
	st, _ := New(sc, 0)
	demo, other := sc.Keys[0], sc.Keys[3]
	all := int64(ts.PlainForms + 3)
	for _, tc := range []struct {
		q           FormQuery
		first, n    int64
		total, last int64
	}{
		{FormQuery{Page: 1, PageSize: 10}, 1001, 10, all, 3},
		{FormQuery{Page: 3, PageSize: 10}, 1021, 8, all, 3},
		{FormQuery{Page: 4, PageSize: 10}, 0, 0, all, 3},
		{FormQuery{Page: math.MaxInt64, PageSize: 20}, 0, 0, all, 2},
		{FormQuery{Page: 1, PageSize: 20, Search: "alpha"}, 1005, 5, 5, 1},
		{FormQuery{Page: 2, PageSize: 2, Search: "ALPHA"}, 1015, 2, 5, 3},
		{FormQuery{Page: 1, PageSize: 20, Search: "cert-"}, ts.CredForm, 3, 3, 1},
		{FormQuery{Page: 1, PageSize: 20, Number: ptrTo("F-001")}, 1001, 1, 1, 1},
		{FormQuery{Page: 1, PageSize: 20, Number: ptrTo("F-00")}, 0, 0, 0, 1},
	} {
		p := st.FormList(demo, tc.q)
		got := ids(p)
		if p.Total != tc.total || p.Last != tc.last || int64(len(got)) != tc.n || (tc.n > 0 && got[0] != tc.first) {
			t.Errorf("%+v: forms %v, total %d, last %d; want %d from %d, total %d, last %d",
				tc.q, got, p.Total, p.Last, tc.n, tc.first, tc.total, tc.last)
		}
		for i := 1; i < len(got); i++ {
			if got[i] <= got[i-1] {
				t.Errorf("%+v: not in id order: %v", tc.q, got)
			}
		}
	}
	// The same number in another org is that org's form.
	if got := ids(st.FormList(other, FormQuery{Page: 1, PageSize: 20, Number: ptrTo("F-001")})); len(got) != 1 || got[0] != 2001 {
		t.Errorf("the other org's F-001: %v", got)
	}
}

func ptrTo(s string) *string { return &s }
