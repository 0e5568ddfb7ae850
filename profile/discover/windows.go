package discover

import (
	"context"
	"fmt"
	"maps"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/internal/svcclient"
	"github.com/rtq-kit/rtq/profile"
)

// minWindowItems is the fewest items a window is looked for in.
const minWindowItems = 3

// maxBoundTries is how many seconds a bound may move to find one on which
// nothing was created.
const maxBoundTries = 20

// window finds a creation-time filter over about the middle half of a
// listing's n items, with the total and codings it gives. Listings carry
// no creation times, so it bisects counts; each bound is a second on which
// nothing was created (a count from the second before to the second after
// is 0), so inclusive and exclusive readings of the bounds agree. When it
// finds none it says why (the profile's comment), and a time filter that
// does not work is a finding besides.
func (d *discoverer) window(ctx context.Context, s *sink, op string, filter map[string]any, n int) (*profile.Window, string, error) {
	if n < minWindowItems {
		return nil, fmt.Sprintf("%d item(s): a window over the middle half needs at least %d", n, minWindowItems), nil
	}
	count := func(ctx context.Context, from, to int64) (int, int, error) {
		body := map[string]any{"start_time": contract.Stamp(from), "end_time": contract.Stamp(to), "page_size": 1}
		for k, v := range filter {
			body[k] = v
		}
		data, err := d.c.read(ctx, op, d.opts.ReadKey, body)
		if err != nil {
			return 0, 0, err
		}
		t, _ := intOf(data["total"])
		list, _ := data["list"].([]any)
		return int(t), len(list), nil
	}
	totals := func(ctx context.Context) func(from, to int64) (int, error) {
		return func(from, to int64) (int, error) {
			t, _, err := count(ctx, from, to)
			return t, err
		}
	}
	from, hi := contract.SearchSpan(d.opts.Now)
	if why, err := d.timeFilterWorks(ctx, s, op, count, from, hi, n); why != "" || err != nil {
		return nil, why, err
	}
	// The bisections for where the first quarter and the third quarter of
	// the items are reached need nothing of each other: they overlap.
	// The upper bound is then the first quiet second after both.
	var lo, third int64
	err := d.overlap(ctx, []svcclient.Job{
		func(ctx context.Context) (func(), error) {
			var err error
			if lo, err = d.reach(totals(ctx), from, from, hi, n/4); err == nil {
				lo, err = d.settle(totals(ctx), lo)
			}
			return nil, err
		},
		func(ctx context.Context) (func(), error) {
			var err error
			third, err = d.reach(totals(ctx), from, from, hi, (3*n)/4)
			return nil, err
		},
	})
	if err != nil || lo < 0 {
		return nil, fmt.Sprintf("no second on which nothing was created within %d seconds after the first quarter of the items", maxBoundTries), err
	}
	// The first second after lo at which the third quarter is reached:
	// the bisection over [lo+1, hi] would find the same.
	up, err := d.settle(totals(ctx), max(lo+1, third))
	if err != nil || up < 0 {
		return nil, fmt.Sprintf("no second on which nothing was created within %d seconds after the third quarter of the items", maxBoundTries), err
	}
	w := &profile.Window{Start: contract.Stamp(lo), End: contract.Stamp(up)}
	items, total, err := d.walk(ctx, s, op, merge(filter, map[string]any{"start_time": w.Start, "end_time": w.End}))
	switch {
	case err != nil:
		return nil, "", err
	case total == walkRepeated:
		return nil, fmt.Sprintf("the cursor walk from %s to %s repeats (a finding)", w.Start, w.End), nil
	case total != len(items):
		why := s.find("4.4.totalFilter", op, "from %s to %s the pages list %d items but total says %d", w.Start, w.End, len(items), total)
		return nil, why, nil
	case total == 0:
		return nil, fmt.Sprintf("from %s to %s nothing is listed, though the counts said about half of the %d items", w.Start, w.End, n), nil
	}
	w.Total = total
	for _, it := range items {
		if c, _ := it["coding"].(string); c != "" {
			w.Codings = append(w.Codings, c)
		}
	}
	return w, "", nil
}

// reach bisects for the first second t in [from, to] with count(start, t)
// at least k (start: where the search span begins); to when there is none.
func (d *discoverer) reach(count func(int64, int64) (int, error), start, from, to int64, k int) (int64, error) {
	lo, hi := from, to
	for lo < hi {
		mid := lo + (hi-lo)/2
		c, err := count(start, mid)
		if err != nil {
			return -1, err
		}
		if c >= k {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo, nil
}

// settle moves forward from at to a second on which nothing was created
// (a count from the second before to the second after is 0), trying at
// most maxBoundTries seconds one after the other; -1 when there is none.
func (d *discoverer) settle(count func(int64, int64) (int, error), at int64) (int64, error) {
	for t := at + 1; t <= at+maxBoundTries; t++ {
		c, err := count(t-1, t+1)
		if err != nil {
			return -1, err
		}
		if c == 0 {
			return t, nil
		}
	}
	return -1, nil
}

func merge(a, b map[string]any) map[string]any {
	out := make(map[string]any, len(a)+len(b))
	maps.Copy(out, a)
	maps.Copy(out, b)
	return out
}
