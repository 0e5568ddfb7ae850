package discover

import (
	"context"
	"fmt"
	"slices"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/internal/svcclient"
)

// counter counts a listing's items created from one second to another:
// the total, and how many items the first page (page_size 1) holds.
type counter func(ctx context.Context, from, to int64) (total, listed int, err error)

// timeFilterWorks asks for the items created on the first second of the
// search span and on its last: on a correct service both hold nothing (or
// a few items, never all n). All n items on both says start_time and
// end_time change nothing (or only total ignores them, when the page is
// empty); all n on the first says end_time changes nothing, on the last
// start_time. Each is a finding, and the reason the window is left out.
func (d *discoverer) timeFilterWorks(ctx context.Context, s *sink, op string, count counter, from, to int64, n int) (string, error) {
	// The two counts are independent: they overlap.
	var early, earlyListed, late, lateListed int
	err := d.overlap(ctx, []svcclient.Job{
		func(ctx context.Context) (func(), error) {
			var err error
			early, earlyListed, err = count(ctx, from, from)
			return nil, err
		},
		func(ctx context.Context) (func(), error) {
			var err error
			late, lateListed, err = count(ctx, to, to)
			return nil, err
		},
	})
	if err != nil {
		return "", err
	}
	span := func(t int64) string { return fmt.Sprintf("start_time = end_time = %s", contract.Stamp(t)) }
	switch {
	case early == n && late == n && earlyListed == 0 && lateListed == 0:
		return s.find("4.4.totalFilter", op, "total is %d, every item, for %s and for %s, while those pages list nothing: total ignores the time filter", n, span(from), span(to)), nil
	case early == n && late == n:
		return s.find("4.4.window", op, "%s and %s each give all %d items: start_time and end_time change nothing", span(from), span(to), n), nil
	case early == n:
		return s.find("4.4.endTime", op, "%s gives all %d items (and %s gives %d): end_time changes nothing", span(from), n, span(to), late), nil
	case late == n:
		return s.find("4.4.startTime", op, "%s gives all %d items (and %s gives %d): start_time changes nothing", span(to), n, span(from), early), nil
	}
	return "", nil
}

// numberFilterWorks asks getFormList for each number and for a near miss
// of the first (one character short): every hit must have exactly the
// number sent, and total must count the hits (docs/contract.md §4.3).
//
// The numbers are asked side by side; what each shows is kept in their
// order.
func (d *discoverer) numberFilterWorks(ctx context.Context, s *sink, numbers []string) error {
	sent := append([]string(nil), numbers...)
	if len(numbers) > 0 {
		if r := []rune(numbers[0]); len(r) > 1 && !slices.Contains(numbers, string(r[:len(r)-1])) {
			sent = append(sent, string(r[:len(r)-1]))
		}
	}
	jobs := make([]svcclient.Job, len(sent))
	for i, n := range sent {
		jobs[i] = func(ctx context.Context) (func(), error) {
			seen := &sink{}
			err := d.numberFilter(ctx, seen, n)
			return func() { s.absorb(seen) }, err
		}
	}
	return d.overlap(ctx, jobs)
}

// numberFilter asks getFormList for one number (numberFilterWorks).
func (d *discoverer) numberFilter(ctx context.Context, s *sink, n string) error {
	op := contract.GetFormList.Name
	data, err := d.c.read(ctx, op, d.opts.ReadKey, map[string]any{"number": n, "page_size": 20})
	if err != nil {
		return err
	}
	list, _ := data["list"].([]any)
	info, _ := data["page"].(map[string]any)
	for _, it := range list {
		m, _ := it.(map[string]any)
		if got, _ := m["number"].(string); got != n {
			s.find("4.3.number", op, "number %q lists form %v with number %q: the filter is not exact", n, m["id"], got)
			break
		}
	}
	if total, ok := intOf(info["total"]); ok && len(list) < 20 && total != int64(len(list)) {
		s.find("4.3.totalFilter", op, "number %q lists %d forms but total says %d: total ignores the filter", n, len(list), total)
	}
	return nil
}
