package conformance

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
)

// Each run sends every class of each table somewhere, and over seeds
// every class meets every slot (pairwise).
func TestTailsCoverEveryClassAndSlot(t *testing.T) {
	met := map[string]bool{}
	for seed := uint64(0); seed < 64; seed++ {
		run := map[string]bool{}
		for _, slot := range tailSlots {
			for turn := range 2 {
				for _, numeric := range []bool{true, false} {
					f, ok := heldTail(seed, slot, turn, "800001", numeric, false, nil)
					if !ok {
						t.Fatalf("seed %d slot %s: no tail of 800001", seed, slot)
					}
					key := fmt.Sprint(numeric, " ", f.class)
					run[key] = true
					met[slot+" "+key] = true
				}
			}
		}
		if want := len(numberTails) + len(stringTails); len(run) != want {
			t.Errorf("seed %d: one run sends %d classes, want %d: %v", seed, len(run), want, run)
		}
	}
	for _, slot := range tailSlots {
		for _, c := range numberTails {
			if !met[slot+" true "+c.name] {
				t.Errorf("no seed sends %s at %s", c.name, slot)
			}
		}
	}
}

// A numeric tail is never an integer, and its head is the held value: a
// reader that stops at the first byte it cannot take reads the held id.
func TestNumberTailsAreNoIntegerAndKeepTheHead(t *testing.T) {
	for _, v := range []string{"1", "20", "800001", "1000000000"} {
		for _, c := range numberTails {
			for alt := range 8 {
				f := c.form(v, alt)
				if f == "" {
					t.Errorf("%s of %s (%d): no form", c.name, v, alt)
					continue
				}
				if !strings.HasPrefix(f, v) || len(f) == len(v) {
					t.Errorf("%s of %s: %q does not start with the held value and more", c.name, v, f)
				}
				if x, err := strconv.ParseFloat(strings.TrimSpace(f), 64); err == nil && x == math.Trunc(x) {
					t.Errorf("%s of %s: %q reads as the integer %v", c.name, v, f, x)
				}
			}
		}
	}
	f, _ := heldTail(0, "record_id", 0, "800001", true, true, nil)
	for turn := 0; f.class != "fraction"; turn++ {
		f, _ = heldTail(0, "record_id", turn, "800001", true, true, nil)
	}
	if _, isNum := f.v.(json.Number); !isNum {
		t.Errorf("a fraction for an integer member is %T, want a JSON number", f.v)
	}
}

// A form that is one of ours gives way to the next class.
func TestTailsSkipKnownForms(t *testing.T) {
	for seed := uint64(0); seed < 16; seed++ {
		first, _ := heldTail(seed, "template", 0, "TPL", false, false, nil)
		next, ok := heldTail(seed, "template", 0, "TPL", false, false, map[string]bool{first.v.(string): true})
		if !ok || next.v == first.v {
			t.Errorf("seed %d: a known form %q was sent again (%q)", seed, first.v, next.v)
		}
	}
}
