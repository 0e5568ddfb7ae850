package recorder

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/internal/svcclient"
)

// What a crawl keeps of the searches it is told (--search-key): the
// service's fuzzy search is its own (which forms a key matches, in which
// order), which the domain cannot say, so every page of the search is
// kept as the service answered it, for its exact request (service.replay,
// docs/record.md), as the proxy keeps the searches it forwards.

// maxSearchPages bounds one search's walk: a service that ignores page
// would otherwise be walked until the budget is spent.
const maxSearchPages = 1000

// search walks every page of a getFormList search for key: the first page
// as a client sends it first ({"search_key": key}, page left out as
// §4.3 allows), then page 2, 3 and on at the service's own page size,
// until the last page. Its answers reach the capture when the job is
// committed; an error answer is kept too, and ends the walk.
func (w *walker) search(key string) svcclient.Job {
	return func(ctx context.Context) (func(), error) {
		var xs []Exchange
		var err error
		var seen [][]int64
		for page := 1; page <= maxSearchPages; page++ {
			req := map[string]any{"search_key": key}
			if page > 1 {
				req["page"] = page
			}
			body, _ := json.Marshal(req)
			var x Exchange
			if x, err = w.u.Call(ctx, contract.GetFormList.Name, body); err != nil {
				break
			}
			xs = append(xs, x)
			ids, last := searchPage(x.Body)
			if last || slices.ContainsFunc(seen, func(s []int64) bool { return slices.Equal(s, ids) }) {
				break
			}
			seen = append(seen, ids)
		}
		return func() {
			kept := 0
			var why string
			for _, x := range xs {
				if why = redirectOf(x); why != "" {
					break // a redirect is no answer of the service's to replay
				}
				w.c.Answer(x.Status, x.Body)
				w.c.FormPage(x.Body)
				if !w.c.keepReplay(x.Endpoint, x.Request, x.Status, x.Body, "") {
					why = fmt.Sprintf("HTTP %d, not the service's JSON answer ({code, message})", x.Status)
					break
				}
				kept++
			}
			if line := searchReport(key, xs, kept, why); line != "" {
				fmt.Fprintln(w.log, line)
			}
		}, err
	}
}

// redirectOf words an answer that is a redirect (with its Location, not
// followed), "" for one that is not.
func redirectOf(x Exchange) string {
	return svcclient.Answer{Status: x.Status, Header: x.Header}.Redirect()
}

// searchReport is the log line of a search whose walk did not end on a
// page of forms: what the last page answered, and which pages were kept
// (kept of xs, the first ones); "" when every page was the service's
// success. why says why the page after the kept ones was not kept.
func searchReport(key string, xs []Exchange, kept int, why string) string {
	n := len(xs)
	switch {
	case n == 0:
		return ""
	case why != "":
		return fmt.Sprintf("rtq record: search %q: page %d answered %s: not kept; %s", key, kept+1, why, keptPages(kept))
	case dataOf(xs[n-1].Body) == nil:
		return fmt.Sprintf("rtq record: search %q: the service answered page %d with an error (HTTP %d), kept as it is, as the mock will answer it; %s", key, n, xs[n-1].Status, keptPages(kept))
	}
	return ""
}

// keptPages says which pages of a search were kept: the first n.
func keptPages(n int) string {
	switch n {
	case 0:
		return "nothing of this search was kept"
	case 1:
		return "page 1 was kept"
	}
	return fmt.Sprintf("pages 1 to %d were kept", n)
}

// searchPage reads a getFormList answer: the ids it lists, and whether it
// is the last page (an error answer or an empty list is).
func searchPage(body []byte) (ids []int64, last bool) {
	var d struct {
		List []struct {
			ID int64 `json:"id"`
		} `json:"list"`
		Page struct {
			Current int `json:"current_page"`
			Last    int `json:"last_page"`
		} `json:"page"`
	}
	if json.Unmarshal(dataOf(body), &d) != nil || len(d.List) == 0 {
		return nil, true
	}
	for _, f := range d.List {
		ids = append(ids, f.ID)
	}
	return ids, d.Page.Current >= d.Page.Last
}
