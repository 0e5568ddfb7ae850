package state

import (
	"sort"

	"github.com/rtq-kit/rtq/mockserver/internal/answer"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/scenario"
)

// templates/list and templates/listQrcodes (docs/contract.md §4.4 and §4.5): each picks
// its filtered list and hands it to the cursor walk of cursor.go, which
// cuts the page.

// TemplateEntry is a batch template as templates/list lists it, where
// the encoder keeps its rendered item, and its sub-codes sorted, so a
// page costs O(page size).
type TemplateEntry struct {
	Template answer.Template
	Item     Cell
	src      *scenario.Template
	subs     []SubCodeEntry // ascending created_at, then id
	subTimes []int64
}

// SubCodeEntry is a sub-code as templates/listQrcodes lists it, and where
// the encoder keeps its rendered item.
type SubCodeEntry struct {
	SubCode answer.SubCode
	Item    Cell
}

func (st *State) indexTemplates(tpls []*scenario.Template) {
	for _, t := range tpls {
		if t.Org == nil {
			continue
		}
		e := &TemplateEntry{Template: answer.Template{ID: t.ID, Name: t.Name, Coding: t.Coding}, src: t}
		subs := append([]scenario.SubCode(nil), t.SubCodes...)
		sortedBy(subs, func(s scenario.SubCode) int64 { return s.CreatedAt }, func(s scenario.SubCode) int64 { return s.ID })
		e.subs = make([]SubCodeEntry, len(subs))
		for i, s := range subs {
			e.subs[i].SubCode = answer.SubCode{ID: s.ID, Name: s.Name, Coding: s.Coding}
			e.subTimes = append(e.subTimes, s.CreatedAt)
		}
		o := st.org(t.Org.ID)
		o.tpls = append(o.tpls, e)
		st.tplByCoding[t.Coding] = e
		if t.URL != "" {
			st.tplByURL[canonURL(t.URL)] = e
		}
	}
	for _, o := range st.orgs {
		sortedBy(o.tpls, func(e *TemplateEntry) int64 { return e.src.CreatedAt }, func(e *TemplateEntry) int64 { return e.src.ID })
	}
}

// Templates answers templates/list.
func (st *State) Templates(key *scenario.Key, q PageQuery) (Page[*TemplateEntry], error) {
	var tpls []*TemplateEntry
	if o := st.orgs[orgID(key)]; o != nil {
		tpls = o.tpls
	}
	lo := sort.Search(len(tpls), func(i int) bool { return tpls[i].src.CreatedAt >= q.Range.lo() })
	hi := sort.Search(len(tpls), func(i int) bool { return tpls[i].src.CreatedAt > q.Range.hi() })
	return page(st, st.filterOf(1, key, 0, q.Range), q, tpls[lo:max(hi, lo)])
}

// Qrcodes answers templates/listQrcodes. The template is its coding or
// its full URL; one of another organization is not found, exactly like a
// missing one.
func (st *State) Qrcodes(key *scenario.Key, template string, q PageQuery) (Page[SubCodeEntry], error) {
	e := st.tplByCoding[template]
	if e == nil {
		e = st.tplByURL[canonURL(template)]
	}
	if e == nil || !sameOrg(key, e.src.Org) {
		return Page[SubCodeEntry]{}, fail.TemplateNotFound()
	}
	lo := sort.Search(len(e.subTimes), func(i int) bool { return e.subTimes[i] >= q.Range.lo() })
	hi := sort.Search(len(e.subTimes), func(i int) bool { return e.subTimes[i] > q.Range.hi() })
	return page(st, st.filterOf(2, key, e.src.ID, q.Range), q, e.subs[lo:max(hi, lo)])
}
