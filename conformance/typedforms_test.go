package conformance

import (
	"strings"
	"testing"
)

func TestTypedFormsSendEveryClassOnTwoValuesTheFirstInItsCommonestVariant(t *testing.T) {
	numbers := []string{"FX-001", "FX-C01", "fx-001"}
	for seed := uint64(0); seed < 20; seed++ {
		got := typedForms(seed, "number", typedClasses, typedSpread, numbers, setOf(numbers))
		perClass := map[string][]typedForm{}
		for _, f := range got {
			if f.form == f.of || setOf(numbers)[f.form] {
				t.Fatalf("seed %d: %s form %q names a value of ours", seed, f.class, f.form)
			}
			perClass[f.class] = append(perClass[f.class], f)
		}
		for _, c := range typedClasses {
			fs := perClass[c.name]
			if len(fs) != typedSpread {
				t.Fatalf("seed %d: class %s sent %d times, want %d: %v", seed, c.name, len(fs), typedSpread, fs)
			}
			if fs[0].of == fs[1].of {
				t.Errorf("seed %d: class %s sent twice on %q", seed, c.name, fs[0].of)
			}
			first := fs[0]
			var want string
			switch c.name {
			case "dashLookalike":
				want = strings.ReplaceAll(first.of, "-", "\u2013")
			case "joined":
				want = first.of + ","
			case "prefixed":
				want = "#" + first.of
			case "zerosDropped":
				want = strings.TrimSuffix(first.of, "001") + "1"
				if first.of == "FX-C01" {
					want = "FX-C1"
				}
			}
			if !strings.HasPrefix(first.form, want) {
				t.Errorf("seed %d: class %s on %q: first form %q, want the commonest variant %q", seed, c.name, first.of, first.form, want)
			}
		}
	}
}

func TestTypedFormsOfOneSpelling(t *testing.T) {
	for _, c := range []struct {
		name, got, want string
	}{
		{"zeros of the last run", zerosDropped("XJ-2025-001", 0, nil), "XJ-2025-1"},
		{"zeros of every run", zerosDropped("A-007-010", 1, nil), "A-7-10"},
		{"no zero to drop", zerosDropped("FX-100", 0, nil), ""},
		{"a zero alone stays", zerosDropped("FX-0", 0, nil), ""},
		{"percent-escaped CJK", percentEscaped("巡检", 0, nil), "%E5%B7%A1%E6%A3%80"},
		{"percent-escaped in lower case", percentEscaped("巡", 1, nil), "%e5%b7%a1"},
		{"ASCII kept beside an escape", percentEscaped("FX-C0", 0, nil), "FX%2DC0"},
		{"ASCII alone escaped whole", percentEscaped("night", 0, nil), "%6E%69%67%68%74"},
		{"a space in the middle", splitWith("巡检", " ", 0, []string{"night"}), "巡 检"},
		{"two keys joined", splitWith("巡检", "+", 1, []string{"night"}), "巡检+night"},
		{"traditional", traditionalForm("已核销"), "已核銷"},
		{"nothing to convert", traditionalForm("有"), ""},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, c.got, c.want)
		}
	}
}
