package conformance

import (
	"strconv"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/conformance/rules"
)

// form is one getFormList item.
type form struct {
	id      int
	number  string
	project string
}

// formWalk is a one-page getFormList walk of forms with total.
func formWalk(body string, total int, forms ...form) walk {
	list := make([]any, len(forms))
	for i, f := range forms {
		it := map[string]any{"id": jsonNum(strconv.Itoa(f.id)), "number": f.number, "name": "表" + f.number}
		if f.project != "" {
			it["project"] = map[string]any{"number": f.project}
		}
		list[i] = it
	}
	x := &Exchange{Req: Request{Method: "POST", Path: "/api/v2/rpc/record/getFormList", Key: "read", Body: body},
		Doc: map[string]any{"code": jsonNum("0"), "data": map[string]any{"list": list,
			"page": map[string]any{"current_page": jsonNum("1"), "last_page": jsonNum("1"), "per_page": jsonNum("3"), "total": jsonNum(strconv.Itoa(total))}}}}
	var w walk
	w.add(x)
	return w
}

var (
	formA = form{1, "F-1", "P-1"}
	formB = form{2, "F-2", "P-1"}
	formC = form{3, "F-3", ""}
)

func judgeFilter(c formFilterCase, all walk, halves ...walk) []string {
	tk := &T{r: &runner{opts: Options{BaseURL: "http://svc"}}, check: Check{ID: "relation.formList.filters"}}
	var a, b *walk
	if len(halves) == 2 {
		a, b = &halves[0], &halves[1]
	}
	tk.judgeFormFilter(c, all, a, b)
	return tk.failures
}

// TestFormFiltersCatchWhatNoReadingAllows: whatever a fuzzy key means,
// a total that is not its walk's count, a form of another number under a
// number, a form that is not ours, and a filter with both that gives
// more than each alone in common fail; the readings a target may choose
// pass.
func TestFormFiltersCatchWhatNoReadingAllows(t *testing.T) {
	all := formWalk(`{}`, 3, formA, formB, formC)
	cases := []struct {
		name   string
		c      formFilterCase
		halves []walk
		want   string
	}{
		{"a total that counts every word of a key the list reads as one",
			formFilterCase{what: "search_key", f: map[string]any{"search_key": "表F 表X"}, keyed: true, w: formWalk(`{"search_key":"表F 表X"}`, 3, formA)},
			nil, "the pages hold 1 items, total says 3"},
		{"a project's number read as the form's",
			formFilterCase{what: "number P-1", f: map[string]any{"number": "P-1"}, number: "P-1", w: formWalk(`{"number":"P-1"}`, 2, formA, formB)},
			nil, "whose number is not"},
		{"a number dropped beside a blank key",
			formFilterCase{what: "number F-2 beside blank", f: map[string]any{"number": "F-2", "search_key": " "}, number: "F-2", w: formWalk(`{"number":"F-2","search_key":" "}`, 3, formA, formB, formC)},
			nil, "whose number is not"},
		{"a key that reaches another organization's form",
			formFilterCase{what: "search_key X-9", f: map[string]any{"search_key": "X-9"}, keyed: true, w: formWalk(`{"search_key":"X-9"}`, 1, form{99, "X-9", ""})},
			nil, "not in the unfiltered walk"},
		{"both filters, the key dropped",
			formFilterCase{what: "both", f: map[string]any{"number": "F-1", "search_key": "表F-3"}, number: "F-1", keyed: true, w: formWalk(`{"number":"F-1","search_key":"表F-3"}`, 1, formA)},
			[]walk{formWalk(`{"number":"F-1"}`, 1, formA), formWalk(`{"search_key":"表F-3"}`, 1, formC)}, "each alone gives [] in common"},
	}
	for _, tc := range cases {
		got := strings.Join(judgeFilter(tc.c, all, tc.halves...), "\n")
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s: failures %q do not say %q", tc.name, got, tc.want)
		}
	}
	// Readings the contract leaves to the target pass: a two-word key
	// read as both words (none here), a padded key trimmed, a blank key
	// beside a number read as absent.
	for _, c := range []formFilterCase{
		{what: "two words", f: map[string]any{"search_key": "表F 表X"}, keyed: true, w: formWalk(`{}`, 0)},
		{what: "padded", f: map[string]any{"search_key": " 表F-1 "}, keyed: true, w: formWalk(`{}`, 1, formA)},
		{what: "blank", f: map[string]any{"number": "F-2", "search_key": ""}, number: "F-2", w: formWalk(`{}`, 1, formB)},
		{what: "project's number", f: map[string]any{"number": "P-1"}, number: "P-1", w: formWalk(`{}`, 0)},
	} {
		if got := judgeFilter(c, all); len(got) > 0 {
			t.Errorf("%s: a reading the contract allows fails: %v", c.what, got)
		}
	}
}

// TestFormFiltersCoverEveryClass: every class of generated filter is sent
// on every run, whatever the seed, and each value comes from the data.
func TestFormFiltersCoverEveryClass(t *testing.T) {
	v := formValues{keys: []string{"巡检", "night"}, numbers: []string{"F-1", "F-2"}, projects: []string{"P-1"}, others: []string{"X-9"}}
	for seed := uint64(1); seed <= 20; seed++ {
		var all []string
		for _, c := range generateFormFilters(seed, v) {
			all = append(all, c.what)
		}
		got := strings.Join(all, "\n")
		for _, want := range []string{"(two words)", "(a key with white space around it)", `search_key "P-1"`, `search_key "X-9"`,
			`(a form's number) beside search_key ""`, "(in another letter case)", `number "P-1"`, `number "X-9"`, " with search_key "} {
			if !strings.Contains(got, want) {
				t.Errorf("seed %d: no filter %s among:\n%s", seed, want, got)
			}
		}
	}
}

// TestSearchFoldIsEveryFuzzyReading: a hit that holds the key only as a
// search index folds it (width, case, marks) holds it; a hit that lacks
// it under every folding does not.
func TestSearchFoldIsEveryFuzzyReading(t *testing.T) {
	for _, c := range []struct {
		hay, key string
		holds    bool
	}{
		{"ＡＢＣ巡检单", "abc", true},
		{"Café report", "cafe", true},
		{"Straße", "STRASSE", true},
		{"abc", "ＡＢＣ", true},
		{"巡检单", "巡查", false},
		{"Cafe", "caff", false},
	} {
		if got := strings.Contains(rules.SearchFold(c.hay), rules.SearchFold(c.key)); got != c.holds {
			t.Errorf("%q holds %q: %v, want %v", c.hay, c.key, got, c.holds)
		}
	}
}
