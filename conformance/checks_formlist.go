package conformance

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

func formCheck(id, section string, sev Severity, run func(t *T)) Check {
	return Check{ID: id, Endpoint: contract.GetFormList.Name, Section: section, Severity: sev, run: run}
}

func formListChecks() []Check {
	return []Check{
		formCheck("formList.schema", "4.3", Must, checkFormSchema),
		formCheck("formList.defaults", "8", Must, checkFormDefaults),
		formCheck("formList.version", "9", Should, checkFormVersion),
		formCheck("formList.paging.disjoint", "4.3", Must, checkFormDisjoint),
		formCheck("formList.paging.total", "4.3", Must, checkFormTotal),
		formCheck("formList.paging.max", "8", Must, checkFormMax),
		formCheck("formList.paging.boundary", "8", Must, checkFormBoundary),
		formCheck("formList.paging.pastEnd", "4.3", Info, checkFormPastEnd),
		formCheck("formList.paging.lastPage", "4.3", Should, checkFormLastPage),
		formCheck("formList.filter.number", "4.3", Must, checkFormNumber),
		formCheck("formList.filter.searchKey", "4.3", Should, checkFormSearch),
		formCheck("formList.filter.both", "4.3", Should, checkFormBoth),
		formCheck("formList.filter.combined", "4.3", Must, checkFormCombined),
		formCheck("formList.iso", "1.3", Must, checkFormISO),
		formCheck("formList.texts.chinese", "1.4", Should, checkFormChinese),
		formCheck("formList.error.shape", "4.3", Must, checkFormErrorShape),
	}
}

func (t *T) firstFormPage() (map[string]any, *Exchange) {
	x := t.once("forms first page", func(t *T) any { return t.post(contract.GetFormList, "read", map[string]any{}) }).(*Exchange)
	return t.success(x, responseFile(contract.GetFormList)), x
}

func checkFormSchema(t *T) {
	t.firstFormPage()
	w := t.walkForms("read", nil)
	if !t.pagesValid(w, contract.GetFormList) {
		return
	}
	// Each form's project is the one the profile holds (held.forms):
	// an object of zero values is no project's, and none is null.
	if held := t.r.answers.env.HeldForms; len(held) > 0 {
		for _, x := range w.pages {
			doc, _ := x.Doc.(map[string]any)
			data, _ := doc["data"].(map[string]any)
			var items []map[string]any
			for _, it := range listOf(data) {
				if f, ok := it.(map[string]any); ok {
					items = append(items, f)
				}
			}
			for _, p := range rules.HeldFormProblems(items, held) {
				t.Errorf(x, "%s", p)
			}
		}
	}
}

func checkFormDefaults(t *T) {
	data, x := t.firstFormPage()
	if data == nil {
		return
	}
	page, _ := data["page"].(map[string]any)
	if cur, _ := intOf(page["current_page"]); cur != 1 {
		t.Errorf(x, "without page: current_page is %d, want 1", cur)
	}
	if per, _ := intOf(page["per_page"]); per != contract.FormListDefaultPageSize {
		t.Errorf(x, "without page_size: per_page is %d, want the default %d", per, contract.FormListDefaultPageSize)
	}
}

func checkFormVersion(t *T) {
	data, x := t.firstFormPage()
	if data != nil && data["version"] != contract.FormListVersion {
		t.Errorf(x, "data.version is %v, want %q", data["version"], contract.FormListVersion)
	}
}

func checkFormDisjoint(t *T) {
	w := t.walkForms("read", nil)
	if t.pagesValid(w, contract.GetFormList) {
		t.disjoint(w, "id", "getFormList page_size 3")
	}
}

func checkFormTotal(t *T) {
	w := t.walkForms("read", nil)
	if !t.pagesValid(w, contract.GetFormList) {
		return
	}
	t.totalHolds(w, "getFormList page_size 3")
	if want := t.r.prof.Forms.Total; want != nil && len(w.totals) > 0 && w.totals[0] != int64(*want) {
		t.Errorf(w.pages[0], "total is %d, the profile says %d forms", w.totals[0], *want)
	}
	for i, info := range w.pageInfo {
		if per, _ := intOf(info["per_page"]); per != 3 {
			t.Errorf(w.pages[i], "page_size 3: per_page is %d", per)
		}
	}
}

func checkFormMax(t *T) {
	x := t.post(contract.GetFormList, "read", map[string]any{"page_size": 100})
	if t.refusedOverMax(x, contract.GetFormList) {
		return
	}
	data := t.success(x, responseFile(contract.GetFormList))
	if data == nil {
		return
	}
	page, _ := data["page"].(map[string]any)
	if per, _ := intOf(page["per_page"]); per > contract.FormListMaxPageSize {
		t.Errorf(x, "page_size 100: per_page is %d, the maximum is %d", per, contract.FormListMaxPageSize)
	}
	if list, _ := data["list"].([]any); len(list) > contract.FormListMaxPageSize {
		t.Errorf(x, "page_size 100: %d items on one page, the maximum is %d", len(list), contract.FormListMaxPageSize)
	}
}

// checkFormPastEnd (info): what a page past last_page holds is not in the
// spec; the kit answers an empty list there (docs/contract.md §C5).
func checkFormPastEnd(t *T) {
	data, x := t.firstFormPage()
	if data == nil {
		return
	}
	page, _ := data["page"].(map[string]any)
	last, _ := intOf(page["last_page"])
	x = t.post(contract.GetFormList, "read", map[string]any{"page": last + 1})
	if data = t.success(x, responseFile(contract.GetFormList)); data == nil {
		return
	}
	if list, _ := data["list"].([]any); len(list) != 0 {
		t.Errorf(x, "page %d (past last_page %d): %d items, want []", last+1, last, len(list))
	}
}

func checkFormNumber(t *T) {
	if len(t.r.prof.Forms.Numbers) == 0 {
		t.Skipf("the profile lists no form numbers")
		return
	}
	known := map[string]bool{}
	for _, n := range t.r.prof.Forms.Numbers {
		known[n] = true
	}
	theirs := t.numberSubject(t.r.prof.Forms.Numbers)
	var filters []map[string]any
	for _, n := range t.r.prof.Forms.Numbers {
		filters = append(filters, map[string]any{"number": n})
	}
	misses := t.keyedMisses(theirs.drop, known)
	typed := typedForms(t.r.opts.Seed, "number", typedClasses, typedSpread, t.r.prof.Forms.Numbers, known)
	typed = append(typed, typedForms(t.r.opts.Seed, "number", markClasses, 1, t.r.prof.Forms.Numbers, known)...)
	for _, f := range typed {
		filters = append(filters, map[string]any{"number": f.form})
	}
	others := t.otherKindsFor("number")
	for _, v := range falsyOnes(t.r.opts.Seed, "number", t.takenBy("number"), 2) {
		others = append(others, namedID{what: "a string a loose reading takes for absent", v: v, kind: "falsy"})
	}
	for _, id := range others {
		filters = append(filters, map[string]any{"number": id.v})
	}
	missWalks := make([]walk, len(misses))
	t.each(2+len(misses), func(t *T, i int) {
		switch i {
		case 0:
			t.formWalks("read", filters...)
		case 1:
			t.theirNumber(theirs)
		default:
			m := misses[i-2]
			missWalks[i-2] = t.walkForms(m.role, map[string]any{"number": m.miss})
		}
	})
	for _, id := range others {
		w := t.walkForms("read", map[string]any{"number": id.v})
		if t.servedOrRefused(w) {
			t.onlyNumber(w, id.v, fmt.Sprintf("number %q, %s (no form number)", id.v, id.what))
		}
	}
	for _, f := range typed {
		w := t.walkForms("read", map[string]any{"number": f.form})
		if t.servedOrRefused(w) {
			t.onlyNumber(w, f.form, fmt.Sprintf("number %q (%q typed %s)", f.form, f.of, f.class))
		}
	}
	for _, n := range t.r.prof.Forms.Numbers {
		w := t.walkForms("read", map[string]any{"number": n})
		if !t.pagesValid(w, contract.GetFormList) {
			continue
		}
		if len(w.items) == 0 {
			t.Errorf(w.last, "number %q: no form, the profile says it exists", n)
		}
		t.onlyNumber(w, n, fmt.Sprintf("number %q", n))
	}
	for i, m := range misses {
		w := missWalks[i]
		if m.role != profile.RoleRead && keyRefused(w) {
			continue // a key's read scope is the service's (§5)
		}
		if t.servedOrRefused(w) {
			t.onlyNumber(w, m.miss, fmt.Sprintf("number %q (a near miss of %q)%s", m.miss, m.of, keyWhat(m.role)))
		}
	}
}

// The other organization is a subject of the number filter as ours is:
// its tenant may be served by another configuration (a database created
// later with another collation), and §4.3 holds for every key over its
// own forms. So one number of its own forms (the seed picks which, among
// those its key's unfiltered walk lists) goes with its key and must list
// exactly its forms of that number, and that number's near misses go
// with its key beside ours (a profile of two numbers or more).

// numberSubject is the other organization's number of a run and the
// index of our number whose near misses give way to its (drop, -1 when
// none).
type numberSubject struct {
	drop   int
	number string
	all    walk
}

// numberSubject picks the run's number of the other organization's, when
// the run has its key and ours has two numbers or more.
func (t *T) numberSubject(ours []string) numberSubject {
	none := numberSubject{drop: -1}
	if len(ours) < 2 || !t.hasKey(profile.RoleOtherOrg) {
		return none
	}
	all := t.walkForms(profile.RoleOtherOrg, nil)
	if all.broken != "" {
		return none
	}
	var theirs []string
	for _, it := range all.items {
		if n, _ := it["number"].(string); n != "" && !slices.Contains(theirs, n) {
			theirs = append(theirs, n)
		}
	}
	if len(theirs) == 0 {
		return none
	}
	seed := t.runSeed()
	// Our numbers keep their near misses: standing in for one of them,
	// the other organization's cost a catch of ours (a member a client
	// adds that turns the filter fuzzy showed only on them). drop stays
	// -1, at a few requests more.
	return numberSubject{drop: -1, number: theirs[pick(seed, "number subject theirs", len(theirs))], all: all}
}

// theirNumber walks, with the other organization's key, its number and
// that number's near misses, and judges them as ours are judged.
func (t *T) theirNumber(s numberSubject) {
	if s.number == "" {
		return
	}
	known := map[string]bool{}
	var want []string
	for _, it := range s.all.items {
		n, _ := it["number"].(string)
		known[n] = true
		if n == s.number {
			want = append(want, fmt.Sprint(it["id"]))
		}
	}
	filters := []map[string]any{{"number": s.number}}
	var misses []string
	for _, miss := range t.numberMisses(s.drop, s.number) {
		if !known[miss] && !slices.Contains(misses, miss) {
			misses = append(misses, miss)
			filters = append(filters, map[string]any{"number": miss})
		}
	}
	ws := t.formWalks(profile.RoleOtherOrg, filters...)
	what := fmt.Sprintf("the other organization's key, its number %q", s.number)
	if t.pagesValid(ws[0], contract.GetFormList) {
		t.onlyNumber(ws[0], s.number, what)
		if got := itemKeys(ws[0], "id"); !sameSet(got, want) {
			t.Errorf(ws[0].last, "%s: forms %v, its unfiltered walk has %v with that number", what, got, want)
		}
	}
	for i, miss := range misses {
		if w := ws[i+1]; t.servedOrRefused(w) {
			t.onlyNumber(w, miss, fmt.Sprintf("the other organization's key, number %q (a near miss of its %q)", miss, s.number))
		}
	}
}

// servedOrRefused says whether the getFormList walk w was served (its
// pages valid successes, recorded as the rules judge them) for a filter
// written otherwise than the service holds it; a first page refused as a
// parameter error (code 400 in the endpoint's shape) is the contract's
// answer too (§C4) and is false, recording nothing.
func (t *T) servedOrRefused(w walk) bool {
	if len(w.pages) > 0 && t.refusedParamForm(w.pages[0], contract.GetFormList) {
		return false
	}
	return t.pagesValid(w, contract.GetFormList)
}

// onlyNumber fails for a hit whose number is not n (exact, case-sensitive:
// docs/contract.md §4.3) and for a total that is not the number of hits.
func (t *T) onlyNumber(w walk, n, what string) {
	for _, it := range w.items {
		if it["number"] != n {
			t.Errorf(w.last, "%s: the list holds form number %v", what, it["number"])
			break
		}
	}
	t.totalHolds(w, what)
}

// numberMisses are the near misses of the i-th number of the profile,
// n, and two of its near forms (nearforms.go: separators dropped,
// swapped or added, a space inside, a leading zero), turned by the seed
// and by i so that the numbers together get every class.
func (t *T) numberMisses(i int, n string) []string {
	var out []string
	for _, m := range t.numberMissClasses(i, n) {
		out = append(out, m.v)
	}
	return out
}

// numberMiss is a near miss of a number and the class it is of.
type numberMiss struct{ class, v string }

// numberMissClasses are numberMisses with their classes.
func (t *T) numberMissClasses(i int, n string) []numberMiss {
	out := nearMisses(n)
	for _, f := range nearForms(t.r.opts.Seed, "number", i, n, nil, 2) {
		out = append(out, numberMiss{"near form", f})
	}
	if i == 0 {
		// A tail (tails.go) is a near form too: the number and a NUL.
		for _, f := range tailStrings(t.r.opts.Seed, "number", n, nil, 1) {
			out = append(out, numberMiss{"near form", f})
		}
	}
	for _, f := range pastedForms(t.r.opts.Seed, fmt.Sprintf("number %d", i), n, nil, false) {
		out = append(out, numberMiss{"pasted", f})
	}
	return out
}

// nearMisses are numbers a number filter must not take for n: a prefix, a
// substring, n with one more character, n with its last character a
// pattern character (_ % ? *), and n in another case and in full width.
func nearMisses(n string) []numberMiss {
	r := []rune(n)
	var out []numberMiss
	if len(r) > 1 {
		out = append(out, numberMiss{"cut", string(r[:len(r)-1])}, numberMiss{"cut", string(r[1:])})
	}
	out = append(out, numberMiss{"longer", n + "0"})
	// An exact match reads every character as itself: the last one as
	// each pattern character of SQL LIKE and of globs matches none.
	if len(r) > 1 {
		for _, w := range []string{"_", "%", "?", "*"} {
			out = append(out, numberMiss{"pattern", string(r[:len(r)-1]) + w})
		}
	}
	for _, c := range []string{strings.ToLower(n), strings.ToUpper(n)} {
		if c != n {
			out = append(out, numberMiss{"case", c})
			break
		}
	}
	// Character for character (§C5): the full-width spelling NFKC folds
	// to n names another number (spellings.go).
	if w := fullWidth(n); w != n {
		out = append(out, numberMiss{"width", w})
	}
	return out
}

// The key is a subject of the number filter's near misses. A service may
// serve a key by another path (a partner's search index, a scoped
// middleware) whose number field reads a value otherwise: caseless, or
// trimmed. §4.3 holds for every key (number is exact), so each near miss
// goes with a key of ours, and every class of near miss meets every key
// on every run: the key turns over a class's misses (from where the seed
// says), and a class with fewer misses than we have keys sends them
// again, turning on, until every key has had one.

// keyedMiss is one near miss of our numbers and the key it goes with.
type keyedMiss struct {
	of, miss, role string
}

// keyedMisses are the near misses of our numbers, each with its key or
// keys (see above); known numbers are no misses, and theirs.drop's give
// way to the other organization's.
func (t *T) keyedMisses(drop int, known map[string]bool) []keyedMiss {
	keys := t.keyColumn("number misses")
	type classed struct {
		of string
		numberMiss
	}
	byClass := map[string][]classed{}
	var classes []string
	for i, n := range t.r.prof.Forms.Numbers {
		if i == drop {
			continue
		}
		for _, m := range t.numberMissClasses(i, n) {
			if known[m.v] {
				continue
			}
			if _, seen := byClass[m.class]; !seen {
				classes = append(classes, m.class)
			}
			byClass[m.class] = append(byClass[m.class], classed{n, m})
		}
	}
	var out []keyedMiss
	seen := map[string]bool{}
	for ci, c := range classes {
		ms := byClass[c]
		for k := range max(len(ms), len(keys.all)) {
			m, role := ms[k%len(ms)], keys.at(ci+k)
			if id := role + " " + m.v; !seen[id] {
				seen[id] = true
				out = append(out, keyedMiss{of: m.of, miss: m.v, role: role})
			}
		}
	}
	return out
}

func checkFormSearch(t *T) {
	if len(t.r.prof.Forms.Searches) == 0 {
		t.Skipf("the profile lists no search keys")
		return
	}
	var filters []map[string]any
	for _, s := range t.r.prof.Forms.Searches {
		filters = append(filters, map[string]any{"search_key": s.Key})
	}
	for _, n := range t.r.prof.Forms.Numbers {
		filters = append(filters, map[string]any{"search_key": n})
	}
	keys := make([]string, len(t.r.prof.Forms.Searches))
	for i, s := range t.r.prof.Forms.Searches {
		keys[i] = s.Key
	}
	typed := typedForms(t.r.opts.Seed, "search_key", searchClasses, 1, keys, setOf(keys))
	for _, f := range typed {
		filters = append(filters, map[string]any{"search_key": f.form})
	}
	others := t.otherKindsFor("number")
	for _, id := range others {
		filters = append(filters, map[string]any{"number": id.v})
	}
	t.formWalks("read", filters...)
	for _, id := range others {
		w := t.walkForms("read", map[string]any{"number": id.v})
		if t.servedOrRefused(w) {
			t.onlyNumber(w, id.v, fmt.Sprintf("number %q, %s (no form number)", id.v, id.what))
		}
	}
	for _, f := range typed {
		w := t.walkForms("read", map[string]any{"search_key": f.form})
		if t.servedOrRefused(w) {
			t.hitsHoldWords(w, f.form)
			t.totalHolds(w, fmt.Sprintf("search_key %q (%q typed %s)", f.form, f.of, f.class))
		}
	}
	for _, s := range t.r.prof.Forms.Searches {
		w := t.walkForms("read", map[string]any{"search_key": s.Key})
		if !t.pagesValid(w, contract.GetFormList) {
			continue
		}
		t.hitsContain(w, s.Key)
		t.totalHolds(w, fmt.Sprintf("search_key %q", s.Key))
		if len(w.items) == 0 {
			t.Errorf(w.last, "search_key %q: no hit, the profile says it hits", s.Key)
		}
		if s.Count != nil && len(w.items) != *s.Count {
			t.Errorf(w.last, "search_key %q: %d hits, the profile says %d", s.Key, len(w.items), *s.Count)
		}
	}
	t.searchFindsNumbers()
}

// searchFindsNumbers: search_key matches the form number too (docs/contract.md
// §4.3: "fuzzy match on form name, note and number"), so each profile number
// sent as search_key hits the form that has it.
func (t *T) searchFindsNumbers() {
	for _, n := range t.r.prof.Forms.Numbers {
		w := t.walkForms("read", map[string]any{"search_key": n})
		if !t.pagesValid(w, contract.GetFormList) {
			continue
		}
		found := false
		for _, it := range w.items {
			found = found || it["number"] == n
		}
		if !found {
			t.Errorf(w.last, "search_key %q (a form number): the form with that number is not a hit; search_key matches the number too", n)
		}
	}
}

// hitsHoldWords fails for a hit that lacks a word of key (key split at
// white space; a key with none is one word): what every reading of a
// fuzzy search_key the contract allows finds (§C5: the key as one
// substring, or each of its words), case-insensitively, in name, note
// or number.
func (t *T) hitsHoldWords(w walk, key string) {
	for _, it := range w.items {
		hay := rules.SearchFold(fmt.Sprint(it["name"], "\x00", it["note"], "\x00", it["number"]))
		for _, word := range strings.Fields(rules.SearchFold(key)) {
			if !strings.Contains(hay, word) {
				t.Errorf(pageHolding(w, "id", fmt.Sprint(it["id"])), "search_key %q: form %v holds %q in neither name, note nor number", key, it["id"], word)
				return
			}
		}
	}
}

// hitsContain fails for a hit whose name, note and number all lack key.
func (t *T) hitsContain(w walk, key string) {
	k := rules.SearchFold(key)
	for _, it := range w.items {
		hay := rules.SearchFold(fmt.Sprint(it["name"], "\x00", it["note"], "\x00", it["number"]))
		if !strings.Contains(hay, k) {
			t.Errorf(w.last, "search_key %q: form %v holds it in neither name, note nor number", key, it["id"])
		}
	}
}

func checkFormBoth(t *T) {
	p := t.r.prof.Forms
	if len(p.Numbers) == 0 || len(p.Searches) == 0 {
		t.Skipf("needs forms.numbers and forms.searches in the profile")
		return
	}
	n, key := p.Numbers[0], p.Searches[0].Key
	w := t.walkForms("read", map[string]any{"number": n, "search_key": key})
	if !t.pagesValid(w, contract.GetFormList) {
		return
	}
	t.hitsContain(w, key)
	for _, it := range w.items {
		if it["number"] != n {
			t.Errorf(w.last, "number %q with search_key %q: the list holds number %v", n, key, it["number"])
		}
	}
	t.bothPastFirstPage()
}

// bothPastFirstPage: both filters apply on every page, not on the first
// alone (§4.3). A number beside a key hits few forms, so no walk of both
// reaches a second page; a service whose query for later pages keeps one
// filter only shows it there. So a number the seed picks beside the
// profile's key that most forms hold is walked at page_size 1 and asked
// page last_page + 1 at that size (page 2 where one form holds both):
// every form listed on any page holds both (its number exactly, the key
// in every reading of a fuzzy search), and a success past the end says
// the walk's total (relation.formList.pastEnd's rule, §4.3: total counts
// what matches the filter).
func (t *T) bothPastFirstPage() {
	p := t.r.prof.Forms
	key, most := "", -1
	for _, s := range p.Searches {
		if s.Count != nil && *s.Count > most {
			key, most = s.Key, *s.Count
		}
	}
	if key == "" {
		key = p.Searches[pick(t.r.opts.Seed, "both past first page key", len(p.Searches))].Key
	}
	n := p.Numbers[pick(t.r.opts.Seed, "both past first page number", len(p.Numbers))]
	f := map[string]any{"number": n, "search_key": key}
	what := fmt.Sprintf("number %q with search_key %q", n, key)
	w := t.walkFormsAt("read", f, 1)
	if !t.servedOrRefused(w) || w.broken != "" {
		return
	}
	body := withMember(withMember(f, "page", len(w.pages)+1), "page_size", 1)
	x := t.post(contract.GetFormList, "read", body)
	t.pastEndTotal(w, x)
	past := walk{pages: []*Exchange{x}, last: x}
	obj, _ := x.Doc.(map[string]any)
	if code, ok := intOf(obj["code"]); !ok || code != 0 {
		// an error past the end is the kit's to choose (§C5)
	} else if data := t.success(x, responseFile(contract.GetFormList)); data != nil {
		for _, it := range listOf(data) {
			if m, ok := it.(map[string]any); ok {
				past.items = append(past.items, m)
			}
		}
	}
	for _, pw := range []walk{w, past} {
		for _, it := range pw.items {
			if it["number"] != n {
				t.Errorf(pageHolding(pw, "id", fmt.Sprint(it["id"])), "%s, page_size 1: a page lists form %v, number %v (both apply on every page, §4.3)", what, it["id"], it["number"])
				return
			}
		}
		t.hitsHoldWords(pw, key)
	}
}

// checkFormCombined: number and search_key sent together, both apply (spec
// 4.3): the profile states how many forms come back, 0 where the number's
// form does not hold the key, so a target that drops either filter fails.
func checkFormCombined(t *T) {
	if len(t.r.prof.Forms.Combined) == 0 {
		t.Skipf("the profile lists no forms.combined")
		return
	}
	var filters []map[string]any
	for _, c := range t.r.prof.Forms.Combined {
		filters = append(filters, map[string]any{"number": c.Number, "search_key": c.Key})
	}
	t.formWalks("read", filters...)
	for _, c := range t.r.prof.Forms.Combined {
		w := t.walkForms("read", map[string]any{"number": c.Number, "search_key": c.Key})
		if !t.pagesValid(w, contract.GetFormList) {
			continue
		}
		what := fmt.Sprintf("number %q with search_key %q", c.Number, c.Key)
		if len(w.items) != c.Count {
			t.Errorf(w.last, "%s: %d forms, the profile says %d (both filters apply)", what, len(w.items), c.Count)
		}
		if len(w.totals) > 0 && w.totals[0] != int64(c.Count) {
			t.Errorf(w.pages[0], "%s: total is %d, the profile says %d", what, w.totals[0], c.Count)
		}
		for _, it := range w.items {
			if it["number"] != c.Number {
				t.Errorf(w.last, "%s: the list holds number %v", what, it["number"])
			}
		}
	}
}

func checkFormISO(t *T) {
	w := t.walkForms("read", nil)
	if !t.pagesValid(w, contract.GetFormList) {
		return
	}
	for _, it := range w.items {
		for _, p := range rules.ISOMismatches("", it) {
			t.Errorf(w.last, "form %v: %s", it["id"], p)
		}
	}
}

func checkFormChinese(t *T) {
	w := t.walkForms("read", nil)
	for _, it := range w.items {
		if s, ok := it["type_text"].(string); ok && s != "" && !rules.HasCJK(s) {
			t.Errorf(w.last, "form %v: type_text %q has no Chinese characters", it["id"], s)
		}
	}
}

// checkFormErrorShape: a parameter the spec types as integer, sent as a
// string no lenient reading takes for a number: the answer is an error in
// getFormList's shape (docs/contract.md §4.3; docs/contract.md §C1, bad request input).
func checkFormErrorShape(t *T) {
	x := t.post(contract.GetFormList, "read", map[string]any{"page_size": "abc"})
	t.errorAnswer(x, contract.GetFormList, `page_size "abc"`)
}

// checkFormLastPage: last_page is max(ceil(total/per_page), 1), so a client
// that stops at last_page has every item and never fetches an empty page
// (docs/contract.md §C5). Asserted on every page of every walk and on the
// first page with the default page size.
func checkFormLastPage(t *T) {
	if _, x := t.firstFormPage(); x != nil {
		t.lastPageHolds(x)
	}
	filters := []map[string]any{nil}
	for _, n := range t.r.prof.Forms.Numbers {
		filters = append(filters, map[string]any{"number": n})
	}
	walks := t.formWalks("read", filters...)
	for _, w := range walks {
		for _, x := range w.pages {
			t.lastPageHolds(x)
		}
	}
}

func (t *T) lastPageHolds(x *Exchange) {
	obj, _ := x.Doc.(map[string]any)
	data, _ := obj["data"].(map[string]any)
	page, _ := data["page"].(map[string]any)
	total, ok1 := intOf(page["total"])
	per, ok2 := intOf(page["per_page"])
	last, ok3 := intOf(page["last_page"])
	if !ok1 || !ok2 || !ok3 || per < 1 {
		return // not a readable success page: the schema checks say so
	}
	want := max((total+per-1)/per, 1)
	if last != want {
		t.Errorf(x, "total %d, per_page %d: last_page is %d, want max(ceil(total/per_page), 1) = %d", total, per, last, want)
	}
}

// checkFormBoundary: the maximum page_size itself (20) is served with
// per_page 20 and up to 20 forms; one past it (21) is clamped or refused
// (docs/contract.md §8).
func checkFormBoundary(t *T) {
	x := t.post(contract.GetFormList, "read", map[string]any{"page_size": contract.FormListMaxPageSize})
	if data := t.success(x, responseFile(contract.GetFormList)); data != nil {
		page, _ := data["page"].(map[string]any)
		per, _ := intOf(page["per_page"])
		total, _ := intOf(page["total"])
		list, _ := data["list"].([]any)
		if per != contract.FormListMaxPageSize {
			t.Errorf(x, "page_size %d (the maximum): per_page is %d", contract.FormListMaxPageSize, per)
		}
		if want := min(total, int64(contract.FormListMaxPageSize)); int64(len(list)) != want {
			t.Errorf(x, "page_size %d, total %d: %d forms on the first page, want %d", contract.FormListMaxPageSize, total, len(list), want)
		}
	}
	over := contract.FormListMaxPageSize + 1
	x = t.post(contract.GetFormList, "read", map[string]any{"page_size": over})
	if t.refusedOverMax(x, contract.GetFormList) {
		return
	}
	if data := t.success(x, responseFile(contract.GetFormList)); data != nil {
		page, _ := data["page"].(map[string]any)
		list, _ := data["list"].([]any)
		if per, _ := intOf(page["per_page"]); per > contract.FormListMaxPageSize || len(list) > contract.FormListMaxPageSize {
			t.Errorf(x, "page_size %d: per_page %d and %d forms, the maximum is %d", over, per, len(list), contract.FormListMaxPageSize)
		}
	}
}

// refusedOverMax: a page_size above the maximum may be clamped (the kit) or
// refused; a refusal in the endpoint's error shape passes with a note.
func (t *T) refusedOverMax(x *Exchange, ep contract.Endpoint) bool {
	obj, _ := x.Doc.(map[string]any)
	if code, ok := intOf(obj["code"]); !ok || code == 0 {
		return false
	}
	if t.valid(x, errorFile(ep)) {
		t.Notef("the target refuses a page_size above the maximum (code %d) instead of clamping it", errorCodeOrCode(obj))
	}
	return true
}

func errorCodeOrCode(obj map[string]any) int64 {
	if ec := errorCode(obj); ec != 0 {
		return ec
	}
	c, _ := intOf(obj["code"])
	return c
}
