package conformance

import (
	"slices"
	"testing"
)

// TestNearFormsNameNothingOfOurs: each class writes another string than
// the identifier, and a form that is one of ours gives way to the next
// class.
func TestNearFormsNameNothingOfOurs(t *testing.T) {
	want := map[string]string{"separatorsDropped": "FX001", "separatorSwapped": "FX_001", "separatorAdded": "FX-00-1",
		"innerSpace": "FX- 001", "leadingZero": "FX-0001", "cutAtNUL": "FX-001\x00X"}
	for _, c := range nearClasses {
		if got := c.form("FX-001"); got != want[c.name] {
			t.Errorf("%s of FX-001 = %q, want %q", c.name, got, want[c.name])
		}
	}
	all := nearForms(DefaultSeed, "number", 0, "FX-001", nil, len(nearClasses))
	if len(all) != len(nearClasses) {
		t.Fatalf("%d forms of FX-001, want one per class: %q", len(all), all)
	}
	ours := map[string]bool{all[0]: true}
	if got := nearForms(DefaultSeed, "number", 0, "FX-001", ours, 1); len(got) != 1 || got[0] == all[0] {
		t.Errorf("a form that is one of ours (%q) was sent: %q", all[0], got)
	}
	if got := urlNearForms(DefaultSeed, "record url", "https://h.example/r/AB-12", nil, 1); len(got) != 1 || got[0][:len("https://h.example/r/")] != "https://h.example/r/" {
		t.Errorf("a URL's near form %q does not keep its scheme, host and path", got)
	}
}

// TestThreeNumbersGetEveryNearClass: the profile's numbers take
// consecutive classes, two each, so that three numbers get all six.
func TestThreeNumbersGetEveryNearClass(t *testing.T) {
	for _, seed := range []uint64{DefaultSeed, 1, 2, 3} {
		var got []string
		for i, n := range []string{"FX-001", "FX-C01", "fx-001"} {
			got = append(got, nearForms(seed, "number", i, n, nil, 2)...)
		}
		for _, c := range nearClasses {
			if !slices.ContainsFunc(got, func(s string) bool {
				return s == c.form("FX-001") || s == c.form("FX-C01") || s == c.form("fx-001")
			}) {
				t.Errorf("seed %d: no number got class %s: %q", seed, c.name, got)
			}
		}
	}
}

// TestNearFormsAtANegativeTurn: the other organization's number takes
// turn -1; at every seed its near forms are drawn, never an index below
// the classes (a run at --seed 11 crashed formList.filter.number so).
func TestNearFormsAtANegativeTurn(t *testing.T) {
	for seed := range uint64(64) {
		if got := nearForms(seed, "number", -1, "XJ-2025-001", nil, 2); len(got) != 2 {
			t.Errorf("seed %d: near forms %q, want 2", seed, got)
		}
	}
}
