package svcclient

import (
	"context"
	"sync"
)

// Job is one independent piece of a walk of a service (a listing, a
// record). It reads without touching what the walk builds and returns
// what to hand it (commit, which may be nil) and its error: InOrder
// commits in the jobs' order, whatever order they finish in, so what is
// built does not depend on timing.
type Job func(ctx context.Context) (commit func(), err error)

// InOrder runs jobs, up to workers at a time (at least one), then commits
// them in order up to and including the first that failed, and returns
// its error: what is built then holds what a one-at-a-time walk would
// have. No job is started after one failed; those under way finish. The
// calls the jobs make are bounded by the client's rate, budget and
// concurrency, not by workers. Each job's calls count on a chain of their
// own (Fork), and the caller's chain goes on from the longest (Join).
func InOrder(ctx context.Context, workers int, jobs []Job) error {
	commits := make([]func(), len(jobs))
	errs := make([]error, len(jobs))
	forks := make([]context.Context, len(jobs))
	var (
		mu     sync.Mutex
		next   int
		failed bool
		wg     sync.WaitGroup
	)
	take := func() (int, bool) {
		mu.Lock()
		defer mu.Unlock()
		if failed || next == len(jobs) {
			return 0, false
		}
		next++
		return next - 1, true
	}
	for range max(1, min(workers, len(jobs))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, ok := take(); ok; i, ok = take() {
				forks[i] = Fork(ctx)
				commits[i], errs[i] = jobs[i](forks[i])
				if errs[i] != nil {
					mu.Lock()
					failed = true
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	for _, f := range forks {
		if f != nil {
			Join(ctx, f)
		}
	}
	for i := range jobs {
		if commits[i] != nil {
			commits[i]()
		}
		if errs[i] != nil {
			return errs[i]
		}
	}
	return nil
}
