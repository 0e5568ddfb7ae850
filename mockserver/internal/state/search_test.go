package state

import (
	"fmt"
	"testing"

	"github.com/rtq-kit/rtq/scenario"
	ts "github.com/rtq-kit/rtq/testkit/testscenario"
)

// A recorded service's reading of search_key (service.search) decides
// which forms a key finds and in which order; without one, the kit's.
func TestFormListSearchesAsTheServiceReads(t *testing.T) {
	build := func(rule *scenario.Search) *State {
		sc := ts.Build()
		org := sc.Keys[0].Org
		sc.Forms = append(sc.Forms,
			&scenario.Form{ID: 1500, Org: org, Name: "甲", Note: "zq 记录", Number: "N-1500"},
			&scenario.Form{ID: 1501, Org: org, Name: "zq 乙", Number: "N-1501"},
			&scenario.Form{ID: 1502, Org: org, Name: "丙", Number: "ZQ-9"})
		if rule != nil {
			sc.Service = &scenario.Service{Search: rule}
		}
		st, err := New(sc, 0)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	words := &scenario.Search{Match: scenario.SearchAllWords, Trim: true, Fields: scenario.SearchFields, NameFirst: true}
	for _, c := range []struct {
		rule *scenario.Search
		key  string
		want string
	}{
		{nil, "zq", "[1500 1501 1502]"},
		{nil, "记录 zq", "[]"},
		{words, "zq", "[1501 1500 1502]"}, // the name holding the key first
		{words, "记录 zq", "[1500]"},
		{words, " zq ", "[1501 1500 1502]"},
		{&scenario.Search{Match: scenario.SearchWhole, CaseExact: true, Fields: []string{"number"}}, "ZQ", "[1502]"},
	} {
		st := build(c.rule)
		p := st.FormList(st.sc.Keys[0], FormQuery{Page: 1, PageSize: 20, Search: c.key})
		if got := fmt.Sprint(ids(p)); got != c.want || p.Total != int64(len(p.Forms)) {
			t.Errorf("%+v %q: %s (total %d), want %s", c.rule, c.key, got, p.Total, c.want)
		}
	}
	// Pages cut the found forms in that order.
	st := build(words)
	if got := fmt.Sprint(ids(st.FormList(st.sc.Keys[0], FormQuery{Page: 2, PageSize: 2, Search: "zq"}))); got != "[1502]" {
		t.Errorf("page 2 of 2: %s, want [1502]", got)
	}
}
