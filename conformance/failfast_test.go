package conformance

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// A target that answers everything with an empty success breaks must
// statements on its first answers: with FailFast the run stops there,
// fails naming the failure, sends fewer requests than the whole run,
// and what it cut short is skipped, never failed.
func TestFailFastStopsAtTheFirstMustFailure(t *testing.T) {
	tg := &target{answer: func(w http.ResponseWriter, r *http.Request, _ string) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"code":0,"message":"","data":{}}`)
	}}
	url := start(t, tg)
	run := func(fast bool) *Report {
		rep, err := Run(context.Background(), Options{BaseURL: url, Profile: writeProfile(), AllowWrites: true,
			Timeout: time.Minute, FailFast: fast})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	whole, fast := run(false), run(true)
	if whole.Status != StatusFail || whole.Reason != "" {
		t.Fatalf("the whole run: status %q reason %q; want fail and no reason", whole.Status, whole.Reason)
	}
	if fast.Status != StatusFail || !strings.Contains(fast.Reason, "--fail-fast") {
		t.Fatalf("status %q reason %q; want fail, and the reason naming --fail-fast", fast.Status, fast.Reason)
	}
	named := false
	for _, f := range fast.Checks {
		if f.Status == Fail && f.Severity == Must && strings.Contains(fast.Reason, f.ID+" failed") {
			named = true
		}
	}
	if !named {
		t.Errorf("the reason %q names no must failure of the report", fast.Reason)
	}
	if fast.Plan.Requests >= whole.Plan.Requests {
		t.Errorf("%d requests with --fail-fast, %d without; want fewer", fast.Plan.Requests, whole.Plan.Requests)
	}
	if fast.Summary.Failed >= whole.Summary.Failed || fast.Summary.Skipped <= whole.Summary.Skipped {
		t.Errorf("fast: %+v, whole: %+v; want fewer failures and more skips", fast.Summary, whole.Summary)
	}
	for _, f := range fast.Checks {
		if f.Status == Skip && strings.Contains(f.Message, "interrupted") && !strings.Contains(f.Message, "--fail-fast") {
			t.Errorf("%s skipped without naming --fail-fast: %s", f.ID, f.Message)
		}
	}
}

// A failure --skip leaves out, or one the baseline already holds, is not
// one that stops the run.
func TestFailFastIgnoresFailuresThatDoNotCount(t *testing.T) {
	tg := &target{answer: func(w http.ResponseWriter, r *http.Request, _ string) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"code":0,"message":"","data":{}}`)
	}}
	url := start(t, tg)
	whole, err := Run(context.Background(), Options{BaseURL: url, Profile: writeProfile(), Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	known := &Baseline{Source: "whole", failed: map[string]bool{}}
	for _, f := range whole.Checks {
		if f.Status == Fail {
			known.failed[f.ID] = true
		}
	}
	rep, err := Run(context.Background(), Options{BaseURL: url, Profile: writeProfile(), Timeout: time.Minute,
		FailFast: true, Baseline: known})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Status != StatusPass || rep.Reason != "" {
		t.Fatalf("every failure known to the baseline: status %q reason %q; want pass, the whole run", rep.Status, rep.Reason)
	}
	for _, f := range rep.Checks {
		if f.Status == Skip && strings.Contains(f.Message, "--fail-fast") {
			t.Errorf("%s cut short by --fail-fast on a known failure: %s", f.ID, f.Message)
		}
	}
}
