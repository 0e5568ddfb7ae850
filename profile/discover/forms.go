package discover

import (
	"context"
	"slices"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// maxFacts caps the ids and numbers listed: a few are enough to check.
const maxFacts = 5

// form is what the form list tells of one form.
type form struct {
	id                 int64
	name, note, number string
}

// forms walks getFormList with the largest page the spec allows and keeps
// the total, the first ids and numbers, and up to three search keys with
// the count a case-insensitive substring search of name, note and number
// gives over the walked list.
func (d *discoverer) forms(ctx context.Context, s *sink) error {
	var all []form
	total := -1
	for page := 1; page <= maxPages; page++ {
		data, err := d.c.read(ctx, contract.GetFormList.Name, d.opts.ReadKey, map[string]any{"page": page, "page_size": 20})
		if err != nil {
			return err
		}
		list, _ := data["list"].([]any)
		info, _ := data["page"].(map[string]any)
		if t, ok := intOf(info["total"]); ok && total < 0 {
			total = int(t)
		}
		for _, it := range list {
			m, _ := it.(map[string]any)
			id, _ := intOf(m["id"])
			f := form{id: id}
			f.name, _ = m["name"].(string)
			f.note, _ = m["note"].(string)
			f.number, _ = m["number"].(string)
			all = append(all, f)
		}
		last, _ := intOf(info["last_page"])
		if len(list) == 0 || int64(page) >= last {
			break
		}
	}
	fs := &d.res.Profile.Forms
	if total < 0 || total != len(all) {
		s.note("forms", "the form list said total %d, the walk found %d forms: check which is right", total, len(all))
	}
	n := len(all)
	fs.Total = &n
	for _, f := range all {
		if len(fs.IDs) < maxFacts {
			fs.IDs = append(fs.IDs, f.id)
		}
		if f.number != "" && len(fs.Numbers) < maxFacts && !slices.Contains(fs.Numbers, f.number) {
			fs.Numbers = append(fs.Numbers, f.number)
		}
	}
	fs.Searches = searches(all)
	return d.numberFilterWorks(ctx, s, fs.Numbers)
}

// searches picks up to three search keys, the first two characters of form
// names, with the count they must give.
func searches(all []form) []profile.Search {
	var out []profile.Search
	for _, f := range all {
		r := []rune(strings.TrimSpace(f.name))
		if len(r) < 2 || len(out) >= 3 {
			continue
		}
		key := string(r[:2])
		seen := false
		for _, s := range out {
			seen = seen || s.Key == key
		}
		if seen {
			continue
		}
		n := 0
		for _, g := range all {
			if strings.Contains(strings.ToLower(g.name+"\x00"+g.note+"\x00"+g.number), strings.ToLower(key)) {
				n++
			}
		}
		out = append(out, profile.Search{Key: key, Count: &n})
	}
	return out
}
