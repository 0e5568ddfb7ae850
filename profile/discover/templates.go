package discover

import (
	"context"
	"errors"
	"fmt"

	"github.com/rtq-kit/rtq/internal/svcclient"
	"github.com/rtq-kit/rtq/profile"
)

// templates walks templates/list by cursor and, for the first few
// templates, listQrcodes: the totals and sub-code counts a profile holds.
func (d *discoverer) templates(ctx context.Context) error {
	items, total, err := d.walk(ctx, "templates/list", map[string]any{})
	if err != nil {
		return err
	}
	ts := &d.res.Profile.Templates
	n := len(items)
	if total == walkRepeated {
		d.res.note("templates", "Not established: the templates, their total and window: the cursor walk of templates/list repeats (a finding)")
		return nil
	}
	ts.Total = &n
	if total != n {
		d.res.note("templates", "templates/list said total %d, the walk found %d templates: check which is right", total, n)
	}
	var why string
	if ts.Window, why, err = d.window(ctx, "templates/list", map[string]any{}, n); err != nil {
		return err
	}
	if ts.Window == nil {
		d.res.note("templates", "Not established: the window of templates/list, so templates.time.window and templates.time.bounds will skip: %s", why)
	}
	windowed := false
	for i, it := range items {
		// The first maxTemplates templates; past them, while none had
		// enough sub-codes for a window, one more that has (so a broken
		// sub-code time filter is seen), looking at most maxTemplateScan.
		if i >= maxTemplateScan || len(ts.Items) > maxTemplates || len(ts.Items) == maxTemplates && windowed {
			break
		}
		id, _ := intOf(it["tpl_id"])
		coding, _ := it["coding"].(string)
		if coding == "" {
			continue
		}
		subs, subTotal, err := d.walk(ctx, "templates/listQrcodes", map[string]any{"template": coding})
		if err != nil {
			return err
		}
		count := len(subs)
		if len(ts.Items) == maxTemplates && count < minWindowItems {
			continue
		}
		if subTotal == walkRepeated {
			d.res.note("templates", "Not established: the sub-codes of template %s: the cursor walk repeats (a finding)", coding)
			ts.Items = append(ts.Items, profile.Template{TplID: id, Coding: coding})
			continue
		}
		if subTotal != count {
			d.res.note("templates", "template %s: listQrcodes said total %d, the walk found %d sub-codes", coding, subTotal, count)
		}
		win, why, err := d.window(ctx, "templates/listQrcodes", map[string]any{"template": coding}, count)
		if err != nil {
			return err
		}
		if win == nil {
			d.res.note("templates", "Not established: the window of template %s: %s", coding, why)
		}
		windowed = windowed || count >= minWindowItems
		ts.Items = append(ts.Items, profile.Template{TplID: id, Coding: coding, SubCodes: &count, Window: win})
	}
	return nil
}

// walkRepeated is walk's total when the cursor repeated a token: the
// items are those read before, and the repetition is a finding.
const walkRepeated = -2

// walk reads every page of a cursor listing (page_size 100) and returns its
// items and the total of the first page.
func (d *discoverer) walk(ctx context.Context, op string, filter map[string]any) ([]map[string]any, int, error) {
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
		d.res.find("4.4.lastToken", op, "%s: the cursor walk repeats next_page_token %q after %d items", compact(filter), repeat.Token, len(items))
		return items, walkRepeated, nil
	case errors.As(err, &long):
		return nil, 0, fmt.Errorf("%s %s: more than %d pages", op, compact(filter), maxPages)
	case err != nil:
		return nil, 0, err
	}
	return items, total, nil
}
