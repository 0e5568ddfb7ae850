// Package storetest is the suite every store of the mock passes (package
// store): the memory store's tests run it, and so must any other store's.
// It lives beside the stores, not under testkit, because Go lets
// only packages under mockserver import the store; it imports no test
// support, the caller hands it its scenario.
package storetest

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/fault"
	"github.com/rtq-kit/rtq/mockserver/internal/journal"
	"github.com/rtq-kit/rtq/mockserver/internal/namespace"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
	"github.com/rtq-kit/rtq/mockserver/internal/store"
	"github.com/rtq-kit/rtq/scenario"
)

// Fixture is what the suite needs of a scenario: the scenario, another
// one to load over it, a write key's secret and a credential record's
// code whose status has a next one.
type Fixture struct {
	Scenario, Other *scenario.Scenario
	WriteSecret     string
	Cert            string
}

// Config is the store each test opens: at most MaxNamespaces, gone after
// Idle unused, by the clock Now.
type Config struct {
	MaxNamespaces int
	Idle          time.Duration
	Now           func() time.Time
}

// Open makes a fresh store serving sc.
type Open func(t *testing.T, sc *scenario.Scenario, c Config) store.Store

// Run runs the whole suite against the stores open makes.
func Run(t *testing.T, fx Fixture, open Open) {
	tests := map[string]func(*testing.T, Fixture, Open){
		"LoadServesTheScenario":        loadServesTheScenario,
		"VerifyMovesExactlyOnce":       verifyMovesExactlyOnce,
		"NamespacesAreIsolated":        namespacesAreIsolated,
		"ResetUndoesVerifies":          resetUndoesVerifies,
		"JournalAndFaultsPerSpace":     journalAndFaultsPerSpace,
		"IdleNamespacesGiveTheirPlace": idleNamespacesGiveTheirPlace,
		"JournalMasksAndFilters":       journalMasksAndFilters,
		"RefusedVerifyMovesNothing":    refusedVerifyMovesNothing,
	}
	for name, test := range tests {
		t.Run(name, func(t *testing.T) { test(t, fx, open) })
	}
}

func defaults() Config { return Config{MaxNamespaces: 10, Idle: time.Hour, Now: time.Now} }

func setNext(code string) state.VerifyRequest {
	return state.VerifyRequest{Code: code, HasCode: true, Action: contract.ActionNextStatus, HasAction: true}
}

// status is the certificate status a space shows for the fixture's cert.
func status(t *testing.T, fx Fixture, sp *store.Space) string {
	t.Helper()
	key := sp.St.KeyBySecret(fx.WriteSecret)
	for _, r := range sp.St.Scenario().Records {
		if r.Code == fx.Cert {
			a, err := sp.St.GetRecord(key, r.ID, "", "json", nil)
			if err != nil {
				t.Fatalf("getRecord %s: %v", fx.Cert, err)
			}
			return a.View().Status.Name
		}
	}
	t.Fatalf("no record %s in the scenario", fx.Cert)
	return ""
}

func verify(t *testing.T, fx Fixture, sp *store.Space) error {
	t.Helper()
	_, err := sp.St.Verify(sp.St.KeyBySecret(fx.WriteSecret), setNext(fx.Cert))
	return err
}

func loadServesTheScenario(t *testing.T, fx Fixture, open Open) {
	s := open(t, fx.Scenario, defaults())
	if s.Root().St.Scenario() != fx.Scenario {
		t.Fatal("the root does not serve the scenario the store was opened with")
	}
	if _, err := s.Space("a"); err != nil {
		t.Fatal(err)
	}
	if err := s.Load(fx.Other); err != nil {
		t.Fatal(err)
	}
	if s.Root().St.Scenario() != fx.Other || s.Spaces() != 0 {
		t.Errorf("after Load: serving %q with %d namespaces, want %q and none", s.Root().St.Scenario().Name, s.Spaces(), fx.Other.Name)
	}
}

// verifyMovesExactlyOnce: 50 verifies racing one certificate from one
// status move it once; the others see the new status.
func verifyMovesExactlyOnce(t *testing.T, fx Fixture, open Open) {
	s := open(t, fx.Scenario, defaults())
	before := status(t, fx, s.Root())
	var wg sync.WaitGroup
	var mu sync.Mutex
	moved := 0
	key := s.Root().St.KeyBySecret(fx.WriteSecret)
	req := setNext(fx.Cert)
	for _, r := range s.Root().St.Scenario().Records {
		if r.Code == fx.Cert && r.Cert != nil && r.Cert.Status != nil && len(r.Cert.Status.Next) > 0 {
			req = state.VerifyRequest{Code: fx.Cert, HasCode: true, Action: contract.ActionSetStatus, HasAction: true,
				To: r.Cert.Status.Next[0].Name, HasTo: true, From: r.Cert.Status.Name, HasFrom: true}
		}
	}
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := s.Root().St.Verify(key, req); err == nil {
				mu.Lock()
				moved++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if moved != 1 || status(t, fx, s.Root()) == before {
		t.Errorf("%d of 50 racing verifies moved the certificate (now %q, was %q), want exactly 1", moved, status(t, fx, s.Root()), before)
	}
}

func namespacesAreIsolated(t *testing.T, fx Fixture, open Open) {
	s := open(t, fx.Scenario, defaults())
	a, errA := s.Space("a")
	b, errB := s.Space("b")
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	before := status(t, fx, b)
	if err := verify(t, fx, a); err != nil {
		t.Fatal(err)
	}
	if status(t, fx, a) == before || status(t, fx, b) != before || status(t, fx, s.Root()) != before {
		t.Errorf("a verify in a: a %q, b %q, root %q; only a should move from %q",
			status(t, fx, a), status(t, fx, b), status(t, fx, s.Root()), before)
	}
	if again, err := s.Space("a"); err != nil || status(t, fx, again) != status(t, fx, a) {
		t.Errorf("namespace a asked again lost its verify: %v", err)
	}
}

func resetUndoesVerifies(t *testing.T, fx Fixture, open Open) {
	s := open(t, fx.Scenario, defaults())
	a, err := s.Space("a")
	if err != nil {
		t.Fatal(err)
	}
	before := status(t, fx, a)
	for _, sp := range []*store.Space{s.Root(), a} {
		if err := verify(t, fx, sp); err != nil {
			t.Fatal(err)
		}
	}
	s.Reset(a)
	if status(t, fx, a) != before || status(t, fx, s.Root()) == before {
		t.Errorf("after resetting a: a %q, root %q; want a back at %q, the root still moved", status(t, fx, a), status(t, fx, s.Root()), before)
	}
	s.Reset(s.Root())
	if status(t, fx, s.Root()) != before {
		t.Errorf("after resetting the root: %q, want %q", status(t, fx, s.Root()), before)
	}
}

func journalAndFaultsPerSpace(t *testing.T, fx Fixture, open Open) {
	s := open(t, fx.Scenario, defaults())
	a, err := s.Space("a")
	if err != nil {
		t.Fatal(err)
	}
	a.Journal.Add(journal.Exchange{At: time.Now(), Method: "POST", Path: contract.GetRecord.Path(), Status: 200})
	if n, root := count(t, a), count(t, s.Root()); n != 1 || root != 0 {
		t.Errorf("a request journaled in a: a holds %d, the root %d; want 1 and 0", n, root)
	}
	rule := fault.Rule{Endpoint: contract.GetRecord.Name, Error: &fault.Error{Code: 503}}
	if _, err := a.Faults.Add([]fault.Rule{rule}, fault.FromAdmin, func(int) string { return "rule" }); err != nil {
		t.Fatal(err)
	}
	if a.Faults.Empty() || !s.Root().Faults.Empty() {
		t.Error("a fault rule added in a is not a's alone")
	}
	if err := s.Load(fx.Other); err != nil {
		t.Fatal(err)
	}
	if count(t, s.Root()) != 0 {
		t.Error("a Load made up journal entries")
	}
}

func idleNamespacesGiveTheirPlace(t *testing.T, fx Fixture, open Open) {
	var mu sync.Mutex
	now := time.Unix(1_800_000_000, 0)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	s := open(t, fx.Scenario, Config{MaxNamespaces: 1, Idle: time.Minute, Now: clock})
	if _, err := s.Space("a"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Space("b"); !errors.Is(err, namespace.ErrFull) {
		t.Fatalf("a second namespace over a bound of 1: %v, want ErrFull", err)
	}
	mu.Lock()
	now = now.Add(2 * time.Minute)
	mu.Unlock()
	if _, err := s.Space("b"); err != nil || s.Spaces() != 1 {
		t.Errorf("after a's idle time: %v, %d namespaces; want b in a's place", err, s.Spaces())
	}
}

// count is how many requests a space's journal holds.
func count(t *testing.T, sp *store.Space) int {
	t.Helper()
	rs, err := sp.Journal.Requests(journal.RequestFilter{})
	if err != nil {
		t.Fatal(err)
	}
	return len(rs)
}

// journalMasksAndFilters: a key's secret in a body is masked when read
// back, whichever store keeps it, and filters select as documented.
func journalMasksAndFilters(t *testing.T, fx Fixture, open Open) {
	s := open(t, fx.Scenario, defaults())
	j := s.Root().Journal
	at := time.Unix(1_800_000_000, 0)
	j.Add(journal.Exchange{At: at, Method: "POST", Path: contract.Verify.Path(), Key: "demo-write", Status: 200,
		Body: []byte(`{"certificate_code":"` + fx.Cert + `","note":"` + fx.WriteSecret + `"}`)})
	j.Add(journal.Exchange{At: at, Method: "POST", Path: contract.GetRecord.Path(), Status: 401, Code: 401, Body: []byte(`{}`)})
	rs, err := j.Requests(journal.RequestFilter{Path: "verify"})
	if err != nil || len(rs) != 1 {
		t.Fatalf("verifies journaled: %d, %v; want 1", len(rs), err)
	}
	if strings.Contains(rs[0].Body, fx.WriteSecret) || !strings.Contains(rs[0].Body, fx.Cert) || !rs[0].Time.Equal(at) || rs[0].Key != "demo-write" {
		t.Errorf("journal entry %+v: want the secret masked, the code kept, time and key as added", rs[0])
	}
	if rs, _ := j.Requests(journal.RequestFilter{Status: 401}); len(rs) != 1 || rs[0].Code != 401 {
		t.Errorf("status filter: %+v", rs)
	}
	out, err := j.AppendJSON(nil, journal.RequestFilter{Limit: 1})
	if err != nil || !strings.Contains(string(out), `"path":"`+contract.GetRecord.Path()+`"`) || strings.Contains(string(out), "verify") {
		t.Errorf("AppendJSON, newest first, limit 1: %s %v", out, err)
	}
	if err := j.Clear(); err != nil || count(t, s.Root()) != 0 {
		t.Errorf("after Clear: %d entries, %v", count(t, s.Root()), err)
	}
}

// refusedVerifyMovesNothing: a verify refused for the current status (a
// move to the status the certificate is in) leaves it as it is.
func refusedVerifyMovesNothing(t *testing.T, fx Fixture, open Open) {
	s := open(t, fx.Scenario, defaults())
	before := status(t, fx, s.Root())
	req := state.VerifyRequest{Code: fx.Cert, HasCode: true, Action: contract.ActionSetStatus, HasAction: true, To: before, HasTo: true}
	if _, err := s.Root().St.Verify(s.Root().St.KeyBySecret(fx.WriteSecret), req); err == nil {
		t.Fatal("a move to the current status was accepted")
	}
	if got := status(t, fx, s.Root()); got != before {
		t.Errorf("a refused verify moved the certificate from %q to %q", before, got)
	}
}
