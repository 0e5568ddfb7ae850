package conformance

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

func judgeModel(all walk, bs ...bounded) []string {
	l := listing{ep: contract.ListQrcodes, name: "listQrcodes T", filter: map[string]any{"template": "T"}, key: "coding"}
	tk := &T{r: &runner{opts: Options{BaseURL: "http://svc"}}, check: Check{ID: "relation.time.windows"}}
	tk.judgeWindows(l, all, bs)
	return tk.failures
}

// TestWindowModelCatchesWhatNoCreationTimesSelect: bounded walks no one
// assignment of creation times can give fail, whatever the bounds are
// (none of them the profile's): a window holding more than its halves
// have in common, a reversed window that lists items, a start past every
// creation time that lists some, an end past them that lists fewer than
// all, a later start that lists an item an earlier one leaves out, and a
// start before an end that leave an item out between them.
func TestWindowModelCatchesWhatNoCreationTimesSelect(t *testing.T) {
	all := cursorWalk(`{}`, 4, "A", "B", "C", "D")
	at := int64(1767580000)
	cases := []struct {
		name string
		bs   []bounded
		want string
	}{
		{"a window inside one day widened to the day", []bounded{
			{what: "window", start: instant(at - 60), end: instant(at), w: cursorWalk(`{"w"}`, 3, "A", "B", "C")},
			{what: "start", start: instant(at - 60), w: cursorWalk(`{"s"}`, 2, "B", "C")},
			{what: "end", end: instant(at), w: cursorWalk(`{"e"}`, 2, "A", "B")},
		}, "have 1 in common"},
		{"equal bounds that lose the item of their second", []bounded{
			{what: "window", start: instant(at), end: instant(at), w: cursorWalk(`{"w"}`, 0)},
			{what: "start", start: instant(at), w: cursorWalk(`{"s"}`, 2, "B", "C")},
			{what: "end", end: instant(at), w: cursorWalk(`{"e"}`, 2, "A", "B")},
		}, "have 1 in common"},
		{"a reversed window read as no window", []bounded{
			{what: "reversed", start: instant(at + 1), end: instant(at - 1), w: cursorWalk(`{"r"}`, 4, "A", "B", "C", "D")},
		}, "the end is before the start"},
		{"a start after 2038 ignored on a small listing", []bounded{
			{what: "far start", start: instant(4102444800), far: true, w: cursorWalk(`{"f"}`, 4, "A", "B", "C", "D")},
		}, "a start after every creation time lists 4 items"},
		{"an end after 2038 wrapped to 1901", []bounded{
			{what: "far end", end: instant(2147483648), far: true, w: cursorWalk(`{"f"}`, 0)},
		}, "an end after every creation time lists 0 items"},
		{"an end before 1970 read as no bound", []bounded{
			{what: "early end", end: instant(-28800), early: true, w: cursorWalk(`{"e"}`, 4, "A", "B", "C", "D")},
		}, "an end before every creation time lists 4 items"},
		{"a later start listing an item an earlier one leaves out", []bounded{
			{what: "early", start: instant(at), w: cursorWalk(`{"a"}`, 2, "C", "D")},
			{what: "late", start: instant(at + 3600), w: cursorWalk(`{"b"}`, 1, "B")},
		}, "a later start selects no item it does not"},
		{"a start before an end that leave an item out", []bounded{
			{what: "start", start: instant(at), w: cursorWalk(`{"a"}`, 2, "C", "D")},
			{what: "end", end: instant(at + 60), w: cursorWalk(`{"b"}`, 1, "A")},
		}, "B is left out"},
	}
	for _, tc := range cases {
		if got := strings.Join(judgeModel(all, tc.bs...), "\n"); !strings.Contains(got, tc.want) {
			t.Errorf("%s: failures %q do not say %q", tc.name, got, tc.want)
		}
	}
	// What the contract leaves to the target passes: exclusive bounds
	// (equal bounds then hold nothing, as each half at that second
	// says), and a reversed window that holds nothing.
	ok := []bounded{
		{what: "window", start: instant(at), end: instant(at), w: cursorWalk(`{"w"}`, 0)},
		{what: "start", start: instant(at), w: cursorWalk(`{"s"}`, 2, "C", "D")},
		{what: "end", end: instant(at), w: cursorWalk(`{"e"}`, 2, "A", "B")},
		{what: "reversed", start: instant(at + 1), end: instant(at - 1), w: cursorWalk(`{"r"}`, 0)},
		{what: "far end", end: instant(4102444800), far: true, w: cursorWalk(`{"f"}`, 4, "D", "C", "B", "A")},
	}
	if got := judgeModel(all, ok...); len(got) > 0 {
		t.Errorf("readings the contract allows fail: %v", got)
	}
}

// TestWindowsAroundStayInTheDay: the windows at an item's second are
// inside its day (a window widened to its day differs), and the equal
// window, which the fractions are judged by, comes first.
func TestWindowsAroundStayInTheDay(t *testing.T) {
	l := listing{ep: contract.TemplatesList, name: "templates/list", filter: map[string]any{}, key: "coding"}
	for _, at := range []int64{1767542400, 1767542400 + 30, 1767542400 + 86399, 1767542400 + 40000} {
		for seed := uint64(1); seed <= 8; seed++ {
			tk := &T{r: &runner{opts: Options{Seed: seed}}}
			bs, sent := tk.windowsAround(l, at)
			if len(bs) != len(sent) || !same(bs[0].start, instant(at)) || !same(bs[0].end, instant(at)) {
				t.Fatalf("at %d seed %d: the first window is %v", at, seed, bs[0])
			}
			reversed := 0
			for _, b := range bs {
				for _, p := range []*int64{b.start, b.end} {
					if p != nil && dayStart(*p) != dayStart(at) && !b.reversed() {
						t.Errorf("at %d seed %d: %s leaves the item's day", at, seed, b.what)
					}
				}
				if b.reversed() {
					reversed++
				}
			}
			if reversed != 1 {
				t.Errorf("at %d seed %d: %d reversed windows", at, seed, reversed)
			}
		}
	}
}

// TestWindowForms: a window's start written again in each form reads
// back as the same instant (a date is none), and the date of its end is
// its end's day in UTC+08:00.
func TestWindowForms(t *testing.T) {
	w := &profile.Window{Start: "2025-04-25T01:33:14+08:00", End: "2026-05-11 07:18:06"}
	want := map[string]string{
		"RFC 3339 in UTC":    "2025-04-24T17:33:14Z",
		"RFC 3339 at -05:30": "2025-04-24T12:03:14-05:30",
		"without zone":       "2025-04-25 01:33:14",
	}
	s0, _ := readBound(w.Start, false)
	for _, f := range windowForms {
		s := f.write(w.Start, false)
		if s != want[f.name] {
			t.Errorf("%s: %s, want %s", f.name, s, want[f.name])
		}
		if a, _ := readBound(s, false); a != s0 {
			t.Errorf("%s: %s reads %d, want %d", f.name, s, a, s0)
		}
		if got := f.write("2026-01-06", false); got != "" {
			t.Errorf("%s writes the date 2026-01-06 as %q: a date names no instant", f.name, got)
		}
	}
	if d := windowEndDay(w); d != "2026-05-11" {
		t.Errorf("end day %s, want 2026-05-11", d)
	}
	if d := windowEndDay(&profile.Window{Start: w.Start, End: "2026-05-10T23:30:00Z"}); d != "2026-05-11" {
		t.Errorf("end day of 23:30 UTC %s, want 2026-05-11 (UTC+08:00)", d)
	}
	if d := windowEndDay(&profile.Window{Start: w.Start, End: "soon"}); d != "" {
		t.Errorf("an unread end: %q, want none", d)
	}
}

// TestWindowDay: the day a one-day window is written for is the date of
// the window's end in UTC+08:00, from its first second to its last.
func TestWindowDay(t *testing.T) {
	day, first, last, ok := windowDay(&profile.Window{Start: "2026-01-01T00:00:00+08:00", End: "2026-01-05T17:30:00Z"})
	if !ok || day != "2026-01-06" {
		t.Fatalf("day %q ok %v, want 2026-01-06", day, ok)
	}
	want, _ := time.Parse(time.RFC3339, "2026-01-06T00:00:00+08:00")
	if first != want.Unix() || last != want.Unix()+86399 {
		t.Errorf("first %d last %d, want %d and %d", first, last, want.Unix(), want.Unix()+86399)
	}
	if _, _, _, ok := windowDay(nil); ok {
		t.Error("no window gives a day")
	}
}

// TestCalendarEdgesAroundAWindow: the year's end is the last December
// day before the window that lies in the next ISO week-year, whatever
// year the window is in (some years have none: 1 January on a Friday
// to a Monday), and the month's end is the last day of a month from the
// window's end month on, by the seed: the window's end month itself
// (February of a leap year too) at the seed drawing it, and over seeds
// every month length, 29 February among them.
func TestCalendarEdgesAroundAWindow(t *testing.T) {
	endMonthSeed := uint64(1)
	for pick(endMonthSeed, "windows month end x", 13) != 0 {
		endMonthSeed++
	}
	for _, c := range []struct{ start, end, yearEnd, monthEnd string }{
		{"2026-03-01T00:00:00+08:00", "2026-03-31T12:00:00+08:00", "2025-12-31", "2026-03-31"},
		{"2026-01-10T00:00:00+08:00", "2026-01-20T00:00:00+08:00", "2025-12-31", "2026-01-31"},
		{"2028-02-01T00:00:00+08:00", "2028-02-10T00:00:00+08:00", "2025-12-31", "2028-02-29"},
		{"2027-06-01 00:00:00", "2027-04-30", "2025-12-31", "2027-04-30"},
	} {
		ye, me, ok := calendarEdges(&profile.Window{Start: c.start, End: c.end}, endMonthSeed, "x")
		if !ok || ye != c.yearEnd || me != c.monthEnd {
			t.Errorf("window %s to %s: edges %q %q (%v), want %q %q", c.start, c.end, ye, me, ok, c.yearEnd, c.monthEnd)
		}
		d, _ := time.ParseInLocation(time.DateOnly, ye, contract.Zone)
		if y, _ := d.ISOWeek(); y != d.Year()+1 {
			t.Errorf("%s is in ISO week-year %d", ye, y)
		}
	}
	if _, _, ok := calendarEdges(nil, 1, "x"); ok {
		t.Error("no window, yet edges")
	}
	lengths := map[int]bool{}
	w := &profile.Window{Start: "2025-04-25T01:33:14+08:00", End: "2026-05-11T07:18:06+08:00"}
	for seed := uint64(1); seed <= 200; seed++ {
		_, me, _ := calendarEdges(w, seed, "x")
		d, err := time.ParseInLocation(time.DateOnly, me, contract.Zone)
		if err != nil || d.AddDate(0, 0, 1).Day() != 1 || me < "2026-05-31" || me > "2028-02-29" {
			t.Fatalf("seed %d: month end %s (%v)", seed, me, err)
		}
		lengths[d.Day()] = true
	}
	for _, n := range []int{28, 29, 30, 31} {
		if !lengths[n] {
			t.Errorf("no month end of %d days over 200 seeds", n)
		}
	}
}

// TestCalendarLimitsCoverTheCalendar: over a run's first four listings
// every month length and every day's end is sent, whatever the seed
// (29 February and second 60 among them); each limit is a real day past
// every creation time, read as a far bound, and second 60 is read as
// the next second.
func TestCalendarLimitsCoverTheCalendar(t *testing.T) {
	for seed := uint64(1); seed <= 50; seed++ {
		var leapDay, commonFeb, leapSecond, date bool
		for i := range limitMonthKinds {
			s := calendarLimit(seed, i, fmt.Sprint("listing ", i))
			leapDay = leapDay || strings.Contains(s, "-02-29")
			commonFeb = commonFeb || strings.Contains(s, "-02-28")
			leapSecond = leapSecond || strings.Contains(s, ":60")
			date = date || len(s) == len(time.DateOnly)
			at, ok := readBound(s, false)
			if !ok || at < 1<<31 { // after 2038
				t.Fatalf("seed %d: %s read as %d (%v)", seed, s, at, ok)
			}
			day, err := time.Parse(time.DateOnly, s[:10])
			if err != nil || day.AddDate(0, 0, 1).Day() != 1 {
				t.Fatalf("seed %d: %s is not a month's last day (%v)", seed, s, err)
			}
		}
		if !leapDay || !commonFeb || !leapSecond || !date {
			t.Errorf("seed %d: leap day %v, 28 February %v, second 60 %v, date %v", seed, leapDay, commonFeb, leapSecond, date)
		}
	}
	for s, want := range map[string]string{
		"2040-02-29T23:59:60Z":      "2040-03-01T00:00:00Z",
		"2016-12-31T23:59:60Z":      "2017-01-01T00:00:00Z",
		"2016-12-31T23:59:60+08:00": "2017-01-01T00:00:00+08:00",
	} {
		got, ok := readBound(s, false)
		w, _ := readBound(want, false)
		if !ok || got != w {
			t.Errorf("%s read as %d (%v), want %d", s, got, ok, w)
		}
	}
}
