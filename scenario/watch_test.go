package scenario_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/scenario"
)

// watched is a scenario file under a Watcher driven by a fake clock: every
// scenario served and every line logged is kept.
type watched struct {
	t      *testing.T
	file   string
	w      *scenario.Watcher
	now    time.Time
	served []*scenario.Scenario
	log    []string
}

func newWatched(t *testing.T, initial string) *watched {
	t.Helper()
	x := &watched{t: t, file: filepath.Join(t.TempDir(), "s.yaml"), now: time.Unix(1e9, 0)}
	x.write(initial)
	load := func() (*scenario.Scenario, error) { return scenario.LoadFiles([]string{x.file}) }
	x.w = scenario.NewWatcher([]string{x.file}, load,
		func(sc *scenario.Scenario) { x.served = append(x.served, sc) },
		func(f string, a ...any) { x.log = append(x.log, fmt.Sprintf(f, a...)) }, 0)
	sc, err := load()
	if err != nil {
		t.Fatal(err)
	}
	x.w.Serving(sc)
	return x
}

func (x *watched) write(data string) {
	x.t.Helper()
	if err := os.WriteFile(x.file, []byte(data), 0o644); err != nil {
		x.t.Fatal(err)
	}
}

// check advances the clock by d and looks once.
func (x *watched) check(d time.Duration, want scenario.WatchOutcome) {
	x.t.Helper()
	x.now = x.now.Add(d)
	if got := x.w.Check(x.now); got != want {
		x.t.Fatalf("check at +%v: outcome %d, want %d; log:\n%s", d, got, want, strings.Join(x.log, "\n"))
	}
}

// settled is longer than the settle interval.
const settled = scenario.WatchSettle + time.Millisecond

// exampleNamed is the minimal example scenario, renamed: small, so the
// tests load it fast, and with records, so its prefix is a smaller scenario.
func exampleNamed(name string) string {
	data, err := os.ReadFile("../scenarios/minimal.yaml")
	if err != nil {
		panic(err)
	}
	return strings.Replace(string(data), "name: 最小示例", "name: "+name, 1)
}

// prefixOf is the part of a scenario before its records: valid YAML and a
// valid scenario, as a file half written looks.
func prefixOf(t *testing.T, doc string) string {
	i := strings.Index(doc, "\nrecords:")
	if i < 0 {
		t.Fatal("no records section")
	}
	if _, err := scenario.Parse("prefix.yaml", []byte(doc[:i+1])); err != nil {
		t.Fatalf("the prefix must be a valid scenario for this test: %v", err)
	}
	return doc[:i+1]
}

// onlyFull fails unless every scenario served is the complete second one.
func (x *watched) onlyFull(n int) {
	x.t.Helper()
	if len(x.served) != n {
		x.t.Fatalf("served %d scenarios, want %d", len(x.served), n)
	}
	for _, sc := range x.served {
		if sc.Name != "second" || len(sc.Records) == 0 {
			x.t.Fatalf("served %q with %d records: a half-written file", sc.Name, len(sc.Records))
		}
	}
}

func TestWatchInPlaceWriteInTwoChunksIsLoadedWhole(t *testing.T) {
	x := newWatched(t, exampleNamed("first"))
	full := exampleNamed("second")
	f, err := os.OpenFile(x.file, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(prefixOf(t, full)); err != nil {
		t.Fatal(err)
	}
	x.check(time.Millisecond, scenario.WatchSettling)
	x.check(scenario.WatchSettle-10*time.Millisecond, scenario.WatchSettling)
	if _, err := f.WriteString(full[len(prefixOf(t, full)):]); err != nil {
		t.Fatal(err)
	}
	x.check(20*time.Millisecond, scenario.WatchSettling) // the second chunk starts the wait again
	x.check(scenario.WatchSettle/2, scenario.WatchSettling)
	x.check(scenario.WatchSettle, scenario.WatchReloaded)
	x.onlyFull(1)
	if !strings.Contains(strings.Join(x.log, "\n"), `reloaded scenario "second": state reset`) {
		t.Errorf("the reload does not say state was reset:\n%s", strings.Join(x.log, "\n"))
	}
}

func TestWatchTruncateThenWriteIsLoadedWhole(t *testing.T) {
	x := newWatched(t, exampleNamed("first"))
	if err := os.Truncate(x.file, 0); err != nil {
		t.Fatal(err)
	}
	x.check(time.Millisecond, scenario.WatchSettling)
	x.write(exampleNamed("second"))
	x.check(100*time.Millisecond, scenario.WatchSettling)
	x.check(settled, scenario.WatchReloaded)
	x.check(settled, scenario.WatchIdle)
	x.onlyFull(1)
}

func TestWatchRenameOverIsLoaded(t *testing.T) {
	x := newWatched(t, exampleNamed("first"))
	tmp := x.file + ".tmp~"
	if err := os.WriteFile(tmp, []byte(exampleNamed("second")), 0o644); err != nil {
		t.Fatal(err)
	}
	x.check(time.Millisecond, scenario.WatchIdle) // the temporary file is not a scenario file
	if err := os.Rename(tmp, x.file); err != nil {
		t.Fatal(err)
	}
	x.check(time.Millisecond, scenario.WatchSettling)
	x.check(settled, scenario.WatchReloaded)
	x.onlyFull(1)
}

func TestWatchBrokenSaveKeepsTheLastGoodAndSaysSoOnce(t *testing.T) {
	x := newWatched(t, exampleNamed("first"))
	x.write("name: broken\norgs: 5\n")
	x.check(time.Millisecond, scenario.WatchSettling)
	x.check(settled, scenario.WatchBroken)
	for i := 0; i < 3; i++ {
		x.check(settled, scenario.WatchIdle)
	}
	if len(x.served) != 0 {
		t.Fatalf("a broken save was served: %q", x.served[0].Name)
	}
	log := strings.Join(x.log, "\n")
	located := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(x.file) + `:2:\d+: \S+: .+$`)
	if n := len(located.FindAllString(log, -1)); n != 1 {
		t.Errorf("want the problem at file:line:col once, got %d times:\n%s", n, log)
	}
	if n := strings.Count(log, "still serving the last good one"); n != 1 {
		t.Errorf("want the broken save reported once, got %d:\n%s", n, log)
	}
	x.write(exampleNamed("second")) // fixed
	x.check(time.Millisecond, scenario.WatchSettling)
	x.check(settled, scenario.WatchReloaded)
	x.onlyFull(1)
}

func TestWatchSaveThatChangesNothingKeepsState(t *testing.T) {
	doc := exampleNamed("first")
	x := newWatched(t, doc)
	x.write("# a comment an editor added\n" + doc)
	x.check(time.Millisecond, scenario.WatchSettling)
	x.check(settled, scenario.WatchSame)
	if len(x.served) != 0 {
		t.Fatal("an unchanged scenario was served again: its state would be reset")
	}
	if log := strings.Join(x.log, "\n"); !strings.Contains(log, "unchanged: state kept") {
		t.Errorf("log:\n%s", log)
	}
}
