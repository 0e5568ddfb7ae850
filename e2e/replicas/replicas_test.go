package replicas_test

import (
	"slices"
	"sync"
	"testing"
)

// A verify made through A is seen through B and C at once, and the
// journal each of the three shows is the same one: it holds the calls
// made to all of them.
func TestVerifyOnOneReplicaIsSeenOnEvery(t *testing.T) {
	t.Parallel()
	s := start(t)
	a, b, c := s.Mocks[0].URL, s.Mocks[1].URL, s.Mocks[2].URL
	if got := certStatus(t, b); got != pending {
		t.Fatalf("before any verify, B shows %q, want %q", got, pending)
	}
	if v := verifyFrom(a); v.code() != 0 {
		t.Fatalf("verify through A: %v", v)
	}
	for name, base := range map[string]string{"B": b, "C": c, "A": a} {
		if got := certStatus(t, base); got != verified {
			t.Errorf("after a verify through A, %s shows %q, want %q", name, got, verified)
		}
	}
	// Calls so far: getRecord on B, verify on A, three getRecords (one
	// each). Every journal holds all five, the same list.
	var lists [3][]entry
	for i, base := range []string{a, b, c} {
		lists[i] = journal(t, base, "")
		if len(lists[i]) != 5 || verifies(lists[i], 0) != 1 {
			t.Errorf("journal read through replica %d: %d entries, %d verify, want 5 and 1: %+v", i, len(lists[i]), verifies(lists[i], 0), lists[i])
		}
	}
	if !slices.Equal(lists[0], lists[1]) || !slices.Equal(lists[1], lists[2]) {
		t.Errorf("the three replicas show different journals:\nA %+v\nB %+v\nC %+v", lists[0], lists[1], lists[2])
	}
}

// Fifty verifies race to move one certificate from one status, half
// through A and half through B: exactly one moves it, the 49 others are
// refused as the contract says a lost race is, and C's journal holds all
// fifty, the winner once.
func TestRacingVerifiesAcrossReplicasMoveOnce(t *testing.T) {
	t.Parallel()
	s := start(t)
	const n = 50
	answers := make([]answer, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i] = verifyFrom(s.Mocks[i%2].URL)
		}()
	}
	wg.Wait()
	won := 0
	for i, a := range answers {
		switch {
		case a.code() == 0:
			won++
		case a.err != nil || (a.body["error_code"] != float64(100324) && a.body["error_code"] != float64(100326)):
			t.Errorf("verify %d: %v, want a success or error_code 100324 or 100326 (docs/contract.md, 3.1.atomic)", i, a)
		}
	}
	if won != 1 {
		t.Errorf("%d of %d racing verifies moved the certificate, want exactly 1", won, n)
	}
	j := journal(t, s.Mocks[2].URL, "path=certificates/verify")
	if len(j) != n || verifies(j, 0) != 1 || verifies(j, 400) != n-1 {
		t.Errorf("C's journal: %d verify entries (%d successes, %d refusals), want %d (1, %d)", len(j), verifies(j, 0), verifies(j, 400), n, n-1)
	}
	if got := certStatus(t, s.Mocks[2].URL); got != verified {
		t.Errorf("after the race C shows %q, want %q", got, verified)
	}
}

// rtq conform, writes and resets included, passes against the
// round-robin: each of its calls lands on the next replica, so it passes
// only if they serve one state (a verify then its getRecord, a reset then
// a read) and one scenario.
func TestConformPassesThroughTheRoundRobin(t *testing.T) {
	t.Parallel()
	s := start(t)
	u := s.URL()
	out, code := runRTQ(t, "conform", "--base-url", u, "--profile", u+"/__admin/profile",
		"--api-key", readKey, "--write-key", writeKey, "--allow-writes")
	if code != 0 {
		t.Fatalf("rtq conform through the round-robin exited %d:\n%s", code, out)
	}
	// The calls were spread: every replica was sent some.
	for i := range s.Mocks {
		if s.Sent(i) < 10 {
			t.Errorf("the round-robin sent replica %d %d calls of the run: they were not spread", i, s.Sent(i))
		}
	}
}
