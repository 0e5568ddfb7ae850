package conformance

import (
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// TestKeyWalkHoldsWhatTheKeySees: another key's walk of a filter holds
// no item the read key's walk of it does not, and every item of it that
// the key's own unfiltered walk lists; a key that sees less (§5) lists
// less and passes.
func TestKeyWalkHoldsWhatTheKeySees(t *testing.T) {
	read := cursorWalk(`{"start_time":"s"}`, 3, "A", "B", "C")
	cases := []struct {
		name     string
		kw, kall walk
		want     string // "" : passes
	}{
		{"the same items", cursorWalk(`{"start_time":"s"}`, 3, "A", "B", "C"), cursorWalk(`{}`, 4, "A", "B", "C", "D"), ""},
		{"a narrower scope", cursorWalk(`{"start_time":"s"}`, 2, "A", "C"), cursorWalk(`{}`, 3, "A", "C", "D"), ""},
		{"one more item", cursorWalk(`{"start_time":"s"}`, 4, "A", "B", "C", "D"), cursorWalk(`{}`, 4, "A", "B", "C", "D"), "lists coding D"},
		{"an item it sees left out", cursorWalk(`{"start_time":"s"}`, 2, "A", "C"), cursorWalk(`{}`, 4, "A", "B", "C", "D"), "leaves out coding B"},
		{"a total that is not its items", cursorWalk(`{"start_time":"s"}`, 2, "A", "B", "C"), cursorWalk(`{}`, 4, "A", "B", "C", "D"), "total says 2"},
	}
	for _, c := range cases {
		tk := &T{r: &runner{opts: Options{BaseURL: "http://svc"}}, check: Check{ID: "relation.keys"}}
		tk.keyWalkAsRead(c.kw, read, &c.kall, "coding", profile.RoleLimited, "templates/list")
		got := strings.Join(tk.failures, "\n")
		switch {
		case c.want == "" && tk.failed():
			t.Errorf("%s: fails: %s", c.name, got)
		case c.want != "" && !strings.Contains(got, c.want):
			t.Errorf("%s: failures %q do not say %q", c.name, got, c.want)
		}
	}
}

// TestTimeCaseOfAnotherKey: a form sent with another key is judged
// against the read key's walk of its instant as that key sees it.
func TestTimeCaseOfAnotherKey(t *testing.T) {
	l := listing{ep: contract.TemplatesList, name: "templates/list", filter: map[string]any{}, key: "coding"}
	start := contract.TimeParams[0]
	all := cursorWalk(`{"page_size":100}`, 4, "A", "B", "C", "D")
	refs := map[string]walk{key2("start_time", 7): cursorWalk(`{"start_time":"at"}`, 3, "B", "C", "D")}
	sees := map[string]bool{"A": true, "B": true, "D": true}
	for _, c := range []struct {
		got  []string
		want string
	}{{[]string{"B", "D"}, ""}, {[]string{"D"}, "B is missing"}} {
		tk := &T{r: &runner{opts: Options{BaseURL: "http://svc"}}, check: Check{ID: "relation.time.forms"}}
		tk.judgeTimeCase(l, timeCase{param: start, class: timeFormClasses[3], value: "v", ats: []int64{7}, role: profile.RoleWrite, sees: sees,
			w: cursorWalk(`{"start_time":"v"}`, len(c.got), c.got...)}, refs, all)
		got := strings.Join(tk.failures, "\n")
		switch {
		case c.want == "" && tk.failed():
			t.Errorf("%v: fails: %s", c.got, got)
		case c.want != "" && !strings.Contains(got, c.want):
			t.Errorf("%v: failures %q do not say %q", c.got, got, c.want)
		}
	}
}

// TestEveryNumberMissClassMeetsEveryKey: whatever the seed, each class of
// near miss of our numbers goes with every key of ours, and no miss is
// one of our numbers.
func TestEveryNumberMissClassMeetsEveryKey(t *testing.T) {
	numbers := []string{"FX-001", "FX-C01", "fx-001"}
	known := setOf(numbers)
	for _, seed := range []uint64{1, 2, 3, DefaultSeed} {
		tt := &T{r: &runner{keys: profile.Keys{Read: "r", Write: "w", Limited: "l"}, opts: Options{Seed: seed},
			prof: &profile.Profile{Forms: profile.Forms{Numbers: numbers}}}}
		class := map[string]string{}
		for i, n := range numbers {
			for _, m := range tt.numberMissClasses(i, n) {
				class[m.v] = m.class
			}
		}
		met := map[string]map[string]bool{}
		for _, m := range tt.keyedMisses(-1, known) {
			if known[m.miss] {
				t.Errorf("seed %d: %q is one of our numbers", seed, m.miss)
			}
			c := class[m.miss]
			if met[c] == nil {
				met[c] = map[string]bool{}
			}
			met[c][m.role] = true
		}
		if len(met) < 5 {
			t.Errorf("seed %d: %d classes of near miss, want every class of nearMisses and more", seed, len(met))
		}
		for c, roles := range met {
			if len(roles) != 3 {
				t.Errorf("seed %d: class %s goes with %v, want every key", seed, c, roles)
			}
		}
	}
}
