// Package runbound runs the conformance runner in tests that must prove it
// ends: against hostile or fuzzed targets a hang is the defect, so the
// test fails with a message instead of waiting for go test's own time-out
// and its goroutine dump.
package runbound

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/internal/svcclient"
)

// Run runs conformance.Run with opts and returns its report, failing t
// when Run returns an error or has not ended after limit.
func Run(t testing.TB, opts conformance.Options, limit time.Duration) *conformance.Report {
	t.Helper()
	rep, err := run(t, opts, limit)
	if err != nil {
		t.Fatalf("conformance.Run: %v", err)
	}
	return rep
}

// RunOrDiagnosed is Run for a fuzzed target, which may answer as a
// gateway does (a 401, 403 or 407 that is not the service's JSON): then
// the run's one diagnosis (a *svcclient.ConnectError, exit 3 in rtq
// conform) is its right end, and RunOrDiagnosed returns a nil report.
func RunOrDiagnosed(t testing.TB, opts conformance.Options, limit time.Duration) *conformance.Report {
	t.Helper()
	rep, err := run(t, opts, limit)
	var ce *svcclient.ConnectError
	switch {
	case errors.As(err, &ce) && errors.Is(err, conformance.ErrUnreachable) && rep.Status == conformance.StatusUnreachable:
		t.Logf("diagnosed: %v", err)
		return nil
	case err != nil:
		t.Fatalf("conformance.Run: %v", err)
	}
	return rep
}

func run(t testing.TB, opts conformance.Options, limit time.Duration) (*conformance.Report, error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type result struct {
		rep *conformance.Report
		err error
	}
	done := make(chan result, 1)
	start := time.Now()
	go func() {
		rep, err := conformance.Run(ctx, opts)
		done <- result{rep, err}
	}()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case r := <-done:
		t.Logf("the run ended in %v with %+v", time.Since(start).Round(time.Millisecond), r.rep.Summary)
		return r.rep, r.err
	case <-timer.C:
		t.Fatalf("conformance.Run has not ended after %v", limit)
		return nil, nil
	}
}

// Patience is a bound on a run that the machine's speed cannot reach:
// what is left of the test binary's -timeout, less a margin so that Run,
// not go test's panic, reports a hang; an hour under -timeout 0. A fixed
// bound of seconds failed healthy runs on a busy two-core machine, and a
// hang is found as well by the longer one.
func Patience(t interface{ Deadline() (time.Time, bool) }) time.Duration {
	deadline, ok := t.Deadline()
	if !ok {
		return time.Hour
	}
	return max(time.Until(deadline)-20*time.Second, time.Second)
}
