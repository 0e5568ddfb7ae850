package problem

import "testing"

// TestStringShowsWhatIsKnown: the file and the position are left out when
// unknown, and an empty path is the whole document; scenario and profile
// messages (and the mock's admin answers) print through this one function.
func TestStringShowsWhatIsKnown(t *testing.T) {
	for _, c := range []struct {
		p    Problem
		want string
	}{
		{Problem{File: "a.yaml", Line: 3, Column: 5, Path: "forms[0].name", Message: "m"}, "a.yaml:3:5: forms[0].name: m"},
		{Problem{Line: 1, Column: 1, Message: "m"}, "1:1: $: m"},
		{Problem{File: "p.json", Path: "/records", Message: "m"}, "p.json: /records: m"},
	} {
		if got := c.p.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.p, got, c.want)
		}
	}
}

// TestSortPutsProblemsInFileOrder: by file, then line (unknown last),
// column, path and message.
func TestSortPutsProblemsInFileOrder(t *testing.T) {
	ps := []Problem{
		{File: "b", Line: 1, Column: 1},
		{File: "a", Line: 0, Path: "/x"},
		{File: "a", Line: 2, Column: 1, Path: "z"},
		{File: "a", Line: 2, Column: 1, Path: "y"},
		{File: "a", Line: 1, Column: 9},
	}
	Sort(ps)
	want := []string{"a:1:9", "a:2:1:y", "a:2:1:z", "a:0:/x", "b:1:1"}
	for i, p := range ps {
		got := p.File + ":" + itoa(p.Line)
		if p.Line > 0 {
			got += ":" + itoa(p.Column)
		}
		if p.Path != "" {
			got += ":" + p.Path
		}
		if got != want[i] {
			t.Fatalf("order %d: %s, want %s (all: %+v)", i, got, want[i], ps)
		}
	}
}

func itoa(n int) string { return string(rune('0' + n)) }
