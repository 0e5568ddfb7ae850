package conformance

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// Paging as a product (relation.formList.paging, relation.cursor.paging).
//
// A paging parameter that holds alone on page 1 may break beside a
// filter, on a later page, or at a size above the maximum: an offset
// computed with the size asked before it was clamped, a search path with
// a pager of its own, a token stride that is not the page's size. So
// every listing endpoint gets the product of the filters it takes
// (getFormList: none, a number, a search key, both; templates/list and
// listQrcodes: no bound, start_time alone, end_time alone, both) and the
// paging classes the contract names (§8, §C4, §C5): a small page_size
// that puts page boundaries between neighbours, the same written as a
// digit string, the maximum, above the
// maximum, a huge one, none at all (the default); zero, a negative and a
// fraction (bad input); and, for getFormList, a page past the last (and
// a huge one) and a page of zero or below. Every pair of a filter and a
// class is sent on every run; which listing, which value of the class and
// of the filter come from --seed, so that other seeds send other values.
//
// A size that is served is walked to its last page and the walk judged
// against the filter's walk at the page size other checks read (sent
// side by side with it, so no chain grows): the same items, each the same
// object (a set: the order is the kit's), total the same on every page
// and the count of the items, every page but the last holding the same
// number of items (a clamped size is clamped on every page) and as many
// as asked up to the maximum (per_page says so on getFormList). A size
// above the maximum may be refused on its first page, in the endpoint's
// error shape; a walk that serves its first page serves every page. Bad
// input, and what every page holds, the rules over every answer judge.

// pageClass is one class of page_size values.
type pageClass struct {
	name string
	// values gives the values the seed picks from, for an endpoint of
	// maximum max; nil: page_size left out (the default).
	values func(max int) []any
	// small: the size comes from the filter's expected count (smallSize);
	// over: above the maximum, clamped or refused; bad: bad input, which
	// the rules judge and no walk follows.
	small, over, bad bool
	// digits: the size is sent as a string of its digits, which a
	// target may refuse on its first page (§C1: reading "5" as 5 is
	// the kit's lenient reading) or read as the number on every page.
	digits bool
	// mid: the size comes from the sizes no other class walks (midSize);
	// where none is left, the class sends nothing.
	mid bool
}

var pageClasses = []pageClass{
	{name: "small", small: true},
	{name: "max", values: func(max int) []any { return []any{max} }},
	{name: "overMax", over: true, values: func(max int) []any { return []any{max + 1, max + 5, 2*max - 1, 2*max + 1} }},
	{name: "huge", over: true, values: func(int) []any { return []any{1000, 32768, 2147483647, 2147483648, 4294967297} }},
	{name: "default"},
	{name: "digits", small: true, digits: true},
	{name: "zero", bad: true, values: func(int) []any { return []any{0} }},
	{name: "negative", bad: true, values: func(max int) []any { return []any{-1, -max, -2147483648} }},
	{name: "fraction", bad: true, values: func(max int) []any {
		return []any{json.Number("1.5"), json.Number(fmt.Sprintf("%d.5", max-1)), json.Number("0.5")}
	}},
	// Last, so that adding it moved no other class's key or draw.
	{name: "mid", mid: true},
}

// overClasses are the classes above the maximum.
var overClasses = []pageClass{pageClasses[2], pageClasses[3]}

// smallPages bounds the pages of a walk at the small size: a page-numbered
// walk reads its pages after the first side by side (formAhead), a cursor
// walk one after another, beside longer chains.
const smallPages = 16

// smallSize is a page size that puts a boundary between every two
// neighbours (1) when that walk takes at most smallPages pages, else one
// the seed picks among the sizes that do; n < 0: the count is not known.
func smallSize(seed uint64, id string, n int) int {
	if n < 0 {
		n = 2 * smallPages
	}
	if n <= smallPages {
		return 1
	}
	least := (n + smallPages - 1) / smallPages
	return least + pick(seed, "small "+id, least)
}

// midSize is the size the mid class walks at: one the seed draws from
// the widest run of sizes below the maximum max that no other served
// class of the filter walks (the small class's, the default, the
// maximum) and that still take two pages or more of n items (n < 0: not
// known); 0 where no such run is left. A service may mishandle any size
// the contract allows (11 to 19 snapped to a page-size selector's 20 for
// the LIMIT, while the offset is reckoned from the size asked), and the
// other classes walk a few sizes at either end of the range.
func midSize(seed uint64, id string, n, max int) int {
	if n < 0 {
		n = 2 * smallPages
	}
	least := (n + smallPages - 1) / smallPages // 1 up to smallPages items
	top := min(max-1, n-1)
	taken := func(size int) bool {
		small := size == 1 // smallSize's: least to 2*least-1 past smallPages items
		if n > smallPages {
			small = size < 2*least
		}
		return small || size == defaultSize(max)
	}
	lo, hi := 0, -1 // the widest run, the upper one of equals
	start := 0
	for size := least; size <= top+1; size++ {
		if size <= top && !taken(size) {
			if start == 0 {
				start = size
			}
			continue
		}
		if start != 0 && size-start >= hi-lo+1 {
			lo, hi = start, size-1
		}
		start = 0
	}
	if hi < lo {
		return 0
	}
	return lo + pick(seed, "mid size "+id, hi-lo+1)
}

// defaultSize is the page size of an endpoint of maximum max when a
// request names none (§4.3, §4.4).
func defaultSize(max int) int {
	if max == contract.FormListMaxPageSize {
		return contract.FormListDefaultPageSize
	}
	return contract.TemplatesDefaultPageSize
}

// classValue is the value of class c for an endpoint of maximum max, by
// the seed; absent is true for the default class.
func (c pageClass) value(seed uint64, id string, max, expected int) (v any, absent bool) {
	switch {
	case c.mid:
		return midSize(seed, id, expected, max), false
	case c.small:
		return smallSize(seed, id, expected), false
	case c.values == nil:
		return nil, true
	}
	vs := c.values(max)
	return vs[pick(seed, "page class "+c.name+" "+id, len(vs))], false
}

// asInt is a served class value as an int (0 for the default).
func asInt(v any) int {
	n, _ := v.(int)
	return n
}

// runSeed is the run's seed, the default when none was set.
func (t *T) runSeed() uint64 {
	if t.r.opts.Seed == 0 {
		return DefaultSeed
	}
	return t.r.opts.Seed
}

// pagedWalk is one served walk of the product and what it was sent with.
type pagedWalk struct {
	what  string
	class pageClass
	asked int // 0: no page_size
	// role is the key that walks it ("" : the read key).
	role string
	w    walk
}

// keyWhat names a key other than the read key in a walk's words.
func keyWhat(role string) string {
	if role == "" || role == profile.RoleRead {
		return ""
	}
	return fmt.Sprintf(", the %s key", role)
}

// keyRefused says whether a walk's first page is a refusal of its key
// (401 or 403; on listQrcodes also 404, §4.5: "a template that does not
// exist, or that the caller may not see"): the read scope of a key other
// than the read key is the service's to give (§5).
func keyRefused(w walk) bool {
	if len(w.pages) != 1 || w.pages[0] == nil {
		return false
	}
	x := w.pages[0]
	obj, _ := x.Doc.(map[string]any)
	code, _ := intOf(obj["code"])
	unseen := (code == 404 || x.Status == 404) && x.Req.Path == contract.ListQrcodes.Path()
	return code == 401 || code == 403 || x.Status == 401 || x.Status == 403 || unseen
}

// walkRefused says whether a walk's first page is a refusal a class above
// the maximum may give: an error in the endpoint's shape (noted).
func (t *T) walkRefused(p pagedWalk, ep contract.Endpoint) bool {
	return (p.class.over || p.class.digits) && len(p.w.pages) == 1 && p.w.broken != "" && t.refusedOverMax(p.w.pages[0], ep)
}

// sizeIn is filter as the walk sends it: with its page size written as
// digits where its class says so (the walk's own page_size gives way
// to the filter's).
func (p pagedWalk) sizeIn(filter map[string]any) map[string]any {
	if !p.class.digits {
		return filter
	}
	return withMember(filter, "page_size", fmt.Sprint(p.asked))
}

// pageCounts are the number of items on each page of a walk.
func pageCounts(w walk) []int {
	out := make([]int, len(w.pages))
	for i, x := range w.pages {
		var p walk
		p.add(x)
		out[i] = len(p.items)
	}
	return out
}

// evenPages fails when a page other than the last holds another number
// of items than the first, or the first holds more than the size allows
// (want: the size asked, at most max; 0 where any size up to max is
// right, as for a size above the maximum, clamped as the target does).
// A cursor walk's pages (templates/*) are held only to at most the size:
// docs/contract.md gives them a default and a maximum, and a token says
// whether more follow, but no page must hold page_size items (a page may
// end early, at a group of items created in one second: §C5 leaves the
// order to the service).
func (t *T) evenPages(ep contract.Endpoint, p pagedWalk, want, max int) {
	if ep != contract.GetFormList {
		t.pagesAtMost(p, want, max)
		return
	}
	counts := pageCounts(p.w)
	if len(counts) < 2 {
		if len(counts) == 1 && counts[0] > max {
			t.Errorf(p.w.pages[0], "%s: %d items on one page, the maximum is %d", p.what, counts[0], max)
		}
		return
	}
	k := counts[0]
	switch {
	case k > max:
		t.Errorf(p.w.pages[0], "%s: %d items on page 1, the maximum is %d", p.what, k, max)
		return
	case want > 0 && k != want:
		t.Errorf(p.w.pages[0], "%s: page 1 of %d pages holds %d items, want %d", p.what, len(counts), k, want)
		return
	}
	for i, n := range counts[1 : len(counts)-1] {
		if n != k {
			t.Errorf(p.w.pages[i+1], "%s: page %d holds %d items, page 1 %d: every page but the last holds the page size", p.what, i+2, n, k)
			return
		}
	}
	if last := counts[len(counts)-1]; last > k || last == 0 {
		t.Errorf(p.w.last, "%s: the last page holds %d items, page 1 %d", p.what, last, k)
	}
}

// pagesAtMost fails a page of a cursor walk that holds more items than
// the size allows (want, or max when want is 0).
func (t *T) pagesAtMost(p pagedWalk, want, max int) {
	limit := max
	if want > 0 && want < max {
		limit = want
	}
	for i, n := range pageCounts(p.w) {
		at := limit
		if i < len(p.w.sizes) && want > 0 && p.w.sizes[i] > 0 {
			at = min(p.w.sizes[i], max) // the size the page was asked with (sizeFor)
		}
		if n > at {
			t.Errorf(p.w.pages[i], "%s: page %d holds %d items, at most %d are allowed", p.what, i+1, n, at)
			return
		}
	}
}

// judgePaged judges a served walk of the product against ref, the same
// filter's walk at another size: refused where the class allows, else
// whole, with its total, even pages and the reference's items.
func (t *T) judgePaged(ep contract.Endpoint, ref walk, p pagedWalk, key string, want, max int) {
	if t.pagingHolds(ep, ref, p, want, max) {
		t.sameSequence(ref, p.w, key, p.what+" against "+refWhat(ref))
	}
}

// judgeKeyPaged is judgePaged of a walk another key of ours sent: its
// read scope may be narrower than the read key's (§5), so it holds no
// item the read key's walk does not and, where the key's own unfiltered
// walk is known (kall), every item of the read key's it sees
// (keyWalkWithin); its pages hold to the paging rules as any key's.
func (t *T) judgeKeyPaged(ep contract.Endpoint, ref walk, p pagedWalk, kall *walk, key string, want, max int) {
	if t.pagingHolds(ep, ref, p, want, max) {
		t.keyWalkWithin(p.w, ref, kall, key, p.role, p.what)
	}
}

// pagingHolds judges what every paged walk owes whatever key sent it
// (its total, even pages) and says whether it is whole enough to be
// compared with the reference: a broken reference is its own checks'
// to report, a refusal the walk's.
func (t *T) pagingHolds(ep contract.Endpoint, ref walk, p pagedWalk, want, max int) bool {
	if ref.broken != "" || t.walkRefused(p, ep) {
		return false
	}
	if p.w.broken != "" {
		t.Errorf(p.w.last, "%s: %s", p.what, p.w.broken)
		return false
	}
	t.examinedWalks(ref, p.w)
	t.totalHolds(p.w, p.what)
	t.evenPages(ep, p, want, max)
	return true
}

// refWhat names the reference walk by its first request.
func refWhat(w walk) string {
	if x := firstPage(w); x != nil {
		return "the same filter walked as " + x.Req.Body
	}
	return "the same filter at another page size"
}

// pagingChecks are the checks of this file.
func pagingChecks() []Check {
	return []Check{
		{ID: "relation.formList.paging", Endpoint: contract.GetFormList.Name, Section: "4.3", Severity: Must, run: relFormPaging},
		{ID: "relation.cursor.paging", Endpoint: contract.TemplatesList.Name, Section: "4.4", Severity: Must, run: relCursorPaging},
	}
}

// listFilter is one filter of a listing and how many items it is
// expected to give (-1: not known).
type listFilter struct {
	kind string
	f    map[string]any
	n    int
}

// formFilters are getFormList's filters, one of each kind the profile
// gives, the value picked by the seed.
func (t *T) formFilters() []listFilter {
	p, seed := t.r.prof.Forms, t.runSeed()
	out := []listFilter{{kind: "no filter", n: -1}}
	if p.Total != nil {
		out[0].n = *p.Total
	}
	if len(p.Numbers) > 0 {
		n := p.Numbers[pick(seed, "paging number", len(p.Numbers))]
		out = append(out, listFilter{kind: "number", f: map[string]any{"number": n}, n: 1})
	}
	if len(p.Searches) > 0 {
		s := p.Searches[pick(seed, "paging search_key", len(p.Searches))]
		lf := listFilter{kind: "search_key", f: map[string]any{"search_key": s.Key}, n: -1}
		if s.Count != nil {
			lf.n = *s.Count
		}
		out = append(out, lf)
	}
	if len(p.Combined) > 0 {
		c := p.Combined[pick(seed, "paging both", len(p.Combined))]
		out = append(out, listFilter{kind: "number and search_key", f: map[string]any{"number": c.Number, "search_key": c.Key}, n: c.Count})
	}
	return out
}

// pastEndPages and badPages are the pages a getFormList request names past
// the last page of any walk, and below the first (bad input).
var (
	pastEndPages = []any{pastEndPage, 2147483647}
	badPages     = []any{0, -1, -2147483648, json.Number("1.5")}
)

// formPagingRequest is one request of the product that no walk follows.
type formPagingRequest struct {
	filter  int
	body    map[string]any
	pastEnd bool
	x       *Exchange
}

func relFormPaging(t *T) {
	seed, max := t.runSeed(), contract.FormListMaxPageSize
	filters := t.formFilters()
	var walks []pagedWalk
	var walkOf []int // the filter of each walk
	var singles []formPagingRequest
	served := []pageClass{}
	for _, c := range pageClasses {
		if !c.bad && !c.digits && !c.mid {
			served = append(served, c)
		}
	}
	keys := t.keyColumn("paging formList")
	for i, f := range filters {
		id := "formList " + f.kind
		for _, c := range pageClasses {
			if c.mid {
				continue // after every filter's other classes (below)
			}
			v, absent := c.value(seed, id, max, f.n)
			at := "no page_size"
			if !absent {
				at = fmt.Sprintf("page_size %v", v)
			}
			if c.digits {
				at = fmt.Sprintf("page_size %q", fmt.Sprint(v))
			}
			if c.bad {
				body := withMember(f.f, "page_size", v)
				if pg := []any{nil, 1, 2}[pick(seed, "paging bad page "+c.name+" "+id, 3)]; pg != nil {
					body["page"] = pg
				}
				singles = append(singles, formPagingRequest{filter: i, body: body})
				continue
			}
			role := keys.at(i + len(walks))
			walks = append(walks, pagedWalk{what: fmt.Sprintf("getFormList with %s at %s (%s)%s", f.kind, at, c.name, keyWhat(role)), class: c, asked: asInt(v), role: role})
			walkOf = append(walkOf, i)
		}
		// A page past the last and a page below the first, each at a
		// served size the seed picks.
		for _, pe := range []bool{true, false} {
			pages := badPages
			if pe {
				pages = pastEndPages
			}
			c := served[pick(seed, fmt.Sprintf("paging page %v %s", pe, id), len(served))]
			v, absent := c.value(seed, id, max, f.n)
			body := withMember(f.f, "page", pages[pick(seed, fmt.Sprintf("paging page value %v %s", pe, id), len(pages))])
			if !absent {
				body["page_size"] = v
			}
			singles = append(singles, formPagingRequest{filter: i, body: body, pastEnd: pe})
		}
	}
	// The mid class, after every filter's other walks so that their keys
	// are as before it came: a filter with a size no other class walks
	// is walked at one, with a key the column turns.
	for _, c := range pageClasses {
		if !c.mid {
			continue
		}
		for i, f := range filters {
			v, _ := c.value(seed, "formList "+f.kind, max, f.n)
			if asInt(v) == 0 {
				continue
			}
			role := keys.at(i + len(walks))
			walks = append(walks, pagedWalk{what: fmt.Sprintf("getFormList with %s at page_size %v (%s)%s", f.kind, v, c.name, keyWhat(role)), class: c, asked: asInt(v), role: role})
			walkOf = append(walkOf, i)
		}
	}
	// The key column: bad input goes with each key of ours in turn; a
	// size above the maximum, a first page, with each key other than the
	// read key and with the other organization's, at each class above
	// the maximum, the filter turning over them (keyColumn: a tenant's
	// plan may set its own maximum); and each served walk with a key the
	// seed turns over the filters and classes, so that every key walks
	// past page 1.
	var overs []map[string]any
	var overKeys []string
	if n := len(keys.subjects) * len(overClasses); n > 0 {
		turn := pick(seed, "paging other key over", len(filters))
		if n < len(filters) {
			n = len(filters)
		}
		for j := range n {
			f := filters[(turn+j)%len(filters)]
			c := overClasses[j/len(keys.subjects)%len(overClasses)]
			v, _ := c.value(seed, "formList "+f.kind, max, f.n)
			overs = append(overs, withMember(f.f, "page_size", v))
			overKeys = append(overKeys, keys.subject(j))
		}
	}
	refs := make([]walk, len(filters))
	t.each(len(filters)+len(walks)+len(singles)+len(overs), func(t *T, i int) {
		switch {
		case i < len(filters):
			refs[i] = t.walkForms("read", filters[i].f)
		case i < len(filters)+len(walks):
			j := i - len(filters)
			walks[j].w = t.walkFormsAt(walks[j].role, walks[j].sizeIn(filters[walkOf[j]].f), walks[j].asked)
		case i < len(filters)+len(walks)+len(singles):
			j := i - len(filters) - len(walks)
			s := &singles[j]
			role := "read"
			if !s.pastEnd { // a page past the end is held to the read key's walk
				role = keys.at(j)
			}
			s.x = t.post(contract.GetFormList, role, s.body)
		default:
			j := i - len(filters) - len(walks) - len(singles)
			t.post(contract.GetFormList, overKeys[j], overs[j])
		}
	})
	for j, p := range walks {
		want := p.asked
		switch {
		case p.class.values == nil && !p.class.small && !p.class.mid:
			want = contract.FormListDefaultPageSize
		case p.class.over:
			want = 0
		}
		if p.role != profile.RoleRead && keyRefused(p.w) {
			continue // a key's read scope is the service's (§5)
		}
		if p.role != profile.RoleRead {
			t.judgeKeyPaged(contract.GetFormList, refs[walkOf[j]], p, nil, "id", want, max)
			t.perPageHolds(p, want, max)
			continue
		}
		t.judgePaged(contract.GetFormList, refs[walkOf[j]], p, "id", want, max)
		t.perPageHolds(p, want, max)
	}
	for _, s := range singles {
		if s.pastEnd {
			t.pastEndTotal(refs[s.filter], s.x)
		}
	}
}

// perPageHolds: every page of a getFormList walk says one per_page, the
// size asked up to the maximum (want; 0: any up to the maximum).
func (t *T) perPageHolds(p pagedWalk, want, max int) {
	if p.w.broken != "" {
		return
	}
	var first int64
	for i, info := range p.w.pageInfo {
		per, ok := intOf(info["per_page"])
		switch {
		case !ok:
			return // the schema rules say so
		case i == 0:
			first = per
			if want > 0 && per != int64(want) {
				t.Errorf(p.w.pages[0], "%s: per_page is %d, want %d", p.what, per, want)
				return
			}
			if per > int64(max) || per < 1 {
				t.Errorf(p.w.pages[0], "%s: per_page is %d, the maximum is %d", p.what, per, max)
				return
			}
		case per != first:
			t.Errorf(p.w.pages[i], "%s: per_page is %d on page %d and %d on page 1: one walk has one page size", p.what, per, i+1, first)
			return
		}
	}
}

// pastEndTotal: a page past the last, when a success, says the walk's
// total (§4.3: total counts what matches, whatever page is asked).
func (t *T) pastEndTotal(ref walk, x *Exchange) {
	if ref.broken != "" || len(ref.totals) == 0 {
		return
	}
	obj, _ := x.Doc.(map[string]any)
	if c, ok := intOf(obj["code"]); !ok || c != 0 {
		return // an error past the end is the kit's to choose
	}
	t.examinedAll(x)
	data, _ := obj["data"].(map[string]any)
	page, _ := data["page"].(map[string]any)
	if total, ok := intOf(page["total"]); ok && total != ref.totals[0] {
		t.errorfPair(x, firstPage(ref), "a page past the last: total %d, the walk of the same filter says %d", total, ref.totals[0])
	}
}

// cursorKinds are the filters of a cursor listing: its time bounds.
var cursorKinds = []string{"no bound", "start_time alone", "end_time alone", "both bounds"}

// cursorFilter is the filter of kind k on listing l (ok false where l has
// no window for a bound), the page size its reference walk is read at
// (the walks relation.cursor.window and the time checks read), and the
// count it is expected to give (-1: not known).
func cursorFilter(l listing, k string) (f map[string]any, refSize, n int, ok bool) {
	n = -1
	if l.total != nil {
		n = *l.total
	}
	if k == cursorKinds[0] {
		return l.filter, contract.TemplatesMaxPageSize, n, true
	}
	if l.window == nil {
		return nil, 0, 0, false
	}
	switch k {
	case cursorKinds[1]:
		return withMember(l.filter, "start_time", l.window.Start), contract.TemplatesMaxPageSize, n, true
	case cursorKinds[2]:
		return withMember(l.filter, "end_time", l.window.End), contract.TemplatesMaxPageSize, n, true
	}
	return withMember(withMember(l.filter, "start_time", l.window.Start), "end_time", l.window.End), l.pageSize(), l.window.Total, true
}

// boundForm is one way to write a profile window's bound: the same
// instant, so the same items (the profile's bounds are seconds on which
// nothing was created). kit marks a form the contract lets a target
// refuse (§C5, §C10: which forms beyond RFC 3339 with an offset are
// accepted is the kit's).
type boundForm struct {
	name  string
	write func(s string) string
	kit   bool
}

var boundForms = []boundForm{
	{name: "as the profile writes it", write: func(s string) string { return s }},
	{name: "in UTC, Z", write: func(s string) string { return inOffset(s, time.UTC) }},
	{name: "west of UTC", write: func(s string) string { return inOffset(s, time.FixedZone("", -(5*3600+30*60))) }},
	{name: "east of UTC", write: func(s string) string { return inOffset(s, time.FixedZone("", 9*3600)) }},
	{name: "JavaScript's toISOString (.000Z)", kit: true, write: func(s string) string {
		if z := inOffset(s, time.UTC); z != "" {
			return strings.TrimSuffix(z, "Z") + ".000Z"
		}
		return ""
	}},
}

// rewriteBounds writes f's time bounds in form (a bound the form cannot
// write, a date, stays as it is).
func rewriteBounds(f map[string]any, form boundForm) map[string]any {
	out := copyMap(f)
	for _, p := range []string{"start_time", "end_time"} {
		if v, ok := out[p].(string); ok {
			if w := form.write(v); w != "" {
				out[p] = w
			}
		}
	}
	return out
}

// cursorPagingUnit is one pair of a filter kind and a paging class, on the
// listing the seed picked among those that have the kind.
type cursorPagingUnit struct {
	l listing
	// f is the filter as the reference walk sends it, sent the one the
	// unit's walk sends (its bounds in a form, its template by URL).
	f, sent map[string]any
	kitForm bool
	refSize int
	class   pageClass
	v       any
	absent  bool
	ref     walk
	p       pagedWalk
	// kall is the unit's key's unfiltered walk of the listing, where
	// the key is not the read key.
	kall walk
}

func relCursorPaging(t *T) {
	ls := append(t.listings(contract.TemplatesList), t.listingsOrNone(contract.ListQrcodes)...)
	seed, max := t.runSeed(), contract.TemplatesMaxPageSize
	var units []cursorPagingUnit
	// The key column: each served walk with a key of ours, turned over
	// the kinds and the classes as a Latin square (kind and class add
	// up to the key), so that every run walks each kind and each class
	// with every key past page 1, and the seed turns which.
	keys := t.keyColumn("paging cursor")
	// The mid class's units go after every kind's other units, so that
	// those keep the index that turns their bad-input key and their
	// other subject above the maximum (keys.at(i), keys.subject(i)) as
	// before it came.
	var mids []cursorPagingUnit
	for ki, k := range cursorKinds {
		for ci, c := range pageClasses {
			var eligible []listing
			for _, l := range ls {
				if _, _, _, ok := cursorFilter(l, k); ok {
					eligible = append(eligible, l)
				}
			}
			if len(eligible) == 0 {
				continue
			}
			id := "cursor " + k + " " + c.name
			l := eligible[pick(seed, "paging listing "+id, len(eligible))]
			f, refSize, n, _ := cursorFilter(l, k)
			v, absent := c.value(seed, id, max, n)
			if c.mid && asInt(v) == 0 {
				continue // no size left that no other class walks
			}
			at := "no page_size"
			if !absent {
				at = fmt.Sprintf("page_size %v", v)
			}
			if c.digits {
				at = fmt.Sprintf("page_size %q", fmt.Sprint(v))
			}
			sent, kitForm := t.sentFilter(l, f, id)
			role := keys.at(ki + ci)
			u := cursorPagingUnit{l: l, f: f, sent: sent, kitForm: kitForm, refSize: refSize, class: c, v: v, absent: absent,
				p: pagedWalk{what: fmt.Sprintf("%s with %s at %s (%s)%s", l.name, k, at, c.name, keyWhat(role)), class: c, asked: asInt(v), role: role}}
			if c.mid {
				mids = append(mids, u)
				continue
			}
			units = append(units, u)
		}
	}
	units = append(units, mids...)
	if len(units) == 0 {
		t.Skipf("the profile gives no listing")
		return
	}
	// Beside them (keyColumn): bad input with each key of ours in
	// turn; above the maximum, the first page again with a key other
	// than the read key, beside one of the two classes a filter kind.
	// A walk with another key than the read key goes beside that key's
	// unfiltered walk, what it sees of the listing (keyWalkWithin).
	t.each(len(units), func(t *T, i int) {
		u := &units[i]
		t.each(4, func(t *T, j int) {
			switch {
			case j == 0:
				u.ref = t.walkCursor(u.l.ep, "read", u.f, u.refSize)
			case j == 2:
				if len(keys.subjects) > 0 && u.class.over && u.class.name == overClasses[pick(seed, "paging other key "+u.p.what, len(overClasses))].name {
					t.post(u.l.ep, keys.subject(i), withMember(u.sent, "page_size", u.v))
				}
			case j == 3:
				if !u.class.bad && u.p.role != profile.RoleRead {
					u.kall = t.keyAll(u.l, u.p.role)
				}
			case !u.class.bad:
				u.p.w = t.walkCursor(u.l.ep, u.p.role, u.p.sizeIn(u.sent), u.p.asked)
			default:
				t.cursorBadSize(u, keys.at(i))
			}
		})
	})
	for _, u := range units {
		if u.class.bad {
			continue
		}
		if u.kitForm && len(u.p.w.pages) == 1 && u.p.w.broken != "" {
			t.Notef("%s: %v is not accepted (the kit's choice, §C5)", u.p.what, u.sent)
			continue
		}
		want := u.p.asked
		switch {
		case u.absent:
			want = contract.TemplatesDefaultPageSize
		case u.class.over:
			want = 0
		}
		if u.p.role != profile.RoleRead {
			switch {
			case !keyRefused(u.p.w): // a key's read scope is the service's (§5)
				t.judgeKeyPaged(u.l.ep, u.ref, u.p, &u.kall, u.l.key, want, max)
			case len(u.kall.pages) > 0 && u.kall.broken == "":
				// Refused under a filter, while the same key's walk of the
				// listing without one is served: a filter names no object
				// and changes no scope.
				t.Errorf(u.p.w.pages[0], "%s: refused (%s), while the same key's walk of %s without a filter is served", u.p.what, describe(u.p.w.pages[0]), u.l.name)
			}
			continue
		}
		t.judgePaged(u.l.ep, u.ref, u.p, u.l.key, want, max)
	}
}

// cursorBadSize sends, with role, a page_size that is bad input beside
// the unit's filter on the first page, and on the second with the token
// the reference walk's first page gave: the rules judge both answers (an
// error in the endpoint's shape, code 400).
func (t *T) cursorBadSize(u *cursorPagingUnit, role string) {
	t.each(2, func(t *T, j int) {
		if j == 0 {
			t.post(u.l.ep, role, withMember(u.sent, "page_size", u.v))
			return
		}
		ref := t.walkCursor(u.l.ep, "read", u.f, u.refSize)
		if len(ref.pages) < 2 {
			return
		}
		if tok, ok := nextToken(ref.pages[0]).(string); ok && tok != "" {
			t.post(u.l.ep, role, withMember(withMember(u.f, "page_size", u.v), "page_token", tok))
		}
	})
}

// sentFilter is the filter a unit's walk sends: its bounds written in a
// form the seed picks, and a listQrcodes template by its full URL where
// the profile gives one and the seed says so; kit says the form is one a
// target may refuse.
func (t *T) sentFilter(l listing, f map[string]any, id string) (map[string]any, bool) {
	seed := t.runSeed()
	form := boundForms[pick(seed, "paging bound form "+id, len(boundForms))]
	out := rewriteBounds(f, form)
	kit := form.kit && (out["start_time"] != nil || out["end_time"] != nil)
	if l.ep != contract.ListQrcodes || pick(seed, "paging address "+id, 2) == 0 {
		return out, kit
	}
	for _, tp := range t.r.prof.Templates.Items {
		if tp.Coding == l.filter["template"] && tp.URL != "" {
			out["template"] = tp.URL
		}
	}
	return out, kit
}

// examinedWalks counts every page of the walks a relation judged for the
// statements the check asserts (the report's answers per statement).
func (t *T) examinedWalks(ws ...walk) {
	if t.r.answers == nil {
		return
	}
	for _, w := range ws {
		t.examinedAll(w.pages...)
	}
}

// examinedAll counts each answer of xs for the check's statements.
func (t *T) examinedAll(xs ...*Exchange) {
	if t.r.answers == nil {
		return
	}
	for _, x := range xs {
		t.r.answers.examined(t.statementIDs(), x)
	}
}
