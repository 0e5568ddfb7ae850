package conformance

import (
	"fmt"
	"slices"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// Time windows as one model. A listing's items each have one creation
// time, and a bound selects by it (§4.4, §4.5): so every walk of a
// listing under time bounds is what one assignment of creation times
// selects, whatever the target's reading of a bound's own second (the
// kit's, §C5). No single answer shows that; these relations between the
// walks of one listing do, for any bounds at all, not only the profile's:
//
//   - every bounded walk holds its own total on every page, and its items
//     are the unfiltered walk's;
//   - a window is exactly what its start alone and its end alone have in
//     common (same-day windows, equal bounds, fractions alike);
//   - a window whose end is before its start selects nothing: no item is
//     created at or after one instant and at or before an earlier one (a
//     target may refuse it instead, §C5);
//   - a later start selects no item an earlier one leaves out, an earlier
//     end none a later one leaves out;
//   - a start before an end: every item is on one side of one of them;
//   - a bound past every creation time (after 2038, as a client writes
//     "no bound"): a start selects nothing, an end everything.
//
// relation.time.windows sends, on every listing of both endpoints (the
// other organization's own listings too, with its key): a start and an
// end past every creation time (the value by the seed, after 2038 in
// any case); on listings with a profile window, the window reversed; on
// one such listing of each endpoint (by the seed), the date of the
// window's end as an end (walked at a page size that takes several
// pages: a later page reached by a token reads the date as its first
// page does), as a start, and as both bounds (one day written as two
// equal dates), and a page token of the window's walk sent back beside
// another window (the client's mistake: code 400, §4.4, or a success
// that lists what the listing holds). relation.time.forms judges its
// windows at an item's own second by the same model.

// bounded is one walk of a listing under time bounds, with the instants
// the bounds name (nil: absent).
type bounded struct {
	what       string
	start, end *int64
	// far: the bound sent lies past every creation time; early: before
	// every one (creation times are Unix seconds after 1970).
	far, early bool
	// edge: a date at the calendar's edge near the window (a year's
	// end, a month's last day), which a target that reads dates serves.
	edge bool
	// dateEnd: the window's end date as an end alone.
	dateEnd bool
	w       walk
}

func instant(at int64) *int64 { return &at }

// reversed says the window's end is before its start.
func (b bounded) reversed() bool { return b.start != nil && b.end != nil && *b.end < *b.start }

// judgeWindows judges a listing's bounded walks (served ones; the caller
// says what a refusal is) against the unfiltered walk all and each other.
func (t *T) judgeWindows(l listing, all walk, bs []bounded) {
	var served []bounded
	for _, b := range bs {
		if b.w.broken != "" || len(b.w.pages) == 0 {
			continue
		}
		t.examinedWalks(b.w)
		t.totalHolds(b.w, b.what)
		if all.broken == "" {
			t.subsetOf(b.w, all, l.key, b.what)
		}
		served = append(served, b)
	}
	find := func(start, end *int64) *bounded {
		for i := range served {
			b := &served[i]
			if same(b.start, start) && same(b.end, end) {
				return b
			}
		}
		return nil
	}
	for _, b := range served {
		got := itemKeys(b.w, l.key)
		switch {
		case b.reversed() && len(got) > 0:
			t.Errorf(pageHolding(b.w, l.key, got[0]), "%s: the end is before the start, yet %d items are listed (%s %s among them): no item is created after one instant and before an earlier one", b.what, len(got), l.key, got[0])
		case b.far && b.start != nil && len(got) > 0:
			t.Errorf(pageHolding(b.w, l.key, got[0]), "%s: a start after every creation time lists %d items (%s %s among them)", b.what, len(got), l.key, got[0])
		case b.far && b.end != nil && b.start == nil && all.broken == "" && !sameSet(got, itemKeys(all, l.key)):
			t.errorfPair(firstPage(b.w), firstPage(all), "%s: an end after every creation time lists %d items, the unfiltered walk %d", b.what, len(got), len(all.items))
		case b.early && b.end != nil && len(got) > 0:
			t.Errorf(pageHolding(b.w, l.key, got[0]), "%s: an end before every creation time lists %d items (%s %s among them)", b.what, len(got), l.key, got[0])
		case b.early && b.start != nil && b.end == nil && all.broken == "" && !sameSet(got, itemKeys(all, l.key)):
			t.errorfPair(firstPage(b.w), firstPage(all), "%s: a start before every creation time lists %d items, the unfiltered walk %d", b.what, len(got), len(all.items))
		case b.start != nil && b.end != nil && !b.reversed():
			s, e := find(b.start, nil), find(nil, b.end)
			if s == nil || e == nil {
				continue
			}
			inEnd := setOf(itemKeys(e.w, l.key))
			var want []string
			for _, k := range itemKeys(s.w, l.key) {
				if inEnd[k] {
					want = append(want, k)
				}
			}
			if !sameSet(got, want) {
				t.errorfPair(firstPage(b.w), firstPage(s.w), "%s gives %d items; its start alone and its end alone have %d in common: %s", b.what, len(got), len(want), diffKeys(sortedKeys(want), sortedKeys(got)))
			}
		}
	}
	// Monotonic bounds, and a start before an end covering the walk.
	for _, a := range served {
		for _, b := range served {
			switch {
			case a.start != nil && a.end == nil && b.start != nil && b.end == nil && *a.start < *b.start:
				t.within(l, b, a, "a later start")
			case a.end != nil && a.start == nil && b.end != nil && b.start == nil && *a.end < *b.end:
				t.within(l, a, b, "an earlier end")
			case a.start != nil && a.end == nil && b.end != nil && b.start == nil && *a.start < *b.end && all.broken == "":
				in := setOf(append(itemKeys(a.w, l.key), itemKeys(b.w, l.key)...))
				for _, k := range itemKeys(all, l.key) {
					if !in[k] {
						t.errorfPair(firstPage(a.w), firstPage(b.w), "%s: %s %s is left out by %s and by %s, though the start is before the end: every item is on one side of a bound", l.name, l.key, k, a.what, b.what)
						break
					}
				}
			}
		}
	}
}

// within fails when narrow lists an item wide leaves out.
func (t *T) within(l listing, narrow, wide bounded, what string) {
	in := setOf(itemKeys(wide.w, l.key))
	for _, k := range itemKeys(narrow.w, l.key) {
		if !in[k] {
			t.errorfPair(pageHolding(narrow.w, l.key, k), firstPage(wide.w), "%s lists %s %s, which %s leaves out: %s selects no item it does not", narrow.what, l.key, k, wide.what, what)
			return
		}
	}
}

func same(a, b *int64) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }

func sortedKeys(ks []string) []string { return slices.Sorted(slices.Values(ks)) }

// farStarts and farEnds are bounds past every creation time, as clients
// write "no bound": the first second after 2038-01-19 03:14:07 UTC (a
// signed 32-bit time's end), 2099, 2106 (an unsigned one's), 2200. None
// is past 2262, where a time held in nanoseconds since 1970 overflows
// 64 bits, for these walks want the bound read: docs/contract.md §C5
// lets a service refuse a year it cannot hold, and relation.time.forms
// sends the years 1 and 9999, where a refusal passes and another
// instant fails.
var (
	farStarts = []string{"2038-01-19T03:14:08Z", "2099-01-01T00:00:00+08:00", "2106-02-07T06:28:16Z", "2200-01-01T00:00:00-05:00"}
	farEnds   = []string{"2038-01-19T11:14:08+08:00", "2099-12-31T23:59:59Z", "2106-02-07T14:28:16+08:00", "2200-12-31T23:59:59+08:00"}
)

// The calendar's limits, as far bounds: the last day of a month of each
// length (29 February of a leap year, 28 February of a common one, 2100
// among them, which the century rule makes common; the 30th of a 30-day
// month; the 31st), written as a date alone, as its last second in
// UTC+08:00, or as the leap second that may end a month in UTC (second
// 60, RFC 3339 §5.6 and §5.7). Each lies past every creation time, so
// whatever the service reads a limit as, a date of that month or the
// next, second 59 or the next second, the far walk's model holds: a
// start selects nothing, an end everything; a service that cannot read
// one refuses it (code 400 naming the parameter, §C5, which the rules
// judge); a 500 is never right (§C3). A days-in-month table without
// leap years, a parser that refuses second 60 with an exception, fail.
var (
	limitLeapYears   = []int{2040, 2096, 2104}
	limitCommonYears = []int{2039, 2099, 2100, 2200}
	limitMonths30    = []time.Month{time.April, time.June, time.September, time.November}
	limitMonths31    = []time.Month{time.January, time.March, time.May, time.July, time.August, time.October, time.December}
	// limitDayEnds write a day's end after its date ("": the date alone).
	limitDayEnds = []string{"", "T23:59:59+08:00", "T23:59:60Z"}
)

// limitMonthKinds are the month lengths a calendar limit is drawn from.
const limitMonthKinds = 4

// calendarLimit is the far bound of the calendar's limits the i-th
// listing of a run sends: the month length and the day's end turn over
// the listings from where the seed says (so that a run of four listings
// or more sends every month length, and of three every day's end,
// 29 February and second 60 among them), the year and the month within
// a length by the seed.
func calendarLimit(seed uint64, i int, id string) string {
	kind := (pick(seed, "windows limit month", limitMonthKinds) + i) % limitMonthKinds
	end := limitDayEnds[(pick(seed, "windows limit day end", len(limitDayEnds))+i)%len(limitDayEnds)]
	var d time.Time
	switch kind {
	case 0:
		d = time.Date(limitLeapYears[pick(seed, "windows limit leap "+id, len(limitLeapYears))], time.February, 29, 0, 0, 0, 0, time.UTC)
	case 1:
		d = time.Date(limitCommonYears[pick(seed, "windows limit common "+id, len(limitCommonYears))], time.February, 28, 0, 0, 0, 0, time.UTC)
	default:
		months, day := limitMonths30, 30
		if kind == 3 {
			months, day = limitMonths31, 31
		}
		all := append(append([]int{}, limitLeapYears...), limitCommonYears...)
		d = time.Date(all[pick(seed, "windows limit year "+id, len(all))], months[pick(seed, "windows limit month "+id, len(months))], day, 0, 0, 0, 0, time.UTC)
	}
	return d.Format(time.DateOnly) + end
}

// earlyBounds are bounds before every creation time: the first second
// after 1970 in UTC, and midnight of 1 January 1970 in UTC+08:00 (a
// negative Unix time, 8 hours before the epoch).
var earlyBounds = []string{"1970-01-01T00:00:01Z", "1970-01-01T00:00:00+08:00", "1970-01-02 00:00:00"}

// roleListing is a listing and the key that walks it.
type roleListing struct {
	listing
	role string
}

// windowListings are every listing of both endpoints: ours each with a
// key of ours, turning over the listings from where the seed says (a
// key may be served by another path, with a clock or a parser of its
// own, and the model holds over every key's walks), and the other
// organization's own with its key (its templates, and the sub-codes of
// one of its templates the seed picks).
func (t *T) windowListings() []roleListing {
	var out []roleListing
	keys := t.keyColumn("time.windows")
	for i, l := range append(t.listingsOrNone(contract.TemplatesList), t.listingsOrNone(contract.ListQrcodes)...) {
		out = append(out, roleListing{l, keys.at(i)})
	}
	if !t.hasKey("other_org") {
		return out
	}
	theirs := "the other organization's "
	out = append(out, roleListing{listing{ep: contract.TemplatesList, name: theirs + contract.TemplatesList.Name, filter: map[string]any{}, key: "coding"}, "other_org"})
	if cs := t.r.prof.Foreign.Codings; len(cs) > 0 {
		c := cs[pick(t.runSeed(), "windows foreign coding", len(cs))]
		out = append(out, roleListing{listing{ep: contract.ListQrcodes, name: theirs + "listQrcodes " + c, filter: map[string]any{"template": c}, key: "coding"}, "other_org"})
	}
	return out
}

func relTimeWindows(t *T) {
	ls := t.windowListings()
	if len(ls) == 0 {
		t.Skipf("the profile lists no templates")
		return
	}
	dated, tokened := t.windowedPicks(ls)
	t.each(len(ls), func(t *T, i int) { t.listingWindows(ls[i], i, dated[i], tokened[i]) })
}

// windowedPicks picks one listing of each endpoint with a profile window
// for the date-only end and for the token beside another window.
func (t *T) windowedPicks(ls []roleListing) (dated, tokened []bool) {
	dated, tokened = make([]bool, len(ls)), make([]bool, len(ls))
	for _, ep := range []contract.Endpoint{contract.TemplatesList, contract.ListQrcodes} {
		var idx []int
		for i, l := range ls {
			if l.ep == ep && l.window != nil && l.role != profile.RoleOtherOrg {
				idx = append(idx, i)
			}
		}
		if len(idx) > 0 {
			dated[idx[pick(t.runSeed(), "windows date "+ep.Name, len(idx))]] = true
			tokened[idx[pick(t.runSeed(), "windows token "+ep.Name, len(idx))]] = true
		}
	}
	return dated, tokened
}

// listingWindows sends the i-th listing's generated bounds and judges
// them.
func (t *T) listingWindows(l roleListing, i int, dated, tokened bool) {
	seed := t.runSeed()
	fs, fe := farStarts[pick(seed, "windows far start "+l.name, len(farStarts))], farEnds[pick(seed, "windows far end "+l.name, len(farEnds))]
	// One of the two, the side by the seed, is a calendar's limit: the
	// other keeps the edges of 32-bit times.
	if limit := calendarLimit(seed, i, l.name); pick(seed, "windows limit side "+l.name, 2) == 0 {
		fs = limit
	} else {
		fe = limit
	}
	fsAt, _ := readBound(fs, false)
	feAt, _ := readBound(fe, true)
	bs := []bounded{
		{what: fmt.Sprintf("%s with start_time %s", l.name, fs), start: instant(fsAt), far: true},
		{what: fmt.Sprintf("%s with end_time %s", l.name, fe), end: instant(feAt), far: true},
	}
	sent := []map[string]any{withMember(l.filter, "start_time", fs), withMember(l.filter, "end_time", fe)}
	// And one bound before every creation time, the side by the seed.
	early := earlyBounds[pick(seed, "windows early "+l.name, len(earlyBounds))]
	ea, _ := readBound(early, false)
	if pick(seed, "windows early side "+l.name, 2) == 0 {
		bs = append(bs, bounded{what: fmt.Sprintf("%s with start_time %s", l.name, early), start: instant(ea), early: true})
		sent = append(sent, withMember(l.filter, "start_time", early))
	} else {
		bs = append(bs, bounded{what: fmt.Sprintf("%s with end_time %s", l.name, early), end: instant(ea), early: true})
		sent = append(sent, withMember(l.filter, "end_time", early))
	}
	if w := l.window; w != nil {
		s, okS := readBound(w.End, false)
		e, okE := readBound(w.Start, true)
		if okS && okE && e < s {
			bs = append(bs, bounded{what: fmt.Sprintf("%s from %s to %s (the profile's window reversed)", l.name, w.End, w.Start), start: instant(s), end: instant(e)})
			sent = append(sent, withMember(withMember(l.filter, "start_time", w.End), "end_time", w.Start))
		}
	}
	// On the dated listing, the date of the window's end as an end alone
	// (walked at a page size that takes several pages: a later page,
	// reached by a token, reads the date as its first page does), as a
	// start alone, and as both bounds at once: a window of one day
	// written as two equal dates selects what that date as a start and
	// as an end select in common, whichever reading of a date as an end
	// the service has (§C5), as any window does.
	sizes := make([]int, len(sent))
	if day, s, e, ok := windowDay(l.window); dated && ok {
		size := max(1, (l.windowCount()+datePages-1)/datePages) + pick(seed, "windows date size "+l.name, 2)
		bs = append(bs,
			bounded{what: fmt.Sprintf("%s with end_time %s (a date) at page_size %d", l.name, day, size), end: instant(e), dateEnd: true},
			bounded{what: fmt.Sprintf("%s with start_time %s (a date) alone", l.name, day), start: instant(s)},
			bounded{what: fmt.Sprintf("%s from %s to %s (one date as both bounds)", l.name, day, day), start: instant(s), end: instant(e)})
		sent = append(sent, withMember(l.filter, "end_time", day), withMember(l.filter, "start_time", day), withMember(withMember(l.filter, "start_time", day), "end_time", day))
		sizes = append(sizes, size, 0, 0)
		// And the calendar's edges around the window, as a date picker
		// writes them: a start on the nearest year's end before the
		// window whose days lie in the next ISO week-year, an end on the
		// last day of a month near the window's end (calendarEdges), and
		// both at once (a window across a year's end). The date walks above are the
		// dates beside them: a later start, an earlier end.
		if ye, me, ok := calendarEdges(l.window, seed, l.name); ok {
			ys, _ := readBound(ye, false)
			me2, _ := readBound(me, true)
			bs = append(bs,
				bounded{what: fmt.Sprintf("%s with start_time %s (a year's end in the next ISO week-year)", l.name, ye), start: instant(ys), edge: true},
				bounded{what: fmt.Sprintf("%s with end_time %s (a month's last day)", l.name, me), end: instant(me2), edge: true},
				bounded{what: fmt.Sprintf("%s from %s to %s (a window across a year's end)", l.name, ye, me), start: instant(ys), end: instant(me2), edge: true})
			sent = append(sent, withMember(l.filter, "start_time", ye), withMember(l.filter, "end_time", me), withMember(withMember(l.filter, "start_time", ye), "end_time", me))
			sizes = append(sizes, 0, 0, 0)
		}
	}
	var all walk
	t.each(len(sent)+2, func(t *T, i int) {
		switch {
		case i < len(sent):
			size := sizes[i]
			if size == 0 {
				size = contract.TemplatesMaxPageSize
			}
			bs[i].w = t.walkCursor(l.ep, l.role, sent[i], size)
		case i == len(sent):
			all = t.walkCursor(l.ep, l.role, l.filter, contract.TemplatesMaxPageSize)
		case i == len(sent)+1 && tokened:
			t.tokenBesideWindow(l.listing, l.role)
		}
	})
	if all.broken != "" || l.role != profile.RoleRead && l.role != profile.RoleOtherOrg && keyRefused(all) {
		return // the listing's own checks say so; a key's scope is the service's (§5)
	}
	for i := range bs {
		bs[i].what += keyWhat(l.role)
	}
	for _, b := range bs {
		if b.w.broken == "" || len(b.w.pages) != 1 {
			continue
		}
		obj, _ := b.w.last.Doc.(map[string]any)
		c, isInt := intOf(obj["code"])
		switch {
		case b.reversed() && isInt && c != 400:
			// An end before the start may be refused (§C5), as the
			// client's mistake: code 400 (§4.4).
			t.Errorf(b.w.last, "%s is refused with code %d: an end before the start is the client's mistake, code 400 (§4.4)", b.what, c)
		case b.edge && isInt && c != 0 && dateServed(bs):
			// A date of the calendar is a bound like any other, and the
			// target reads dates: it served the window's end date.
			t.Errorf(b.w.last, "%s is refused with code %d, though the date of the window's end is served: a calendar's edge is a date like any other (§4.4, §C5)", b.what, c)
		case (b.far || b.early) && (isInt && c != 400 || !isInt && b.w.last.Status >= 500):
			// A bound past or before every creation time names an
			// instant (a calendar's limit among them): one the service
			// cannot read is refused as the client's, a 400 naming the
			// parameter (§C5), never a server error (§C3).
			t.Errorf(b.w.last, "%s is refused with %s: a time the service cannot read is a 400 naming the parameter (§C5), and no valid time is a server error (§C3)", b.what, describe(b.w.last))
		case !b.reversed():
			// A bound past every creation time names an instant; a
			// refusal with code 400 is the target's to explain, the
			// rules judge it.
			t.Notef("%s is not served (%s)", b.what, describe(b.w.last))
		}
	}
	t.judgeWindows(l.listing, all, bs)
}

// dateServed says the walk with the window's end date as its end was
// served.
func dateServed(bs []bounded) bool {
	for _, b := range bs {
		if b.dateEnd {
			return b.w.broken == "" && len(b.w.pages) > 0 && !refusedPage(b.w)
		}
	}
	return false
}

// refusedPage says a walk of one page holds an answer with a code other
// than 0.
func refusedPage(w walk) bool {
	if len(w.pages) != 1 {
		return false
	}
	obj, _ := w.last.Doc.(map[string]any)
	c, isInt := intOf(obj["code"])
	return isInt && c != 0
}

// calendarEdges are the calendar's edges around a window, as dates in
// UTC+08:00: yearEnd is the last 29 to 31 December before the window's
// start that lies in the next ISO week-year (a service that writes a
// bound with the week-year's pattern, Java's and ICU's YYYY, moves it a
// year on, past the window), monthEnd the last day of a month the seed
// draws among the month the window ends in, the eleven after it, and the
// February of the first leap year from then (a service that finds a
// day's end by adding one to the day of the month runs off the month,
// one with a days-in-month table without leap years off February, and
// each month length is a limit of its own: 28, 29, 30, 31). ok is false
// without a window.
func calendarEdges(w *profile.Window, seed uint64, id string) (yearEnd, monthEnd string, ok bool) {
	if w == nil {
		return "", "", false
	}
	s, okS := readBound(w.Start, false)
	e, okE := readBound(w.End, true)
	if !okS || !okE {
		return "", "", false
	}
	start := time.Unix(s, 0).In(contract.Zone)
	for d := start.AddDate(0, 0, -1); start.Sub(d) < 8*366*24*time.Hour; d = d.AddDate(0, 0, -1) {
		if y, _ := d.ISOWeek(); d.Month() == time.December && y > d.Year() {
			yearEnd = d.Format(time.DateOnly)
			break
		}
	}
	end := time.Unix(e, 0).In(contract.Zone)
	j := pick(seed, "windows month end "+id, 13)
	last := time.Date(end.Year(), end.Month()+time.Month(j)+1, 0, 0, 0, 0, 0, contract.Zone)
	if j == 12 {
		y := end.Year()
		if end.Month() > time.February {
			y++
		}
		for !isLeap(y) {
			y++
		}
		last = time.Date(y, time.February, 29, 0, 0, 0, 0, contract.Zone)
	}
	return yearEnd, last.Format(time.DateOnly), yearEnd != ""
}

// isLeap says year y of the Gregorian calendar has a 29 February.
func isLeap(y int) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

// datePages is how many pages the walk with a date as end_time takes at
// most: several, so that later pages are reached by a token.
const datePages = 4

// windowDay is the date of w's end in UTC+08:00 and the first and last
// second of that day (ok false without a window or with an unread end).
func windowDay(w *profile.Window) (day string, first, last int64, ok bool) {
	if w == nil {
		return "", 0, 0, false
	}
	if day = windowEndDay(w); day == "" {
		return "", 0, 0, false
	}
	first, _ = readBound(day, false)
	last, _ = readBound(day, true)
	return day, first, last, true
}

// windowCount is how many items the listing's window holds, or the
// listing's total where the profile gives it.
func (l listing) windowCount() int {
	if l.total != nil {
		return *l.total
	}
	return l.window.Total
}

// otherWindows are the windows a page token is sent back beside: each
// differs from the window it was issued for.
var otherWindows = []string{"start_time alone", "end_time alone", "no bound", "the start a second later"}

// tokenBesideWindow sends the token of the window's first page (one item
// a page, so that a window of two items has one) back beside another
// window: a token is the previous page's of the same query (§4.4), so
// this is the client's mistake, code 400 in the listing's shape, or a
// success that lists only the listing's items.
func (t *T) tokenBesideWindow(l listing, role string) {
	if l.window.Total < 2 {
		return
	}
	win := withMember(withMember(withMember(l.filter, "start_time", l.window.Start), "end_time", l.window.End), "page_size", 1)
	first := t.post(l.ep, role, win)
	tok, _ := nextToken(first).(string)
	if tok == "" {
		return // the walk checks judge a window's tokens
	}
	k := otherWindows[pick(t.runSeed(), "windows token other "+l.name, len(otherWindows))]
	f := copyMap(l.filter)
	switch k {
	case otherWindows[0]:
		f["start_time"] = l.window.Start
	case otherWindows[1]:
		f["end_time"] = l.window.End
	case otherWindows[3]:
		s, ok := readBound(l.window.Start, false)
		if !ok {
			return
		}
		f["start_time"], f["end_time"] = contract.Stamp(s+1), l.window.End
	}
	f["page_token"], f["page_size"] = tok, 1
	others := t.otherListings(l)
	var all walk
	var x *Exchange
	crossed := make([]*Exchange, len(others))
	owns := make([]walk, len(others)) // each other listing's own walk, the read key's
	n := len(others)
	t.each(2+2*n, func(t *T, i int) {
		switch {
		case i == 0:
			all = t.walkCursor(l.ep, role, l.filter, contract.TemplatesMaxPageSize)
		case i == 1:
			x = t.post(l.ep, role, f)
		case i < 2+n:
			o := others[i-2]
			crossed[i-2] = t.post(o.ep, role, withMember(withMember(o.filter, "page_token", tok), "page_size", 1))
		case role == profile.RoleRead:
			o := others[i-2-n]
			owns[i-2-n] = t.walkCursor(o.ep, role, o.filter, contract.TemplatesMaxPageSize)
		default:
			owns[i-2-n].broken = "not walked with this key"
		}
	})
	t.examinedAll(first, x)
	what := fmt.Sprintf("%s: the window's page token beside %s%s", l.name, k, keyWhat(role))
	t.tokenElsewhere(x, first, l, all, what)
	for i, o := range others {
		t.examinedAll(crossed[i])
		t.tokenElsewhere(crossed[i], first, o, owns[i], fmt.Sprintf("%s: a page token of %s with the window%s", o.name, l.name, keyWhat(role)))
	}
}

// otherListings are the listings a token of l is sent to as well: a
// token names a place in the walk it was issued for (bound to its
// endpoint and filter, §C10), so on another listing it is the client's
// mistake. A token of listQrcodes goes to templates/list and to another
// template's sub-codes (by the seed), one of templates/list to a
// template's sub-codes (by the seed): each endpoint gets a real token of
// another listing on every run, where a decoder that trusts a token's
// shape reads it as its own cursor.
func (t *T) otherListings(l listing) []listing {
	var qr []listing
	for _, o := range t.listingsOrNone(contract.ListQrcodes) {
		if fmt.Sprint(o.filter["template"]) != fmt.Sprint(l.filter["template"]) {
			qr = append(qr, o)
		}
	}
	var out []listing
	if l.ep == contract.ListQrcodes {
		out = append(out, t.listings(contract.TemplatesList)[0])
	}
	if len(qr) > 0 {
		out = append(out, qr[pick(t.runSeed(), "windows token elsewhere "+l.name, len(qr))])
	}
	return out
}

// tokenElsewhere judges x, a request of listing l sent with a page token
// issued for another query (the answer first gave it): the client's
// mistake, code 400 in the listing's shape, or a success that lists only
// l's items (all: l's own walk; unjudged when broken).
func (t *T) tokenElsewhere(x, first *Exchange, l listing, all walk, what string) {
	obj, _ := x.Doc.(map[string]any)
	c, isInt := intOf(obj["code"])
	switch {
	case !isInt:
		return // the rules judge an answer without an integer code
	case c != 0 && c != 400:
		t.errorfPair(x, first, "%s answers code %d: a token sent with another query is the client's mistake, code 400 (§4.4)", what, c)
	case c == 0 && all.broken == "":
		var w walk
		w.add(x)
		t.subsetOf(w, all, l.key, what)
	}
}

// windowChecks are the checks of this file.
func windowChecks() []Check {
	return []Check{{ID: "relation.time.windows", Endpoint: contract.TemplatesList.Name, Section: "4.4", Severity: Must, run: relTimeWindows}}
}
