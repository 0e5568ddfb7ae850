package conformance

import (
	"slices"
	"strings"
	"testing"
)

// typedTestSources are sources like a service's: CJK names, Latin keys,
// numbers of three kinds, and the other organization's form.
var typedTestSources = typedSources{
	ours:    []string{"巡检", "night", "夜间巡检表", "FX-001", "FX-001A", "fx-001", "FX-C01"},
	theirs:  []string{"门禁卡核销", "XL-001"},
	numbers: []string{"FX-001", "FX-001A", "fx-001", "FX-C01"},
	kinds:   [][]string{{"FX-001"}, {"FX-001A"}, {"fx-001"}, {"FX-C01"}},
}

// TestTypedKeysCoverEveryClass: every class of typed key and number is
// sent on every run, whatever the seed; the same seed sends the same
// keys; each key is written from the sources as its class says.
func TestTypedKeysCoverEveryClass(t *testing.T) {
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 30; seed++ {
		cases := generateTypedKeys(seed, typedTestSources)
		if again := generateTypedKeys(seed, typedTestSources); !slices.EqualFunc(cases, again, func(a, b formFilterCase) bool { return a.what == b.what }) {
			t.Fatalf("seed %d: two generations differ", seed)
		}
		var all []string
		twins, beside := 0, 0
		for _, c := range cases {
			all = append(all, c.what)
			seen[c.what] = true
			if c.twin != 0 {
				twins++
				if o := cases[c.twin-1]; o.f["search_key"] != c.f["search_key"] || o.at == c.at {
					t.Errorf("seed %d: twin %s is not its key at another size (%s)", seed, c.what, o.what)
				}
			}
			if c.number != "" && c.f["search_key"] != nil {
				beside++
			}
			k, _ := c.f["search_key"].(string)
			switch {
			case strings.Contains(c.what, "(typed: one character of the other"):
				if !strings.HasPrefix("门禁卡核销", k) && !strings.HasPrefix("XL-001", k) || len([]rune(k)) != 1 {
					t.Errorf("seed %d: %s is no first character of the other organization's", seed, c.what)
				}
			case strings.Contains(c.what, "(typed: a capitalised word)") && !strings.Contains(c.what, " beside "):
				if k != "Night" && k != "Fx" {
					t.Errorf("seed %d: %s", seed, c.what)
				}
			case strings.Contains(c.what, "(typed: Unicode space around)") && !strings.Contains(c.what, " beside "):
				if !strings.Contains(k, "\u3000") || strings.TrimSpace(k) == k {
					t.Errorf("seed %d: %s holds no ideographic space at an edge", seed, c.what)
				}
			}
		}
		got := strings.Join(all, "\n")
		for _, want := range []string{"(typed: one character of ours)", "(typed: one character of the other organization's)", "(typed: a prefix)",
			"(typed: a capitalised word)", "(typed: Unicode space around)", "(typed: Unicode space inside)", "(typed: full width)", "(typed: mixed scripts)",
			"(a number of each kind of form)", "(with a revision letter)", "(with a revision after a separator)", "(with a prefix)"} {
			if !strings.Contains(got, want) {
				t.Errorf("seed %d: no %s among:\n%s", seed, want, got)
			}
		}
		if strings.Count(got, "(a number of each kind of form)") != len(typedTestSources.kinds) {
			t.Errorf("seed %d: not one number of each kind:\n%s", seed, got)
		}
		if twins != 1 || beside != 1 {
			t.Errorf("seed %d: %d keys at two sizes and %d beside a number, want 1 and 1", seed, twins, beside)
		}
	}
	if len(seen) < 40 {
		t.Errorf("30 seeds send %d typed filters: the seed picks too little", len(seen))
	}
}

// TestTypedKeysHalfWidthOnlyWhereHeld: a half-width key is written only
// from a full-width text the service holds.
func TestTypedKeysHalfWidthOnlyWhereHeld(t *testing.T) {
	for _, c := range generateTypedKeys(1, typedTestSources) {
		if strings.Contains(c.what, "half width") {
			t.Errorf("half width from sources with no full-width text: %s", c.what)
		}
	}
	s := typedTestSources
	s.ours = append(slices.Clone(s.ours), "ＦＸ－Ｃ０１")
	found := false
	for _, c := range generateTypedKeys(1, s) {
		found = found || c.f["search_key"] == "FX-C01" && strings.Contains(c.what, "half width")
	}
	if !found {
		t.Errorf("no half-width key from a full-width text")
	}
}

// TestTwinCatchesAnotherSet: one key at two page sizes that lists two
// sets of forms fails; the same set in another order passes.
func TestTwinCatchesAnotherSet(t *testing.T) {
	judge := func(a, b walk) []string {
		tk := &T{r: &runner{opts: Options{BaseURL: "http://svc"}}, check: Check{ID: "relation.formList.filters"}}
		tk.judgeTwin(formFilterCase{what: "k", w: a}, formFilterCase{what: "k", w: b})
		return tk.failures
	}
	if got := judge(formWalk(`{}`, 2, formA, formB), formWalk(`{}`, 1, formA)); len(got) == 0 {
		t.Errorf("two sets at two page sizes pass")
	}
	if got := judge(formWalk(`{}`, 2, formA, formB), formWalk(`{}`, 2, formB, formA)); len(got) > 0 {
		t.Errorf("the same set in another order fails: %v", got)
	}
}
