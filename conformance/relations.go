package conformance

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// Relations between answers: what no single answer can show, asserted
// between the answers of requests that must agree (metamorphic testing:
// equality, subset, disjointness, complement). Most reuse the walks other
// checks read (memoized), so they cost few requests of their own.
//
//   - relation.formList.pageSize: a walk at another page size holds the
//     same forms, each the same object (in any order: the order is the kit's).
//   - relation.formList.number: the forms of a number are exactly the
//     forms of the unfiltered walk with that number, as the walk shows them.
//   - relation.formList.searchKey: the forms of a key are a subset of the
//     unfiltered walk, and every form of it holding the key is one of them.
//   - relation.formList.both: number and search_key together give the
//     intersection of each alone.
//   - relation.formList.defaults: no paging parameters gives what page 1
//     and page_size 10 give.
//   - relation.formList.pastEnd: a page after a walk's last says the
//     walk's total (what it holds is the kit's).
//   - relation.cursor.pageSize: a cursor walk at another page size holds
//     the same items, in any order; one size puts a page boundary between
//     every two neighbours (items created in the same second).
//   - relation.cursor.window: start_time alone and end_time alone are
//     subsets of the unfiltered walk whose union is all of it and whose
//     intersection is the window; the same instants written in other
//     offsets select the same items; a template by its URL lists what it
//     lists by its coding, window included.
//   - relation.tenancy: another organization's key sees nothing of ours
//     through any filter (number, search_key, each time bound alone and
//     both) or address (a record's id or URL, a template's coding or
//     URL), in every combination of the two, nor with a page token the
//     read key was given: that page shares nothing with the read key's;
//     nor by a URL under any origin the run knows (relations_address.go),
//     and the read key sees nothing of theirs so either.
//   - relation.verify.address: a credential by its code or its full URL,
//     with its own tpl_id or without, gets the same answer with the read
//     and the other organization's keys; so does a code no record has,
//     with the write key too, and a record of theirs; a URL under
//     another origin gets what its object or no object gets.
//   - relation.afterWrites: after the writes, every record the run read
//     reads the same, except what a verify may change on a moved record.
//   - relation.formats: every instant a record's json-ld or markdown
//     writes, under any name or in its text, is one its json shows
//     (relations_formats.go).
//   - relation.labels: a label is its code's across every json answer of
//     every record the run read (checks_labels.go).
func relationChecks() []Check {
	rel := func(id, endpoint, section string, sev Severity, run func(t *T)) Check {
		return Check{ID: "relation." + id, Endpoint: endpoint, Section: section, Severity: sev, run: run}
	}
	forms, tpl := contract.GetFormList.Name, contract.TemplatesList.Name
	return []Check{
		rel("formList.pageSize", forms, "4.3", Must, relFormPageSize),
		rel("formList.number", forms, "4.3", Must, relFormNumber),
		rel("formList.searchKey", forms, "4.3", Should, relFormSearch),
		rel("formList.both", forms, "4.3", Should, relFormBoth),
		rel("formList.defaults", forms, "8", Must, relFormDefaults),
		rel("formList.pastEnd", forms, "4.3", Must, relFormPastEnd),
		rel("cursor.pageSize", tpl, "4.4", Must, relCursorPageSize),
		rel("cursor.window", tpl, "4.4", Must, relCursorWindow),
		lettingGo(rel("tenancy", "*", "5", Must, relTenancy)),
		rel("verify.address", contract.Verify.Name, "4.2", Must, relVerifyAddress),
		lettingGo(rel("keys", "*", "5", Must, relKeys)),
		{ID: "relation.afterWrites", Endpoint: contract.GetRecord.Name, Section: "3.1", Severity: Must, phase: phasePost, run: relAfterWrites},
		{ID: "relation.masked", Endpoint: contract.GetRecord.Name, Section: "2.1", Severity: Must, phase: phaseLast, run: relMasked},
		{ID: "relation.formats", Endpoint: contract.GetRecord.Name, Section: "2.1", Severity: Must, phase: phaseLast, run: relFormats},
		{ID: "relation.labels", Endpoint: contract.GetRecord.Name, Section: "2.1", Severity: Must, phase: phaseLast, run: relLabels},
	}
}

// relSizes are the other page sizes a walk of forms is read at.
var relSizes = []int{7, contract.FormListMaxPageSize}

// walkFormsAt is walkForms at another page size, memoized.
func (t *T) walkFormsAt(role string, filter map[string]any, size int) walk {
	if size == 3 {
		return t.walkForms(role, filter)
	}
	key := fmt.Sprintf("forms %s %v size %d", role, filter, size)
	return t.once(key, func(t *T) any { return t.doWalkForms(role, filter, size) }).(walk)
}

// sameSequence fails when two walks do not hold the same items, by key,
// each the same object. The order of a listing is the kit's own (docs/
// contract.md, "getFormList order" and "templates/* order": never
// asserted), and a walk whose pages each list their items in another order
// is a correct build: the walks are compared as sets of items. A failure
// names the smallest pair of requests that shows it: the page that lists
// the item and the page of the other walk that lists it, or the other
// walk's first page where it lists it nowhere.
func (t *T) sameSequence(a, b walk, key, what string) {
	if a.broken != "" || b.broken != "" {
		return // the walk checks report it
	}
	ka, kb := itemKeys(a, key), itemKeys(b, key)
	byKey := make(map[string]int, len(ka))
	for i, k := range ka {
		byKey[k] = i
	}
	sa, sb := slices.Sorted(slices.Values(ka)), slices.Sorted(slices.Values(kb))
	if !slices.Equal(sa, sb) {
		x, y := b.last, firstPage(a)
		if k, inB := diffKey(sa, sb); k != "" && inB {
			x = pageHolding(b, key, k)
		} else if k != "" {
			y = pageHolding(a, key, k)
		}
		t.errorfPair(x, y, "%s: %s", what, diffKeys(sa, sb))
		return
	}
	for j, k := range kb {
		if !reflect.DeepEqual(a.items[byKey[k]], b.items[j]) {
			t.errorfPair(pageHolding(b, key, k), pageHolding(a, key, k), "%s: %s %s differs between the two walks", what, key, k)
			return
		}
	}
}

// errorfPair is Errorf for a relation between two answers: the finding's
// request (and its curl line) is x's, and the message ends with the curl
// line of y, the other request, so that a person replays the pair.
func (t *T) errorfPair(x, y *Exchange, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if y != nil && y != x {
		msg += "; against: " + curlLine(t.r.opts.BaseURL, &y.Req)
	}
	t.Errorf(x, "%s", msg)
}

// pageHolding is the page of w that lists the item whose key is k (w's
// last page when none does).
func pageHolding(w walk, key, k string) *Exchange {
	for _, x := range w.pages {
		var p walk
		p.add(x)
		for _, it := range p.items {
			if fmt.Sprint(it[key]) == k {
				return x
			}
		}
	}
	return w.last
}

func firstPage(w walk) *Exchange {
	if len(w.pages) == 0 {
		return nil
	}
	return w.pages[0]
}

func itemKeys(w walk, key string) []string {
	out := make([]string, len(w.items))
	for i, it := range w.items {
		out[i] = fmt.Sprint(it[key])
	}
	return out
}

// diffKey is a key one of two sorted sequences holds and the other does
// not, and whether it is the second's.
func diffKey(a, b []string) (string, bool) {
	for _, k := range b {
		if _, found := slices.BinarySearch(a, k); !found {
			return k, true
		}
	}
	for _, k := range a {
		if _, found := slices.BinarySearch(b, k); !found {
			return k, false
		}
	}
	return "", false
}

// diffKeys says how two sorted sequences of keys differ, briefly: a key one
// walk holds and the other does not.
func diffKeys(a, b []string) string {
	switch k, inB := diffKey(a, b); {
	case k != "" && inB:
		return fmt.Sprintf("%s is listed, and not in the first walk (%d items, against %d)", k, len(b), len(a))
	case k != "":
		return fmt.Sprintf("%s is missing (%d items, against %d)", k, len(b), len(a))
	}
	return fmt.Sprintf("%d items, against %d (an item listed twice)", len(b), len(a))
}

func relFormPageSize(t *T) {
	base := t.walkForms("read", nil)
	walks := make([]walk, len(relSizes))
	t.each(len(relSizes), func(t *T, i int) { walks[i] = t.walkFormsAt("read", nil, relSizes[i]) })
	for i, w := range walks {
		t.sameSequence(base, w, "id", fmt.Sprintf("the forms at page_size %d against page_size 3", relSizes[i]))
	}
}

// subsetOf lists the items of w whose key is not in all, or that differ
// from all's item of that key.
func (t *T) subsetOf(w, all walk, key, what string) {
	byKey := map[string]map[string]any{}
	for _, it := range all.items {
		byKey[fmt.Sprint(it[key])] = it
	}
	for _, it := range w.items {
		k := fmt.Sprint(it[key])
		switch other, ok := byKey[k]; {
		case !ok:
			t.errorfPair(pageHolding(w, key, k), firstPage(all), "%s: %s %s is not in the unfiltered walk", what, key, k)
			return
		case !sameShared(it, other):
			t.errorfPair(pageHolding(w, key, k), pageHolding(all, key, k), "%s: %s %s differs from the unfiltered walk's", what, key, k)
			return
		}
	}
}

// sameShared says two answers' forms of one item agree on every member
// both carry: a member only one of them has is an extra member, which the
// contract lets a service add (a highlight under search_key), and a
// member a schema requires is the schema rules' to miss.
func sameShared(a, b map[string]any) bool {
	for k, v := range a {
		if w, ok := b[k]; ok && !reflect.DeepEqual(v, w) {
			return false
		}
	}
	return true
}

func relFormNumber(t *T) {
	nums := t.r.prof.Forms.Numbers
	if len(nums) == 0 {
		t.Skipf("the profile lists no form numbers")
		return
	}
	filters := []map[string]any{nil}
	for _, n := range nums {
		filters = append(filters, map[string]any{"number": n})
	}
	walks := t.formWalks("read", filters...)
	all := walks[0]
	for i, n := range nums {
		w := walks[i+1]
		var want walk
		for _, it := range all.items {
			if it["number"] == n {
				want.items = append(want.items, it)
			}
		}
		want.last = all.last
		t.subsetOf(w, all, "id", "number "+n)
		if got, exp := itemKeys(w, "id"), itemKeys(want, "id"); !sameSet(got, exp) {
			t.Errorf(w.last, "number %s gives forms %v; the unfiltered walk has %v with that number", n, got, exp)
		}
	}
}

func sameSet(a, b []string) bool {
	x, y := append([]string(nil), a...), append([]string(nil), b...)
	sort.Strings(x)
	sort.Strings(y)
	return reflect.DeepEqual(x, y)
}

func relFormSearch(t *T) {
	keys := t.r.prof.Forms.Searches
	if len(keys) == 0 {
		t.Skipf("the profile lists no search keys")
		return
	}
	filters := []map[string]any{nil}
	for _, s := range keys {
		filters = append(filters, map[string]any{"search_key": s.Key})
	}
	walks := t.formWalks("read", filters...)
	all := walks[0]
	for i, s := range keys {
		w := walks[i+1]
		t.subsetOf(w, all, "id", "search_key "+s.Key)
		hit := map[string]bool{}
		for _, k := range itemKeys(w, "id") {
			hit[k] = true
		}
		for _, it := range all.items {
			if holdsKey(it, s.Key) && !hit[fmt.Sprint(it["id"])] {
				t.Errorf(w.last, "search_key %s: form %v holds it in its name, note or number, yet is not listed", s.Key, it["id"])
				break
			}
		}
	}
}

func holdsKey(form map[string]any, key string) bool {
	key = strings.ToLower(key)
	for _, m := range []string{"name", "note", "number"} {
		if s, _ := form[m].(string); strings.Contains(strings.ToLower(s), key) {
			return true
		}
	}
	return false
}

func relFormBoth(t *T) {
	combos := t.r.prof.Forms.Combined
	if len(combos) == 0 {
		t.Skipf("the profile lists no combined filters")
		return
	}
	for _, c := range combos {
		ws := t.formWalks("read", map[string]any{"number": c.Number}, map[string]any{"search_key": c.Key},
			map[string]any{"number": c.Number, "search_key": c.Key})
		inKey := map[string]bool{}
		for _, k := range itemKeys(ws[1], "id") {
			inKey[k] = true
		}
		var want []string
		for _, k := range itemKeys(ws[0], "id") {
			if inKey[k] {
				want = append(want, k)
			}
		}
		if got := itemKeys(ws[2], "id"); !sameSet(got, want) {
			t.Errorf(ws[2].last, "number %s with search_key %s gives forms %v; each alone gives %v in common", c.Number, c.Key, got, want)
		}
	}
}

// relFormDefaults: page and page_size left out give what page 1 and
// page_size 10 give, under every filter: a default is its explicit value
// whatever else the request says (§8), so a shortcut a service takes
// for one filter (an exact number, a search) that builds the page
// otherwise is seen. The filters: none, and one of each kind the
// profile gives (a number, a search_key, both), which one by the seed,
// so every filter of the profile is sent over seeds.
func relFormDefaults(t *T) {
	filters := []map[string]any{nil}
	p := t.r.prof.Forms
	seed := t.runSeed()
	if n := p.Numbers; len(n) > 0 {
		filters = append(filters, map[string]any{"number": n[pick(seed, "defaults number", len(n))]})
	}
	if k := p.Searches; len(k) > 0 {
		filters = append(filters, map[string]any{"search_key": k[pick(seed, "defaults search_key", len(k))].Key})
	}
	if c := p.Combined; len(c) > 0 {
		b := c[pick(seed, "defaults combined", len(c))]
		filters = append(filters, map[string]any{"number": b.Number, "search_key": b.Key})
	}
	xs := make([]*Exchange, 2*len(filters))
	t.each(len(xs), func(t *T, i int) {
		f := filters[i/2]
		switch {
		case i == 0:
			_, xs[0] = t.firstFormPage()
		case i%2 == 0:
			xs[i] = t.post(contract.GetFormList, "read", copyMap(f))
		default:
			xs[i] = t.post(contract.GetFormList, "read", withMember(withMember(f, "page", 1), "page_size", contract.FormListDefaultPageSize))
		}
	})
	for i, f := range filters {
		a, b := t.success(xs[2*i], responseFile(contract.GetFormList)), t.success(xs[2*i+1], responseFile(contract.GetFormList))
		if a != nil && b != nil && !reflect.DeepEqual(a, b) {
			under := ""
			if f != nil {
				under = fmt.Sprintf(" under %v", f)
			}
			t.errorfPair(xs[2*i+1], xs[2*i], "page 1 with page_size %d%s answers otherwise than no paging parameters, whose defaults they are", contract.FormListDefaultPageSize, under)
		}
	}
}

// pastEndPage is a page past the end of any walk the run reads: sent
// beside the walk, not after it, so that it adds no request to the chain
// the writes wait for.
const pastEndPage = 10000

// relFormPastEnd: a page past the last of each walk (unfiltered, and each
// profile number and search key) holds no form and, when it is a success,
// says the walk's total: total counts what matches the filter, whatever
// page is asked (§4.3); what a page past the end holds besides is the
// kit's (§C5). The page asked is the first past the walk's end where the
// profile gives the filter's count (a number names one form), so that
// the whole list still has items there: a service that forgets the
// filter on later pages (a cache keyed without it) lists another form's
// page, which the rules over every answer fail (answers.4.3.number and
// the search key's). Where the count is not given, the page is far past
// any end (pastEndPage).
func relFormPastEnd(t *T) {
	type past struct {
		f    map[string]any
		page int
	}
	const size = 3
	just := func(n int) int { return (n+size-1)/size + 1 }
	filters := []past{{page: pastEndPage}}
	if n := t.r.prof.Forms.Total; n != nil {
		filters[0].page = just(*n)
	}
	for _, n := range t.r.prof.Forms.Numbers {
		filters = append(filters, past{map[string]any{"number": n}, just(1)})
	}
	for _, s := range t.r.prof.Forms.Searches {
		p := past{map[string]any{"search_key": s.Key}, pastEndPage}
		if s.Count != nil {
			p.page = just(*s.Count)
		}
		filters = append(filters, p)
	}
	t.each(len(filters), func(t *T, i int) {
		var w walk
		var x *Exchange
		t.each(2, func(t *T, j int) {
			if j == 0 {
				w = t.walkForms("read", filters[i].f)
				return
			}
			body := map[string]any{"page": filters[i].page, "page_size": size}
			for k, v := range filters[i].f {
				body[k] = v
			}
			x = t.post(contract.GetFormList, "read", body)
		})
		if len(w.pages) < filters[i].page {
			t.pastEndTotal(w, x)
		}
		// What the page holds is the kit's (§C5: the spec does not say);
		// formList.paging.pastEnd notes it.
	})
}

func relCursorPageSize(t *T) {
	ls := append(t.listings(contract.TemplatesList), t.listingsOrNone(contract.ListQrcodes)...)
	t.each(len(ls), func(t *T, i int) {
		l := ls[i]
		a := t.walkCursor(l.ep, "read", l.filter, l.pageSize())
		b := t.walkCursor(l.ep, "read", l.filter, contract.TemplatesMaxPageSize)
		t.sameSequence(a, b, l.key, fmt.Sprintf("%s at page_size %d against %d", l.name, contract.TemplatesMaxPageSize, l.pageSize()))
		// Each side of the boundary where one page holds every item.
		n := len(b.items)
		if b.broken != "" || n < 2 || n > contract.TemplatesMaxPageSize {
			return
		}
		// 0: no page_size at all, the default the contract gives (§8),
		// walked with its tokens to the end as an explicit size is.
		sizes := []int{n, n - 1, t.boundarySize(l, n), 0}
		ws := make([]walk, len(sizes))
		t.each(len(sizes), func(t *T, j int) { ws[j] = t.walkCursor(l.ep, "read", l.filter, sizes[j]) })
		for j, w := range ws {
			size, at := sizes[j], fmt.Sprintf("page_size %d", sizes[j])
			if size == 0 {
				size, at = contract.TemplatesDefaultPageSize, fmt.Sprintf("no page_size (default %d)", contract.TemplatesDefaultPageSize)
			}
			if w.broken != "" {
				t.Errorf(w.last, "%s at %s: %s", l.name, at, w.broken)
				continue
			}
			t.sameSequence(b, w, l.key, fmt.Sprintf("%s at %s against page_size %d", l.name, at, contract.TemplatesMaxPageSize))
			if want := pagesOf(n, size, w); len(w.pages) != want {
				t.Errorf(w.last, "%s: %d items at %s take %d pages, want %d", l.name, n, at, len(w.pages), want)
			}
		}
	})
}

// pagesOf is how many pages n items take when each page of w holds the
// page_size it was asked with (walk.sizes: a cursor walk varies it,
// sizeFor), a page beyond them the last size asked, size where none was
// sent.
func pagesOf(n, size int, w walk) int {
	pages := 0
	for left := n; left > 0; pages++ {
		at := size
		if len(w.sizes) > 0 {
			at = w.sizes[min(pages, len(w.sizes)-1)]
		}
		if at <= 0 {
			at = size
		}
		left -= at
	}
	return pages
}

// boundaryPages bounds the walk that puts a page boundary between
// neighbours: the cursor pages are read one after another.
const boundaryPages = 24

// boundarySize is a page size that puts a page boundary between every two
// neighbours of a listing (1) when that walk takes at most boundaryPages
// pages, else one the seed picks among the sizes that do: items created
// in the same second sit side by side, and a keyset cursor on the
// creation time alone skips or repeats one only where a boundary falls
// between them (§4.4: the pages hold every item once).
func (t *T) boundarySize(l listing, n int) int {
	if n <= boundaryPages {
		return 1
	}
	least := (n + boundaryPages - 1) / boundaryPages
	seed := t.r.opts.Seed
	if seed == 0 {
		seed = DefaultSeed
	}
	return least + pick(seed, "boundary "+l.name, least)
}

// listingsOrNone is listings without the skip when there are none.
func (t *T) listingsOrNone(ep contract.Endpoint) []listing {
	if len(t.r.prof.Templates.Items) == 0 {
		return nil
	}
	return t.listings(ep)
}

// inOffset writes the instant of s (RFC 3339, or a form the profile
// took from the target, read as UTC+08:00) in loc, RFC 3339; "" when s
// is a whole day (a day's bound is the kit's reading, not an instant).
func inOffset(s string, loc *time.Location) string {
	at, err := time.Parse(time.RFC3339, s)
	if err != nil {
		at, err = time.ParseInLocation(time.DateTime, s, contract.Zone)
	}
	if err != nil {
		return ""
	}
	if loc == time.UTC {
		return at.UTC().Format("2006-01-02T15:04:05Z")
	}
	return at.In(loc).Format(time.RFC3339)
}

func relCursorWindow(t *T) {
	ls := append(t.listings(contract.TemplatesList), t.listingsOrNone(contract.ListQrcodes)...)
	// turns: each windowed listing's place among its endpoint's, which
	// turns the forms sameInstants writes over them.
	turns, seen := make([]int, len(ls)), map[string]int{}
	for i, l := range ls {
		if l.window != nil {
			turns[i] = seen[l.ep.Name]
			seen[l.ep.Name]++
		}
	}
	var windows atomic.Int64 // branches count side by side
	t.each(len(ls), func(t *T, i int) {
		l := ls[i]
		if l.window == nil {
			return
		}
		windows.Add(1)
		size := contract.TemplatesMaxPageSize
		win := withMember(withMember(l.filter, "start_time", l.window.Start), "end_time", l.window.End)
		ws := []walk{
			t.walkCursor(l.ep, "read", l.filter, size),
			t.walkCursor(l.ep, "read", withMember(l.filter, "start_time", l.window.Start), size),
			t.walkCursor(l.ep, "read", withMember(l.filter, "end_time", l.window.End), size),
			t.walkCursor(l.ep, "read", win, l.pageSize()),
		}
		all, start, end, both := ws[0], ws[1], ws[2], ws[3]
		for _, w := range ws {
			if w.broken != "" {
				return
			}
		}
		// Every filtered walk holds its own total on every page (§4.4:
		// every item that matches the filter).
		for j, w := range ws[1:] {
			t.totalHolds(w, fmt.Sprintf("%s with %s", l.name, []string{"start_time alone", "end_time alone", "the window"}[j]))
		}
		t.subsetOf(start, all, l.key, l.name+" start_time "+l.window.Start)
		t.subsetOf(end, all, l.key, l.name+" end_time "+l.window.End)
		inStart, inEnd := setOf(itemKeys(start, l.key)), setOf(itemKeys(end, l.key))
		var inter []string
		for _, k := range itemKeys(all, l.key) {
			switch {
			case inStart[k] && inEnd[k]:
				inter = append(inter, k)
			case !inStart[k] && !inEnd[k]:
				t.Errorf(end.last, "%s: %s %s is left out by start_time %s alone and by end_time %s alone: every item is on one side of a bound", l.name, l.key, k, l.window.Start, l.window.End)
			}
		}
		if got := itemKeys(both, l.key); !sameSet(got, inter) {
			t.errorfPair(firstPage(both), firstPage(start), "%s: the window gives %d items; start_time alone and end_time alone have %d in common", l.name, len(got), len(inter))
		}
		t.sameInstants(l, turns[i], start, all)
		t.byTemplateURL(l, win, both)
	})
	if windows.Load() == 0 && !t.failed() {
		t.Skipf("the profile gives no time window")
	}
}

// sameInstants: the window with its end written as the date of its last
// day and its start written again in another form (windowForms: RFC 3339
// in UTC, at -05:30, or without zone, read in UTC+08:00, §1.3; the form
// turning over the listings of the endpoint from where the seed says),
// on every windowed listing, beside that date alone as end_time: a date
// as an end is read to its last second or from its first (§C5), either
// reading the service's, but one reading whether the other bound is
// given or not, so the window is exactly what the start alone (the same
// instant as written in the profile) and the date alone select in common
// (the model of relation.time.windows). A time without zone and a date
// are the kit's forms (§C5): a refusal of them is noted; the walks judged
// hold their total on every page, their items the unfiltered walk's.
func (t *T) sameInstants(l listing, turn int, start, all walk) {
	form := windowForms[(pick(t.runSeed(), "cursor window form "+l.ep.Name, len(windowForms))+turn)%len(windowForms)]
	s := form.write(l.window.Start, false)
	if s == "" {
		s = l.window.Start // a date names a day: as the profile writes it
	}
	day := windowEndDay(l.window)
	if day == "" {
		return
	}
	whatBoth := fmt.Sprintf("%s from %s (%s) to %s (the date of the window's end)", l.name, s, form.name, day)
	whatEnd := fmt.Sprintf("%s with end_time %s (the date of the window's end) alone", l.name, day)
	ws := make([]walk, 2)
	t.each(2, func(t *T, i int) {
		f := withMember(l.filter, "end_time", day)
		if i == 0 {
			f = withMember(f, "start_time", s)
		}
		ws[i] = t.walkCursor(l.ep, "read", f, contract.TemplatesMaxPageSize)
	})
	both, end := ws[0], ws[1]
	if t.windowRefused(both, whatBoth) || t.windowRefused(end, whatEnd) {
		return
	}
	t.subsetOf(both, all, l.key, whatBoth)
	t.subsetOf(end, all, l.key, whatEnd)
	inEnd := setOf(itemKeys(end, l.key))
	var want []string
	for _, k := range itemKeys(start, l.key) {
		if inEnd[k] {
			want = append(want, k)
		}
	}
	if got := itemKeys(both, l.key); !sameSet(got, want) {
		t.errorfPair(firstPage(both), firstPage(end), "%s gives %d items; start_time %s alone and the date alone have %d in common (one reading of the date whether the start is given or not, §C5): %s", whatBoth, len(got), l.window.Start, len(want), diffKeys(sortedKeys(want), sortedKeys(got)))
	}
}

// windowRefused says a walk of sameInstants is not to be judged further:
// refused on its first page (a date or a time without zone is the kit's
// form, §C5: noted) or broken on a later one (the paging checks say so).
// A served walk holds its total on every page.
func (t *T) windowRefused(w walk, what string) bool {
	if w.broken != "" && len(w.pages) == 1 {
		t.Notef("%s is not accepted (the kit's choice, §C5)", what)
		return true
	}
	t.examinedWalks(w)
	t.totalHolds(w, what)
	return w.broken != ""
}

// windowForms are the forms a window's start is written in again: in
// UTC, west of UTC, and without zone (in UTC+08:00). write gives "" for
// a bound it cannot read or that is a date (a day, not an instant).
var windowForms = []struct {
	name  string
	write func(bound string, end bool) string
}{
	{"RFC 3339 in UTC", func(b string, _ bool) string { return inOffset(b, time.UTC) }},
	{"RFC 3339 at -05:30", func(b string, _ bool) string { return inOffset(b, time.FixedZone("", -5*3600-30*60)) }},
	{"without zone", func(b string, end bool) string {
		at, ok := readBound(b, end)
		if !ok || inOffset(b, time.UTC) == "" {
			return ""
		}
		return writeTime(at, nil)
	}},
}

// windowEndDay is the date of w's end in UTC+08:00 ("" when unread).
func windowEndDay(w *profile.Window) string {
	e, ok := readBound(w.End, true)
	if !ok {
		return ""
	}
	return time.Unix(e, 0).In(contract.Zone).Format(time.DateOnly)
}

// byTemplateURL: listQrcodes of a template by its full URL, window
// included, lists what its coding lists.
func (t *T) byTemplateURL(l listing, win map[string]any, base walk) {
	if l.ep != contract.ListQrcodes {
		return
	}
	for _, tp := range t.r.prof.Templates.Items {
		if tp.Coding != l.filter["template"] || tp.URL == "" {
			continue
		}
		w := t.walkCursor(l.ep, "read", withMember(win, "template", tp.URL), l.pageSize())
		if w.broken == "" {
			t.sameSequence(base, w, l.key, fmt.Sprintf("template %s by its URL, with the window, against by its coding", tp.Coding))
		}
	}
}

func setOf(keys []string) map[string]bool {
	out := make(map[string]bool, len(keys))
	for _, k := range keys {
		out[k] = true
	}
	return out
}

// tenancyRecords is how many profile records relation.tenancy reads in
// every format and by every address with the other organization's key.
const tenancyRecords = 3

// relTenancy: another organization's key, through every filter and
// address the profile gives, sees nothing of ours.
func relTenancy(t *T) {
	if !t.hasKey("other_org") {
		t.Skipf("needs keys.other_org")
		return
	}
	p := t.r.prof
	var filters []map[string]any
	for _, n := range p.Forms.Numbers {
		filters = append(filters, map[string]any{"number": n})
	}
	for _, s := range p.Forms.Searches {
		filters = append(filters, map[string]any{"search_key": s.Key})
	}
	ours := idStrings(p.Forms.IDs)
	// The jobs that may see what the writes change (the form listings,
	// the records they move) run first: the check lets the writes go
	// before the others (gate.go).
	var jobs []func(t *T)
	var sees []bool
	for _, f := range filters {
		jobs = append(jobs, func(t *T) {
			t.noneListed(t.walkForms("other_org", f), "id", ours, fmt.Sprintf("another organization's key with %v", f))
		})
		sees = append(sees, true)
	}
	// Each record in every format, by one address a format, turning over
	// the addresses with the seed and the record, so that every record
	// and every format goes by both addresses on every run (and every
	// triple over runs); by id alone where the record has no URL.
	turnA := pick(t.runSeed(), "relation.tenancy addresses", 2)
	for ri, rec := range p.Records[:min(len(p.Records), tenancyRecords)] {
		for fi, f := range contract.Formats {
			for ai, by := range []map[string]any{{"record_id": rec.ID}, {"record_url": rec.URL}} {
				if by["record_url"] == "" || rec.URL != "" && (ri+fi+ai+turnA)%2 != 0 {
					continue
				}
				body := withMember(by, "format", f.Name)
				jobs = append(jobs, func(t *T) {
					t.refused(t.post(contract.GetRecord, "other_org", body), contract.GetRecord, fmt.Sprintf("record %v with another organization's key", body))
				})
				sees = append(sees, t.r.gate.seesMoved(contract.GetRecord.Name, body))
			}
		}
	}
	cursor := t.cursorTenancy() // template listings: no write changes them
	jobs = append(jobs, cursor...)
	sees = append(sees, make([]bool, len(cursor))...)
	for _, j := range t.addressJobs() { // held as any read of a record would be
		jobs = append(jobs, j)
		sees = append(sees, true)
	}
	if len(jobs) == 0 {
		t.Skipf("the profile gives no filter or address of ours")
		return
	}
	t.eachHeld(len(jobs), func(i int) bool { return i < len(sees) && sees[i] }, func(t *T, i int) { jobs[i](t) })
}

// cursorTenancy is every way another organization's key can ask a cursor
// listing for what is ours: each listing of the profile with no bound,
// each bound alone and both (the profile's window), each by one address
// of its template (coding, full URL; turning over the bounds with the
// seed, so that both go every run and every pair over runs: the address
// and the bound are read apart, and a listing without a window goes by
// both), and with the page token the read key got for it; each answer
// shows nothing of ours. A templates/list page is a
// list of the key's own; a listQrcodes of our template is no success
// (§4.5: 404, or, with our page token, any error: the order of the checks
// is the service's).
func (t *T) cursorTenancy() []func(t *T) {
	var codings []string
	urls := map[string]string{}
	for _, tp := range t.r.prof.Templates.Items {
		codings = append(codings, tp.Coding)
		urls[tp.Coding] = tp.URL
	}
	ask := func(l listing, body map[string]any, what string, mine []string) func(t *T) {
		return func(t *T) { t.otherSees(l, t.post(l.ep, "other_org", body), what, append(mine, codings...)) }
	}
	var jobs []func(t *T)
	for li, l := range append(t.listingsOrNone(contract.TemplatesList), t.listingsOrNone(contract.ListQrcodes)...) {
		addresses := []map[string]any{l.filter}
		if u := urls[fmt.Sprint(l.filter["template"])]; l.ep == contract.ListQrcodes && u != "" {
			addresses = append(addresses, withMember(l.filter, "template", u))
		}
		bounds := []map[string]any{{}}
		if w := l.window; w != nil {
			bounds = append(bounds, map[string]any{"start_time": w.Start}, map[string]any{"end_time": w.End}, map[string]any{"start_time": w.Start, "end_time": w.End})
		}
		turn := pick(t.runSeed(), "relation.tenancy bounds "+l.name, len(addresses))
		for ai, a := range addresses {
			for bi, b := range bounds {
				if len(bounds) > 1 && (ai+bi+turn)%len(addresses) != 0 {
					continue // one address a bound, turning over both with the seed
				}
				body := withMember(a, "page_size", contract.TemplatesMaxPageSize)
				for k, v := range b {
					body[k] = v
				}
				jobs = append(jobs, ask(l, body, fmt.Sprintf("with %v", body), nil))
			}
		}
		// The read key's token for its second page of one item: what the
		// other key gets with it shares nothing with what the read key
		// gets (two requests deep, whatever the length of the walk).
		jobs = append(jobs, func(t *T) {
			first := withMember(l.filter, "page_size", 1)
			tok, _ := nextToken(t.post(l.ep, "read", first)).(string)
			if tok == "" {
				return
			}
			body := withMember(first, "page_token", tok)
			n, theirs := 2, t.theirTemplate(l, li)
			if theirs != nil {
				theirs["page_token"] = tok
				n = 3
			}
			var xs [3]*Exchange
			roles := [3]string{"read", "other_org", "other_org"}
			bodies := [3]map[string]any{body, body, theirs}
			t.each(n, func(t *T, i int) { xs[i] = t.post(l.ep, roles[i], bodies[i]) })
			var own walk
			own.add(xs[0])
			mine := append(itemKeys(own, l.key), codings...)
			t.otherSees(l, xs[1], "with the read key's page token", mine)
			if theirs != nil {
				t.otherSeesOwn(l, xs[2], fmt.Sprintf("with its own template %v and the read key's page token", theirs["template"]), mine)
			}
		})
	}
	return jobs
}

// theirTemplate is, for a listQrcodes listing (the li-th the run
// walks), the body of its first page of one item with the listing's
// template swapped for one of the other organization's own
// (foreign.codings; which one turns with the seed and the listing, so
// the run's listings together send every one): a page token names a
// walk of ours, and beside a template the other key may list it must
// be refused or continue that key's own walk, never ours (§4.5, §5).
// nil for templates/list, which takes no template, or without codings.
func (t *T) theirTemplate(l listing, li int) map[string]any {
	cs := t.r.prof.Foreign.Codings
	if l.ep != contract.ListQrcodes || len(cs) == 0 {
		return nil
	}
	c := cs[(pick(t.runSeed(), "tenancy token template", len(cs))+li)%len(cs)]
	return withMember(withMember(l.filter, "template", c), "page_size", 1)
}

// otherSeesOwn fails when another organization's answer x of a listing
// of its own shows any of mine: an error is its to give (our token is
// no token of its walk), a success lists only its own.
func (t *T) otherSeesOwn(l listing, x *Exchange, what string, mine []string) {
	obj, _ := x.Doc.(map[string]any)
	if code, ok := intOf(obj["code"]); !ok || code != 0 {
		return // the rules over every answer judge the error's shape
	}
	var w walk
	if w.add(x); w.broken == "" {
		t.noneListed(w, l.key, mine, fmt.Sprintf("another organization's key, %s %s", l.name, what))
	}
}

// otherSees fails when another organization's answer x of a listing
// shows any of mine: a listQrcodes of our template is no success, a
// templates/list page lists none of them.
func (t *T) otherSees(l listing, x *Exchange, what string, mine []string) {
	who := fmt.Sprintf("another organization's key, %s %s", l.name, what)
	if l.ep == contract.ListQrcodes {
		t.refused(x, l.ep, who)
		return
	}
	var w walk
	if w.add(x); w.broken == "" {
		t.noneListed(w, l.key, mine, who)
	}
}

// nextToken is the next_page_token of one page.
func nextToken(x *Exchange) any {
	obj, _ := x.Doc.(map[string]any)
	data, _ := obj["data"].(map[string]any)
	return data["next_page_token"]
}

// relAfterWrites: after the writes, each record the run read reads the
// same as before them, except, on a record the writes may have moved,
// what a verify may change (contract.MoveMayChange: the members that show
// its status or its history, a field that shows the status, and fields a move adds).
func relAfterWrites(t *T) {
	recs := t.r.prof.Records
	if !t.r.opts.AllowWrites || len(recs) == 0 {
		t.Skipf("no writes ran (--allow-writes) or the profile lists no records")
		return
	}
	moved := t.movedRecords()
	// The look, each record, and each moved record with another
	// organization's key need nothing of each other: one round of
	// branches, merged in that order.
	t.each(1+len(recs)+len(moved), func(t *T, i int) {
		switch {
		case i == 0:
			t.afterFirstMove()
		case i <= len(recs):
			// Read in the default format: the same record before the
			// writes in explicit json, a record no write moved reads
			// alike member by member (a default is its explicit value,
			// cells.go).
			rec := recs[i-1]
			before := t.getRecord(map[string]any{"record_id": rec.ID, "format": "json"})
			after := t.post(contract.GetRecord, "read", map[string]any{"record_id": rec.ID})
			t.sameAfter(rec.ID, before, after, t.r.gate.movedRecord(rec.ID), "after the writes, in the default format,")
		default:
			t.stayOurs(moved[i-1-len(recs)])
		}
	})
}

// afterFirstMove judges the read right after the run's first move, before
// any reset, and what was read around it (lookAround).
func (t *T) afterFirstMove() {
	l := t.r.moves.look()
	if l == nil {
		return
	}
	body := l.x.Params()
	id, _ := intOf(body["record_id"])
	t.sameAfter(id, t.getRecord(map[string]any{"record_id": id, "format": "json"}), l.x, true, "right after its move")
	t.afterLook(l, id)
}

// movedRecords are the records a write may have moved (the profile's and
// the cases' credentials), when another organization's key can be asked
// for them (stayOurs).
func (t *T) movedRecords() []int64 {
	if !t.hasKey(profile.RoleOtherOrg) {
		return nil
	}
	var moved []int64
	for _, id := range t.r.knownRecords() {
		if t.r.gate.movedRecord(id) {
			moved = append(moved, id)
		}
	}
	return moved
}

// stayOurs: after the writes, a record a write may have moved is still
// none of another organization's business: its key reads none of it.
func (t *T) stayOurs(id int64) {
	x := t.post(contract.GetRecord, profile.RoleOtherOrg, map[string]any{"record_id": id})
	if payloadOf(x) != nil {
		t.Errorf(x, "record %d: after the writes, another organization's key reads it", id)
	}
}

// sameAfter fails for each member of a record that reads differently
// after writes than before them, save what a verify may change on a
// record it moved.
func (t *T) sameAfter(id int64, before, after *Exchange, moved bool, when string) {
	a, b := t.success(before, responseFile(contract.GetRecord)), t.success(after, responseFile(contract.GetRecord))
	if a == nil || b == nil {
		return
	}
	pa, _ := a["data"].(map[string]any)
	pb, _ := b["data"].(map[string]any)
	names := statusNames(t.r.prof)
	for _, k := range slices.Sorted(maps.Keys(keySetOf(pa, pb))) {
		if reflect.DeepEqual(pa[k], pb[k]) || moved && (contract.MoveMayChange(k) || showsStatusOnly(pa[k], pb[k], names)) {
			continue
		}
		why := "no write of the run names it"
		if moved {
			why = "a verify changes its status, not this"
		}
		t.errorfPair(after, before, "record %d: %s changed %s (%s)", id, k, when, why)
	}
}

// showsStatusOnly says whether a and b differ only inside objects that
// show a certificate status before and after, or in fields b adds: a
// member of such an object (one holding a status name of the profile's
// flows as a string member on both sides, as a radio field's value
// {option_text, option_id} or a field whose value is the status) may
// change with a move, and a move may add fields (addsFieldsOnly). §C6
// leaves how getRecord shows a move to the service ("a real service
// that shows it otherwise is not failed"): process_status and
// state_changes are one form of it, a field of the record another.
func showsStatusOnly(a, b any, names map[string]bool) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			return false
		}
		shown := namesStatus(x, names) && namesStatus(y, names)
		for k := range keySetOf(x, y) {
			if !reflect.DeepEqual(x[k], y[k]) && !shown && !showsStatusOnly(x[k], y[k], names) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok {
			return false
		}
		if len(x) != len(y) {
			return addsFieldsOnly(x, y, names)
		}
		for i := range x {
			if !reflect.DeepEqual(x[i], y[i]) && !showsStatusOnly(x[i], y[i], names) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a, b)
}

// addsFieldsOnly says whether b is a with fields added (§C6: how a
// record shows a move is the service's, and a field that records it,
// the terminal or the operator that redeemed the credential, is one
// way): every element of a is in b, in its order, as it was or
// differing as showsStatusOnly allows, and every other element of b is
// a field (isField) whose field_id no element of a has.
func addsFieldsOnly(a, b []any, names map[string]bool) bool {
	if len(b) < len(a) {
		return false
	}
	ids := map[string]bool{}
	for _, e := range a {
		if m, isObject := e.(map[string]any); isObject && isField(m) {
			ids[fmt.Sprint(m["field_id"])] = true
		}
	}
	i := 0
	for _, e := range b {
		if i < len(a) && (reflect.DeepEqual(a[i], e) || showsStatusOnly(a[i], e, names)) {
			i++
			continue
		}
		if m, isObject := e.(map[string]any); !isObject || !isField(m) || ids[fmt.Sprint(m["field_id"])] {
			return false
		}
	}
	return i == len(a)
}

// statusNames are the names of every status of the profile's flows.
func statusNames(p *profile.Profile) map[string]bool {
	out := map[string]bool{}
	for _, f := range p.Flows {
		for _, st := range f.Statuses {
			out[st.Name] = true
		}
	}
	return out
}

// namesStatus says whether one of m's members is a status name.
func namesStatus(m map[string]any, names map[string]bool) bool {
	for _, v := range m {
		if s, ok := v.(string); ok && names[s] {
			return true
		}
	}
	return false
}

func keySetOf(ms ...map[string]any) map[string]bool {
	out := map[string]bool{}
	for _, m := range ms {
		for k := range m {
			out[k] = true
		}
	}
	return out
}

// verifyAddress is one verify of relation.verify.address.
type verifyAddress struct {
	role, object, address string
	certificate           string
	tpl                   bool
	x                     *Exchange
}

// relVerifyAddress: a credential addressed by its code or by its full
// URL gets the same answer, with the read key and another organization's
// key, with its own tpl_id or without; so does a code no record has, with
// the write key too, and a record of the other organization, with the
// write and the read keys. Under another origin the run knows (the
// address dimension, relations_address.go) a URL gets what its object
// gets by its code or what a code no record has gets: the whole URL or
// its path decides, as the service does. Every body asserts a current
// status no record has (neverStatus), and the write key names no
// credential of ours, so that nothing moves even on a target that
// ignores from_certificate_status.
func relVerifyAddress(t *T) {
	code, rec, ok := t.addressable()
	if !ok {
		t.Skipf("needs a case with its record_id whose record getRecord reads")
		return
	}
	const ours, none, theirs = "our credential", "a code no record has", "the other organization's record"
	objects := map[string][2]string{
		ours: {code, rec.URL},
		none: {probeCode, urlOfNone(rec, code)},
	}
	names := []string{ours, none}
	if their := t.theirRecord(); their.code != "" {
		objects[theirs] = [2]string{their.code, their.url}
		names = append(names, theirs)
	}
	origins := t.origins(rec.URL)
	var all []*verifyAddress
	for _, role := range []string{"write", "read", "other_org"} {
		if !t.hasKey(role) {
			continue
		}
		for _, object := range names {
			// The write key's verify of our credential is a write
			// on a target that ignores from_certificate_status:
			// the read phase sends it only keys that cannot move it.
			// The other organization's key is not judged on its own.
			if role == "write" && object == ours || role == "other_org" && object == theirs {
				continue
			}
			addresses := []verifyAddress{{address: "code", certificate: objects[object][0]}, {address: "URL", certificate: objects[object][1]}}
			if object != none {
				for _, r := range elsewhere(objects[object][1], origins) {
					addresses = append(addresses, verifyAddress{address: "URL under " + r.under, certificate: r.url})
				}
			}
			for _, a := range addresses {
				for _, tpl := range []bool{false, true} {
					if tpl && (rec.FormID == nil || object != ours || a.address != "code" && a.address != "URL") {
						continue
					}
					all = append(all, &verifyAddress{role: role, object: object, address: a.address, certificate: a.certificate, tpl: tpl})
				}
			}
		}
	}
	// URLs of other kinds of objects (a QR code's, a template's, the
	// other organization's QR code's) name no credential, under any
	// origin: with the write key, the one key that could move what they
	// named, they get what a code no record has gets.
	if t.hasKey(profile.RoleWrite) {
		for _, u := range t.urlsNamingNo(urlOfRecord, rec) {
			for _, r := range everywhere(u.url, origins) {
				all = append(all, &verifyAddress{role: profile.RoleWrite, object: "the URL of " + u.what, address: "URL under " + r.under, certificate: r.url})
			}
		}
	}
	bodies := make([]map[string]any, len(all))
	for i, v := range all {
		bodies[i] = map[string]any{"certificate_code": v.certificate, "action_type": contract.ActionNextStatus, "from_certificate_status": neverStatus}
		if v.tpl {
			bodies[i]["tpl_id"] = *rec.FormID
		}
	}
	t.each(len(all), func(t *T, i int) { all[i].x = t.post(contract.Verify, all[i].role, bodies[i]) })
	base := map[string]*verifyAddress{}
	for _, v := range all {
		if v.address == "code" && !v.tpl {
			base[v.role+" "+v.object] = v
		}
	}
	for _, v := range all {
		t.r.answers.examined(t.statementIDs(), v.x)
		b := base[v.role+" "+v.object]
		_, credential := objects[v.object]
		if !credential {
			b = base[v.role+" "+none] // a URL of no credential: as a code no record has
		}
		if b == nil || b == v {
			continue
		}
		got, want := answerCode(v.x), answerCode(b.x)
		if got == want {
			continue
		}
		if !credential {
			t.errorfPair(v.x, b.x, "verify with the %s key of %s (%s) answers %s; it names no credential, and a code no record has answers %s", v.role, v.object, v.address, got, want)
			continue
		}
		what := "by its " + v.address
		if v.tpl {
			what = "with its own tpl_id"
		}
		if n := base[v.role+" "+none]; strings.HasPrefix(v.address, "URL under") && n != nil && n != b {
			if got == answerCode(n.x) {
				continue // the whole URL decides, and it names no record
			}
			t.errorfPair(v.x, b.x, "verify of %s with the %s key %s answers %s; by its code it answers %s, and a code no record has %s", v.object, v.role, what, got, want, answerCode(n.x))
			continue
		}
		t.errorfPair(v.x, b.x, "verify of %s with the %s key %s answers %s; by its code it answers %s", v.object, v.role, what, got, want)
	}
}

// answerCode is an answer's code and error_code, for comparing answers.
func answerCode(x *Exchange) string {
	if x.Err != nil {
		return "no answer"
	}
	obj, _ := x.Doc.(map[string]any)
	return fmt.Sprintf("code %v error_code %v", obj["code"], obj["error_code"])
}

// addressable is a credential of a case and its record: the same
// credential by its code and by its record's full URL. The URL is the
// profile's, or the record_url getRecord gives for the case's record_id;
// the form is the case's or the profile record's.
func (t *T) addressable() (string, profile.Record, bool) {
	for _, c := range t.r.prof.Cases {
		if c.Code == "" || c.RecordID == 0 || strings.Contains(c.Code, "/") {
			continue
		}
		rec := profile.Record{ID: c.RecordID}
		for _, r := range t.r.prof.Records {
			if r.ID == c.RecordID {
				rec = r
			}
		}
		if rec.URL == "" {
			payload, _ := t.recordPayload(rec)
			rec.URL, _ = payload["record_url"].(string)
		}
		if rec.FormID == nil && c.FormID != 0 {
			id := c.FormID
			rec.FormID = &id
		}
		if rec.URL != "" {
			return c.Code, rec, true
		}
	}
	return "", profile.Record{}, false
}

// urlOfNone is a URL like rec's that names no record.
func urlOfNone(rec profile.Record, code string) string {
	if strings.HasSuffix(rec.URL, "/"+code) {
		return strings.TrimSuffix(rec.URL, code) + probeCode
	}
	return rec.URL + "-" + probeCode
}
