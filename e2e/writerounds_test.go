package e2e

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/profile/derive"
	"github.com/rtq-kit/rtq/testkit/mocktest"
)

// TestDefaultRunsWritesSideBySide counts, never times, how long the
// write phase of a full run against the default mock is: the write
// rounds one after the other, each as long as its longest unit (its
// cost, in requests one after the other), from the trace the runner
// writes (RTQ_CONFORM_TRACE). At 200 ms an answer each request of that
// sum is 0.2 s of a run that must stay within 8 s (docs/performance.md).
// The default profile's moving cases all on one record made 13 rounds
// and 24 requests one after the other; spread over the record's twins
// (profile/derive), 6 rounds and 13 (7 and 17 once verify's successes
// were sent as a product). A change that piles the units on
// one record again, or packs the rounds worse, fails here.
func TestDefaultRunsWritesSideBySide(t *testing.T) {
	trace := filepath.Join(t.TempDir(), "trace")
	t.Setenv("RTQ_CONFORM_TRACE", trace)
	sc := mocktest.Default(t)
	rep := conform(t, serve(t, newMock(t, sc).Handler()), derive.FromScenario(sc), func(o *conformance.Options) { o.Concurrency = 64 })
	if f := mustFailures(rep); len(f) > 0 {
		t.Fatalf("must failures: %v", f)
	}
	data, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	paces := map[int]int{}
	for _, m := range regexp.MustCompile(`round=(\d+) unit=\d+ check=\S+ cost=(\d+)`).FindAllStringSubmatch(string(data), -1) {
		round, _ := strconv.Atoi(m[1])
		cost, _ := strconv.Atoi(m[2])
		paces[round] = max(paces[round], cost)
	}
	total := 0
	for _, p := range paces {
		total += p
	}
	const most = 20 // 13 at the spread, 17 with verify's successes as a product; 25 with every case on one record
	if len(paces) == 0 || total > most {
		t.Errorf("the write rounds take %d requests one after the other in %d rounds, want at most %d: %v", total, len(paces), most, paces)
	}
	if c := rep.Plan.LongestChain; c > 22 {
		t.Errorf("the plan's longest chain is %d requests, want at most 22 (18 today)", c)
	}
}
