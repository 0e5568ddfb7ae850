package recorder

import (
	"context"
	"sync"
)

// DefaultConcurrency is how many calls a recording keeps in flight when
// told none (--concurrency): independent reads overlap their latency,
// while --rate still bounds the calls a second.
const DefaultConcurrency = 16

// job is one independent piece of a crawl. It reads without touching the
// capture and returns what to hand it (commit, which may be nil) and its
// error: the capture is filled in the jobs' order, whatever order they
// finish in, so the file does not depend on timing.
type job func(ctx context.Context) (commit func(), err error)

// inOrder runs jobs, up to workers at a time, then commits them in order
// up to and including the first that failed, and returns its error: the
// capture then holds what a one-at-a-time crawl would have. No job is
// started after one failed; those under way finish.
func inOrder(ctx context.Context, workers int, jobs []job) error {
	commits := make([]func(), len(jobs))
	errs := make([]error, len(jobs))
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
				commits[i], errs[i] = jobs[i](ctx)
				if errs[i] != nil {
					mu.Lock()
					failed = true
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
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
