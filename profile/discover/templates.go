package discover

import (
	"context"
	"errors"
	"fmt"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/internal/svcclient"
	"github.com/rtq-kit/rtq/profile"
)

// templates walks templates/list by cursor and, for the first few
// templates, listQrcodes: the totals and sub-code counts a profile holds.
// The list's window and each of the first maxTemplates templates (its
// sub-code walk, then its window) are independent: they overlap, and are
// kept in this order.
func (d *discoverer) templates(ctx context.Context, s *sink) error {
	items, total, err := d.walk(ctx, s, contract.TemplatesList.Name, map[string]any{})
	if err != nil {
		return err
	}
	ts := &d.res.Profile.Templates
	n := len(items)
	if total == walkRepeated {
		s.note("templates", "Not established: the templates, their total and window: the cursor walk of templates/list repeats (a finding)")
		return nil
	}
	ts.Total = &n
	if total != n {
		s.note("templates", "templates/list said total %d, the walk found %d templates: check which is right", total, n)
	}
	jobs := []svcclient.Job{func(ctx context.Context) (func(), error) {
		seen := &sink{}
		win, why, err := d.window(ctx, seen, contract.TemplatesList.Name, map[string]any{}, n)
		return func() {
			s.absorb(seen)
			ts.Window = win
			if err == nil && win == nil {
				s.note("templates", "Not established: the window of templates/list, so templates.time.window and templates.time.bounds will skip: %s", why)
			}
		}, err
	}}
	// The first maxTemplates templates with a coding, among the first
	// maxTemplateScan, are always walked.
	next := 0
	for ; next < len(items) && next < maxTemplateScan && len(jobs) <= maxTemplates; next++ {
		id, _ := intOf(items[next]["tpl_id"])
		if coding, _ := items[next]["coding"].(string); coding != "" {
			jobs = append(jobs, d.template(s, id, coding))
		}
	}
	if err := d.overlap(ctx, jobs); err != nil {
		return err
	}
	return d.oneWindowed(ctx, s, items, next)
}

// template is the job of one of the first templates: its sub-code walk
// and window, kept in ts.Items when committed.
func (d *discoverer) template(s *sink, id int64, coding string) svcclient.Job {
	return func(ctx context.Context) (func(), error) {
		seen := &sink{}
		tpl, err := d.subCodes(ctx, seen, id, coding, false)
		return func() {
			s.absorb(seen)
			if tpl != nil {
				d.res.Profile.Templates.Items = append(d.res.Profile.Templates.Items, *tpl)
			}
		}, err
	}
}

// oneWindowed looks, past the first templates, while none had enough
// sub-codes for a window, for one more that has (so a broken sub-code time
// filter is seen), one after the other from items[from], looking at most
// maxTemplateScan. Which it walks depends on what the last one held.
func (d *discoverer) oneWindowed(ctx context.Context, s *sink, items []map[string]any, from int) error {
	ts := &d.res.Profile.Templates
	windowed := false
	for _, t := range ts.Items {
		windowed = windowed || t.SubCodes != nil && *t.SubCodes >= minWindowItems
	}
	for i := from; i < len(items) && i < maxTemplateScan && len(ts.Items) == maxTemplates && !windowed; i++ {
		id, _ := intOf(items[i]["tpl_id"])
		coding, _ := items[i]["coding"].(string)
		if coding == "" {
			continue
		}
		tpl, err := d.subCodes(ctx, s, id, coding, true)
		if err != nil || tpl == nil {
			if err != nil {
				return err
			}
			continue
		}
		ts.Items = append(ts.Items, *tpl)
		return nil
	}
	return nil
}

// subCodes walks the sub-codes of one template and looks for their
// window. With onlyWindowed, a template with too few sub-codes for a
// window is left out (nil).
func (d *discoverer) subCodes(ctx context.Context, s *sink, id int64, coding string, onlyWindowed bool) (*profile.Template, error) {
	subs, subTotal, err := d.walk(ctx, s, contract.ListQrcodes.Name, map[string]any{"template": coding})
	if err != nil {
		return nil, err
	}
	count := len(subs)
	if onlyWindowed && count < minWindowItems {
		return nil, nil
	}
	if subTotal == walkRepeated {
		s.note("templates", "Not established: the sub-codes of template %s: the cursor walk repeats (a finding)", coding)
		return &profile.Template{TplID: id, Coding: coding}, nil
	}
	if subTotal != count {
		s.note("templates", "template %s: listQrcodes said total %d, the walk found %d sub-codes", coding, subTotal, count)
	}
	win, why, err := d.window(ctx, s, contract.ListQrcodes.Name, map[string]any{"template": coding}, count)
	if err != nil {
		return nil, err
	}
	if win == nil {
		s.note("templates", "Not established: the window of template %s: %s", coding, why)
	}
	return &profile.Template{TplID: id, Coding: coding, SubCodes: &count, Window: win}, nil
}

// walkRepeated is walk's total when the cursor repeated a token: the
// items are those read before, and the repetition is a finding.
const walkRepeated = -2

// walk reads every page of a cursor listing (page_size 100) and returns its
// items and the total of the first page.
func (d *discoverer) walk(ctx context.Context, s *sink, op string, filter map[string]any) ([]map[string]any, int, error) {
	var items []map[string]any
	total := -1
	err := svcclient.Walk(maxPages, func(_ int, token string) (string, bool, error) {
		body := map[string]any{"page_size": 100}
		for k, v := range filter {
			body[k] = v
		}
		if token != "" {
			body["page_token"] = token
		}
		data, err := d.c.read(ctx, op, d.opts.ReadKey, body)
		if err != nil {
			return "", false, err
		}
		if t, ok := intOf(data["total"]); ok && total < 0 {
			total = int(t)
		}
		list, _ := data["list"].([]any)
		for _, it := range list {
			if m, ok := it.(map[string]any); ok {
				items = append(items, m)
			}
		}
		next, _ := data["next_page_token"].(string)
		return next, next != "" && len(list) > 0, nil
	})
	var repeat *svcclient.RepeatError
	var long *svcclient.TooLongError
	switch {
	case errors.As(err, &repeat):
		s.find("4.4.lastToken", op, "%s: the cursor walk repeats next_page_token %q after %d items", compact(filter), repeat.Token, len(items))
		return items, walkRepeated, nil
	case errors.As(err, &long):
		return nil, 0, fmt.Errorf("%s %s: more than %d pages", op, compact(filter), maxPages)
	case err != nil:
		return nil, 0, err
	}
	return items, total, nil
}
