package derive

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
)

// Tests of the profile derivation (beside derive.go); its golden
// file and round trip are in golden_test.go.

func TestWindowCoversTheMiddleHalfWithBoundsBetweenCreationTimes(t *testing.T) {
	var items []timed
	for i := int64(0); i < 8; i++ {
		items = append(items, timed{at: 1767225600 + i*60, coding: string(rune('a' + i))})
	}
	w := window(items)
	if w == nil || w.Total != 5 || w.Codings[0] != "c" || w.Codings[4] != "g" {
		t.Fatalf("window %+v; want items c..g", w)
	}
	// Halfway between b and c, and between g and h: inclusive and
	// exclusive bounds give the same items.
	if w.Start != "2026-01-01T08:01:30+08:00" || w.End != "2026-01-01T08:06:30+08:00" {
		t.Fatalf("bounds %s..%s; want RFC 3339 in UTC+08:00, strictly between creation times", w.Start, w.End)
	}
	if window(items[:2]) != nil {
		t.Fatal("a window over two items says nothing; want none")
	}
}

// TestWindowBoundsNeverSitOnACreationTime: with ties and one-second gaps,
// the bounds move to the nearest gap wide enough for a whole second.
func TestWindowBoundsNeverSitOnACreationTime(t *testing.T) {
	ats := []int64{100, 100, 101, 102, 110, 111, 111, 112, 130}
	var items []timed
	for i, at := range ats {
		items = append(items, timed{at: at, coding: string(rune('a' + i))})
	}
	w := window(items)
	if w == nil || w.Total == 0 || w.Total == len(items) {
		t.Fatalf("window %+v; want a proper subset", w)
	}
	for _, it := range items {
		for _, b := range []string{w.Start, w.End} {
			if rfc3339(it.at) == b {
				t.Fatalf("bound %s sits on the creation time of %s", b, it.coding)
			}
		}
	}
}

func TestPathToWalksAroundStatusesThatForbidVerification(t *testing.T) {
	a, b, c, d := &scenario.Status{Name: "a"}, &scenario.Status{Name: "b", ForbidsVerification: true}, &scenario.Status{Name: "c"}, &scenario.Status{Name: "d"}
	a.Next = []*scenario.Status{b, c}
	b.Next = []*scenario.Status{d}
	c.Next = []*scenario.Status{d}
	if p := pathTo(a, a); p == nil || len(p) != 0 {
		t.Fatalf("pathTo(a, a) = %v; want empty, not nil", p)
	}
	p := pathTo(a, d)
	if len(p) != 2 || p[0] != c || p[1] != d {
		t.Fatalf("pathTo(a, d) = %v; want c, d (b forbids moves)", p)
	}
	if pathTo(d, a) != nil {
		t.Fatal("pathTo(d, a) found a path backwards")
	}
}

func TestBlockerFollowsTheCheckOrder(t *testing.T) {
	status := 0
	form := &scenario.Form{Flow: &scenario.Flow{Verification: true}}
	rec := &scenario.Record{Form: form, Cert: &scenario.Certificate{Verification: true, IdentityRequired: true, ForceFailure: true},
		Audit: &scenario.Audit{Enabled: true, Status: &status}}
	if got := blocker(rec); got != 100322 {
		t.Fatalf("not approved and identity required: %d, want 100322 (approval is checked first)", got)
	}
	rec.Audit = nil
	if got := blocker(rec); got != 100329 {
		t.Fatalf("identity required and forced failure: %d, want 100329", got)
	}
	form.Flow.Verification = false
	if got := blocker(rec); got != 100321 {
		t.Fatalf("verification off: %d, want 100321", got)
	}
}

// TestProfileOfAScenarioWithoutAReadOnlyKey guards the shipped minimal
// scenario: its one key reads and writes, and its profile must still list
// its records, forms and write key (an empty profile certifies nothing),
// while keys.read stays empty because it must be read-only.
func TestProfileOfAScenarioWithoutAReadOnlyKey(t *testing.T) {
	data, err := os.ReadFile("../../scenarios/minimal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenario.Parse("minimal.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	p := FromScenario(sc)
	if len(p.Records) == 0 || p.Keys.Write != "rtq-demo-write" || p.Keys.Read != "" {
		t.Fatalf("profile of minimal.yaml: %d records, keys %+v; want records, keys.write set and keys.read empty", len(p.Records), p.Keys)
	}
}

// The searches a profile counts are counted by the scenario's reading of
// search_key: a recorded service that searches notes only finds none of
// the keys taken from names.
func TestSearchCountsFollowTheScenariosReading(t *testing.T) {
	data, err := os.ReadFile("../../scenarios/minimal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenario.Parse("minimal.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	kit := FromScenario(sc)
	sc.Service = &scenario.Service{Search: &scenario.Search{Match: scenario.SearchWhole, Fields: []string{"note"}}}
	notes := FromScenario(sc)
	if len(kit.Forms.Searches) == 0 || len(notes.Forms.Searches) != len(kit.Forms.Searches) {
		t.Fatalf("searches: kit %v, notes only %v", kit.Forms.Searches, notes.Forms.Searches)
	}
	for i, s := range notes.Forms.Searches {
		if *kit.Forms.Searches[i].Count < 1 {
			t.Errorf("the kit finds %q in a name: count %d", s.Key, *kit.Forms.Searches[i].Count)
		}
		inNote := slices.ContainsFunc(sc.Forms, func(f *scenario.Form) bool { return strings.Contains(f.Note, s.Key) })
		if !inNote && *s.Count != 0 {
			t.Errorf("notes only: %q counts %d, want 0", s.Key, *s.Count)
		}
	}
}

// TestForeignNextNamesTheOtherOrganizationsMovableCredentials: the
// default scenario's other organization has two credentials waiting in a
// flow of one move (待核验 → 已核验) and a record that is none: the
// profile says where its key moves the two, and nothing of the third.
func TestForeignNextNamesTheOtherOrganizationsMovableCredentials(t *testing.T) {
	sc, err := scenarios.Default()
	if err != nil {
		t.Fatal(err)
	}
	got := FromScenario(sc).Foreign.Next
	want := []profile.ForeignNext{{RecordID: 190101, Status: "已核验"}, {RecordID: 190102, Status: "已核验"}}
	if !slices.Equal(got, want) {
		t.Errorf("foreign.next %v, want %v", got, want)
	}
}
