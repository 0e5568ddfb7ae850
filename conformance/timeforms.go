package conformance

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// relation.time.forms: every time-taking member of every endpoint
// (contract.TimeParams) gets the same instant written in every form the
// contract accepts, and each form selects what the instant selects
// written RFC 3339 in UTC+08:00 (the same total). ISO 8601 with an
// offset names one instant in any offset (§4.4), so Z and other offsets
// on either side of UTC are the spec's; a time without zone and a date
// alone are the kit's forms (§C5): a target may refuse them, and one
// that accepts them reads them in UTC+08:00, the zone of every time the
// service writes (§1.3), a date as its whole day (from its first second
// for a start; to its last second, or its first, for an end).
//
// Which instants: one where an item was created, found by the totals of
// start_time alone at points across the profile's window (each round
// narrows to the two points between which the total drops), so that a
// form read an hour off on either side selects another total: the point
// before the item catches a reading that comes later, the point after
// it one that comes earlier. Which listings: one of each endpoint that
// has a window in the profile, picked by the seed, as is the form of
// each class of offsets; every class is sent on every run.

// timeFormClass is one class of forms of an instant: spec is true for
// ISO 8601 with an offset, which every target must read.
type timeFormClass struct {
	name  string
	spec  bool
	zones []*time.Location // nil: the zone-less form
	// near is a client library's form (nearTimeForms): refused with
	// code 400, or read as the instant.
	near bool
}

var timeFormClasses = []timeFormClass{
	{name: "utc", spec: true, zones: []*time.Location{time.UTC, time.FixedZone("+00:00", 0)}},
	{name: "east", spec: true, zones: []*time.Location{time.FixedZone("", 5*3600+45*60), time.FixedZone("", 9*3600), time.FixedZone("", 14*3600)}},
	{name: "west", spec: true, zones: []*time.Location{time.FixedZone("", -(5*3600 + 30*60)), time.FixedZone("", -3*3600), time.FixedZone("", -12*3600)}},
	{name: "zoneless"},
}

// Near forms of an instant: how client libraries write a time beside
// RFC 3339's canonical form. The contract accepts RFC 3339, a time
// without zone and a date (§C5, KIT), and anything else is a 400 naming
// the parameter: so each near form is either refused with code 400 or
// read as the instant it names, the items of that instant written RFC
// 3339 in UTC+08:00. Each near form is sent on every run, on each
// listing relation.time.forms walks, to one time member the seed picks.
//
// Which instant and zone: a reading that drops a near form's offset
// reads its wall time in UTC+08:00 or in UTC. Written in UTC or west of
// it, either reading names an earlier instant, so the instant just after
// the item (b) is sent: read earlier, a start takes the item in and an
// end leaves it out. Written east of UTC+08:00, either reading names a
// later instant, so the instant just before the item (a) is sent. Zones
// between UTC and UTC+08:00, where the two readings go opposite ways,
// and UTC+08:00 itself, where dropping the offset moves nothing, are
// never used.

// nearTimeForm is one client library's way of writing an instant.
type nearTimeForm struct {
	name string
	// write writes the instant in loc (time.UTC by name: Z where the
	// form writes one).
	write func(t time.Time, loc *time.Location) string
	// utcOnly says the form is about the letters of Z: only UTC.
	utcOnly bool
}

var nearTimeForms = []nearTimeForm{
	// RFC 3339 §5.6 allows a lower-case t and z; a client that folds a
	// query string to lower case (or a hand-typed URL) writes them.
	{"lowercase", func(t time.Time, _ *time.Location) string {
		return strings.ToLower(t.UTC().Format("2006-01-02T15:04:05Z"))
	}, true},
	// RFC 3339 §4.3's -00:00: a time known in UTC whose local offset is
	// unknown (what a log shipper or a mail header writes for one). It
	// names the UTC instant; reading it as a local time moves it.
	{"unknown local offset", func(t time.Time, _ *time.Location) string {
		return t.UTC().Format("2006-01-02T15:04:05") + "-00:00"
	}, true},
	// Python's str(datetime) of an aware datetime: a space, and the
	// offset with a colon (+00:00 for UTC).
	{"python str", func(t time.Time, loc *time.Location) string {
		return t.In(loc).Format("2006-01-02 15:04:05-07:00")
	}, false},
	// PHP's DATE_ISO8601 and Java's SimpleDateFormat "Z": the offset
	// without a colon.
	{"basic offset", func(t time.Time, loc *time.Location) string {
		return t.In(loc).Format("2006-01-02T15:04:05-0700")
	}, false},
	// Ruby's Time#to_s: a space, and a space before an offset without a
	// colon.
	{"ruby to_s", func(t time.Time, loc *time.Location) string {
		return t.In(loc).Format("2006-01-02 15:04:05 -0700")
	}, false},
}

// nearZones are the zones a near form is written in: UTC and west of
// it (read earlier when the offset is dropped), east of UTC+08:00 (read
// later).
var nearZones = []*time.Location{
	time.UTC, time.FixedZone("", -(5*3600 + 30*60)), time.FixedZone("", -3*3600),
	time.FixedZone("", 9*3600), time.FixedZone("", 10*3600+30*60), time.FixedZone("", 14*3600),
}

// nearCases are the listing's near-form cases: each near form to one
// time member of the listing's endpoint (by the seed), in a zone of
// nearZones (by the seed), at the instant where a dropped offset moves
// the item (a or b: see above).
func (t *T) nearCases(l listing, params []contract.TimeParam, a, b int64) []timeCase {
	seed := t.runSeed()
	var out []timeCase
	for _, f := range nearTimeForms {
		p := params[pick(seed, l.name+" near "+f.name, len(params))]
		loc := time.UTC
		if !f.utcOnly {
			loc = nearZones[pick(seed, l.name+" near zone "+f.name, len(nearZones))]
		}
		at := b
		if _, off := time.Unix(b, 0).In(loc).Zone(); off > 8*3600 {
			at = a
		}
		out = append(out, timeCase{param: p, class: timeFormClass{name: f.name, near: true}, value: f.write(time.Unix(at, 0), loc),
			ats: []int64{at}, what: fmt.Sprintf("the instant %s", contract.Stamp(at))})
	}
	return out
}

// writeTime writes an instant in loc: RFC 3339 (Z for UTC by name), or
// without zone in UTC+08:00 when loc is nil.
func writeTime(at int64, loc *time.Location) string {
	t := time.Unix(at, 0)
	switch {
	case loc == nil:
		return t.In(contract.Zone).Format(time.DateTime)
	case loc == time.UTC:
		return t.UTC().Format("2006-01-02T15:04:05Z")
	}
	return t.In(loc).Format("2006-01-02T15:04:05-07:00")
}

// readBound reads a profile window's bound as the contract's forms say
// (RFC 3339; without zone in UTC+08:00; a date from its first second, or
// to its last for an upper bound). Second 60, a leap second RFC 3339
// allows and Go's parser does not, is read as the next second (the
// runner sends it only where that and second 59 select alike).
func readBound(s string, upper bool) (int64, bool) {
	if m := leapSecond.FindStringSubmatchIndex(s); m != nil {
		at, ok := readBound(s[:m[2]]+":59"+s[m[3]:], upper)
		return at + 1, ok
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t.Unix(), true
	}
	if t, err := time.ParseInLocation(time.DateTime, s, contract.Zone); err == nil {
		return t.Unix(), true
	}
	if t, err := time.ParseInLocation(time.DateOnly, s, contract.Zone); err == nil {
		if upper {
			return t.Unix() + 86399, true
		}
		return t.Unix(), true
	}
	return 0, false
}

// leapSecond finds second 60 in a time written with a date.
var leapSecond = regexp.MustCompile(`^\d{4}-\d\d-\d\d[T t]\d\d:\d\d(:60)`)

// locate rounds: points a round sends, and how close the two instants
// around an item must come.
const (
	locatePoints = 5
	locateRounds = 3
	locateClose  = 15 * 60
	// offPoint keeps the points off the window's bounds and whole
	// minutes, where items may be created.
	offPoint = 7
)

// timeListings are the listings relation.time.forms writes times into:
// one of each endpoint with a window, picked by the seed.
func (t *T) timeListings() []listing {
	var out []listing
	for _, ep := range []contract.Endpoint{contract.TemplatesList, contract.ListQrcodes} {
		var windowed []listing
		for _, l := range t.listingsOrNone(ep) {
			if l.window != nil {
				windowed = append(windowed, l)
			}
		}
		if len(windowed) > 0 {
			out = append(out, windowed[pick(t.r.opts.Seed, "time.forms "+ep.Name, len(windowed))])
		}
	}
	return out
}

func relTimeForms(t *T) {
	ls := t.timeListings()
	if len(ls) == 0 {
		t.Skipf("the profile gives no time window")
		return
	}
	t.each(len(ls), func(t *T, i int) { t.timeForms(ls[i]) })
}

// totalAt sends the listing with param set to value, one item a page,
// and returns its total; ok is false for an answer that is no success.
func (t *T) totalAt(l listing, param, value string) (total int64, ok bool, x *Exchange) {
	body := withMember(withMember(l.filter, param, value), "page_size", 1)
	x = t.post(l.ep, "read", body)
	obj, _ := x.Doc.(map[string]any)
	if c, isInt := intOf(obj["code"]); !isInt || c != 0 {
		return 0, false, x
	}
	data, _ := obj["data"].(map[string]any)
	total, ok = intOf(data["total"])
	return total, ok, x
}

// locate finds two instants a < b, close together, between which an item
// of the listing was created: start_time a has more items than b.
func (t *T) locate(l listing) (a, b int64, counts [2]int64, ok bool) {
	lo, okLo := readBound(l.window.Start, false)
	hi, okHi := readBound(l.window.End, true)
	if !okLo || !okHi || hi <= lo {
		return 0, 0, counts, false
	}
	points := make([]int64, 0, locatePoints+1)
	for k := 0; k <= locatePoints; k++ {
		points = append(points, lo+(hi-lo)*int64(k)/locatePoints+offPoint)
	}
	for round := 0; round < locateRounds; round++ {
		got := make([]int64, len(points))
		oks := make([]bool, len(points))
		t.each(len(points), func(t *T, i int) {
			got[i], oks[i], _ = t.totalAt(l, "start_time", contract.Stamp(points[i]))
		})
		if slices.Contains(oks, false) {
			return 0, 0, counts, false
		}
		j := -1
		for i := 0; i+1 < len(got); i++ {
			if got[i] > got[i+1] {
				j = i
				break
			}
		}
		if j < 0 {
			return 0, 0, counts, false
		}
		a, b, counts = points[j], points[j+1], [2]int64{got[j], got[j+1]}
		if b-a <= locateClose || round == locateRounds-1 {
			return a, b, counts, true
		}
		points = points[:0]
		for k := 0; k <= locatePoints; k++ {
			points = append(points, a+(b-a)*int64(k)/locatePoints)
		}
	}
	return a, b, counts, true
}

func (t *T) timeForms(l listing) {
	a, b, counts, ok := t.locate(l)
	if !ok {
		t.Notef("%s: no item found between the points of the window %s to %s", l.name, l.window.Start, l.window.End)
		return
	}
	// The instant's forms and its exact second side by side: the second
	// takes more rounds, beside the forms' two.
	t.each(2, func(t *T, i int) {
		if i == 0 {
			t.timeFormCases(l, a, b, counts)
		} else {
			t.fractionCases(l, a, b, counts)
		}
	})
}

// timeCase is one walk of the relation: param written in one form,
// and the instants it may name.
type timeCase struct {
	param contract.TimeParam
	class timeFormClass
	value string
	// ats are the instants the form may name, each walked written RFC
	// 3339 in UTC+08:00 as its reference, and what reads them.
	ats  []int64
	what string
	size int
	// role is the key the form goes with ("" and read: the read key);
	// sees, for another key, the items its own unfiltered walk lists
	// (nil: not known), of which it must list those the read key's
	// walk of the instant lists.
	role string
	sees map[string]bool
	w    walk
}

// timeSizes are the page sizes a form's walk is read at, one picked by
// the seed for each: the maximum, and above it (clamped, or refused and
// then read at the maximum), so that a bound is judged beside a page size
// other than its reference's too. Each takes few pages.
var timeSizes = []int{contract.TemplatesMaxPageSize, contract.TemplatesMaxPageSize + 1, 2*contract.TemplatesMaxPageSize + 1, 1000}

// timeWalk is the listing's walk with param at value, at size: when a
// size above the maximum is refused in the endpoint's shape (the
// target's choice), at the maximum.
func (t *T) timeWalk(l listing, role, param, value string, size int) walk {
	w := t.walkCursor(l.ep, role, withMember(l.filter, param, value), size)
	if size > contract.TemplatesMaxPageSize && len(w.pages) == 1 && w.broken != "" && t.refusedOverMax(w.pages[0], l.ep) {
		return t.walkCursor(l.ep, role, withMember(l.filter, param, value), contract.TemplatesMaxPageSize)
	}
	return w
}

// The key is a subject of the time forms. A service may serve a key by
// another path (a partner gateway, a console integration) with a clock
// or a parser of its own, reading a time without zone in UTC or a start
// as exclusive; §4.4 and §C5 read a bound one way whatever key sends
// it. So each form's walk goes with a key of ours, turning over the
// cases (keyColumn, from where the seed says), and is judged against
// the read key's walk of its instant as that key sees it: the items of
// it the key's own unfiltered walk lists, since a key's read scope is
// the service's (§5) and a bound selects by the item. The windows at
// an item's own second go with one key a listing, the seed's, judged
// as one model over that key's walks, and its start alone at that
// second against the read key's total there where the key lists what
// the read key lists.

// Each form is walked to its end and judged by its own walk: its total
// is the count of the items it holds, its items are among the
// unfiltered walk's, and they are the items of one instant it may name
// (each instant walked written RFC 3339 in UTC+08:00): so a form whose
// total and list read the bound differently (a date as its first second
// for total and its last for the list) is seen, not only a total another
// form's total disagrees with.
func (t *T) timeFormCases(l listing, a, b int64, counts [2]int64) {
	instants := []int64{a, b}
	var params []contract.TimeParam
	for _, p := range contract.TimeParams {
		if p.Endpoint == l.ep {
			params = append(params, p)
		}
	}
	day := dayStart(a)
	// The key of each case (see timeWalk): class, member and instant
	// add up to it, so that each class meets every key on every run
	// (two members, two instants), and each member and instant too; but
	// for the form without zone, below.
	keys := t.keyColumn("time.forms " + l.name)
	var cases []timeCase
	for pi, p := range params {
		for ci, c := range timeFormClasses {
			var loc *time.Location
			if c.zones != nil {
				loc = c.zones[pick(t.r.opts.Seed, l.name+" "+p.Name+" "+c.name, len(c.zones))]
			}
			for k, at := range instants {
				role := keys.at(2*ci + 2*pi + k)
				if !c.spec && k == 0 {
					// The kit's form without zone at the instant before
					// the item, where a reading in UTC (a later one) moves
					// it on either bound, with the keys besides the read
					// key (turning over the members): the read key sends
					// such times in its spellings (timespellings.go).
					role = keys.other(pi)
				}
				cases = append(cases, timeCase{param: p, class: c, value: writeTime(at, loc), ats: []int64{at},
					what: fmt.Sprintf("the instant %s", contract.Stamp(at)), role: role})
			}
		}
		date := time.Unix(day, 0).In(contract.Zone).Format(time.DateOnly)
		ats, what := []int64{day}, "its first second, "+contract.Stamp(day)
		if p.Upper {
			ats, what = []int64{day + 86399, day}, "its last second, "+contract.Stamp(day+86399)+", or its first"
		}
		cases = append(cases, timeCase{param: p, class: timeFormClass{name: "date"}, value: date, ats: ats, what: what, role: keys.at(pi)})
	}
	for i, c := range t.nearCases(l, params, a, b) {
		c.role = keys.at(i)
		cases = append(cases, c)
	}
	// The references: every instant a form may name, as the instant
	// written RFC 3339 in UTC+08:00, beside the forms and the unfiltered
	// walk (the one relation.cursor.window reads).
	refs := map[string]walk{}
	var refKeys []string
	var refParam []string
	var refAt []int64
	for _, c := range cases {
		for _, at := range c.ats {
			if k := key2(c.param.Name, at); !slices.Contains(refKeys, k) {
				refKeys, refParam, refAt = append(refKeys, k), append(refParam, c.param.Name), append(refAt, at)
			}
		}
	}
	for i := range cases {
		cases[i].size = timeSizes[pick(t.r.opts.Seed, l.name+" time size "+cases[i].param.Name+" "+cases[i].value, len(timeSizes))]
	}
	t.twoPages(l, cases, instants, counts)
	refWalks := make([]walk, len(refKeys))
	alls := make([]walk, len(keys.all))
	t.each(len(refKeys)+len(cases)+len(keys.all), func(t *T, i int) {
		switch {
		case i < len(refKeys):
			refWalks[i] = t.walkCursor(l.ep, "read", withMember(l.filter, refParam[i], contract.Stamp(refAt[i])), contract.TemplatesMaxPageSize)
		case i < len(refKeys)+len(cases):
			c := &cases[i-len(refKeys)]
			c.w = t.timeWalk(l, c.role, c.param.Name, c.value, c.size)
		default:
			alls[i-len(refKeys)-len(cases)] = t.keyAll(l, keys.all[i-len(refKeys)-len(cases)])
		}
	})
	all := alls[0] // the read key's
	for i := range cases {
		if k := slices.Index(keys.all, cases[i].role); k > 0 && alls[k].broken == "" {
			cases[i].sees = setOf(itemKeys(alls[k], l.key))
		}
	}
	for i, k := range refKeys {
		if refWalks[i].broken != "" {
			return // the listing itself fails: its own checks say so
		}
		refs[k] = refWalks[i]
		t.examinedWalks(refWalks[i])
		t.totalHolds(refWalks[i], fmt.Sprintf("%s %s %s", l.name, refParam[i], contract.Stamp(refAt[i])))
	}
	for _, c := range cases {
		t.judgeTimeCase(l, c, refs, all)
	}
}

// judgeTimeCase judges one form's walk: served where the contract says
// so, its total its items' count, its items among the unfiltered walk's
// and those of an instant it may name.
func (t *T) judgeTimeCase(l listing, c timeCase, refs map[string]walk, all walk) {
	what := fmt.Sprintf("%s %s %s (%s)%s", l.name, c.param.Name, c.value, c.class.name, keyWhat(c.role))
	other := c.role != "" && c.role != profile.RoleRead
	switch {
	case other && keyRefused(c.w):
		return // a key's read scope is the service's (§5)
	case other && c.sees == nil:
		return // what the key sees is not known
	case c.w.broken != "" && len(c.w.pages) == 1 && c.class.spec:
		t.Errorf(c.w.last, "%s: not served (%s), yet ISO 8601 names %s in any offset", what, describe(c.w.last), c.what)
		return
	case c.w.broken != "" && len(c.w.pages) == 1 && c.class.near:
		if obj := t.errorAnswer(c.w.last, l.ep, what); obj != nil {
			if code, _ := intOf(obj["code"]); code != 400 {
				t.Errorf(c.w.last, "%s: refused with code %d; a time in a form the service does not accept is a 400 naming the parameter (§C5)", what, code)
				return
			}
		}
		t.Notef("%s is not accepted (the kit's choice, §C5)", what)
		return
	case c.w.broken != "" && len(c.w.pages) == 1:
		t.Notef("%s is not accepted (the kit's choice, §C5)", what)
		return
	case c.w.broken != "":
		t.Errorf(c.w.last, "%s: %s", what, c.w.broken)
		return
	}
	t.examinedWalks(c.w)
	t.totalHolds(c.w, what)
	if all.broken == "" {
		t.subsetOf(c.w, all, l.key, what)
	}
	got := itemKeys(c.w, l.key)
	var first walk
	var counts []int
	for _, at := range c.ats {
		ref := refs[key2(c.param.Name, at)]
		want := itemKeys(ref, l.key)
		if other {
			want = slices.DeleteFunc(want, func(k string) bool { return !c.sees[k] })
		}
		if sameSet(got, want) {
			return
		}
		if first.pages == nil {
			first = ref
		}
		counts = append(counts, len(want))
	}
	want := itemKeys(first, l.key)
	seen := ""
	if other {
		want = slices.DeleteFunc(want, func(k string) bool { return !c.sees[k] })
		seen = fmt.Sprintf(", of what the %s key's unfiltered walk lists", c.role)
	}
	sa, sb := slices.Sorted(slices.Values(want)), slices.Sorted(slices.Values(got))
	t.errorfPair(firstPage(c.w), firstPage(first), "%s gives %d items; %s, written RFC 3339 in UTC+08:00, gives %v%s (the read key's walk): %s",
		what, len(got), c.what, counts, seen, diffKeys(sa, sb))
}

// twoPages walks, of each instant, one case of start_time written with
// an offset (of a class the seed picks) in two pages or more: half the
// items start_time at that instant lists (counts) a page. A page reached
// by a token must read the bounds as the first page does; a reading that
// drops the offset there moves an item, since the instant is next to
// one, so the walk's items or its total fail.
func (t *T) twoPages(l listing, cases []timeCase, instants []int64, counts [2]int64) {
	for k, at := range instants {
		var idx []int
		for i, c := range cases {
			if c.class.spec && !c.param.Upper && len(c.ats) == 1 && c.ats[0] == at {
				idx = append(idx, i)
			}
		}
		if len(idx) > 0 {
			i := idx[pick(t.runSeed(), fmt.Sprintf("%s two pages %d", l.name, k), len(idx))]
			cases[i].size = int(min(max((counts[k]+1)/2, 1), contract.TemplatesMaxPageSize))
		}
	}
}

func key2(param string, at int64) string { return fmt.Sprintf("%s %d", param, at) }

// Sub-second bounds. Creation times are whole seconds and a bound is an
// exact instant (§4.4; §C10: a fractional start rounds up, an end down):
// a start a fraction after the second an item was created in leaves the
// item out, an end a fraction before it too. So the run narrows the
// locating's two points to the item's own second (in refineRounds
// rounds, beside the other forms' one), and then sends every
// time member at that second and the one before, each plus a fraction
// the seed picks, beside the same seconds whole: a reading that drops
// the fraction (or rounds it the other way) selects the item's second.
// RFC 3339 allows the fraction; a target that refuses it is noted.

// refineRounds is how many rounds the narrowing takes at most: few
// enough that the check's chain stays short of the writes', each round
// cutting the span in as many parts as reach one second in time.
const refineRounds = 8

// fractions are the sub-second parts a bound is written with.
var fractions = []string{".5", ".001", ".250", ".999999"}

// second narrows (a, b], where start_time a lists more items than b, to
// the second an item was created in: the t with start_time t listing
// more items than t+1; counts are the totals of start_time t and t+1.
func (t *T) second(l listing, a, b int64, counts [2]int64) (int64, [2]int64, bool) {
	parts := int64(math.Ceil(math.Pow(float64(b-a), 1.0/refineRounds)))
	for b-a > 1 {
		step := max((b-a)/max(parts, 2), 1)
		var points []int64
		for p := a + step; p < b; p += step {
			points = append(points, p)
		}
		got := make([]int64, len(points))
		oks := make([]bool, len(points))
		t.each(len(points), func(t *T, i int) {
			got[i], oks[i], _ = t.totalAt(l, "start_time", contract.Stamp(points[i]))
		})
		if slices.Contains(oks, false) {
			return 0, counts, false
		}
		points, got = append(append([]int64{a}, points...), b), append(append([]int64{counts[0]}, got...), counts[1])
		for i := 0; i+1 < len(points); i++ {
			if got[i] > got[i+1] {
				a, b, counts = points[i], points[i+1], [2]int64{got[i], got[i+1]}
				break
			}
		}
	}
	return a, counts, true
}

// fractionCase is one time member at a whole second plus a fraction.
type fractionCase struct {
	param contract.TimeParam
	sec   int64
	value string
	// want is the total of the whole second the fraction is read as
	// (the next for a start, this one for an end), known for a start
	// from the narrowing, sent beside it for an end (wantAt).
	want   int64
	wantAt string
}

// fractionCases sends each time member of the listing's endpoint at the
// item's second and the one before, plus a fraction.
func (t *T) fractionCases(l listing, a, b int64, counts [2]int64) {
	at, totals, ok := t.second(l, a, b, counts)
	if !ok {
		return // the listing itself fails: its own checks say so
	}
	// The fractions and the client spellings (timespellings.go) of the
	// item's second side by side: neither waits for the other.
	t.each(2, func(t *T, i int) {
		if i == 0 {
			t.fractionsAt(l, at, totals)
		} else {
			t.spellings(l, at, totals)
		}
	})
}

// fractionsAt sends and judges the fraction cases at the second at,
// where start_time at and at+1 total totals.
func (t *T) fractionsAt(l listing, at int64, totals [2]int64) {
	var cases []fractionCase
	for _, p := range contract.TimeParams {
		if p.Endpoint != l.ep {
			continue
		}
		f := fractions[pick(t.r.opts.Seed, l.name+" "+p.Name+" fraction", len(fractions))]
		for k, sec := range []int64{at - 1, at} {
			whole := contract.Stamp(sec)
			c := fractionCase{param: p, sec: sec, value: whole[:19] + f + whole[19:], want: totals[k]}
			if p.Upper {
				c.wantAt = whole
			}
			cases = append(cases, c)
		}
	}
	// Which bounds include their own second is the kit's (§C5): a start
	// and an end both at the item's second list it only where both do.
	// Only there is the item's second known to be `at`, and a fraction
	// judged; elsewhere the item may be a second later, and a fraction
	// read as either whole second is the target's reading.
	// Beside them, windows at the item's second (windowsAround), judged
	// as one model with the halves they are made of.
	// They go with one key of ours, the seed's (see timeWalk), judged
	// against that key's own unfiltered walk.
	around, sent := t.windowsAround(l, at)
	role := t.keyColumn("time.forms around " + l.name).at(0)
	var all, keyAll walk
	got := make([]int64, 2*len(cases))
	oks := make([]bool, 2*len(cases))
	xs := make([]*Exchange, 2*len(cases))
	t.each(2*len(cases)+len(around)+2, func(t *T, i int) {
		switch {
		case i == 2*len(cases)+len(around)+1:
			keyAll = t.keyAll(l, role)
			return
		case i == 2*len(cases)+len(around):
			all = t.keyAll(l, profile.RoleRead)
			return
		case i >= 2*len(cases):
			j := i - 2*len(cases)
			around[j].w = t.walkCursor(l.ep, role, sent[j], contract.TemplatesMaxPageSize)
			return
		}
		c := cases[i/2]
		switch {
		case i%2 == 0:
			got[i], oks[i], xs[i] = t.totalAt(l, c.param.Name, c.value)
		case c.wantAt != "":
			got[i], oks[i], xs[i] = t.totalAt(l, c.param.Name, c.wantAt)
		default:
			got[i], oks[i] = c.want, true
		}
	})
	if all.broken == "" {
		t.endsShortOf(l, at, totals[0], int64(len(all.items)), cases, got, oks, xs)
	}
	if role != profile.RoleRead && keyRefused(around[0].w) {
		return // a key's read scope is the service's (§5)
	}
	if keyAll.broken == "" {
		for i := range around {
			around[i].what += keyWhat(role)
		}
		t.judgeWindows(l, keyAll, around)
		t.startAsRead(l, around[1], role, totals[0], all, keyAll)
	}
	equal := around[0].w
	both, bothOK := int64(len(equal.items)), equal.broken == ""
	if !bothOK || both == 0 {
		t.Notef("%s: start_time and end_time both at %s list no item: the bounds do not both include their second (the kit's choice), fractions not judged", l.name, contract.Stamp(at))
		return
	}
	for i, c := range cases {
		frac, want, x := got[2*i], got[2*i+1], xs[2*i]
		read := contract.Stamp(c.sec + 1)
		if c.param.Upper {
			read = contract.Stamp(c.sec)
		}
		switch {
		case !oks[2*i+1]:
		case !oks[2*i]:
			t.Notef("%s %s %s (a fraction of a second) is not accepted", l.name, c.param.Name, c.value)
		case frac != want:
			t.Errorf(x, "%s %s %s gives total %d; %s, the whole second it must be read as, gives %d (an item was created at %s: a bound is an exact instant)",
				l.name, c.param.Name, c.value, frac, read, want, contract.Stamp(at))
		}
	}
}

// endsShortOf: an end_time short of the second at an item was created
// in (the second before it, whole or plus a fraction, so with seconds
// short of the next whole minute, hour and day whenever at is on one)
// and a start_time at that second select no item in common, however the
// service reads the bounds' own seconds (§C5: inclusive bounds are the
// kit's, exclusive ones select less): the end's total and start_time
// at's (startAt) add up to at most the listing's items (n). A service
// that rounds an end with seconds up to a whole minute (an index on
// minutes), an hour or a day lets the item at `at` in on both sides.
// Judged on the fraction cases' end requests already sent: got, oks and
// xs hold each case's answer and its whole second's, two per case.
func (t *T) endsShortOf(l listing, at, startAt, n int64, cases []fractionCase, got []int64, oks []bool, xs []*Exchange) {
	for i, c := range cases {
		if !c.param.Upper || c.sec >= at {
			continue
		}
		for k, value := range []string{c.value, c.wantAt} {
			j := 2*i + k
			if !oks[j] || value == "" || got[j]+startAt <= n {
				continue
			}
			t.Errorf(xs[j], "%s %s %s gives total %d and start_time %s gives %d: %d of the %d items, though an item was created at %s, after the end (a bound is an exact instant: the end's seconds are not rounded up to a minute, an hour or a day)",
				l.name, c.param.Name, value, got[j], contract.Stamp(at), startAt, got[j]+startAt, n, contract.Stamp(at))
			return
		}
	}
}

// startAsRead: the start alone at an item's second (b), walked with
// another key than the read key, totals what the read key's start_time
// there totals (readTotal, from the narrowing) where the key's
// unfiltered walk (keyAll) lists what the read key's (all) lists: a
// bound's own second is read one way, whatever key sends it (§C5).
func (t *T) startAsRead(l listing, b bounded, role string, readTotal int64, all, keyAll walk) {
	if role == profile.RoleRead || all.broken != "" || b.w.broken != "" || len(b.w.totals) == 0 || !sameSet(itemKeys(all, l.key), itemKeys(keyAll, l.key)) {
		return
	}
	if got := b.w.totals[0]; got != readTotal {
		t.Errorf(firstPage(b.w), "%s gives total %d; the read key's start_time there gives %d, and both keys' unfiltered walks list the same %d items (a bound's own second is read one way, whatever key sends it)", b.what, got, readTotal, len(all.items))
	}
}

// sameDaySpans are how far a window inside the item's day reaches from
// the item's second, one picked by the seed.
var sameDaySpans = []int64{1, 60, 3600}

// windowsAround are the windows at the second an item was created in,
// each with the filter that sends it: start_time and end_time both that
// second (first: the fractions are judged by it), each alone, a window
// inside the item's day from or to that second and its other half, and
// a window whose end is a second before its start (which side by the
// seed). judgeWindows holds them to one model: a window is what its
// halves have in common, a reversed one holds nothing.
func (t *T) windowsAround(l listing, at int64) ([]bounded, []map[string]any) {
	seed := t.runSeed()
	var bs []bounded
	var sent []map[string]any
	add := func(start, end *int64) {
		f, what := copyMap(l.filter), l.name
		if start != nil {
			f["start_time"] = contract.Stamp(*start)
			what += " start_time " + contract.Stamp(*start)
		}
		if end != nil {
			f["end_time"] = contract.Stamp(*end)
			what += " end_time " + contract.Stamp(*end)
		}
		bs, sent = append(bs, bounded{what: what, start: start, end: end}), append(sent, f)
	}
	add(instant(at), instant(at))
	add(instant(at), nil)
	add(nil, instant(at))
	day := dayStart(at)
	span := sameDaySpans[pick(seed, "windows span "+l.name, len(sameDaySpans))]
	before, after := min(span, at-day), min(span, day+86399-at)
	if pick(seed, "windows side "+l.name, 2) == 0 && before > 0 || after == 0 {
		add(instant(at-before), instant(at))
		add(instant(at-before), nil)
	} else {
		add(instant(at), instant(at+after))
		add(nil, instant(at+after))
	}
	if pick(seed, "windows reversed "+l.name, 2) == 0 {
		add(instant(at), instant(at-1))
	} else {
		add(instant(at+1), instant(at))
	}
	return bs, sent
}

// dayStart is the first second of at's day in UTC+08:00.
func dayStart(at int64) int64 {
	y, m, d := time.Unix(at, 0).In(contract.Zone).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, contract.Zone).Unix()
}

// timeFormsChain is relation.time.forms' chain against a target whose
// items are apart: the probe, the locating's rounds, the narrowing's, and
// the three requests one after the other after them (a form's walk of two
// pages, the fractions beside it).
const timeFormsChain = 1 + locateRounds + refineRounds + 3

// timeChecks are the checks of this file.
func timeChecks() []Check {
	// Its chain is the locating's rounds, the narrowing's to one second,
	// and the walks and windows after: the longest of the read phase, so
	// it queues as that chain (Check.chain).
	return []Check{{ID: "relation.time.forms", Endpoint: contract.TemplatesList.Name, Section: "4.4", Severity: Must, run: relTimeForms,
		chain: timeFormsChain}}
}
