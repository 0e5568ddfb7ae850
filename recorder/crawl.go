package recorder

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/internal/svcclient"
)

// CrawlOptions names what a crawl reads besides the lists it walks whole.
type CrawlOptions struct {
	RecordIDs  []int64
	RecordURLs []string
	// SearchKeys are getFormList searches whose every page is kept as
	// the service answered it (search.go).
	SearchKeys []string
	// Log receives one line per skipped item (nil: discarded).
	Log io.Writer
}

// Crawl walks the upstream once, read-only, into c: every form list page,
// every template and its sub-codes (cursor walks), and the named records
// in every format. It stops early, keeping what it has, when the request
// budget is spent (the error is then ErrBudget) or ctx ends.
func Crawl(ctx context.Context, u *Upstream, c *Capture, o CrawlOptions) error {
	w := &walker{u: u, c: c, log: o.Log}
	if w.log == nil {
		w.log = io.Discard
	}
	if err := w.forms(ctx); err != nil {
		return err
	}
	codings, err := w.templates(ctx)
	if err != nil {
		return err
	}
	// Each template's sub-codes and each record are independent reads:
	// they overlap, up to the upstream's concurrency.
	var jobs []svcclient.Job
	for _, coding := range codings {
		jobs = append(jobs, w.subCodes(coding))
	}
	for _, id := range o.RecordIDs {
		jobs = append(jobs, w.record(map[string]any{"record_id": id}))
	}
	for _, url := range o.RecordURLs {
		jobs = append(jobs, w.record(map[string]any{"record_url": url}))
	}
	for _, key := range o.SearchKeys {
		jobs = append(jobs, w.search(key))
	}
	if err := svcclient.InOrder(ctx, u.Concurrency, jobs); err != nil {
		return err
	}
	sent, err := probeSearch(ctx, u, c)
	logProbes(w.log, sent, err)
	if err != nil {
		return err
	}
	if err := probeIntStrings(ctx, u, c, w.log); err != nil {
		return err
	}
	first := ""
	if len(codings) > 0 {
		first = codings[0]
	}
	return w.provoke(ctx, c.recordHost(u), first)
}

type walker struct {
	u   *Upstream
	c   *Capture
	log io.Writer
}

// call posts req and returns data of a success answer; an error answer is
// an error naming the endpoint and the upstream's message.
func (w *walker) call(ctx context.Context, ep contract.Endpoint, req map[string]any) (Exchange, json.RawMessage, error) {
	body, _ := json.Marshal(req)
	x, err := w.u.Call(ctx, ep.Name, body)
	if err != nil {
		return x, nil, err
	}
	w.c.Answer(x.Status, x.Body)
	data := dataOf(x.Body)
	if redirect := (svcclient.Answer{Status: x.Status, Header: x.Header}).Redirect(); redirect != "" {
		return x, nil, &refusal{fmt.Sprintf("upstream %s %s: %s", ep.Name, body, redirect)}
	}
	if data == nil {
		return x, nil, &refusal{fmt.Sprintf("upstream %s %s: %s", ep.Name, body, refusalText(x))}
	}
	return x, data, nil
}

// refusalText words an error answer with what to try: the key for a 401
// or 403, the URL for an answer that is not the service's JSON (whose
// body is kept, escaped and cut, as it is what tells what answered).
func refusalText(x Exchange) string {
	var e struct {
		Code    *int   `json:"code"`
		Message string `json:"message"`
	}
	if json.Unmarshal(x.Body, &e) != nil || e.Code == nil {
		return fmt.Sprintf("HTTP %d: %.200q: this does not look like the service (no JSON {code, message} answer): check --upstream", x.Status, x.Body)
	}
	msg := fmt.Sprintf("HTTP %d: %q", x.Status, e.Message)
	if x.Status == 401 || x.Status == 403 || *e.Code == 401 || *e.Code == 403 {
		msg += ": the upstream refuses the key: check --api-key (or RTQ_API_KEY)"
	}
	return msg
}

// refusal is an error answer of the upstream, as opposed to no answer:
// the service is there and said no to this request.
type refusal struct{ msg string }

func (r *refusal) Error() string { return r.msg }

func (w *walker) forms(ctx context.Context) error {
	for page := 1; ; page++ {
		x, data, err := w.call(ctx, contract.GetFormList, map[string]any{"page": page, "page_size": contract.FormListMaxPageSize})
		if err != nil {
			return err
		}
		fresh := w.c.FormPage(x.Body)
		w.c.unfilteredTotal(x.Request, x.Body)
		var d struct {
			List []json.RawMessage `json:"list"`
			Page struct {
				Current int `json:"current_page"`
				Last    int `json:"last_page"`
			} `json:"page"`
		}
		if err := json.Unmarshal(data, &d); err != nil {
			return fmt.Errorf("upstream %s page %d: %w", contract.GetFormList.Name, page, err)
		}
		if len(d.List) == 0 || d.Page.Current >= d.Page.Last || fresh == 0 { // fresh == 0: a service ignoring page
			return nil
		}
	}
}

// cursor walks one cursor-paged list, handing each answer to take. A
// token the walk already followed ends it with an error: a service that
// repeats itself would otherwise be walked until the budget is spent.
func (w *walker) cursor(ctx context.Context, ep contract.Endpoint, req map[string]any, take func([]byte)) error {
	req["page_size"] = contract.TemplatesMaxPageSize
	err := svcclient.Walk(0, func(_ int, token string) (string, bool, error) {
		if token != "" {
			req["page_token"] = token
		}
		x, data, err := w.call(ctx, ep, req)
		if err != nil {
			return "", false, err
		}
		take(x.Body)
		var d struct {
			Next *string `json:"next_page_token"`
		}
		if err := json.Unmarshal(data, &d); err != nil {
			return "", false, fmt.Errorf("upstream %s: %w", ep.Name, err)
		}
		if d.Next == nil || *d.Next == "" {
			return "", false, nil
		}
		return *d.Next, true, nil
	})
	var repeat *svcclient.RepeatError
	if errors.As(err, &repeat) {
		return fmt.Errorf("upstream %s: the cursor walk repeats page_token %q", ep.Name, repeat.Token)
	}
	return err
}

func (w *walker) templates(ctx context.Context) ([]string, error) {
	var codings []string
	err := w.cursor(ctx, contract.TemplatesList, map[string]any{}, func(body []byte) {
		w.c.TemplatePage(body)
		var d struct {
			List []tplSeen `json:"list"`
		}
		_ = json.Unmarshal(dataOf(body), &d)
		for _, t := range d.List {
			codings = append(codings, t.Coding)
		}
	})
	return codings, err
}

// subCodes walks the sub-codes of one template; its pages reach the
// capture when the job is committed.
func (w *walker) subCodes(coding string) svcclient.Job {
	return func(ctx context.Context) (func(), error) {
		var pages [][]byte
		err := w.cursor(ctx, contract.ListQrcodes, map[string]any{"template": coding}, func(body []byte) {
			pages = append(pages, body)
		})
		return func() {
			for _, body := range pages {
				w.c.SubCodePage(coding, body)
			}
		}, err
	}
}

// record reads one record in every format; a record the upstream does not
// show is logged and skipped (when the job is committed).
func (w *walker) record(ref map[string]any) svcclient.Job {
	return func(ctx context.Context) (func(), error) {
		var bodies [][]byte
		skipped := ""
		var err error
		for _, f := range contract.Formats {
			req := map[string]any{"format": f.Name}
			for k, v := range ref {
				req[k] = v
			}
			var x Exchange
			if x, _, err = w.call(ctx, contract.GetRecord, req); err != nil {
				if !errors.Is(err, ErrBudget) && ctx.Err() == nil && x.Body != nil {
					skipped, err = fmt.Sprintf("rtq record: skipped: %v\n", err), nil
				}
				break
			}
			bodies = append(bodies, x.Body)
		}
		return func() {
			for _, body := range bodies {
				w.c.Record(body)
			}
			if skipped != "" {
				fmt.Fprint(w.log, skipped)
			}
		}, err
	}
}
