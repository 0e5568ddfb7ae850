package editdist

import "testing"

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"scenario", "scenaro", 1},
		{"getRecod.*", "getRecord.*", 1},
		{"kitten", "sitting", 3},
		{"巡检表", "巡查表", 1}, // one character, though three bytes
		{"abc", "", 3},
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
