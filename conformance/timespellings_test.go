package conformance

import (
	"math/big"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// lenientSpelling reads every spelling the generator writes as a
// lenient service would (what ISO 8601 says each names), independently
// of the generator: the instant as a rational number of seconds, or a
// date's day (date true, the day's first second in UTC+08:00).
var lenientSpelling = regexp.MustCompile(`^(\d{4})-(\d{1,2})-(\d{1,2})(?:[Tt ](\d\d):(\d\d)(?::(\d\d)(?:\.(\d+))?)?( ?(?:[Zz]|[+-]\d\d:?\d\d))?)?$`)

func readLenient(t *testing.T, v string) (at *big.Rat, date bool) {
	t.Helper()
	m := lenientSpelling.FindStringSubmatch(v)
	if m == nil {
		t.Fatalf("%q is no spelling the test reads", v)
	}
	n := func(s string) int { i, _ := strconv.Atoi(s); return i }
	loc := contract.Zone
	switch z := m[8]; {
	case z == "":
	case z == "Z" || z == "z":
		loc = time.UTC
	default:
		z = regexp.MustCompile(`[ :]`).ReplaceAllString(z, "")
		off := (n(z[1:3])*60 + n(z[3:5])) * 60
		if z[0] == '-' {
			off = -off
		}
		loc = time.FixedZone("", off)
	}
	sec := time.Date(n(m[1]), time.Month(n(m[2])), n(m[3]), n(m[4]), n(m[5]), n(m[6]), 0, loc).Unix()
	r := new(big.Rat).SetInt64(sec)
	if m[7] != "" {
		f, _ := new(big.Rat).SetString("0." + m[7])
		r.Add(r, f)
	}
	return r, m[4] == ""
}

// boundOf is the whole second an inclusive bound selects from: a start
// from the first whole second at or after it, an end to the last at or
// before it.
func boundOf(r *big.Rat, upper bool) int64 {
	q := new(big.Int).Div(r.Num(), r.Denom()) // floor: Denom is positive
	if !upper && !r.IsInt() {
		return q.Int64() + 1
	}
	return q.Int64()
}

// TestSpellingsNameTheirReadings: every spelling the generator writes,
// for many seeds and items created on a day's boundary, on a minute and
// off it, names an instant a lenient reader reads as one of the readings
// the generator judges it by, and so read (bounds inclusive) the bounds
// at the item take it in while those beyond it leave it out.
func TestSpellingsNameTheirReadings(t *testing.T) {
	day := time.Date(2026, 1, 2, 0, 0, 0, 0, contract.Zone).Unix()
	for _, at := range []int64{day, day + 8*3600, day + 8*3600 + 37, day + 86399, day - 8*3600} {
		for seed := uint64(1); seed <= 40; seed++ {
			cases := spellCases(seed, "templates/list", at)
			shapes := map[string]int{}
			for _, c := range cases {
				shapes[c.shape]++
				for _, b := range []struct {
					s     *spelt
					upper bool
				}{{c.start, false}, {c.end, true}} {
					if b.s == nil {
						continue
					}
					r, date := readLenient(t, b.s.value)
					want := boundOf(r, b.upper)
					if date && b.upper {
						want += 86399
					}
					if c.shape == "extreme year" {
						if len(b.s.reads) != 0 || (b.upper && want < at+100*365*86400) || (!b.upper && want > at-100*365*86400) {
							t.Errorf("at %d seed %d: %s %q is read %v, not as no bound", at, seed, c.shape, b.s.value, b.s.reads)
						}
						continue
					}
					if !slices.Contains(b.s.reads, want) {
						t.Errorf("at %d seed %d: %s %q names %s, not among its readings %v", at, seed, c.shape, b.s.value, contract.Stamp(want), b.s.reads)
					}
					in := want <= at
					if b.upper {
						in = want >= at
					}
					if in == c.out {
						t.Errorf("at %d seed %d: %s %q read as %s takes the item in %v, beyond it %v", at, seed, c.shape, b.s.value, contract.Stamp(want), in, c.out)
					}
				}
			}
			for _, sh := range spellingShapes {
				want := 3
				if sh.name == "extreme year" {
					want = 2
				}
				if shapes[sh.name] != want {
					t.Errorf("at %d seed %d: shape %s has %d requests, want %d", at, seed, sh.name, shapes[sh.name], want)
				}
			}
		}
	}
}

// TestSpellingsAreTheSeeds: the same seed writes the same spellings; the
// seeds between them write every option of every axis.
func TestSpellingsAreTheSeeds(t *testing.T) {
	at := time.Date(2026, 1, 2, 8, 0, 0, 0, contract.Zone).Unix()
	if !reflect.DeepEqual(spellCases(7, "x", at), spellCases(7, "x", at)) {
		t.Fatal("one seed wrote two sets of spellings")
	}
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 60; seed++ {
		for _, c := range spellCases(seed, "x", at) {
			for _, s := range []*spelt{c.start, c.end} {
				if s == nil {
					continue
				}
				for _, re := range []string{` \d\d:`, `T\d\d:`, `[+-]\d\d:\d\d$`, `Z$`, `-[1-9]-`, `T24:`, `^0001-`, `^9999-`, `\.\d{6}[^\d]`, `\.\d{9}[^\d]`, `\.0+[^\d]`, `-03:30$`, `T\d\d:\d\d$`, `T\d\d:\d\d[+-]`} {
					if regexp.MustCompile(re).MatchString(s.value) {
						seen[re] = true
					}
				}
			}
		}
	}
	for _, re := range []string{` \d\d:`, `T\d\d:`, `[+-]\d\d:\d\d$`, `Z$`, `-[1-9]-`, `T24:`, `^0001-`, `^9999-`, `\.\d{6}[^\d]`, `\.\d{9}[^\d]`, `\.0+[^\d]`, `-03:30$`, `T\d\d:\d\d$`, `T\d\d:\d\d[+-]`} {
		if !seen[re] {
			t.Errorf("no seed writes a spelling matching %s", re)
		}
	}
}

// TestSpellingsAreRefusedWith400OrReadAsAllowed: a spelling refused with
// a code other than 400 fails; refused with 400 it is noted; served, its
// total is one of its allowed readings' or it fails.
func TestSpellingsAreRefusedWith400OrReadAsAllowed(t *testing.T) {
	set, err := loadSchemas()
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 1, 5, 9, 0, 0, 0, contract.Zone).Unix()
	l := listing{ep: contract.TemplatesList, name: "templates/list", filter: map[string]any{}, key: "coding"}
	answer := func(code string) *Exchange {
		return &Exchange{Status: 200, Req: Request{Method: "POST", Path: "/api/v2/rpc/templates/list", Key: "read", Body: `{"end_time":"2026-1-5"}`},
			Doc: map[string]any{"code": jsonNum(code), "message": "end_time is no time", "data": map[string]any{}}}
	}
	c := spellCase{shape: "unpadded date", end: &spelt{value: "2026-1-5", reads: []int64{at + 15*3600 - 1, at - 9*3600}}}
	cases := []struct {
		x      *Exchange
		got    int64
		ok     bool
		totals []int64
		fail   string
	}{
		{answer("500"), 0, false, nil, "refused with code 500"},
		{answer("422"), 0, false, nil, "refused with code 422"},
		{answer("400"), 0, false, nil, ""},
		{answer("0"), 4, true, []int64{7, 3}, "gives total 4"},
		{answer("0"), 7, true, []int64{7, 3}, ""},
		{answer("0"), 3, true, []int64{7, 3}, ""},
	}
	for _, tc := range cases {
		tk := &T{r: &runner{opts: Options{BaseURL: "http://svc"}, schemas: set, answers: newAnswers(&profile.Profile{}, set)}, check: Check{ID: "relation.time.forms"}}
		tk.judgeSpelling(l, c, at, tc.x, tc.got, tc.ok, tc.totals)
		got := strings.Join(tk.failures, "\n")
		switch {
		case tc.fail == "" && tk.failed():
			t.Errorf("a correct answer fails: %s", got)
		case tc.fail != "" && !strings.Contains(got, tc.fail):
			t.Errorf("failures %q do not say %q", got, tc.fail)
		}
	}
}
