package e2e

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/profile/derive"
	"github.com/rtq-kit/rtq/testkit/mocktest"
)

// TestParallelConformRunsInTheirOwnNamespaces: fifty CI jobs share one
// mock, each with the base URL {mock}/s/job-N and writes allowed; each
// run's verifies and resets stay in its namespace, so every run passes.
// Sharing one state, they would trip over each other's verifies (a
// repeated verification is an error). Only the stateful checks run: all
// of them fifty times take minutes under the race detector.
func TestParallelConformRunsInTheirOwnNamespaces(t *testing.T) {
	const jobs = 50
	sc := mocktest.Default(t)
	mock := newMock(t, sc)
	url := serve(t, mock.Handler())
	prof := derive.FromScenario(sc)
	reports := make([]*conformance.Report, jobs)
	var wg sync.WaitGroup
	for i := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			reports[i] = conform(t, fmt.Sprintf("%s/s/job-%d", url, i), prof, func(o *conformance.Options) {
				o.Concurrency = 2
				o.Only = []string{"verify.*"} // the stateful checks: the whole run fifty times is minutes under -race
				// A hundred clients at once under -race on two cores can
				// wait seconds for an answer; isolation is under test here,
				// not the answer's time.
				o.Timeout = 60 * time.Second
			})
		}()
	}
	wg.Wait()
	if n := len(mock.Requests(mockserver.RequestFilter{})); n != 0 {
		t.Errorf("the root journal holds %d requests of the namespaced runs", n)
	}
	for i, rep := range reports {
		if rep == nil {
			continue // conform already failed the test
		}
		writes := 0
		for _, f := range rep.Checks {
			if f.Status == conformance.Fail {
				t.Errorf("job-%d: %s failed: %s", i, f.ID, f.Message)
			}
			if f.Status == conformance.Pass && writeChecks[f.ID] {
				writes++
			}
		}
		if writes != len(writeChecks) {
			t.Errorf("job-%d: %d of the %d verify checks passed; the isolation went untested", i, writes, len(writeChecks))
		}
	}
}

// writeChecks are the runner's verify checks: each moves state that the
// other runs would trip over if they shared it.
var writeChecks = map[string]bool{"verify.transitions": true, "verify.next": true, "verify.repeat": true,
	"verify.errorCodes": true, "verify.concurrent": true}
