package namespace

import (
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/mockserver/internal/state"
)

// clockTable is a table whose Now a test moves, and whose Build counts
// the namespaces it made; the bases are distinct pointers, never read.
type clockTable struct {
	*Table
	now    time.Time
	builds atomic.Int32
}

func newClockTable(max int, idle time.Duration) *clockTable {
	ct := &clockTable{now: time.Unix(1_767_225_600, 0)}
	ct.Table = NewTable(max, idle, func(name string, base *state.State) (*Namespace, error) {
		ct.builds.Add(1)
		return &Namespace{Name: name, St: base}, nil
	})
	ct.Now = func() time.Time { return ct.now }
	return ct
}

func mustGet(t *testing.T, tb *Table, name string, base *state.State) *Namespace {
	t.Helper()
	ns, err := tb.Get(name, base)
	if err != nil {
		t.Fatalf("Get(%q): %v", name, err)
	}
	return ns
}

func TestValidFollowsTheNameRule(t *testing.T) {
	long := strings.Repeat("a", maxNamespaceName)
	for name, want := range map[string]bool{
		"ci-job_42.a": true, "A": true, "...": true, long: true,
		"": false, ".": false, "..": false, long + "a": false,
		"a/b": false, "a b": false, "é": false, "a%2F": false, "a\x00": false,
	} {
		if got := Valid(name); got != want {
			t.Errorf("Valid(%q) = %v, want %v (%s)", name, got, want, Rule)
		}
	}
}

func TestTableIsBoundedAndNamesTheFlag(t *testing.T) {
	tb := newClockTable(2, time.Minute)
	base := new(state.State)
	a := mustGet(t, tb.Table, "a", base)
	mustGet(t, tb.Table, "b", base)
	_, err := tb.Get("c", base)
	if !errors.Is(err, ErrFull) {
		t.Fatalf("a third name in a table of 2: %v, want ErrFull", err)
	}
	if !strings.Contains(err.Error(), "--max-namespaces") || !strings.Contains(err.Error(), "2 of 2") {
		t.Errorf("the refusal does not say how full nor which flag raises it: %v", err)
	}
	if tb.Has("c") || tb.Count() != 2 {
		t.Errorf("a refused name holds a place: count %d", tb.Count())
	}
	if again := mustGet(t, tb.Table, "a", base); again != a {
		t.Error("a live namespace was built again while the table is full")
	}
	if n := tb.builds.Load(); n != 2 {
		t.Errorf("%d builds, want 2", n)
	}
}

func TestIdleNamespacesGiveTheirPlaceByTheClock(t *testing.T) {
	tb := newClockTable(2, time.Minute)
	base := new(state.State)
	mustGet(t, tb.Table, "a", base)
	mustGet(t, tb.Table, "b", base)
	tb.now = tb.now.Add(40 * time.Second)
	mustGet(t, tb.Table, "a", base) // a is used again, b is not
	tb.now = tb.now.Add(30 * time.Second)
	mustGet(t, tb.Table, "c", base) // b idle 70 s, a 30 s
	if tb.Has("b") || !tb.Has("a") || !tb.Has("c") {
		t.Errorf("after b went idle: live %v, want a and c", tb.Names())
	}
	// Exactly the idle time is not idle yet.
	tb.now = tb.now.Add(30 * time.Second)
	mustGet(t, tb.Table, "a", base)
	tb.now = tb.now.Add(30 * time.Second) // c idle 60 s, a 30 s
	if _, err := tb.Get("d", base); !errors.Is(err, ErrFull) {
		t.Errorf("c, used exactly a minute ago, was evicted: %v", err)
	}
	tb.now = tb.now.Add(time.Nanosecond)
	mustGet(t, tb.Table, "d", base)
	if tb.Has("c") || !tb.Has("a") || !tb.Has("d") {
		t.Errorf("live %v, want a and d", tb.Names())
	}
}

func TestNothingIsEvictedWithoutANewName(t *testing.T) {
	tb := newClockTable(5, time.Minute)
	base := new(state.State)
	mustGet(t, tb.Table, "a", base)
	tb.now = tb.now.Add(time.Hour)
	if tb.Live("a") == nil || tb.Count() != 1 {
		t.Error("an idle namespace went away without a request for a new one")
	}
	// Live is no use: a is still idle for the next new name.
	mustGet(t, tb.Table, "b", base)
	if tb.Has("a") {
		t.Error("Live counted as a use")
	}
}

func TestAFirstUseBuildsOnceWhileOthersWait(t *testing.T) {
	const waiters = 8
	started, release := make(chan struct{}), make(chan struct{})
	var builds atomic.Int32
	tb := NewTable(4, time.Minute, func(name string, base *state.State) (*Namespace, error) {
		builds.Add(1)
		if name == "x" {
			close(started)
			<-release
		}
		return &Namespace{Name: name}, nil
	})
	waiting := make(chan string, waiters)
	tb.Wait = func(name string) { waiting <- name }
	base := new(state.State)
	got := make([]*Namespace, waiters+1)
	var wg sync.WaitGroup
	get := func(i int) {
		defer wg.Done()
		ns, err := tb.Get("x", base)
		if err != nil {
			t.Error(err)
		}
		got[i] = ns
	}
	wg.Add(1)
	go get(0)
	<-started
	if tb.Live("x") != nil || !tb.Has("x") {
		t.Error("a namespace being built is Live, or not Has")
	}
	mustGet(t, tb, "y", base) // another name is not held up by x's build
	for i := 1; i <= waiters; i++ {
		wg.Add(1)
		go get(i)
	}
	for range waiters {
		if name := <-waiting; name != "x" {
			t.Errorf("waited for %q", name)
		}
	}
	close(release)
	wg.Wait()
	if n := builds.Load(); n != 2 {
		t.Errorf("%d builds for x and y, want 2", n)
	}
	for i, ns := range got {
		if ns == nil || ns != got[0] {
			t.Fatalf("caller %d got %p, the builder %p", i, ns, got[0])
		}
	}
}

func TestAFailedBuildGivesItsPlaceUp(t *testing.T) {
	fails := true
	tb := NewTable(1, time.Minute, func(name string, base *state.State) (*Namespace, error) {
		if fails {
			return nil, errors.New("store down")
		}
		return &Namespace{Name: name}, nil
	})
	base := new(state.State)
	_, err := tb.Get("a", base)
	if err == nil || !strings.Contains(err.Error(), "namespace a: store down") {
		t.Fatalf("failed build: %v, want it named and wrapped", err)
	}
	if tb.Count() != 0 {
		t.Fatal("a failed build keeps its place")
	}
	fails = false
	mustGet(t, tb, "b", base) // the only place is free
}

func TestAPanickingBuildLeavesNoPlaceTaken(t *testing.T) {
	tb := NewTable(1, time.Minute, func(string, *state.State) (*Namespace, error) { panic("boom") })
	func() {
		defer func() {
			if recover() == nil {
				t.Error("the build's panic was swallowed")
			}
		}()
		_, _ = tb.Get("a", new(state.State))
	}()
	if tb.Has("a") {
		t.Error("a panicked build keeps its place: the name could never be built again")
	}
}

func TestAReplacedScenarioBuildsAfresh(t *testing.T) {
	tb := newClockTable(4, time.Minute)
	old, replaced := new(state.State), new(state.State)
	a := mustGet(t, tb.Table, "a", old)
	b := mustGet(t, tb.Table, "a", replaced)
	if a == b || b.St != replaced || tb.Count() != 1 {
		t.Errorf("a namespace of the old scenario served the new one (count %d)", tb.Count())
	}
	mustGet(t, tb.Table, "z", replaced)
	tb.DropAll()
	if tb.Count() != 0 || tb.Live("a") != nil {
		t.Errorf("DropAll left %v", tb.Names())
	}
	if mustGet(t, tb.Table, "a", replaced) == b {
		t.Error("a dropped namespace came back instead of a fresh build")
	}
	if n := tb.builds.Load(); n != 4 {
		t.Errorf("%d builds, want 4", n)
	}
}
