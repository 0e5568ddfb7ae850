// Package runbound runs the conformance runner in tests that must prove it
// ends: against hostile or fuzzed targets a hang is the defect, so the
// test fails with a message instead of waiting for go test's own time-out
// and its goroutine dump.
package runbound

import (
	"context"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/conformance"
)

// Run runs conformance.Run with opts and returns its report, failing t
// when Run returns an error or has not ended after limit.
func Run(t testing.TB, opts conformance.Options, limit time.Duration) *conformance.Report {
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
		if r.err != nil {
			t.Fatalf("conformance.Run: %v", r.err)
		}
		t.Logf("the run ended in %v with %+v", time.Since(start).Round(time.Millisecond), r.rep.Summary)
		return r.rep
	case <-timer.C:
		t.Fatalf("conformance.Run has not ended after %v", limit)
		return nil
	}
}
