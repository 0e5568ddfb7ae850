package conformance

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/internal/svcclient"
)

// maxWalkPages stops a walk on a target whose paging never ends.
const maxWalkPages = 500

// walk is every page of one paged listing, read leniently: the checks
// decide what is wrong with it.
type walk struct {
	pages  []*Exchange
	items  []map[string]any
	totals []int64
	last   *Exchange
	// broken says why the walk stopped before a proper last page.
	broken string
	// pageInfo holds getFormList's data.page of each page.
	pageInfo []map[string]any
	// endToken is next_page_token of the last page read (cursor walks).
	endToken any
	// sizes are the page_size each page of a cursor walk was read with
	// (0: none sent), and sizeRefusals the answers that refused a page
	// asked with another page_size than its token's (sizeFor).
	sizes        []int
	sizeRefusals []*Exchange
}

func (w *walk) add(x *Exchange) map[string]any {
	w.pages = append(w.pages, x)
	w.last = x
	obj, _ := x.Doc.(map[string]any)
	if code, ok := intOf(obj["code"]); !ok || code != 0 {
		w.broken = fmt.Sprintf("page %d is not a success answer: %s", len(w.pages), describe(x))
		return nil
	}
	data, _ := obj["data"].(map[string]any)
	list, _ := data["list"].([]any)
	for _, it := range list {
		if m, ok := it.(map[string]any); ok {
			w.items = append(w.items, m)
		}
	}
	total, ok := intOf(data["total"])
	if page, isObj := data["page"].(map[string]any); isObj {
		total, ok = intOf(page["total"]) // getFormList keeps it in data.page
	}
	if ok {
		w.totals = append(w.totals, total)
	}
	return data
}

// describe says briefly what came back.
func describe(x *Exchange) string {
	switch {
	case x.Err != nil:
		return x.Err.Error()
	case x.DecodeErr != nil:
		return fmt.Sprintf("HTTP %d, not JSON: %q", x.Status, short(x.Body))
	}
	obj, _ := x.Doc.(map[string]any)
	return fmt.Sprintf("code %v error_code %v", obj["code"], obj["error_code"])
}

// walkForms reads every page of getFormList with page_size 3 and the
// filter, memoized per run.
func (t *T) walkForms(role string, filter map[string]any) walk {
	key := fmt.Sprintf("forms %s %v", role, filter)
	return t.once(key, func(t *T) any { return t.doWalkForms(role, filter, 3) }).(walk)
}

// A page-numbered walk is no chain: once page 1 names the last page, the
// pages up to it are read side by side, formAhead at a time, then taken
// in order as one after the other would have: a walk that stops early
// (an error, an empty page, current_page reaching last_page) drops the
// pages read ahead, unseen by any check or by coverage.
const formAhead = 32

func (t *T) doWalkForms(role string, filter map[string]any, size int) walk {
	var w walk
	// A walk whose page_size is written as digits (the paging product's
	// digits class) writes its page so too, on every page: a client that
	// writes one number as a string writes both, and a target may read
	// the string on page 1 alone.
	_, digits := filter["page_size"].(string)
	body := func(page int) map[string]any {
		b := map[string]any{"page": page}
		if digits {
			b["page"] = strconv.Itoa(page)
		}
		if size != 0 { // 0: without page_size, at the default
			b["page_size"] = size
		}
		for k, v := range filter {
			b[k] = v
		}
		return b
	}
	// A batch is the pages from first to end, read ahead at once; one
	// request at a time they are read one by one, and the plan's chain
	// counts them as one batch all the same.
	var ahead []*Exchange
	first, end, depth, last := 1, 0, 0, int64(1)
	for page := 1; page <= maxWalkPages; page++ {
		if page > end {
			n := 1
			if page > 1 {
				n = max(1, int(min(int64(formAhead), last-int64(page)+1, int64(maxWalkPages-page+1))))
			}
			first, end, depth = page, page+n-1, t.depth
			if !t.r.sequential() {
				ahead = t.readAhead(role, page, n, body)
			}
		}
		var x *Exchange
		if t.r.sequential() {
			x = t.send(contract.GetFormList, role, body(page))
			t.depth = depth + 1
		} else {
			x = ahead[page-first]
		}
		t.r.observe(contract.GetFormList, x)
		data := w.add(x)
		if data == nil {
			return w
		}
		info, _ := data["page"].(map[string]any)
		w.pageInfo = append(w.pageInfo, info)
		cur, ok1 := intOf(info["current_page"])
		l, ok2 := intOf(info["last_page"])
		list, _ := data["list"].([]any)
		if !ok1 || !ok2 || cur >= l || len(list) == 0 {
			return w
		}
		last = l
	}
	w.broken = fmt.Sprintf("no last page after %d pages", maxWalkPages)
	return w
}

// readAhead reads n pages from page on, side by side, observing none.
func (t *T) readAhead(role string, page, n int, body func(int) map[string]any) []*Exchange {
	xs := make([]*Exchange, n)
	t.each(n, func(t *T, i int) { xs[i] = t.send(contract.GetFormList, role, body(page+i)) })
	return xs
}

// formWalks reads the walks of getFormList with each filter side by side
// (memoized, as walkForms), so that a check that looks at them one by one
// waits for the longest, not for their sum.
func (t *T) formWalks(role string, filters ...map[string]any) []walk {
	out := make([]walk, len(filters))
	t.each(len(filters), func(t *T, i int) { out[i] = t.walkForms(role, filters[i]) })
	return out
}

// walkCursor reads every page of a cursor listing (templates/*), memoized.
func (t *T) walkCursor(ep contract.Endpoint, role string, filter map[string]any, size int) walk {
	key := fmt.Sprintf("cursor %s %s %v %d", ep.Name, role, filter, size)
	return t.once(key, func(t *T) any { return t.doWalkCursor(ep, role, filter, size) }).(walk)
}

// A cursor walk never straddles a reset. What a page token is bound to
// is the service's (§C5), and a reset may be part of it: a token issued
// before the profile's reset may be refused after it. A walk that a
// reset began or ended during, and whose later page was refused, is
// walked again from its first page, until one walk no reset crossed (the
// writes, which reset, end; walkRetries bounds it all the same); what
// the checks judge is that walk. On a target that keeps its tokens
// across a reset no walk is read twice.
const walkRetries = 50

func (t *T) doWalkCursor(ep contract.Endpoint, role string, filter map[string]any, size int) walk {
	depth := t.depth
	for try := 0; ; try++ {
		// A walk walked again starts where the first began: how many
		// walks a reset crossed depends on timing, and the plan's
		// longest chain must not.
		t.depth = depth
		began := t.r.resets.Load()
		w := t.walkCursorOnce(ep, role, filter, size)
		refused := strings.Contains(w.broken, "is not a success answer")
		if try == walkRetries || !refused || len(w.pages) < 2 || t.r.resets.Load() == began {
			// Only the walk returned is observed: how many walks a reset
			// crossed depends on timing, and the answers the rules judge
			// must not (the same report at any concurrency).
			for _, x := range append(w.sizeRefusals, w.pages...) {
				t.r.observe(ep, x)
			}
			if len(w.sizeRefusals) > 0 {
				t.Notef("%s %v: a page_token sent with another page_size than its page's is refused (code 400; the service's choice, §C5): the walk went on at the token's page_size", ep.Name, filter)
			}
			return w
		}
	}
}

func (t *T) walkCursorOnce(ep contract.Endpoint, role string, filter map[string]any, size int) walk {
	var w walk
	defer func(was bool) { t.walking = was }(t.walking)
	t.walking = true                // its pages go every time (sameReads)
	_, fixed := filter["page_size"] // the filter's own page_size stays
	varied, issued := !fixed, size  // issued: the page_size the token was issued with
	err := svcclient.Walk(maxWalkPages, func(n int, token string) (string, bool, error) {
		asked := size
		if varied && token != "" {
			asked = t.sizeFor(ep, filter, size, n)
		}
		body := func(asked int) map[string]any {
			b := map[string]any{}
			if asked > 0 { // 0: without page_size, at the listing's default
				b["page_size"] = asked
			}
			for k, v := range filter {
				b[k] = v
			}
			if token != "" {
				b["page_token"] = token
			}
			return b
		}
		x := t.send(ep, role, body(asked)) // observed when the walk is kept
		if asked != issued && t.refusedParamForm(x, ep) {
			// A token bound to the page_size it was issued with: the
			// walk goes on at that size, and varies it no more.
			w.sizeRefusals = append(w.sizeRefusals, x)
			varied, asked = false, issued
			x = t.send(ep, role, body(asked))
		}
		issued = asked
		data := w.add(x)
		w.sizes = append(w.sizes, asked)
		if data == nil {
			return "", false, nil
		}
		w.endToken = data["next_page_token"]
		next, isString := w.endToken.(string)
		list, _ := data["list"].([]any)
		switch {
		case w.endToken == nil:
			return "", false, nil
		case !isString:
			w.broken = fmt.Sprintf("page %d: next_page_token is neither a string nor null", n)
			return "", false, nil
		case len(list) == 0:
			w.broken = fmt.Sprintf("page %d is empty but next_page_token is not null", n)
			return "", false, nil
		}
		return next, true, nil
	})
	var repeat *svcclient.RepeatError
	switch {
	case errors.As(err, &repeat):
		w.broken = fmt.Sprintf("page %d repeats an earlier next_page_token", repeat.Page)
	case err != nil: // *svcclient.TooLongError, the only other
		w.broken = fmt.Sprintf("no last page after %d pages", maxWalkPages)
	}
	return w
}

// A cursor walk changes its page_size between pages, as a client does
// that shows more rows once the reader scrolls, or fewer on a narrower
// screen: each page after the first of a walk at a size from 2 to below
// the maximum is asked with a size the seed picks (the size, one less,
// one more, or twice it), the token of the page before beside it. A
// token is the position the page before ended at (§C5): the walk still
// gives every item once and its pages add up to total, which
// *.walk.disjoint, *.walk.total and every relation over the walk judge.
// A token bound to the page_size it was issued with may be refused with
// another, with a 400 in the endpoint's error shape: the page is asked
// again at the token's size, and the walk goes on so. A walk at size 1
// keeps it (a boundary between every two neighbours, the paging
// product's small class), as does a walk whose filter sends its own.

// sizeFor is the page_size page n (from 2) of a walk at size asks with.
func (t *T) sizeFor(ep contract.Endpoint, filter map[string]any, size, n int) int {
	if size < 2 || size >= contract.TemplatesMaxPageSize {
		return size
	}
	sizes := []int{size, size - 1, size + 1, min(2*size, contract.TemplatesMaxPageSize)}
	return sizes[pick(t.runSeed(), fmt.Sprintf("cursor page_size %s %v %d page %d", ep.Name, filter, size, n), len(sizes))]
}

// pagesValid validates every page of a walk against the endpoint's
// response schema, recording failures.
func (t *T) pagesValid(w walk, ep contract.Endpoint) bool {
	ok := true
	for _, x := range w.pages {
		if t.success(x, responseFile(ep)) == nil {
			ok = false
		}
	}
	return ok
}

// disjoint fails when an item key repeats across the pages of a walk.
func (t *T) disjoint(w walk, key, what string) {
	seen := map[string]bool{}
	for _, it := range w.items {
		k := fmt.Sprint(it[key])
		if seen[k] {
			t.Errorf(w.last, "%s: item %s %s appears on more than one page", what, key, k)
			return
		}
		seen[k] = true
	}
}

// totalHolds fails when total changes during the walk or the pages do not
// add up to it.
func (t *T) totalHolds(w walk, what string) {
	if w.broken != "" {
		t.Errorf(w.last, "%s: %s", what, w.broken)
		return
	}
	if len(w.totals) == 0 {
		t.Errorf(w.last, "%s: no total on any page", what)
		return
	}
	for i, tot := range w.totals {
		if tot != w.totals[0] {
			t.Errorf(w.pages[i], "%s: total is %d on page 1 but %d on page %d", what, w.totals[0], tot, i+1)
			return
		}
	}
	if int64(len(w.items)) != w.totals[0] {
		t.Errorf(w.last, "%s: the pages hold %d items, total says %d", what, len(w.items), w.totals[0])
	}
}
