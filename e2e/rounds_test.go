package e2e

import (
	"sort"
	"sync"
	"testing"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/testkit/foreign"
	"github.com/rtq-kit/rtq/testkit/foreign/foreigntest"
)

// firstSight is what the runner did on one round when the round was
// written, before anyone changed the runner for it: the bugs it missed
// and the correct variants it failed, each with one line on where. Those
// two lists are a record and never change. What the runner has learnt
// since is listed apart (caughtSince, passingSince), so the expected
// misses only shrink: a first-sight miss that is now caught, or a false
// alarm that now passes, fails the test until it is listed there, and a
// listed one that is missed again fails it too.
type firstSight struct {
	// runner is the commit of main the round was measured against.
	runner      string
	misses      map[foreign.Bug]string
	falseAlarms map[foreign.Variant]string
	// caughtSince and passingSince name, for each first-sight miss the
	// runner now catches and each false alarm it no longer raises, the
	// commit of main where that was first seen.
	caughtSince  map[foreign.Bug]string
	passingSince map[foreign.Variant]string
	// alarmingSince names, for a correct variant that passed at first
	// sight and that a later runner fails, the commit of main where that
	// was first seen: a false alarm the runner learnt, listed until fixed.
	alarmingSince map[foreign.Variant]string
}

// expectMiss says whether bug b is expected to be missed now: a miss not
// yet caught, or a bug the contract allows (foreign.RuledIn), whose first
// sight keeps its catch.
func (fs firstSight) expectMiss(b foreign.Bug) bool {
	_, missed := fs.misses[b]
	_, caught := fs.caughtSince[b]
	_, ruled := foreign.RuledIn()[b]
	return missed && !caught || ruled
}

// expectFalseAlarm says whether variant v is expected to fail now: a
// false alarm not yet mended, or a variant the contract rules out
// (foreign.RuledOut), whose first sight keeps its alarm.
func (fs firstSight) expectFalseAlarm(v foreign.VariantInfo) bool {
	_, failed := fs.falseAlarms[v.Variant]
	_, passing := fs.passingSince[v.Variant]
	_, learnt := fs.alarmingSince[v.Variant]
	_, ruled := foreign.RuledOut()[v.Variant]
	return failed && !passing || learnt || ruled
}

// firstSights holds every round of foreign.Rounds by name.
var firstSights = map[string]firstSight{
	"blind-1":        blind1FirstSight,
	"blind-2":        blind2FirstSight,
	"adversarial-1":  adversarial1FirstSight,
	"blind-3":        blind3FirstSight,
	"adversarial-2":  adversarial2FirstSight,
	"blind-4":        blind4FirstSight,
	"adversarial-3":  adversarial3FirstSight,
	"blind-5":        blind5FirstSight,
	"blind-6":        blind6FirstSight,
	"adversarial-4":  adversarial4FirstSight,
	"blind-7":        blind7FirstSight,
	"adversarial-5":  adversarial5FirstSight,
	"blind-8":        blind8FirstSight,
	"adversarial-6":  adversarial6FirstSight,
	"blind-9":        blind9FirstSight,
	"adversarial-7":  adversarial7FirstSight,
	"blind-10":       blind10FirstSight,
	"adversarial-8":  adversarial8FirstSight,
	"blind-11":       blind11FirstSight,
	"adversarial-9":  adversarial9FirstSight,
	"blind-12":       blind12FirstSight,
	"adversarial-10": adversarial10FirstSight,
	"adversarial-11": adversarial11FirstSight,
	"adversarial-12": adversarial12FirstSight,
	"adversarial-13": adversarial13FirstSight,
	"adversarial-14": adversarial14FirstSight,
	"adversarial-15": adversarial15FirstSight,
}

// roundRuns bounds the runs of one round in flight at once. A run mostly
// waits on its own requests (a --fail-fast one sends one at a time), so
// more runs than cores keep the cores busy; the bound keeps a CI
// machine's memory in reach.
const roundRuns = 12

// verdict is what one run of the runner said about one build.
type verdict struct {
	must, should []string
	err          error
}

// TestRoundsOfBreaks runs every bug and every correct variant of every
// round of foreign.Rounds through the runner, each against its own
// in-process server, many at once: a bug is caught when a must check
// fails (the run exits 1), a variant passes when no must or should check
// fails. What the round's first sight recorded as missed or as a false
// alarm is expected so, and nothing else is.
func TestRoundsOfBreaks(t *testing.T) {
	for _, r := range foreign.Rounds() {
		t.Run(r.Name, func(t *testing.T) {
			fs, ok := firstSights[r.Name]
			if !ok {
				t.Fatalf("round %s has no first-sight record in firstSights", r.Name)
			}
			checkListed(t, r, fs)
			builds := map[string]foreign.Options{}
			for _, b := range r.Bugs {
				opts := foreign.Defaults()
				opts.Bug = b.Bug
				builds["bug/"+string(b.Bug)] = opts
			}
			for _, v := range r.Variants {
				opts := foreign.Defaults()
				opts.Variant = v.Variant
				builds["variant/"+string(v.Variant)] = opts
			}
			// A bug the round expects caught needs one must failure to
			// show it: its run stops there (--fail-fast).
			fast := map[string]bool{}
			for _, b := range r.Bugs {
				fast["bug/"+string(b.Bug)] = !fs.expectMiss(b.Bug)
			}
			verdicts := runAll(builds, fast)
			for _, b := range r.Bugs {
				t.Run("bug/"+string(b.Bug), func(t *testing.T) {
					v := verdicts["bug/"+string(b.Bug)]
					if v.err != nil {
						t.Fatal(v.err)
					}
					listed := fs.expectMiss(b.Bug)
					switch {
					case len(v.must) > 0 && foreign.RuledIn()[b.Bug] != "":
						t.Errorf("the contract allows it (%s), yet it fails %v: a false alarm", foreign.RuledIn()[b.Bug], v.must)
					case len(v.must) > 0 && listed:
						t.Errorf("missed at first sight (%s) but now caught by %v: list it in the round's caughtSince with the commit of main", fs.misses[b.Bug], v.must)
					case len(v.must) == 0 && !listed:
						t.Errorf("missed: %s (%s) fails no must check (should: %v)", b.Breaks, b.Section, v.should)
					case len(v.must) == 0 && len(v.should) > 0:
						t.Logf("missed as listed; should checks failed: %v", v.should)
					}
				})
			}
			for _, va := range r.Variants {
				t.Run("variant/"+string(va.Variant), func(t *testing.T) {
					v := verdicts["variant/"+string(va.Variant)]
					if v.err != nil {
						t.Fatal(v.err)
					}
					fails := append(v.must, v.should...)
					listed := fs.expectFalseAlarm(va)
					switch {
					case len(fails) == 0 && listed:
						t.Errorf("a false alarm at first sight (%s) or since (%s) but now passes: list it in the round's passingSince with the commit of main, or take it out of alarmingSince", fs.falseAlarms[va.Variant], fs.alarmingSince[va.Variant])
					case len(fails) > 0 && !listed:
						t.Errorf("false alarm on a correct variant (%s; allowed by %s): %v", va.Differs, va.Allowed, fails)
					}
				})
			}
		})
	}
}

// checkListed fails on a first-sight entry that names nothing of the round.
func checkListed(t *testing.T, r foreign.Round, fs firstSight) {
	t.Helper()
	bugs, variants := map[foreign.Bug]bool{}, map[foreign.Variant]bool{}
	for _, b := range r.Bugs {
		bugs[b.Bug] = true
	}
	for _, v := range r.Variants {
		variants[v.Variant] = true
	}
	for b := range fs.misses {
		if !bugs[b] {
			t.Errorf("listed miss %s is no bug of round %s", b, r.Name)
		}
	}
	for b := range fs.caughtSince {
		if _, ok := fs.misses[b]; !ok {
			t.Errorf("caughtSince lists %s, which round %s's first sight did not miss", b, r.Name)
		}
	}
	for v := range fs.falseAlarms {
		if !variants[v] {
			t.Errorf("listed false alarm %s is no variant of round %s", v, r.Name)
		}
	}
	for v := range fs.passingSince {
		if _, ok := fs.falseAlarms[v]; !ok {
			t.Errorf("passingSince lists %s, which was no false alarm of round %s's first sight", v, r.Name)
		}
	}
	for _, v := range r.Variants {
		if _, passing := fs.passingSince[v.Variant]; passing && foreign.RuledOut()[v.Variant] != "" {
			t.Errorf("%s is both ruled out by the contract and passing since a commit", v.Variant)
		}
	}
}

// runAll runs `rtq conform` against every build, at most roundRuns at
// once: the verdicts are what the rounds assert, so the runner runs as
// the command users run, outside the race detector (rtqCommand).
// A build named in fast runs with --fail-fast, and again whole if that
// run shows no must failure: its verdict is then the whole run's.
func runAll(builds map[string]foreign.Options, fast map[string]bool) map[string]verdict {
	var mu sync.Mutex
	var wg sync.WaitGroup
	out := map[string]verdict{}
	slots := make(chan struct{}, roundRuns)
	for name, opts := range builds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			slots <- struct{}{}
			defer func() { <-slots }()
			v := runBuild(opts, fast[name])
			if fast[name] && (v.err != nil || len(v.must) == 0) {
				v = runBuild(opts, false)
			}
			mu.Lock()
			out[name] = v
			mu.Unlock()
		}()
	}
	wg.Wait()
	return out
}

// runBuild runs `rtq conform` against one build, with --fail-fast when
// fast. A --fail-fast run sends one request at a time, in check order:
// overlapped, it had sent two thirds of the run's requests before the
// first failure stopped it, and one at a time it stops where the first
// check that fails does. The verdict is the same (the report is the same
// at any concurrency, TestReportIsTheSameAtAnyConcurrency), and the
// rounds' hundreds of runs cost CI much less.
func runBuild(opts foreign.Options, fast bool) verdict {
	cmds, err := commands()
	if err != nil {
		return verdict{err: err}
	}
	var args []string
	if fast {
		args = append(args, "--fail-fast", "--concurrency", "1")
	}
	rep, err := foreigntest.RunCommands(cmds, opts, true, args...)
	if err != nil {
		return verdict{err: err}
	}
	return verdict{must: failedChecks(rep, conformance.Must), should: failedChecks(rep, conformance.Should)}
}

// failedChecks lists the ids of the failed checks of one severity, sorted.
func failedChecks(rep *conformance.Report, sev conformance.Severity) []string {
	var out []string
	for _, f := range rep.Checks {
		if f.Status == conformance.Fail && f.Severity == sev {
			out = append(out, f.ID)
		}
	}
	sort.Strings(out)
	return out
}
