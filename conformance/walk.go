package conformance

import (
	"errors"
	"fmt"

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
	return t.r.memo.do(key, func() any { return t.doWalkForms(role, filter, 3) }).(walk)
}

func (t *T) doWalkForms(role string, filter map[string]any, size int) walk {
	var w walk
	for page := 1; page <= maxWalkPages; page++ {
		body := map[string]any{"page": page, "page_size": size}
		for k, v := range filter {
			body[k] = v
		}
		data := w.add(t.post(contract.GetFormList, role, body))
		if data == nil {
			return w
		}
		info, _ := data["page"].(map[string]any)
		w.pageInfo = append(w.pageInfo, info)
		cur, ok1 := intOf(info["current_page"])
		last, ok2 := intOf(info["last_page"])
		list, _ := data["list"].([]any)
		if !ok1 || !ok2 || cur >= last || len(list) == 0 {
			return w
		}
	}
	w.broken = fmt.Sprintf("no last page after %d pages", maxWalkPages)
	return w
}

// walkCursor reads every page of a cursor listing (templates/*), memoized.
func (t *T) walkCursor(ep contract.Endpoint, role string, filter map[string]any, size int) walk {
	key := fmt.Sprintf("cursor %s %s %v %d", ep.Name, role, filter, size)
	return t.r.memo.do(key, func() any { return t.doWalkCursor(ep, role, filter, size) }).(walk)
}

func (t *T) doWalkCursor(ep contract.Endpoint, role string, filter map[string]any, size int) walk {
	var w walk
	err := svcclient.Walk(maxWalkPages, func(n int, token string) (string, bool, error) {
		body := map[string]any{"page_size": size}
		for k, v := range filter {
			body[k] = v
		}
		if token != "" {
			body["page_token"] = token
		}
		data := w.add(t.post(ep, role, body))
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
