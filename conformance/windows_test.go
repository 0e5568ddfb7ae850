package conformance

import (
	"strings"
	"testing"

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

// TestDayEdges: a window's days are written in every form at the first
// second of its start's day and the last of its end's (UTC+08:00), and
// each form reads back as those instants: the widened window holds the
// window.
func TestDayEdges(t *testing.T) {
	w := &profile.Window{Start: "2025-04-25T01:33:14+08:00", End: "2026-05-11T07:18:06+08:00"}
	want := map[string][2]string{
		"dates":                 {"2025-04-25", "2026-05-11"},
		"RFC 3339 in UTC+08:00": {"2025-04-25T00:00:00+08:00", "2026-05-11T23:59:59+08:00"},
		"RFC 3339 in UTC":       {"2025-04-24T16:00:00Z", "2026-05-11T15:59:59Z"},
		"times without zone":    {"2025-04-25 00:00:00", "2026-05-11 23:59:59"},
	}
	first, _ := readBound("2025-04-25T00:00:00+08:00", false)
	last, _ := readBound("2026-05-11T23:59:59+08:00", true)
	for _, f := range dayEdgeForms {
		s, e := dayEdges(w, f.form)
		if got := [2]string{s, e}; got != want[f.name] {
			t.Errorf("%s: %v, want %v", f.name, got, want[f.name])
		}
		if a, _ := readBound(s, false); a != first {
			t.Errorf("%s: start %s reads %d, want %d", f.name, s, a, first)
		}
		if b, _ := readBound(e, true); b != last {
			t.Errorf("%s: end %s reads %d, want %d", f.name, e, b, last)
		}
	}
	if s, e := dayEdges(&profile.Window{Start: "soon", End: w.End}, dayEdgeForms[0].form); s != "" || e != "" {
		t.Errorf("an unread bound: %q %q, want none", s, e)
	}
}
