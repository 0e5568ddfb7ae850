package discover

import (
	"context"
	"fmt"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// find records a breach of a SPEC statement seen while reading: it is
// written to the profile (rtq conform fails it under its statement id) and
// printed by rtq profile discover.
func (r *Result) find(statement, endpoint, format string, args ...any) string {
	what := fmt.Sprintf(format, args...)
	r.Profile.Findings = append(r.Profile.Findings, profile.Finding{Statement: statement, Endpoint: endpoint, What: what})
	return what
}

// counter counts a listing's items created from one second to another:
// the total, and how many items the first page (page_size 1) holds.
type counter func(from, to int64) (total, listed int, err error)

// timeFilterWorks asks for the items created on the first second of the
// search span and on its last: on a correct service both hold nothing (or
// a few items, never all n). All n items on both says start_time and
// end_time change nothing (or only total ignores them, when the page is
// empty); all n on the first says end_time changes nothing, on the last
// start_time. Each is a finding, and the reason the window is left out.
func (d *discoverer) timeFilterWorks(op string, count counter, from, to int64, n int) (string, error) {
	early, earlyListed, err := count(from, from)
	if err != nil {
		return "", err
	}
	late, lateListed, err := count(to, to)
	if err != nil {
		return "", err
	}
	span := func(t int64) string { return fmt.Sprintf("start_time = end_time = %s", contract.Stamp(t)) }
	switch {
	case early == n && late == n && earlyListed == 0 && lateListed == 0:
		return d.res.find("4.4.totalFilter", op, "total is %d, every item, for %s and for %s, while those pages list nothing: total ignores the time filter", n, span(from), span(to)), nil
	case early == n && late == n:
		return d.res.find("4.4.window", op, "%s and %s each give all %d items: start_time and end_time change nothing", span(from), span(to), n), nil
	case early == n:
		return d.res.find("4.4.endTime", op, "%s gives all %d items (and %s gives %d): end_time changes nothing", span(from), n, span(to), late), nil
	case late == n:
		return d.res.find("4.4.startTime", op, "%s gives all %d items (and %s gives %d): start_time changes nothing", span(to), n, span(from), early), nil
	}
	return "", nil
}

// numberFilterWorks asks getFormList for each number and for a near miss
// of the first (one character short): every hit must have exactly the
// number sent, and total must count the hits (docs/contract.md §4.3).
func (d *discoverer) numberFilterWorks(ctx context.Context, numbers []string) error {
	sent := append([]string(nil), numbers...)
	if len(numbers) > 0 {
		if r := []rune(numbers[0]); len(r) > 1 && !contains(numbers, string(r[:len(r)-1])) {
			sent = append(sent, string(r[:len(r)-1]))
		}
	}
	const op = "record/getFormList"
	for _, n := range sent {
		data, err := d.c.read(ctx, op, d.opts.ReadKey, map[string]any{"number": n, "page_size": 20})
		if err != nil {
			return err
		}
		list, _ := data["list"].([]any)
		info, _ := data["page"].(map[string]any)
		for _, it := range list {
			m, _ := it.(map[string]any)
			if got, _ := m["number"].(string); got != n {
				d.res.find("4.3.number", op, "number %q lists form %v with number %q: the filter is not exact", n, m["id"], got)
				break
			}
		}
		if total, ok := intOf(info["total"]); ok && len(list) < 20 && total != int64(len(list)) {
			d.res.find("4.3.totalFilter", op, "number %q lists %d forms but total says %d: total ignores the filter", n, len(list), total)
		}
	}
	return nil
}
