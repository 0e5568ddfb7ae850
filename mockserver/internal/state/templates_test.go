package state

import (
	"errors"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/scenario"
	ts "github.com/rtq-kit/rtq/testkit/testscenario"
)

// walk follows the page tokens of list from the first page and returns
// every item's id, failing on a total that changes on the way.
func walk[T any](t *testing.T, q PageQuery, list func(PageQuery) (Page[T], error), id func(*T) int64) []int64 {
	t.Helper()
	var ids []int64
	total := int64(-1)
	for range 100 {
		p, err := list(q)
		if err != nil {
			t.Fatal(err)
		}
		if total >= 0 && p.Total != total {
			t.Fatalf("total %d then %d", total, p.Total)
		}
		total = p.Total
		for i := range p.Items {
			ids = append(ids, id(&p.Items[p.Index(i)]))
		}
		if p.Next == "" {
			if int64(len(ids)) != total {
				t.Errorf("walked %d items of a total of %d", len(ids), total)
			}
			return ids
		}
		q.Token = p.Next
	}
	t.Fatal("the tokens never end")
	return nil
}

func tplID(e **TemplateEntry) int64 { return (*e).Template.ID }
func subID(e *SubCodeEntry) int64   { return e.SubCode.ID }

// inOrder reports whether ids are each once and ascending.
func inOrder(ids []int64) bool {
	for i := 1; i < len(ids); i++ {
		if ids[i] <= ids[i-1] {
			return false
		}
	}
	return true
}

// TestTemplatesListAnOrgsTemplatesOldestFirst: the tokens walk every
// template of the key's org once, oldest first (ties by id), within the
// time range, whatever the page size.
func TestTemplatesListAnOrgsTemplatesOldestFirst(t *testing.T) {
	sc := ts.Build()
	st, _ := New(sc, 0)
	demo, other := sc.Keys[0], sc.Keys[3]
	list := func(k *scenario.Key) func(PageQuery) (Page[*TemplateEntry], error) {
		return func(q PageQuery) (Page[*TemplateEntry], error) { return st.Templates(k, q) }
	}
	for _, size := range []int64{1, 7, 45, contract.TemplatesMaxPageSize} {
		ids := walk(t, PageQuery{PageSize: size}, list(demo), tplID)
		if len(ids) != ts.DemoTemplates || !inOrder(ids) || ids[0] != 9000 {
			t.Errorf("page size %d: %d templates %v", size, len(ids), ids)
		}
	}
	day := int64(86400)
	window := PageQuery{PageSize: 4, Range: TimeRange{Start: ts.BaseTime + day, End: ts.BaseTime + 2*day, HasStart: true, HasEnd: true}}
	if ids := walk(t, window, list(demo), tplID); len(ids) != 6 || ids[0] != 9003 || ids[5] != 9008 {
		t.Errorf("days 1 and 2, both bounds closed: %v, want 9003..9008", ids)
	}
	if ids := walk(t, PageQuery{PageSize: 10}, list(other), tplID); len(ids) != 3 || ids[0] != 9900 {
		t.Errorf("the other org's: %v", ids)
	}
}

func TestAPageTokenIsBoundToItsList(t *testing.T) {
	sc := ts.Build()
	st, _ := New(sc, 0)
	demo, other := sc.Keys[0], sc.Keys[3]
	p, _ := st.Templates(demo, PageQuery{PageSize: 5})
	if _, err := st.Templates(other, PageQuery{PageSize: 5, Token: p.Next}); err == nil {
		t.Error("another org's key took the token")
	}
	if _, err := st.Qrcodes(demo, ts.BigTemplate, PageQuery{PageSize: 5, Token: p.Next}); err == nil {
		t.Error("templates/list's token paged listQrcodes")
	}
	if _, err := st.Templates(demo, PageQuery{PageSize: 5, Token: "not-a-token"}); err == nil {
		t.Error("a made-up token was taken")
	}
}

func TestQrcodesByCodingOrURLOfTheKeysOrgOnly(t *testing.T) {
	sc := ts.Build()
	st, _ := New(sc, 0)
	demo, other := sc.Keys[0], sc.Keys[3]
	list := func(tpl string) func(PageQuery) (Page[SubCodeEntry], error) {
		return func(q PageQuery) (Page[SubCodeEntry], error) { return st.Qrcodes(demo, tpl, q) }
	}
	for _, tpl := range []string{ts.BigTemplate, ts.TemplateURL(ts.BigTemplate)} {
		if ids := walk(t, PageQuery{PageSize: 20}, list(tpl), subID); len(ids) != ts.BigTemplateSubs || !inOrder(ids) {
			t.Errorf("%s: %d sub-codes", tpl, len(ids))
		}
	}
	for _, tc := range []struct {
		name string
		key  *scenario.Key
		tpl  string
	}{
		{"unknown", demo, "tplZ999"},
		{"another org's", demo, ts.OtherTemplate},
		{"mine seen by another org", other, ts.BigTemplate},
		{"a URL of no template", demo, "https://demo.rtq.test/t/none"},
	} {
		_, err := st.Qrcodes(tc.key, tc.tpl, PageQuery{PageSize: 5})
		var e *fail.Error
		if !errors.As(err, &e) || e.Code != fail.TemplateNotFound().Code || e.ErrorCode != fail.TemplateNotFound().ErrorCode {
			t.Errorf("%s: %v, want the template not found", tc.name, err)
		}
	}
}
