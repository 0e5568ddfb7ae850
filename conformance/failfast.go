package conformance

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// errFailFast is the cause of a run that Options.FailFast stopped.
var errFailFast = errors.New("stopped at the first must failure (--fail-fast)")

// failFast ends a run at its first must failure that counts (selected by
// --only and --skip, and new to the --baseline when one is given): a CI
// job that only needs red or green, and a test that runs hundreds of
// broken builds to see each fail, need not wait for the rest. The checks
// it cuts short are skipped, as an interruption's are: no finding is
// made of what they saw. A nil *failFast (the option off) does nothing.
type failFast struct {
	stop context.CancelCauseFunc
	once sync.Once
	// counts says whether a failure of a check or answers.<statement> id
	// is one the run reports as a must failure.
	counts func(id string) bool
}

// withFailFast derives the run's context that the first must failure
// of checks (the run's selected checks) or of a rule over every answer
// cancels, when opts asks for it.
func (r *runner) withFailFast(ctx context.Context, checks []Check) (context.Context, context.CancelCauseFunc) {
	if !r.opts.FailFast {
		return ctx, func(error) {}
	}
	ctx, stop := context.WithCancelCause(ctx)
	must := map[string]bool{}
	for _, s := range statementTable {
		if s.Severity == Must {
			must[answerPrefix+s.ID] = true
		}
	}
	for _, c := range checks {
		if c.Severity == Must {
			must[c.ID] = true
		}
	}
	r.ff = &failFast{stop: stop, counts: func(id string) bool {
		return must[id] && r.selectedID(id) && (r.opts.Baseline == nil || !r.opts.Baseline.failed[id])
	}}
	return ctx, stop
}

// failed is told of every failed check or broken statement by its id.
func (f *failFast) failed(id string) {
	if f == nil || !f.counts(id) {
		return
	}
	f.once.Do(func() { f.stop(fmt.Errorf("%w: %s failed", errFailFast, id)) })
}

// stoppedFast says whether ctx ended because of the run's first must
// failure (and not a signal or the deadline, which came first then).
func stoppedFast(ctx context.Context) bool {
	return ctx.Err() != nil && errors.Is(context.Cause(ctx), errFailFast)
}
