package conformance

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/rtq-kit/rtq/contract"
)

// Client spellings of a bound. Real clients do not write RFC 3339 in
// UTC+08:00: a form posts a browser's datetime-local value (no seconds,
// no zone), Python and Java write a local isoformat (a T, no zone) or an
// offset without seconds, a calendar writes the end of a day as
// T24:00:00, an unset filter is Go's or .NET's zero time, Python writes
// microseconds, a date built by hand is not zero-padded. So, beside the
// forms relation.time.forms walks, the run writes the bounds of each
// listing it locates an item in as a generator spells them: a shape
// (spellingShapes: how many clock digits, a fraction of zeros or not, a
// day's boundary as midnight, as T24:00:00 or as a date, the earliest
// and latest years) crossed with the options the seed picks for each
// request (T or a space; UTC as Z, z, +00:00 or -00:00, +08:00 and offsets on either side of
// UTC, half-hour west ones among them, or no zone; how many fraction
// digits). Seconds with an offset written as libraries write it, and
// lower-case t and z, are the near forms' (timeforms.go), sent beside.
//
// Each shape goes, on every run, to each listing in three requests, the
// shape on one bound of each (so that a refusal of one spelling hides no
// other): a start at the largest instant the shape writes at or before
// the item's exact creation second, an end at the smallest at or after
// it (one of the two in a window beside the other bound at its own
// instant written RFC 3339, by the seed), and, on the side the seed
// picks, a start alone just after the item or an end alone just before
// it (the nearest instant the shape writes on the other side). A start
// read later or an end read earlier leaves the item out of the first
// two; a start read earlier or an end read later takes the item into
// the third. The zone of a spelling with an offset is picked from the side
// of UTC on which a dropped offset (read in UTC or in UTC+08:00) moves
// the bound across the item: east of UTC+08:00 where a later reading
// shows (the window's start, the end alone), UTC and west of it where an
// earlier one does.
//
// What judges them is a relation: a spelling selects what the instant
// it names selects written RFC 3339 in UTC+08:00 (the total of that
// request, sent beside it), or what one of the readings the contract
// allows selects where it leaves the reading open (a date as an end: its
// last second or its first; a fraction whichever whole second a bound's
// inclusion makes of it; T24:00:00 the next day's first second or its
// day's last; the year 1 and the year 9999 no bound at all). Where the
// contract lets a service refuse a spelling (any but RFC 3339's, and
// these RFC 3339 ones too: the kit's acceptance is the kit's choice,
// §C5), a refusal passes if it is the endpoint's error with code 400.

// spellSide is where a spelling's instant lies from the item's second.
type spellSide int

const (
	// sideIn: a start at or before the item, or an end at or after it.
	sideIn spellSide = iota
	// sideOut: a start after the item, or an end before it.
	sideOut
)

// spelt is one bound written by a shape: the value sent and the whole
// seconds it may be read as (none: it bounds nothing, as if absent).
type spelt struct {
	value string
	reads []int64
}

// spellOpts are the seed's picks for one spelling.
type spellOpts struct {
	sep    string         // "T" or " "
	loc    *time.Location // nil: no zone, read in UTC+08:00
	zoneZ  string         // how UTC is written: one of utcSpellings
	digits int            // fraction digits
}

// spellingShape writes a bound in one shape: ok is false when the shape
// has no instant on that side (the earliest and latest years).
type spellingShape struct {
	name string
	// zones is where the seed picks the zone from.
	zones zoneKind
	// varySep says the seed picks the separator (T or a space);
	// elsewhere it is RFC 3339's T, so that a shape is judged on its own
	// axis rather than refused for another.
	varySep bool
	spell   func(at int64, upper bool, side spellSide, o spellOpts) (spelt, bool)
}

// zoneKind is where a shape's zone is picked from.
type zoneKind int

const (
	// zoneNone: written without zone, read in UTC+08:00.
	zoneNone zoneKind = iota
	// zoneSided: an offset on the side where a dropped one shows.
	zoneSided
	// zoneDay: a day's boundary's zone (dayZones).
	zoneDay
)

// Zones by the side on which a dropped offset moves a bound: a wall
// time east of UTC+08:00 read in UTC or UTC+08:00 is later than the
// instant, one in UTC or west of it earlier.
var (
	eastZones = []*time.Location{time.FixedZone("", 9*3600), time.FixedZone("", 10*3600+30*60), time.FixedZone("", 12*3600+45*60), time.FixedZone("", 14*3600)}
	westZones = []*time.Location{time.UTC, time.FixedZone("", -3*3600), time.FixedZone("", -(3*3600 + 30*60)), time.FixedZone("", -(9*3600 + 30*60)), time.FixedZone("", -12*3600)}
	// dayZones are the zones a day's boundary is written in: the
	// service's, UTC, and none (read in the service's).
	dayZones = []*time.Location{contract.Zone, time.UTC, nil}
)

// writeSpelling writes the instant at (whole seconds) plus frac (the
// fraction's digits, "" for none) in o's zone and separator, with
// seconds or not.
func writeSpelling(at int64, frac string, seconds bool, o spellOpts) string {
	loc := o.loc
	if loc == nil {
		loc = contract.Zone
	}
	t := time.Unix(at, 0).In(loc)
	s := t.Format("2006-01-02") + o.sep + t.Format("15:04")
	if seconds {
		s += t.Format(":05")
		if frac != "" {
			s += "." + frac
		}
	}
	return s + writeZone(t, o)
}

// writeZone writes t's zone as o says; nothing for a zoneless spelling.
func writeZone(t time.Time, o spellOpts) string {
	switch {
	case o.loc == nil:
		return ""
	case o.loc == time.UTC:
		return o.zoneZ
	}
	return t.Format("-07:00")
}

// floorTo and ceilTo are the multiples of unit (seconds) in loc at or
// before and at or after at.
func floorTo(at, unit int64, loc *time.Location) int64 {
	_, off := time.Unix(at, 0).In(loc).Zone()
	l := at + int64(off)
	return at - ((l%unit)+unit)%unit
}

func ceilTo(at, unit int64, loc *time.Location) int64 {
	f := floorTo(at, unit, loc)
	if f == at {
		return at
	}
	return f + unit
}

// gridInstant is the instant a shape writing multiples of unit sends on
// a side: in, the nearest at or before the item for a start (at or after
// for an end); out, the nearest after it for a start (before it for an
// end).
func gridInstant(at, unit int64, loc *time.Location, upper bool, side spellSide) int64 {
	if loc == nil {
		loc = contract.Zone
	}
	switch {
	case !upper && side == sideIn:
		return floorTo(at, unit, loc)
	case upper && side == sideIn:
		return ceilTo(at, unit, loc)
	case !upper:
		return floorTo(at, unit, loc) + unit
	}
	return ceilTo(at, unit, loc) - unit
}

// exact is a spelling that names one whole second.
func exact(v string, at int64) (spelt, bool) { return spelt{value: v, reads: []int64{at}}, true }

var spellingShapes = []spellingShape{
	// Seconds, no zone: Python's and Java's isoformat of a local time,
	// or the space form.
	{name: "no zone", varySep: true, spell: func(at int64, upper bool, side spellSide, o spellOpts) (spelt, bool) {
		x := gridInstant(at, 1, nil, upper, side)
		return exact(writeSpelling(x, "", true, o), x)
	}},
	// Minutes, no zone: a browser's datetime-local input.
	{name: "minutes, no zone", varySep: true, spell: func(at int64, upper bool, side spellSide, o spellOpts) (spelt, bool) {
		x := gridInstant(at, 60, nil, upper, side)
		return exact(writeSpelling(x, "", false, o), x)
	}},
	// Minutes and an offset: Java's OffsetDateTime.toString.
	{name: "minutes, offset", zones: zoneSided, spell: func(at int64, upper bool, side spellSide, o spellOpts) (spelt, bool) {
		x := gridInstant(at, 60, o.loc, upper, side)
		return exact(writeSpelling(x, "", false, o), x)
	}},
	// A fraction of nines, of as many digits as the seed picks (1, 2,
	// 3, 6: Python's microseconds, 9: Go's nanoseconds): a bound a
	// fraction before the next second. Which whole second it selects
	// as is the bounds' inclusion (the kit's), so either.
	{name: "fraction", zones: zoneSided, spell: func(at int64, upper bool, side spellSide, o spellOpts) (spelt, bool) {
		x := gridInstant(at, 1, o.loc, upper, side)
		if !upper {
			x-- // (x-1).999… reads as x or x-1
		}
		return spelt{value: writeSpelling(x, strings.Repeat("9", o.digits), true, o), reads: []int64{x, x + 1}}, true
	}},
	// A fraction of zeros: the whole second itself.
	{name: "zero fraction", zones: zoneSided, spell: func(at int64, upper bool, side spellSide, o spellOpts) (spelt, bool) {
		x := gridInstant(at, 1, o.loc, upper, side)
		return exact(writeSpelling(x, strings.Repeat("0", o.digits), true, o), x)
	}},
	// Midnight as a time (not a date): the boundary of a day, in the
	// service's zone, UTC or none.
	{name: "midnight", zones: zoneDay, varySep: true, spell: func(at int64, upper bool, side spellSide, o spellOpts) (spelt, bool) {
		x := gridInstant(at, 86400, o.loc, upper, side)
		return exact(writeSpelling(x, "", true, o), x)
	}},
	// T24:00:00: ISO 8601's end of a day, the next day's first instant
	// (or, read as the day's end, its last second).
	{name: "T24:00:00", zones: zoneDay, spell: func(at int64, upper bool, side spellSide, o spellOpts) (spelt, bool) {
		x := gridInstant(at, 86400, o.loc, upper, side)
		loc := o.loc
		if loc == nil {
			loc = contract.Zone
		}
		day := time.Unix(x-1, 0).In(loc)
		v := day.Format("2006-01-02") + o.sep + "24:00:00" + writeZone(day, o)
		return spelt{value: v, reads: []int64{x, x - 1}}, true
	}},
	// A date without zero padding (2026-1-2: a date built by hand), read
	// as its day in UTC+08:00: a start from its first second, an end to
	// its last (or from its first).
	{name: "unpadded date", spell: func(at int64, upper bool, side spellSide, o spellOpts) (spelt, bool) {
		x := gridInstant(at, 86400, contract.Zone, upper, side)
		if upper && x != at {
			x -= 86400 // the day the end's instant ends
		}
		if upper && side == sideOut {
			x = floorTo(at, 86400, contract.Zone) - 86400
		}
		v := time.Unix(x, 0).In(contract.Zone).Format("2006-1-2")
		if upper {
			return spelt{value: v, reads: []int64{x + 86399, x}}, true
		}
		return exact(v, x)
	}},
	// The earliest and latest years a formatter writes (Go's and .NET's
	// zero time, the year 9999): no bound on the items at all.
	{name: "extreme year", zones: zoneDay, spell: func(_ int64, upper bool, side spellSide, o spellOpts) (spelt, bool) {
		if side == sideOut {
			return spelt{}, false
		}
		t := time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC)
		if upper {
			t = time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC)
		}
		if o.loc == nil {
			return spelt{value: t.Format("2006-01-02" + o.sep + "15:04:05")}, true
		}
		o.loc = time.UTC
		return spelt{value: writeSpelling(t.Unix(), "", true, o)}, true
	}},
}

// spellCase is one request of the generator: the bounds it sends, one
// of them in the shape (the other, if any, RFC 3339 in UTC+08:00, so that
// a refusal is the shape's), and whether the shape's bound lies beyond
// the item (out) or takes it in.
type spellCase struct {
	shape      string
	start, end *spelt
	out        bool
}

// utcSpellings are RFC 3339's ways of writing UTC's offset: Z, z (§5.6),
// +00:00, and -00:00, which §4.3 gives to a time known in UTC whose
// local offset is unknown: the same instant, never a local time.
var utcSpellings = []string{"Z", "+00:00", "-00:00", "z"}

// spellOptsFor picks the options of one spelling from the seed: for a
// sided zone, one on the side where a dropped offset shows (later: east
// of UTC+08:00).
func spellOptsFor(seed uint64, id string, sh spellingShape, later bool) spellOpts {
	o := spellOpts{sep: "T", zoneZ: "Z", digits: []int{1, 2, 3, 6, 9}[pick(seed, id+" digits", 5)]}
	if sh.varySep {
		o.sep = []string{"T", " "}[pick(seed, id+" sep", 2)]
	}
	if sh.zones != zoneNone {
		o.zoneZ = utcSpellings[pick(seed, id+" z", len(utcSpellings))]
	}
	switch {
	case sh.zones == zoneDay:
		o.loc = dayZones[pick(seed, id+" zone", len(dayZones))]
	case sh.zones == zoneSided && later:
		o.loc = eastZones[pick(seed, id+" zone", len(eastZones))]
	case sh.zones == zoneSided:
		o.loc = westZones[pick(seed, id+" zone", len(westZones))]
	}
	return o
}

// spellCases are the generator's requests for a listing whose item was
// created at the second at.
func spellCases(seed uint64, listing string, at int64) []spellCase {
	var out []spellCase
	for _, sh := range spellingShapes {
		opts := func(role string, later bool) spellOpts {
			return spellOptsFor(seed, listing+" spelling "+sh.name+" "+role, sh, later)
		}
		// Each bound at the nearest instant the shape writes on the
		// item's side: a start read later, or an end read earlier, leaves
		// the item out. One of the two (by the seed) goes in a window,
		// beside the other bound at its own such instant written RFC
		// 3339 in UTC+08:00; the other alone.
		s, okS := sh.spell(at, false, sideIn, opts("start in", true))
		e, okE := sh.spell(at, true, sideIn, opts("end in", false))
		startCase, endCase := spellCase{shape: sh.name, start: &s}, spellCase{shape: sh.name, end: &e}
		if pick(seed, listing+" spelling "+sh.name+" window", 2) == 0 {
			startCase.end = canonical(e)
		} else {
			endCase.start = canonical(s)
		}
		if okS {
			out = append(out, startCase)
		}
		if okE {
			out = append(out, endCase)
		}
		// Alone beyond the item, on the side the seed picks: a start
		// read earlier, or an end read later, takes it in.
		if pick(seed, listing+" spelling "+sh.name+" out", 2) == 0 {
			if s, ok := sh.spell(at, false, sideOut, opts("start out", false)); ok {
				out = append(out, spellCase{shape: sh.name, start: &s, out: true})
			}
		} else if e, ok := sh.spell(at, true, sideOut, opts("end out", true)); ok {
			out = append(out, spellCase{shape: sh.name, end: &e, out: true})
		}
	}
	return out
}

// canonical is a bound at the first instant s may be read as, written
// RFC 3339 in UTC+08:00 (nil where s bounds nothing).
func canonical(s spelt) *spelt {
	if len(s.reads) == 0 {
		return nil
	}
	return &spelt{value: contract.Stamp(s.reads[0]), reads: s.reads[:1]}
}

// readingFilter is filter with a bound as read: absent, or the whole second written
// RFC 3339 in UTC+08:00.
func readingFilter(filter map[string]any, name string, read *int64) map[string]any {
	if read == nil {
		return filter
	}
	return withMember(filter, name, contract.Stamp(*read))
}

// readings are the choices of whole seconds a bound may be read as (a
// nil element: no bound).
func readings(s *spelt) []*int64 {
	if s == nil || len(s.reads) == 0 {
		return []*int64{nil}
	}
	out := make([]*int64, len(s.reads))
	for i := range s.reads {
		out[i] = &s.reads[i]
	}
	return out
}

// spellings sends the generator's requests for listing l, whose item was
// created at the second at, each beside the requests of the readings
// the contract allows it (shared between cases, and sent only for a
// spelling served), and judges each. totals are start_time at and at+1's.
func (t *T) spellings(l listing, at int64, totals [2]int64) {
	cases := spellCases(t.runSeed(), l.name, at)
	type ref struct {
		body  map[string]any
		total int64
		ok    bool
	}
	var refs []ref
	index := map[string]int{}
	refOf := func(start, end *int64) int {
		body := readingFilter(readingFilter(l.filter, "start_time", start), "end_time", end)
		k := fmt.Sprint(body["start_time"], "|", body["end_time"])
		if i, ok := index[k]; ok {
			return i
		}
		index[k] = len(refs)
		refs = append(refs, ref{body: body})
		return len(refs) - 1
	}
	for k, total := range totals {
		i := refOf(instant(at+int64(k)), nil)
		refs[i].total, refs[i].ok = total, true
	}
	want := make([][]int, len(cases))
	bodies := make([]map[string]any, len(cases))
	for i, c := range cases {
		body := l.filter
		if c.start != nil {
			body = withMember(body, "start_time", c.start.value)
		}
		if c.end != nil {
			body = withMember(body, "end_time", c.end.value)
		}
		bodies[i] = body
		for _, rs := range readings(c.start) {
			for _, re := range readings(c.end) {
				if rs != nil && re != nil && *re < *rs {
					continue // a reversed reading: only where another is allowed
				}
				want[i] = append(want[i], refOf(rs, re))
			}
		}
	}
	got := make([]int64, len(cases))
	oks := make([]bool, len(cases))
	xs := make([]*Exchange, len(cases))
	t.each(len(cases), func(t *T, i int) {
		got[i], oks[i], xs[i] = t.totalWith(l, bodies[i])
	})
	// The readings' requests, for the spellings served only (a refusal
	// needs none), less those whose totals the narrowing knows.
	var send []int
	for i := range cases {
		if !oks[i] {
			continue
		}
		for _, k := range want[i] {
			if !refs[k].ok && !slices.Contains(send, k) {
				send = append(send, k)
			}
		}
	}
	t.each(len(send), func(t *T, i int) {
		r := &refs[send[i]]
		r.total, r.ok = t.totalOf(l, r.body)
	})
	for i, c := range cases {
		var totals []int64
		for _, k := range want[i] {
			if oks[i] && !refs[k].ok {
				totals = nil // a reading is not served: the listing's own checks say so
				break
			}
			totals = append(totals, refs[k].total)
		}
		t.judgeSpelling(l, c, at, xs[i], got[i], oks[i], totals)
	}
}

// judgeSpelling judges one spelling's answer x (its total got, ok for a
// success with a total): a refusal is the endpoint's error with code
// 400; a success gives one of totals, those of the readings the contract
// allows (none known: not judged).
func (t *T) judgeSpelling(l listing, c spellCase, at int64, x *Exchange, got int64, ok bool, totals []int64) {
	what := fmt.Sprintf("%s %s (%s)", l.name, describeBounds(c), c.shape)
	switch {
	case !ok && isSuccess(x):
		// a success without a total: the listing's own checks say so
	case !ok:
		if obj := t.errorAnswer(x, l.ep, what); obj != nil {
			if code, _ := intOf(obj["code"]); code != 400 {
				t.Errorf(x, "%s: refused with code %d; a time the service does not accept is a 400 naming the parameter (§C5)", what, code)
				return
			}
		}
		t.Notef("%s is not accepted (the kit's choice, §C5)", what)
	case len(totals) > 0 && !slices.Contains(totals, got):
		t.Errorf(x, "%s gives total %d; what it names, written RFC 3339 in UTC+08:00 (%s), gives %v (an item was created at %s)",
			what, got, describeReadings(c), slices.Compact(slices.Sorted(slices.Values(totals))), contract.Stamp(at))
	}
}

// describeBounds says what a case sends.
func describeBounds(c spellCase) string {
	var parts []string
	if c.start != nil {
		parts = append(parts, "start_time "+c.start.value)
	}
	if c.end != nil {
		parts = append(parts, "end_time "+c.end.value)
	}
	return strings.Join(parts, " ")
}

// describeReadings says which instants a case's bounds may be read as.
func describeReadings(c spellCase) string {
	one := func(name string, s *spelt) string {
		if s == nil {
			return ""
		}
		if len(s.reads) == 0 {
			return name + " as absent"
		}
		var v []string
		for _, r := range s.reads {
			v = append(v, contract.Stamp(r))
		}
		return name + " " + strings.Join(v, " or ")
	}
	return strings.TrimSpace(one("start_time", c.start) + " " + one("end_time", c.end))
}

// totalWith sends body one item a page and returns its total; ok is
// false for an answer that is no success.
func (t *T) totalWith(l listing, body map[string]any) (int64, bool, *Exchange) {
	x := t.post(l.ep, "read", withMember(body, "page_size", 1))
	obj, _ := x.Doc.(map[string]any)
	if c, isInt := intOf(obj["code"]); !isInt || c != 0 {
		return 0, false, x
	}
	data, _ := obj["data"].(map[string]any)
	total, ok := intOf(data["total"])
	return total, ok, x
}

func (t *T) totalOf(l listing, body map[string]any) (int64, bool) {
	total, ok, _ := t.totalWith(l, body)
	return total, ok
}
