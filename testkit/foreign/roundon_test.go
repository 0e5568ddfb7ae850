package foreign

import "testing"

// TestRoundOnByEveryWayABuildNamesABug: a round's front is on for its
// variant and for its bug however the build names it (Bug, Bugs, the set
// New makes), and off for another round's names that share a prefix.
func TestRoundOnByEveryWayABuildNamesABug(t *testing.T) {
	cases := []struct {
		name string
		o    Options
		want bool
	}{
		{"variant", Options{Variant: VariantA15EarlyHints}, true},
		{"bug", Options{Bug: BugA15RangePartial}, true},
		{"bugs", Options{Bugs: []Bug{BugB9TokenBypassesKey, BugA15RangePartial}}, true},
		{"set", Options{bugSet: map[Bug]bool{BugA15RangePartial: true}}, true},
		{"another round", Options{Bug: BugB9TokenBypassesKey, Variant: "a14-x"}, false},
		{"none", Defaults(), false},
	}
	for _, c := range cases {
		if got := c.o.roundOn("a15-"); got != c.want {
			t.Errorf("%s: roundOn(a15-) = %v, want %v", c.name, got, c.want)
		}
	}
}
