package conformance

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/rtq-kit/rtq/contract"
)

// relation.formList.filters: getFormList's filters generated from the
// data, not taken from the profile alone. The profile suggests a few
// numbers and one-word keys; a client sends what its user types: two
// words, a key with white space around it, a cleared search box beside a
// number, a value it saw elsewhere in the answers (a project's number,
// another organization's form number). Each generated filter is walked
// to its end (page_size 3, the walks every form check reads) and judged
// by what holds for any reading of a fuzzy search (§4.3, §C5):
//
//   - total is the same on every page and the count of the forms the
//     pages hold (a COUNT query that reads the filter otherwise than the
//     list shows here, whatever the reading);
//   - every form listed is one of the unfiltered walk's, the same object
//     (a filter is no way into another organization's forms);
//   - a number, alone, gives exactly the forms of the unfiltered walk
//     with that number; beside an empty or blank search_key, a subset of
//     them (number is exact, and both filters apply), or a refusal of the
//     blank key as a parameter error (reading it as absent is the kit's
//     choice, §C5);
//   - number and search_key together give the forms each alone gives in
//     common.
//
// Which values: every class below is sent on every run; the value of
// each (which key, which number, which padding) and the search_key that
// goes beside each number class are picked by the seed, as is one more
// filter with both a number and a key of any class.

// formFilterCase is one generated filter of getFormList.
type formFilterCase struct {
	what string
	f    map[string]any
	// number is the number sent ("" when none); keyed says a search_key
	// is sent that is neither empty nor blank (read as a search).
	number string
	keyed  bool
	// at is the page size walked at: 0 for 3, atDefault for none sent.
	at int
	// twin, when not 0, is 1 + the index of a case with the same filter at
	// another page size, whose forms this one's must be.
	twin int
	w    walk
}

// atDefault is a formFilterCase's at for a walk without page_size.
const atDefault = -1

// formValues are the values of the unfiltered walks a filter is
// generated from.
type formValues struct {
	keys, numbers, projects, others []string
}

// searchPads write a key with white space around it.
var searchPads = []string{" %s", "%s ", "  %s  ", "\t%s", "%s\u3000"}

// blankKeys are search_keys a cleared or careless search box sends.
var blankKeys = []any{nil, "", " ", "  "}

func relFormFilters(t *T) {
	var all, other walk
	t.each(2, func(t *T, i int) {
		if i == 0 {
			all = t.walkForms("read", nil)
		} else if t.hasKey("other_org") {
			other = t.walkForms("other_org", nil)
		}
	})
	if all.broken != "" || len(all.items) == 0 {
		t.Skipf("the unfiltered walk of getFormList lists no form")
		return
	}
	v := t.formValues(all, other)
	cases := generateFormFilters(t.runSeed(), v)
	base := len(cases)
	for _, c := range generateTypedKeys(t.runSeed(), t.typedSourcesOf(all, other)) {
		if c.twin != 0 {
			c.twin += base
		}
		cases = append(cases, c)
	}
	if len(cases) == 0 {
		t.Skipf("the forms give no value to filter on")
		return
	}
	// The halves of a filter with both: each alone, walked beside it.
	halves := map[string]map[string]any{}
	for _, c := range cases {
		if c.number != "" && c.keyed {
			halves["number "+c.number] = map[string]any{"number": c.number}
			halves["search_key "+fmt.Sprint(c.f["search_key"])] = map[string]any{"search_key": c.f["search_key"]}
		}
	}
	names := slices.Sorted(func(yield func(string) bool) {
		for k := range halves {
			if !yield(k) {
				return
			}
		}
	})
	hw := make([]walk, len(names))
	t.each(len(cases)+len(names), func(t *T, i int) {
		if i < len(cases) {
			switch at := cases[i].at; at {
			case 0:
				cases[i].w = t.walkForms("read", cases[i].f)
			case atDefault:
				cases[i].w = t.walkFormsAt("read", cases[i].f, 0)
			default:
				cases[i].w = t.walkFormsAt("read", cases[i].f, at)
			}
			return
		}
		hw[i-len(cases)] = t.walkForms("read", halves[names[i-len(cases)]])
	})
	byName := map[string]walk{}
	for i, n := range names {
		byName[n] = hw[i]
	}
	for _, c := range cases {
		var a, b *walk
		if c.number != "" && c.keyed {
			wa, wb := byName["number "+c.number], byName["search_key "+fmt.Sprint(c.f["search_key"])]
			a, b = &wa, &wb
		}
		t.judgeFormFilter(c, all, a, b)
		if c.twin != 0 {
			t.judgeTwin(c, cases[c.twin-1])
		}
	}
}

// judgeTwin fails when a filter walked at two page sizes gives two sets
// of forms: the page size cuts a listing into pages, never chooses what
// it lists (§4.3).
func (t *T) judgeTwin(c, twin formFilterCase) {
	if c.w.broken != "" || twin.w.broken != "" {
		return
	}
	if got, want := itemKeys(c.w, "id"), itemKeys(twin.w, "id"); !sameSet(got, want) {
		t.errorfPair(firstPage(c.w), firstPage(twin.w), "getFormList with %s gives forms %v; at the other page size %v (a page size cuts a listing into pages, §4.3)", c.what, got, want)
	}
}

// formValues collects the values filters are generated from: the
// profile's keys, the forms' numbers, the projects' numbers that are no
// form's, and the other organization's form numbers that are none of ours.
func (t *T) formValues(all, other walk) formValues {
	var v formValues
	for _, s := range t.r.prof.Forms.Searches {
		if strings.TrimSpace(s.Key) != "" {
			v.keys = append(v.keys, s.Key)
		}
	}
	ours := map[string]bool{}
	for _, it := range all.items {
		if n, _ := it["number"].(string); n != "" && !ours[n] {
			ours[n] = true
			v.numbers = append(v.numbers, n)
		}
	}
	seen := map[string]bool{}
	for _, it := range all.items {
		p, _ := it["project"].(map[string]any)
		if n, _ := p["number"].(string); n != "" && !ours[n] && !seen[n] {
			seen[n] = true
			v.projects = append(v.projects, n)
		}
	}
	if other.broken == "" {
		for _, it := range other.items {
			if n, _ := it["number"].(string); n != "" && !ours[n] && !seen[n] {
				seen[n] = true
				v.others = append(v.others, n)
			}
		}
	}
	if len(v.keys) == 0 {
		// No key from the profile: the first two characters of a name.
		for _, it := range all.items {
			if r := []rune(fmt.Sprint(it["name"])); len(r) >= 2 && strings.TrimSpace(string(r[:2])) == string(r[:2]) {
				v.keys = append(v.keys, string(r[:2]))
				break
			}
		}
	}
	return v
}

// generateFormFilters is the run's generated filters of getFormList:
// each class of search_key alone, each class of number beside a
// search_key the seed picks (empty for a form's own number: a cleared
// search box), and one filter with both.
func generateFormFilters(seed uint64, v formValues) []formFilterCase {
	pickOf := func(id string, vs []string) string { return vs[pick(seed, "filters "+id, len(vs))] }
	type class struct {
		name   string
		values []string
	}
	var keyClasses []class
	if len(v.keys) > 0 {
		k := pickOf("key", v.keys)
		second := slices.DeleteFunc(slices.Clone(append(v.keys, v.numbers...)), func(s string) bool { return s == k })
		if len(second) > 0 {
			keyClasses = append(keyClasses, class{"two words", []string{k + " " + pickOf("second word", second)}})
		}
		keyClasses = append(keyClasses, class{"a key with white space around it", []string{fmt.Sprintf(searchPads[pick(seed, "filters pad", len(searchPads))], pickOf("padded key", v.keys))}})
	}
	// A key or a form's number in another letter case, where it has
	// letters: how a fuzzy search reads case is the target's (§C5).
	var cased []string
	for _, k := range append(slices.Clone(v.keys), v.numbers...) {
		if o := otherCase(k); o != k {
			cased = append(cased, o)
		}
	}
	keyClasses = append(keyClasses, class{"in another letter case", cased})
	numClasses := []class{{"a form's number", v.numbers}, {"a project's number", v.projects}, {"another organization's form number", v.others}}
	for _, c := range numClasses[1:] {
		keyClasses = append(keyClasses, class{c.name, c.values})
	}
	var out []formFilterCase
	for _, c := range keyClasses {
		if len(c.values) == 0 {
			continue
		}
		k := pickOf("search "+c.name, c.values)
		out = append(out, formFilterCase{what: fmt.Sprintf("search_key %q (%s)", k, c.name), f: map[string]any{"search_key": k}, keyed: true})
	}
	for i, c := range numClasses {
		if len(c.values) == 0 {
			continue
		}
		n := pickOf("number "+c.name, c.values)
		f := map[string]any{"number": n}
		what := fmt.Sprintf("number %q (%s)", n, c.name)
		blank := blankKeys[pick(seed, "filters blank "+c.name, len(blankKeys))]
		if i == 0 {
			blank = ""
		}
		if blank != nil {
			f["search_key"] = blank
			what += fmt.Sprintf(" beside search_key %q", blank)
		}
		out = append(out, formFilterCase{what: what, f: f, number: n})
	}
	// One filter with both, of classes the seed picks.
	var nums, keys []formFilterCase
	for _, c := range out {
		if c.number != "" {
			nums = append(nums, c)
		} else {
			keys = append(keys, c)
		}
	}
	if len(nums) > 0 && len(keys) > 0 {
		n, k := nums[pick(seed, "filters both number", len(nums))], keys[pick(seed, "filters both key", len(keys))]
		out = append(out, formFilterCase{what: fmt.Sprintf("number %q with search_key %q", n.number, k.f["search_key"]),
			f: map[string]any{"number": n.number, "search_key": k.f["search_key"]}, number: n.number, keyed: true})
	}
	return out
}

// mayRefuseFilter says whether a service may refuse filter c as a
// parameter error: a blank search_key beside a number, or a filter none
// of whose values a form of the unfiltered walk all holds whole (as its
// name, note or number, in any letter case).
func mayRefuseFilter(c formFilterCase, all walk) bool {
	if _, blank := c.f["search_key"]; blank && !c.keyed {
		return true
	}
	for _, k := range []string{"search_key", "number"} {
		v, _ := c.f[k].(string)
		if strings.TrimSpace(v) == "" {
			continue
		}
		for _, it := range all.items {
			for _, m := range []string{"name", "note", "number"} {
				if s, _ := it[m].(string); strings.EqualFold(s, v) {
					return false
				}
			}
		}
	}
	return true
}

// judgeFormFilter judges one generated filter's walk against the
// unfiltered walk, and, for a filter with both, against each alone
// (byNumber, byKey; nil when the filter has not both).
func (t *T) judgeFormFilter(c formFilterCase, all walk, byNumber, byKey *walk) {
	what := "getFormList with " + c.what
	if len(c.w.pages) == 1 && paramRefusal(c.w.last) && mayRefuseFilter(c, all) {
		// A value out of a service's range is a parameter error (§C4),
		// and what range a search_key or a number has is the kit's: an
		// empty or blank search_key read as absent (§C5), a key of one
		// character, a number with white space around it (§C10: it names
		// nothing). Such a refusal, on the first page, in the shape the
		// rules over every answer judge, is the contract's answer; a
		// value a form holds whole must be served.
		return
	}
	if c.w.broken != "" {
		t.Errorf(c.w.last, "%s: %s (any string is a search_key and a number, §4.3)", what, c.w.broken)
		return
	}
	t.examinedWalks(c.w)
	t.totalHolds(c.w, what)
	t.subsetOf(c.w, all, "id", what)
	got := itemKeys(c.w, "id")
	switch {
	case c.number != "" && c.keyed && byNumber != nil && byKey != nil:
		if byNumber.broken != "" || byKey.broken != "" {
			return
		}
		inKey := setOf(itemKeys(*byKey, "id"))
		var want []string
		for _, k := range itemKeys(*byNumber, "id") {
			if inKey[k] {
				want = append(want, k)
			}
		}
		if !sameSet(got, want) {
			t.errorfPair(firstPage(c.w), firstPage(*byKey), "%s gives forms %v; each alone gives %v in common (both apply, §4.3)", what, got, want)
		}
	case c.number != "":
		var want []string
		for _, it := range all.items {
			if it["number"] == c.number {
				want = append(want, fmt.Sprint(it["id"]))
			}
		}
		_, keySent := c.f["search_key"]
		mine := setOf(want)
		for _, k := range got {
			if !mine[k] {
				t.errorfPair(pageHolding(c.w, "id", k), pageHolding(all, "id", k), "%s lists form %s, whose number is not %q (number is exact, §4.3)", what, k, c.number)
				return
			}
		}
		if !keySent && !sameSet(got, want) {
			t.errorfPair(firstPage(c.w), firstPage(all), "%s gives forms %v; the unfiltered walk has %v with that number", what, got, want)
		}
	}
}

// otherCase swaps the case of every letter of s.
func otherCase(s string) string {
	return strings.Map(func(r rune) rune {
		if u := unicode.ToUpper(r); u != r {
			return u
		}
		return unicode.ToLower(r)
	}, s)
}

// filterChecks are the checks of this file.
func filterChecks() []Check {
	return []Check{{ID: "relation.formList.filters", Endpoint: contract.GetFormList.Name, Section: "4.3", Severity: Must, run: relFormFilters}}
}
