package conformance

import (
	"encoding/json"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/profile"
)

// TestPastedFormsCoverTheProduct: each site sends the identifier with a
// trailing space (what a PAD SPACE collation reads as it), and one more
// padded form, or for a URL a suffix of every class; over seeds every
// side, every white space and every suffix is sent. None is
// the identifier itself, and each is one a loose reading (a framework's
// trim, a URL parsed for its path) reads as it.
func TestPastedFormsCoverTheProduct(t *testing.T) {
	const id, u = "FX-001", "https://h.example/c/FX-001"
	loose := func(s string) string {
		s = strings.TrimFunc(s, func(r rune) bool { return strings.ContainsRune(" \t\n\u00a0\u3000", r) })
		s, _, _ = strings.Cut(s, "?")
		s, _, _ = strings.Cut(s, "#")
		s, _, _ = strings.Cut(s, ";")
		return strings.TrimSuffix(s, "/")
	}
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 400; seed++ {
		fs := pastedForms(seed, "site", id, nil, false)
		us := pastedForms(seed, "url site", u, nil, false)
		if len(fs) < 1 || len(fs) > 2 || fs[0] != id+" " || len(us) != 1+len(urlSuffixes) || us[0] != u+" " {
			t.Fatalf("seed %d: %q and %q, want a trailing space, one padded form more and, for the URL, a suffix of every class", seed, fs, us)
		}
		for _, f := range append(fs, us...) {
			if f == id || f == u || loose(f) != id && loose(f) != u {
				t.Errorf("seed %d: %q is the identifier, or no loose reading gives it back", seed, f)
			}
			seen[f] = true
		}
		if all := pastedForms(seed, "url site", u, nil, true); len(all) != 1+len(urlSuffixes) {
			t.Errorf("seed %d: %q, want a padded form and one suffix of every class", seed, all)
		}
	}
	for _, side := range padSides {
		for _, ws := range padSpaces {
			if !seen[side(id, ws)] {
				t.Errorf("no seed sends %q", side(id, ws))
			}
		}
	}
	for _, class := range urlSuffixes {
		for _, s := range class {
			if !seen[u+s] {
				t.Errorf("no seed sends the suffix %q", s)
			}
		}
	}
	if got := pastedForms(1, "site", id, map[string]bool{" FX-001": true, "FX-001 ": true, " FX-001 ": true,
		"\tFX-001": true, "FX-001\t": true, "\tFX-001\t": true, "\nFX-001": true, "FX-001\n": true, "\nFX-001\n": true,
		"\u00a0FX-001": true, "FX-001\u00a0": true, "\u00a0FX-001\u00a0": true,
		"\u3000FX-001": true, "FX-001\u3000": true, "\u3000FX-001\u3000": true}, false); len(got) != 0 {
		t.Errorf("a form that is one of ours was sent: %q", got)
	}
}

// TestHeldIntegersReachEveryLooseReading: an integer member the run
// holds a value of (a record's id) gets it negative and past 32 and 64
// bits; each reading that names the held object by a number that is not
// its id (the absolute value, a 32-bit binding, a 64-bit unsigned one)
// is met by one value of the classes.
func TestHeldIntegersReachEveryLooseReading(t *testing.T) {
	const held = int64(800001)
	var sent []string
	for _, c := range integerClasses(rules.Property{Type: "integer"}, held) {
		for _, v := range c.values {
			if n, ok := v.(json.Number); ok {
				sent = append(sent, n.String())
			}
		}
	}
	readings := map[string]func(s string) (int64, bool){
		"absolute value": func(s string) (int64, bool) {
			n, err := strconv.ParseInt(s, 10, 64)
			if n < 0 {
				n = -n
			}
			return n, err == nil
		},
		"int32": func(s string) (int64, bool) {
			n, err := strconv.ParseInt(s, 10, 64)
			return int64(int32(n)), err == nil && n != int64(int32(n))
		},
		"uint64": func(s string) (int64, bool) {
			b, ok := new(big.Int).SetString(s, 10)
			if !ok || b.Sign() < 0 || b.IsUint64() {
				return 0, false
			}
			return int64(new(big.Int).And(b, new(big.Int).SetUint64(^uint64(0))).Uint64()), true
		},
	}
	for name, read := range readings {
		if !slices.ContainsFunc(sent, func(s string) bool { n, ok := read(s); return ok && n == held && s != "800001" }) {
			t.Errorf("no value reaches record %d under a %s reading: %q", held, name, sent)
		}
	}
}

// TestFarTargetsAreTwoMovesAway: a status reached in two or more moves,
// never one reached in one or the status itself, goes bare and beside
// the right from_certificate_status.
func TestFarTargetsAreTwoMovesAway(t *testing.T) {
	f := profile.Flow{FormID: 1, Statuses: []profile.Status{
		{ID: 1, Name: "甲", Next: []string{"乙", "丁"}}, {ID: 2, Name: "乙", Next: []string{"丙"}},
		{ID: 3, Name: "丙", Next: []string{"甲"}}, {ID: 4, Name: "丁"},
	}}
	if got := laterThan(&f, f.Statuses[0]); len(got) != 1 || !got["丙"] {
		t.Fatalf("later than 甲: %v, want 丙 alone", got)
	}
	r := &runner{prof: &profile.Profile{Flows: []profile.Flow{f}}}
	c := profile.Case{Name: "m", Code: "C-1", FormID: 1, Start: "甲",
		Steps: []profile.Step{{Action: "set_certificate_status", To: "乙", Expect: profile.Expect{Status: "乙"}}}}
	vs := r.farTargets(c)
	if len(vs) != 2 || vs[1].also["from_certificate_status"] == nil {
		t.Fatalf("%+v, want two classes, the second beside from", vs)
	}
	for _, v := range vs[0].v.([]any) {
		if v != "丙" && v != "3" {
			t.Errorf("target %v is not two moves away", v)
		}
	}
	c.Steps[0].Action = "set_next_certificate_status"
	if vs := r.farTargets(c); len(vs) != 0 {
		t.Errorf("set_next_certificate_status names no target, got %+v", vs)
	}
}

// TestWidthClassesPassEachBand: the free text's width classes are one
// character past a width of each band, over seeds every width.
func TestWidthClassesPassEachBand(t *testing.T) {
	for i, c := range widthClasses("巡检") {
		for j, v := range c.values {
			if n := utf8.RuneCountInString(v.(string)); n != columnWidths[i][j]+1 {
				t.Errorf("band %d: %d characters, want %d", i, n, columnWidths[i][j]+1)
			}
		}
	}
}

// TestEnumAliasesAreNoValues: every enum member of every request schema
// gets an alias class, and no alias is one of the enum's values (which
// a correct target serves).
func TestEnumAliasesAreNoValues(t *testing.T) {
	all, err := rules.RequestSchemas()
	if err != nil {
		t.Fatal(err)
	}
	for name, sch := range all {
		for _, m := range sch.Names() {
			p := sch.Properties[m]
			if len(p.Enum) == 0 {
				continue
			}
			var alias []any
			for _, c := range enumClasses(p) {
				if c.name == "alias" {
					alias = c.values
				}
			}
			if len(alias) == 0 {
				t.Errorf("%s %s: no alias class", name, m)
			}
			for _, a := range alias {
				if slices.Contains(p.Enum, a) {
					t.Errorf("%s %s: alias %v is a value of the enum", name, m, a)
				}
			}
		}
	}
}
