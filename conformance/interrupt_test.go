package conformance

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/testkit/hangtarget"
)

// noFailures fails the test for every failed finding: an interrupted run
// must not blame the target for what it cut short.
func noFailures(t *testing.T, rep *Report) {
	t.Helper()
	for _, f := range rep.Checks {
		if f.Status == Fail {
			t.Errorf("%s failed in an interrupted run: %s", f.ID, f.Message)
		}
	}
}

func TestCancelledRunIsInterruptedNotFailed(t *testing.T) {
	url, started := hangtarget.Start(t)
	ctx, cancel := context.WithCancelCause(context.Background())
	go func() {
		<-started
		cancel(errors.New("received terminated"))
	}()
	rep, err := Run(ctx, Options{BaseURL: url, Profile: writeProfile(), AllowWrites: true, Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Status != StatusInterrupted || !strings.Contains(rep.Reason, "received terminated") {
		t.Fatalf("status %q reason %q; want interrupted by the signal", rep.Status, rep.Reason)
	}
	noFailures(t, rep)
	if len(rep.Checks) != len(CheckIDs()) || rep.Summary.Skipped == 0 {
		t.Fatalf("%d findings (%d skipped), want every check listed", len(rep.Checks), rep.Summary.Skipped)
	}
}

func TestDeadlineEndsARunWithWhatItHas(t *testing.T) {
	url, _ := hangtarget.Start(t)
	rep, err := Run(context.Background(), Options{BaseURL: url, ReadKey: "r",
		Timeout: time.Minute, Deadline: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Status != StatusInterrupted || !strings.Contains(rep.Reason, "--deadline of 200ms") {
		t.Fatalf("status %q reason %q; want interrupted by the deadline", rep.Status, rep.Reason)
	}
	noFailures(t, rep)
}

func TestHangingResetIsOneSetUpFailureOfTheRun(t *testing.T) {
	tg := &target{}
	tg.answer = func(w http.ResponseWriter, r *http.Request, _ string) {
		if r.URL.Path == "/__admin/reset" { // headers, then never the end
			w.WriteHeader(http.StatusOK)
			http.NewResponseController(w).Flush()
			<-r.Context().Done()
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"code":0,"message":"","data":{}}`)
	}
	p := writeProfile()
	for _, code := range []string{"C-2", "C-3"} {
		c := p.Cases[0]
		c.Name, c.Code = code, code
		p.Cases = append(p.Cases, c)
	}
	p.Cases = append(p.Cases, profile.Case{Name: "e", Kind: profile.KindError, Code: "C-4",
		Steps: []profile.Step{{Action: "set_next_certificate_status", Expect: profile.Expect{ErrorCode: 100324}}}})
	rep, err := Run(context.Background(), Options{BaseURL: start(t, tg), Profile: p, AllowWrites: true,
		Timeout: time.Minute, SetupTimeout: 100 * time.Millisecond, Only: []string{"verify.*"}})
	if err != nil {
		t.Fatal(err)
	}
	tg.mu.Lock()
	resets := tg.resets
	tg.mu.Unlock()
	if resets != 1 {
		t.Errorf("%d resets sent, want 1: after a failed reset the run must not try again per case", resets)
	}
	if rep.Status != StatusSetupFailed || len(rep.SetupFailures) != 1 || !strings.Contains(rep.SetupFailures[0], "reset /__admin/reset") {
		t.Fatalf("status %q, set-up failures %q; want one failure of the reset", rep.Status, rep.SetupFailures)
	}
	for _, id := range []string{"verify.transitions", "verify.errorCodes"} {
		if f := find(rep, id); f.Status != Skip || !strings.Contains(f.Message, "set-up failure") {
			t.Errorf("%s = %s %q; want skip for the set-up failure", id, f.Status, f.Message)
		}
	}
	for _, f := range rep.Checks {
		if f.Status == Fail && strings.Contains(strings.ToLower(f.Message), "reset") {
			t.Errorf("%s blames the target for the reset: %s", f.ID, f.Message)
		}
	}
}
