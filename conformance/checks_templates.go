package conformance

import (
	"fmt"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// listing is one cursor listing to walk: templates/list once, or the
// sub-codes of one template.
type listing struct {
	ep     contract.Endpoint
	name   string
	filter map[string]any
	key    string // member that identifies an item
	total  *int   // from the profile, when known
	window *profile.Window
	// sampled says the listing is of a template the profile does not
	// list (unprofiledTemplates): only its schema is walked, at the
	// maximum page size.
	sampled bool
}

// unprofiledWalks is how many templates the profile does not list the
// read key walks the sub-codes of on one run (listQrcodes.schema), and
// the other organization's key asks for (auth.otherOrg.listQrcodes).
const unprofiledWalks = 2

// listings returns what a cursor check walks for ep: templates/list once,
// listQrcodes once per profile template.
func (t *T) listings(ep contract.Endpoint) []listing {
	p := t.r.prof
	var out []listing
	if ep == contract.TemplatesList {
		out = []listing{{ep: ep, name: contract.TemplatesList.Name, filter: map[string]any{}, key: "coding", total: p.Templates.Total, window: p.Templates.Window}}
	}
	for _, tp := range p.Templates.Items {
		if ep != contract.ListQrcodes {
			break
		}
		out = append(out, listing{ep: ep, name: "listQrcodes " + tp.Coding, filter: map[string]any{"template": tp.Coding},
			key: "coding", total: tp.SubCodes, window: tp.Window})
	}
	if len(out) == 0 {
		t.Skipf("the profile lists no templates")
	}
	for i := range out {
		out[i].window = t.servedWindow(out[i]) // a bound's form it refuses, written RFC 3339 (windowforms.go)
	}
	return out
}

func cursorCheck(ep contract.Endpoint, suffix, section string, sev Severity, f func(t *T, l listing)) Check {
	prefix := map[string]string{contract.TemplatesList.Name: "templates.", contract.ListQrcodes.Name: "listQrcodes."}[ep.Name]
	return Check{ID: prefix + suffix, Endpoint: ep.Name, Section: section, Severity: sev, run: func(t *T) {
		ls := t.listings(ep)
		if ep == contract.ListQrcodes && suffix == "schema" {
			ls = append(ls, t.unprofiledListings()...)
		}
		t.each(len(ls), func(t *T, i int) { f(t, ls[i]) })
		if t.noWindow > 0 && t.noWindow == len(ls) && !t.failed() {
			t.Skipf("the profile gives no time window")
		}
	}}
}

// unprofiledListings are the sub-codes of a few templates of ours the
// profile does not list (unprofiledTemplates): the templates listing
// gives more than the profile names, and every listing is the
// contract's. Each is walked at the maximum page size for its schema,
// its disjoint pages and its total.
func (t *T) unprofiledListings() []listing {
	var out []listing
	for _, c := range t.unprofiledTemplates("walk", unprofiledWalks) {
		out = append(out, listing{ep: contract.ListQrcodes, name: "listQrcodes " + c + " (a template the profile does not list)",
			filter: map[string]any{"template": c}, key: "coding", sampled: true})
	}
	return out
}

func templateChecks() []Check {
	var out []Check
	for _, ep := range []contract.Endpoint{contract.TemplatesList, contract.ListQrcodes} {
		out = append(out,
			cursorCheck(ep, "schema", ep.Section, Must, checkCursorSchema),
			cursorCheck(ep, "walk.disjoint", ep.Section, Must, checkCursorDisjoint),
			cursorCheck(ep, "walk.total", ep.Section, Must, checkCursorTotal),
			cursorCheck(ep, "walk.lastToken", ep.Section, Must, checkCursorLastToken),
			cursorCheck(ep, "walk.max", "8", Must, checkCursorMax),
			cursorCheck(ep, "walk.boundary", "8", Must, checkCursorBoundary),
			cursorCheck(ep, "time.window", ep.Section, Must, checkCursorWindow),
			cursorCheck(ep, "time.bounds", ep.Section, Must, checkCursorBounds),
		)
	}
	return append(out,
		Check{ID: "templates.error.shape", Endpoint: contract.TemplatesList.Name, Section: "4.4", Severity: Must, run: checkTemplatesErrorShape},
		Check{ID: "listQrcodes.byUrl", Endpoint: contract.ListQrcodes.Name, Section: "4.5", Severity: Must, run: checkQrcodesByURL},
		Check{ID: "listQrcodes.unknown", Endpoint: contract.ListQrcodes.Name, Section: "4.5", Severity: Must, run: checkQrcodesUnknown},
		Check{ID: "listQrcodes.error.missing", Endpoint: contract.ListQrcodes.Name, Section: "4.5", Severity: Must, run: checkQrcodesMissing},
	)
}

// pageSize is small enough that a walk has several pages, large enough
// that a long list does not cost a request per two items.
func (l listing) pageSize() int {
	if l.sampled {
		return contract.TemplatesMaxPageSize
	}
	if l.total != nil && *l.total > 20 {
		return 10
	}
	return 2
}

func checkCursorSchema(t *T, l listing) {
	w := t.walkCursor(l.ep, "read", l.filter, l.pageSize())
	if t.pagesValid(w, l.ep) && l.sampled {
		t.disjoint(w, l.key, l.name)
		t.totalHolds(w, l.name)
	}
}

func checkCursorDisjoint(t *T, l listing) {
	w := t.walkCursor(l.ep, "read", l.filter, l.pageSize())
	if t.pagesValid(w, l.ep) {
		t.disjoint(w, l.key, fmt.Sprintf("%s page_size %d", l.name, l.pageSize()))
	}
}

func checkCursorTotal(t *T, l listing) {
	w := t.walkCursor(l.ep, "read", l.filter, l.pageSize())
	if !t.pagesValid(w, l.ep) {
		return
	}
	t.totalHolds(w, fmt.Sprintf("%s page_size %d", l.name, l.pageSize()))
	if l.total != nil && len(w.totals) > 0 && w.totals[0] != int64(*l.total) {
		t.Errorf(w.pages[0], "%s: total is %d, the profile says %d", l.name, w.totals[0], *l.total)
	}
	big := t.walkCursor(l.ep, "read", l.filter, contract.TemplatesMaxPageSize)
	if t.pagesValid(big, l.ep) && len(big.totals) > 0 && len(w.totals) > 0 && big.totals[0] != w.totals[0] {
		t.Errorf(big.pages[0], "%s: total is %d with page_size 100 but %d with page_size %d", l.name, big.totals[0], w.totals[0], l.pageSize())
	}
}

func checkCursorLastToken(t *T, l listing) {
	for _, size := range []int{l.pageSize(), contract.TemplatesMaxPageSize} {
		w := t.walkCursor(l.ep, "read", l.filter, size)
		if !t.pagesValid(w, l.ep) {
			continue
		}
		if w.broken != "" {
			t.Errorf(w.last, "%s page_size %d: %s", l.name, size, w.broken)
		} else if w.endToken != nil {
			t.Errorf(w.last, "%s page_size %d: next_page_token is not null on the last page", l.name, size)
		}
	}
	// An empty result is a last page too.
	f := copyMap(l.filter)
	f["start_time"], f["end_time"] = "2000-01-01T00:00:00+08:00", "2000-01-02T00:00:00+08:00"
	w := t.walkCursor(l.ep, "read", f, l.pageSize())
	if t.pagesValid(w, l.ep) && len(w.items) == 0 && w.endToken != nil {
		t.Errorf(w.last, "%s: empty result, next_page_token is not null", l.name)
	}
	if len(w.items) == 0 && len(w.totals) > 0 && w.totals[0] != 0 {
		t.Errorf(w.pages[0], "%s: empty result, total is %d, not 0", l.name, w.totals[0])
	}
}

func copyMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m)+2)
	for k, v := range m {
		out[k] = v
	}
	return out
}

func checkCursorMax(t *T, l listing) {
	f := copyMap(l.filter)
	f["page_size"] = 1000
	x := t.post(l.ep, "read", f)
	if t.refusedOverMax(x, l.ep) {
		return
	}
	data := t.success(x, responseFile(l.ep))
	if data == nil {
		return
	}
	if list, _ := data["list"].([]any); len(list) > contract.TemplatesMaxPageSize {
		t.Errorf(x, "%s page_size 1000: %d items on one page, the maximum is %d", l.name, len(list), contract.TemplatesMaxPageSize)
	}
}

// checkCursorBoundary: the maximum page_size itself (100) is served, with
// up to 100 items on the first page; one past it (101) is clamped or
// refused (docs/contract.md §8).
func checkCursorBoundary(t *T, l listing) {
	max := contract.TemplatesMaxPageSize
	f := copyMap(l.filter)
	f["page_size"] = max
	x := t.post(l.ep, "read", f)
	if data := t.success(x, responseFile(l.ep)); data != nil {
		list, _ := data["list"].([]any)
		total, _ := intOf(data["total"])
		if want := min(total, int64(max)); int64(len(list)) != want {
			t.Errorf(x, "%s page_size %d (the maximum), total %d: %d items on the first page, want %d", l.name, max, total, len(list), want)
		}
	}
	f["page_size"] = max + 1
	x = t.post(l.ep, "read", f)
	if t.refusedOverMax(x, l.ep) {
		return
	}
	if data := t.success(x, responseFile(l.ep)); data != nil {
		if list, _ := data["list"].([]any); len(list) > max {
			t.Errorf(x, "%s page_size %d: %d items on one page, the maximum is %d", l.name, max+1, len(list), max)
		}
	}
}

// checkCursorBounds: each bound of the profile's window alone. Every item
// is created at or after start_time or at or before end_time, and both
// only inside the window, so the items start_time alone leaves plus those
// end_time alone leaves are all items plus the window's: a service that
// ignores either bound, or counts total without the filter, breaks it
// (docs/contract.md §4.4).
func checkCursorBounds(t *T, l listing) {
	if l.window == nil {
		t.noWindow++
		t.Notef("no time window for %s", l.name)
		return
	}
	size := contract.TemplatesMaxPageSize
	walks := []struct {
		what string
		w    walk
	}{
		{"no bound", t.walkCursor(l.ep, "read", l.filter, size)},
		{"start_time " + l.window.Start + " alone", t.walkCursor(l.ep, "read", withMember(l.filter, "start_time", l.window.Start), size)},
		{"end_time " + l.window.End + " alone", t.walkCursor(l.ep, "read", withMember(l.filter, "end_time", l.window.End), size)},
	}
	for _, w := range walks {
		if !t.pagesValid(w.w, l.ep) {
			return
		}
		t.totalHolds(w.w, l.name+" "+w.what)
	}
	all, start, end := len(walks[0].w.items), len(walks[1].w.items), len(walks[2].w.items)
	if start+end != all+l.window.Total {
		t.Errorf(walks[2].w.last, "%s: start_time alone gives %d items and end_time alone %d, all items are %d and the window %d: each bound must leave out exactly the items on its other side (%d + %d != %d + %d)",
			l.name, start, end, all, l.window.Total, start, end, all, l.window.Total)
	}
	for _, w := range walks[1:] {
		have := map[string]bool{}
		for _, it := range w.w.items {
			have[fmt.Sprint(it["coding"])] = true
		}
		for _, c := range l.window.Codings {
			if !have[c] {
				t.Errorf(w.w.last, "%s %s: %q, created inside the window, is missing", l.name, w.what, c)
				break
			}
		}
	}
}

// withMember is a copy of m with one more member.
func withMember(m map[string]any, k string, v any) map[string]any {
	out := copyMap(m)
	out[k] = v
	return out
}

func checkCursorWindow(t *T, l listing) {
	if l.window == nil {
		t.noWindow++
		t.Notef("no time window for %s", l.name)
		return
	}
	f := copyMap(l.filter)
	f["start_time"], f["end_time"] = l.window.Start, l.window.End
	w := t.walkCursor(l.ep, "read", f, l.pageSize())
	if !t.pagesValid(w, l.ep) {
		return
	}
	what := fmt.Sprintf("%s from %s to %s", l.name, l.window.Start, l.window.End)
	if len(w.totals) > 0 && w.totals[0] != int64(l.window.Total) {
		t.Errorf(w.pages[0], "%s: total is %d, the profile says %d", what, w.totals[0], l.window.Total)
	}
	if len(w.items) != l.window.Total {
		t.Errorf(w.last, "%s: the pages hold %d items, the profile says %d", what, len(w.items), l.window.Total)
	}
	if len(l.window.Codings) > 0 {
		allowed := map[string]bool{}
		for _, c := range l.window.Codings {
			allowed[c] = true
		}
		for _, it := range w.items {
			if c, _ := it["coding"].(string); !allowed[c] {
				t.Errorf(w.last, "%s: %q was created outside the window", what, c)
			}
		}
	}
}

// checkTemplatesErrorShape: a start_time that is no time at all, a value
// out of range of an ISO 8601 string, is bad request input: an error in
// templates' shape with code 400 (docs/contract.md §4.4; docs/contract.md §C1). A target
// that ignored the filter would answer a list the client did not ask for.
func checkTemplatesErrorShape(t *T) {
	x := t.post(contract.TemplatesList, "read", map[string]any{"start_time": "not-a-time"})
	obj := t.errorAnswer(x, contract.TemplatesList, `start_time "not-a-time"`)
	if c, _ := intOf(obj["code"]); obj != nil && c != 400 {
		t.Errorf(x, `start_time "not-a-time": want code 400, got %d`, c)
	}
}

func checkQrcodesByURL(t *T) {
	var pairs []addressPair
	for _, tp := range t.r.prof.Templates.Items {
		if tp.URL != "" {
			pairs = append(pairs, addressPair{contract.ListQrcodes, "template " + tp.Coding,
				map[string]any{"template": tp.Coding, "page_size": contract.TemplatesMaxPageSize},
				map[string]any{"template": tp.URL, "page_size": contract.TemplatesMaxPageSize}})
		}
	}
	t.each(2, func(t *T, i int) {
		if i == 1 {
			t.addressedAlikeByKey("listQrcodes by URL", pairs, func(x *Exchange) any {
				if l := listedOf(x); l != nil {
					return l
				}
				return nil
			})
			return
		}
		t.qrcodesByURLRead()
	})
}

// qrcodesByURLRead: the read key walks each template by its coding and by
// its URL to the same number of sub-codes.
func (t *T) qrcodesByURLRead() {
	for _, tp := range t.r.prof.Templates.Items {
		if tp.URL == "" {
			continue
		}
		a := t.walkCursor(contract.ListQrcodes, "read", map[string]any{"template": tp.Coding}, contract.TemplatesMaxPageSize)
		b := t.walkCursor(contract.ListQrcodes, "read", map[string]any{"template": tp.URL}, contract.TemplatesMaxPageSize)
		if !t.pagesValid(a, contract.ListQrcodes) || !t.pagesValid(b, contract.ListQrcodes) {
			continue
		}
		if len(a.items) != len(b.items) {
			t.Errorf(b.last, "template %s: %d sub-codes by URL, %d by coding", tp.Coding, len(b.items), len(a.items))
		}
	}
	if len(t.r.prof.Templates.Items) == 0 {
		t.Skipf("the profile lists no templates")
	}
}

// checkQrcodesUnknown: a template nobody has, one of ours by its coding
// spelt otherwise (another letter case, full width, a near form, two
// forms as people type them and one with marks, typedforms.go; its URL
// on another host or scheme, with its path in the other case, without
// its scheme, protocol-relative or with user information, spellings.go; the coding and the URL with a NUL after them, tails.go:
// identifiers are exact, §C10), and an identifier of
// another kind of object of ours
// (otherKindsFor: a sub-code's coding, a tpl_id) are 404
// (§4.5), and so are two strings a loose reading takes for absent
// (falsy.go: "0" and one the seed picks), which name no template.
func checkQrcodesUnknown(t *T) {
	templates, whats := []string{probeTemplate}, []string{}
	if items := t.r.prof.Templates.Items; len(items) > 0 {
		known := []string{}
		for _, it := range items {
			known = append(known, it.Coding)
			if it.Window != nil {
				known = append(known, it.Window.Codings...)
			}
		}
		if w := t.r.prof.Templates.Window; w != nil {
			known = append(known, w.Codings...)
		}
		templates = append(templates, foldings(items[0].Coding, setOf(known))...)
		templates = append(templates, nearForms(t.r.opts.Seed, "coding", 0, items[0].Coding, setOf(known), 1)...)
		templates = append(templates, typedOne(t.r.opts.Seed, "coding", items[0].Coding, setOf(known), 2)...)
		templates = append(templates, pastedForms(t.r.opts.Seed, "coding", items[0].Coding, setOf(known), false)...)
		templates = append(templates, markedOne(t.r.opts.Seed, "coding", items[0].Coding, setOf(known))...)
		templates = append(templates, tailStrings(t.r.opts.Seed, "template", items[0].Coding, setOf(known), 1)...)
		if u := items[0].URL; u != "" {
			templates = append(templates, urlFoldings(u, setOf(known))...)
			templates = append(templates, urlNearForms(t.r.opts.Seed, "template url", u, setOf(known), 1)...)
			templates = append(templates, pastedForms(t.r.opts.Seed, "template url", u, setOf(known), false)...)
			templates = append(templates, urlRespellings(t.r.opts.Seed, "template url", u, setOf(known), urlPerSite)...)
			templates = append(templates, tailStrings(t.r.opts.Seed, "template url", u, setOf(known), 1)...)
		}
	}
	spelt := len(templates)
	for _, id := range t.otherKindsFor("template") {
		templates = append(templates, id.v)
		whats = append(whats, id.what)
	}
	others := len(templates)
	templates = append(templates, falsyOnes(t.r.opts.Seed, "template", t.takenBy("template"), 2)...)
	t.each(len(templates), func(t *T, i int) {
		what := "unknown template"
		switch {
		case i >= others:
			what = falsyWhat("template", templates[i])
		case i >= spelt:
			what = fmt.Sprintf("template %q, %s (no template's coding)", templates[i], whats[i-spelt])
		case i > 0:
			what = fmt.Sprintf("template %q, one of ours spelt otherwise", templates[i])
		}
		t.want404(contract.ListQrcodes, t.post(contract.ListQrcodes, "read", map[string]any{"template": templates[i]}), what)
	})
}

func checkQrcodesMissing(t *T) {
	x := t.post(contract.ListQrcodes, "read", map[string]any{})
	obj := t.errorAnswer(x, contract.ListQrcodes, "template missing")
	if obj == nil {
		return
	}
	if c, _ := intOf(obj["code"]); c != 400 {
		t.Errorf(x, "template missing: want code 400, got %d", c)
	}
}
