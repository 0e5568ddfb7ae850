package state

import (
	"sort"
	"strings"

	"github.com/rtq-kit/rtq/mockserver/internal/wire"
	"github.com/rtq-kit/rtq/scenario"
)

// templates/list and templates/listQrcodes (docs/contract.md §4.4 and §4.5): each picks
// its filtered list and hands it to the cursor walk of cursor.go.

// tplEntry is a batch template with its list item pre-rendered and its
// sub-codes sorted and pre-rendered, so a page costs O(page size).
type tplEntry struct {
	tpl      *scenario.Template
	item     []byte
	subs     []subEntry // ascending created_at, then id
	subTimes []int64
}

type subEntry struct {
	created int64
	item    []byte
}

func (st *State) indexTemplates(tpls []*scenario.Template) {
	for _, t := range tpls {
		if t.Org == nil {
			continue
		}
		e := &tplEntry{tpl: t, item: wire.TemplateItem(t)}
		subs := append([]scenario.SubCode(nil), t.SubCodes...)
		sortedBy(subs, func(s scenario.SubCode) int64 { return s.CreatedAt }, func(s scenario.SubCode) int64 { return s.ID })
		for _, s := range subs {
			e.subs = append(e.subs, subEntry{created: s.CreatedAt, item: wire.SubCodeItem(s)})
			e.subTimes = append(e.subTimes, s.CreatedAt)
		}
		o := st.org(t.Org.ID)
		o.tpls = append(o.tpls, e)
		st.tplByCoding[t.Coding] = e
		if t.URL != "" {
			st.tplByURL[t.URL] = e
		}
	}
	for _, o := range st.orgs {
		sortedBy(o.tpls, func(e *tplEntry) int64 { return e.tpl.CreatedAt }, func(e *tplEntry) int64 { return e.tpl.ID })
	}
}

// AppendTemplates appends templates/list's success body to dst.
func (st *State) AppendTemplates(dst []byte, key *scenario.Key, q PageQuery) ([]byte, error) {
	var tpls []*tplEntry
	if o := st.orgs[orgID(key)]; o != nil {
		tpls = o.tpls
	}
	lo := sort.Search(len(tpls), func(i int) bool { return tpls[i].tpl.CreatedAt >= q.Range.lo() })
	hi := sort.Search(len(tpls), func(i int) bool { return tpls[i].tpl.CreatedAt > q.Range.hi() })
	f := st.filterOf(1, key, 0, q.Range)
	at := st.position(lo, hi)
	return st.appendPage(dst, f, q, int64(max(hi-lo, 0)), func(i int64) []byte { return tpls[at(i)].item })
}

// AppendQrcodes appends templates/listQrcodes' success body to dst. The
// template is its coding or its full URL; one of another organization is
// not found, exactly like a missing one.
func (st *State) AppendQrcodes(dst []byte, key *scenario.Key, template string, q PageQuery) ([]byte, error) {
	e := st.tplByCoding[template]
	if e == nil && strings.HasPrefix(template, "https://") {
		e = st.tplByURL[template]
	}
	if e == nil || !sameOrg(key, e.tpl.Org) {
		return nil, wire.TemplateNotFound()
	}
	lo := sort.Search(len(e.subTimes), func(i int) bool { return e.subTimes[i] >= q.Range.lo() })
	hi := sort.Search(len(e.subTimes), func(i int) bool { return e.subTimes[i] > q.Range.hi() })
	f := st.filterOf(2, key, e.tpl.ID, q.Range)
	at := st.position(lo, hi)
	return st.appendPage(dst, f, q, int64(max(hi-lo, 0)), func(i int64) []byte { return e.subs[at(i)].item })
}

// position maps the i-th item of a window [lo, hi) of an ascending list to
// its index: from lo up, or from hi down for a recorded service that
// lists newest first (scenario.Service).
func (st *State) position(lo, hi int) func(int64) int {
	if st.sc.Service.Newest() {
		return func(i int64) int { return hi - 1 - int(i) }
	}
	return func(i int64) int { return lo + int(i) }
}
