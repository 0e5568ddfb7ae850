package state

import (
	"sort"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/mockserver/internal/jsonw"
	"github.com/rtq-kit/rtq/mockserver/internal/wire"
	"github.com/rtq-kit/rtq/scenario"
)

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

// tplItem and subItem render list items by appending: a scenario may hold
// 100,000 sub-codes, all rendered at load.
func tplItem(t *scenario.Template) []byte {
	b := strconv.AppendInt(append(make([]byte, 0, 64), `{"tpl_id":`...), t.ID, 10)
	b = jsonw.AppendString(append(b, `,"name":`...), t.Name)
	b = jsonw.AppendString(append(b, `,"coding":`...), t.Coding)
	return append(b, '}')
}

func subItem(s scenario.SubCode) []byte {
	b := jsonw.AppendString(append(make([]byte, 0, 64), `{"name":`...), s.Name)
	b = strconv.AppendInt(append(b, `,"id":`...), s.ID, 10)
	b = jsonw.AppendString(append(b, `,"coding":`...), s.Coding)
	return append(b, '}')
}

func (st *State) indexTemplates(tpls []*scenario.Template) {
	for _, t := range tpls {
		if t.Org == nil {
			continue
		}
		e := &tplEntry{tpl: t, item: tplItem(t)}
		subs := append([]scenario.SubCode(nil), t.SubCodes...)
		sortedBy(subs, func(s scenario.SubCode) int64 { return s.CreatedAt }, func(s scenario.SubCode) int64 { return s.ID })
		for _, s := range subs {
			e.subs = append(e.subs, subEntry{created: s.CreatedAt, item: subItem(s)})
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

// PageQuery is a validated templates/* request: PageSize in 1..100
// (clamped), Token "" for the first page.
type PageQuery struct {
	Range    TimeRange
	PageSize int64
	Token    string
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
	return st.appendPage(dst, f, q, int64(max(hi-lo, 0)), func(i int64) []byte { return tpls[lo+int(i)].item })
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
	return st.appendPage(dst, f, q, int64(max(hi-lo, 0)), func(i int64) []byte { return e.subs[lo+int(i)].item })
}

func (st *State) filterOf(kind byte, key *scenario.Key, tpl int64, r TimeRange) filter {
	f := filter{kind: kind, org: orgID(key), tpl: tpl, hasStart: r.HasStart, hasEnd: r.HasEnd}
	if r.HasStart {
		f.start = r.Start
	}
	if r.HasEnd {
		f.end = r.End
	}
	return f
}

// appendPage writes one page of a filtered list of total items, item(i)
// being the i-th rendered item, with the token of the next page or null.
func (st *State) appendPage(dst []byte, f filter, q PageQuery, total int64, item func(int64) []byte) ([]byte, error) {
	var offset int64
	if q.Token != "" {
		off, err := st.readToken(q.Token, f)
		if err != nil {
			return nil, err
		}
		offset = min(off, total)
	}
	end := min(offset+q.PageSize, total)
	dst = append(dst, `{"code":0,"message":"ok","data":{"list":[`...)
	for i := offset; i < end; i++ {
		if i > offset {
			dst = append(dst, ',')
		}
		dst = append(dst, item(i)...)
	}
	dst = append(dst, `],"next_page_token":`...)
	if end < total {
		dst = jsonw.AppendString(dst, st.issueToken(f, end))
	} else {
		dst = append(dst, "null"...)
	}
	dst = append(dst, `,"total":`...)
	dst = strconv.AppendInt(dst, total, 10)
	return append(dst, "}}"...), nil
}
