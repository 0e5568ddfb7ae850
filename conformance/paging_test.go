package conformance

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
)

// formPage is one getFormList page as the client decoded it: the forms
// of ids, and its paging members.
func formPageOf(body string, cur, last, per, total int, ids ...int) *Exchange {
	list := make([]any, len(ids))
	for i, id := range ids {
		list[i] = map[string]any{"id": jsonNum(fmt.Sprint(id))}
	}
	return &Exchange{Req: Request{Method: "POST", Path: "/api/v2/rpc/record/getFormList", Key: "read", Body: body},
		Doc: map[string]any{"code": jsonNum("0"), "data": map[string]any{"list": list, "page": map[string]any{
			"current_page": jsonNum(fmt.Sprint(cur)), "last_page": jsonNum(fmt.Sprint(last)),
			"per_page": jsonNum(fmt.Sprint(per)), "total": jsonNum(fmt.Sprint(total))}}}}
}

// formWalkOf is a walk of the pages given, with their paging members.
func formWalkOf(pages ...*Exchange) walk {
	var w walk
	for _, x := range pages {
		data := w.add(x)
		info, _ := data["page"].(map[string]any)
		w.pageInfo = append(w.pageInfo, info)
	}
	return w
}

func ids(from, to int) []int {
	var out []int
	for i := from; i <= to; i++ {
		out = append(out, i)
	}
	return out
}

func pagingT() *T {
	return &T{r: &runner{opts: Options{BaseURL: "http://svc"}}, check: Check{ID: "relation.formList.paging"}}
}

// reference is 30 forms walked at page_size 10, beside a filter.
func reference() walk {
	return formWalkOf(
		formPageOf(`{"number":"N","page":1,"page_size":10}`, 1, 3, 10, 30, ids(1, 10)...),
		formPageOf(`{"number":"N","page":2,"page_size":10}`, 2, 3, 10, 30, ids(11, 20)...),
		formPageOf(`{"number":"N","page":3,"page_size":10}`, 3, 3, 10, 30, ids(21, 30)...),
	)
}

// TestPagingCatchesAnOffsetOfTheSizeAsked: a size above the maximum,
// clamped to 20 on every page, whose later page starts at the size asked
// (page 2 of page_size 25 from the 26th form): the forms 21 to 25 are on
// no page, which only a walk past page 1 shows.
func TestPagingCatchesAnOffsetOfTheSizeAsked(t *testing.T) {
	over := formWalkOf(
		formPageOf(`{"number":"N","page":1,"page_size":25}`, 1, 2, 20, 30, ids(1, 20)...),
		formPageOf(`{"number":"N","page":2,"page_size":25}`, 2, 2, 20, 30, ids(26, 30)...),
	)
	tk := pagingT()
	p := pagedWalk{what: "getFormList with number at page_size 25", class: pageClasses[2], asked: 25, w: over}
	tk.judgePaged(contract.GetFormList, reference(), p, "id", 0, contract.FormListMaxPageSize)
	tk.perPageHolds(p, 0, contract.FormListMaxPageSize)
	got := strings.Join(tk.failures, "\n")
	for _, want := range []string{"the pages hold 25 items, total says 30", "21 is missing"} {
		if !strings.Contains(got, want) {
			t.Errorf("failures %q do not say %q", got, want)
		}
	}
	if tk.req == nil || !strings.Contains(tk.req.Body, `"page":2`) {
		t.Errorf("the finding shows %v, want the later page", tk.req)
	}
}

// TestPagingCatchesAPagerOfItsOwnBesideAFilter: beside a filter the size
// is not clamped (per_page 30, 30 forms on one page), and where it is,
// not on every page of the walk (per_page 20, then 10).
func TestPagingCatchesAPagerOfItsOwnBesideAFilter(t *testing.T) {
	uncapped := formWalkOf(formPageOf(`{"search_key":"k","page":1,"page_size":30}`, 1, 1, 30, 30, ids(1, 30)...))
	tk := pagingT()
	p := pagedWalk{what: "getFormList with search_key at page_size 30", class: pageClasses[2], asked: 30, w: uncapped}
	tk.judgePaged(contract.GetFormList, reference(), p, "id", 0, contract.FormListMaxPageSize)
	tk.perPageHolds(p, 0, contract.FormListMaxPageSize)
	if got := strings.Join(tk.failures, "\n"); !strings.Contains(got, "30 items on one page, the maximum is 20") || !strings.Contains(got, "per_page is 30") {
		t.Errorf("an uncapped page beside a filter: failures %q", got)
	}

	uneven := formWalkOf(
		formPageOf(`{"page":1,"page_size":1000}`, 1, 2, 20, 30, ids(1, 20)...),
		formPageOf(`{"page":2,"page_size":1000}`, 2, 2, 10, 30, ids(21, 30)...),
	)
	tk = pagingT()
	p = pagedWalk{what: "getFormList at page_size 1000", class: pageClasses[3], asked: 1000, w: uneven}
	tk.judgePaged(contract.GetFormList, reference(), p, "id", 0, contract.FormListMaxPageSize)
	tk.perPageHolds(p, 0, contract.FormListMaxPageSize)
	if got := strings.Join(tk.failures, "\n"); len(tk.failures) != 1 || !strings.Contains(got, "per_page is 10 on page 2 and 20 on page 1") {
		t.Errorf("a size clamped on page 1 only: failures %q", got)
	}
}

// TestPagingCatchesACursorStrideOfTheSizeAsked: a cursor walk at a size
// above the maximum whose token moves on by the size asked: page 2
// starts past items no page holds; and a page at the default size that
// holds more than the size.
func TestPagingCatchesACursorStrideOfTheSizeAsked(t *testing.T) {
	codings := func(from, to int) []string {
		var out []string
		for i := from; i <= to; i++ {
			out = append(out, fmt.Sprintf("T%03d", i))
		}
		return out
	}
	cursorPage := func(body string, total int, next any, items []string) *Exchange {
		x := page(body, items...)
		data := x.Doc.(map[string]any)["data"].(map[string]any)
		data["total"], data["next_page_token"] = jsonNum(fmt.Sprint(total)), next
		return x
	}
	var ref, over walk
	ref.add(cursorPage(`{"page_size":100}`, 130, "a", codings(1, 100)))
	ref.add(cursorPage(`{"page_size":100,"page_token":"a"}`, 130, nil, codings(101, 130)))
	over.add(cursorPage(`{"page_size":120}`, 130, "b", codings(1, 100)))
	over.add(cursorPage(`{"page_size":120,"page_token":"b"}`, 130, nil, codings(121, 130)))
	tk := pagingT()
	tk.judgePaged(contract.TemplatesList, ref, pagedWalk{what: "templates/list at page_size 120", class: pageClasses[2], asked: 120, w: over}, "coding", 0, contract.TemplatesMaxPageSize)
	if got := strings.Join(tk.failures, "\n"); !strings.Contains(got, "the pages hold 110 items, total says 130") || !strings.Contains(got, "T101 is missing") {
		t.Errorf("a token moved on by the size asked: failures %q", got)
	}

	var short walk
	short.add(cursorPage(`{}`, 130, "c", codings(1, 20)))
	short.add(cursorPage(`{"page_token":"c"}`, 130, "d", codings(21, 30)))
	short.add(cursorPage(`{"page_token":"d"}`, 130, nil, codings(31, 130)))
	tk = pagingT()
	tk.judgePaged(contract.TemplatesList, ref, pagedWalk{what: "templates/list at no page_size", class: pageClasses[4], w: short}, "coding", contract.TemplatesDefaultPageSize, contract.TemplatesMaxPageSize)
	if got := strings.Join(tk.failures, "\n"); !strings.Contains(got, "page 3 holds 100 items, at most 20 are allowed") || len(tk.failures) != 1 {
		t.Errorf("a page past the default size: failures %q", got)
	}

	// A page that ends early (at a group of items created in one second)
	// is no fault of a cursor walk: no page must hold page_size items.
	var early walk
	early.add(cursorPage(`{}`, 130, "e", codings(1, 19)))
	early.add(cursorPage(`{"page_token":"e"}`, 130, "f", codings(20, 39)))
	early.add(cursorPage(`{"page_token":"f"}`, 130, nil, codings(40, 130)[:0]))
	tk = pagingT()
	tk.evenPages(contract.TemplatesList, pagedWalk{what: "templates/list at no page_size", w: early}, contract.TemplatesDefaultPageSize, contract.TemplatesMaxPageSize)
	if len(tk.failures) != 0 {
		t.Errorf("pages that end early: failures %q", tk.failures)
	}
}

// TestPagingClassesAreTheContracts: every class the contract names has
// values on its side of the limits, the bad ones bad input for the
// request schema and the others not.
func TestPagingClassesAreTheContracts(t *testing.T) {
	for _, ep := range []contract.Endpoint{contract.GetFormList, contract.TemplatesList} {
		max := contract.FormListMaxPageSize
		if ep != contract.GetFormList {
			max = contract.TemplatesMaxPageSize
		}
		for _, c := range pageClasses {
			if c.small || c.values == nil {
				continue
			}
			for _, v := range c.values(max) {
				body, _ := json.Marshal(map[string]any{"page_size": v})
				bad := len(rules.Faults(ep, body)) > 0
				n, isInt := v.(int)
				switch {
				case bad != c.bad:
					t.Errorf("%s page_size %v (%s): bad input %v, the class says %v", ep.Name, v, c.name, bad, c.bad)
				case c.over && (!isInt || n <= max):
					t.Errorf("%s page_size %v (%s) is not above the maximum %d", ep.Name, v, c.name, max)
				case !c.over && !c.bad && (!isInt || n < 1 || n > max):
					t.Errorf("%s page_size %v (%s) is not a size to serve", ep.Name, v, c.name)
				}
			}
		}
	}
	for _, n := range []int{-1, 0, 1, 16, 17, 130, 163} {
		s := smallSize(DefaultSeed, "x", n)
		if pages := (max(n, 2*smallPages) + s - 1) / s; n >= 0 && (n+s-1)/s > smallPages || n < 0 && pages > smallPages {
			t.Errorf("smallSize of %d is %d: more than %d pages", n, s, smallPages)
		}
		if n >= 0 && n <= smallPages && s != 1 {
			t.Errorf("smallSize of %d is %d, want 1", n, s)
		}
	}
}

// TestBoundFormsNameTheSameInstant: every form a window's bound is
// written in for the paging product names the instant the profile's
// does, so the reference walk's items are due.
func TestBoundFormsNameTheSameInstant(t *testing.T) {
	for _, s := range []string{"2025-04-25T01:33:14+08:00", "2025-04-25 01:33:14", "2025-04-24T17:33:14Z"} {
		want, _ := readBound(s, false)
		for _, f := range boundForms {
			got := rewriteBounds(map[string]any{"start_time": s}, f)["start_time"].(string)
			at, err := time.Parse(time.RFC3339Nano, got)
			if got == s {
				continue
			}
			if err != nil || at.Unix() != want || at.Nanosecond() != 0 {
				t.Errorf("%s written %s is %q (%v), not the instant %d", s, f.name, got, err, want)
			}
		}
	}
	if got := rewriteBounds(map[string]any{"end_time": "2025-04-25"}, boundForms[1])["end_time"]; got != "2025-04-25" {
		t.Errorf("a date is rewritten as %v: a day is no instant", got)
	}
}

// TestMidSizesWalkTheRangeTheOthersLeave: the mid class walks a filter
// at a size no other served class of it walks (the small class's, the
// default, the maximum), in the widest run of such sizes that still
// takes two pages, every size of the run over seeds; none where no such
// size is left. A service that mishandles getFormList's sizes 11 to 19
// (snapped to 20 for the LIMIT) is walked at one of them on every run.
func TestMidSizesWalkTheRangeTheOthersLeave(t *testing.T) {
	for _, c := range []struct {
		n, max, lo, hi int
	}{
		{29, contract.FormListMaxPageSize, 11, 19},
		{12, contract.FormListMaxPageSize, 2, 9},
		{40, contract.TemplatesMaxPageSize, 21, 39},
		{-1, contract.FormListMaxPageSize, 11, 19},
		{2, contract.FormListMaxPageSize, 0, 0},
	} {
		seen := map[int]bool{}
		for seed := uint64(1); seed <= 400; seed++ {
			s := midSize(seed, "x", c.n, c.max)
			if s < c.lo || s > c.hi {
				t.Fatalf("%d items, maximum %d, seed %d: size %d, want %d to %d", c.n, c.max, seed, s, c.lo, c.hi)
			}
			seen[s] = true
		}
		if len(seen) != c.hi-c.lo+1 {
			t.Errorf("%d items, maximum %d: sizes %v over 400 seeds, want every one of %d to %d", c.n, c.max, seen, c.lo, c.hi)
		}
	}
}
