package mockserver

import (
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	ts "github.com/rtq-kit/rtq/testkit/testscenario"
)

func TestMockserverDoesNotImportTheRunner(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/rtq-kit/rtq/mockserver").CombinedOutput()
	if err != nil {
		t.Skipf("go list: %v: %s", err, out)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "github.com/rtq-kit/rtq/conformance") {
			t.Errorf("mockserver depends on %s", dep)
		}
	}
}

// TestResetAfterReplaceResetsTheNewState: a reset restores the scenario
// being served, never the one a Replace swapped out, and undoes the
// verifies made on the new one.
func TestResetAfterReplaceResetsTheNewState(t *testing.T) {
	a, b := ts.Build(), ts.Build()
	b.Forms = b.Forms[:4]
	m := startMock(t, a, Options{})
	wantOK(t, m.post(t, contract.Verify, ts.WriteSecret, setNext(ts.CertOK)))
	m.Replace(b)
	wantOK(t, m.post(t, contract.Verify, ts.WriteSecret, setNext(ts.CertOK)))
	wantOK(t, m.post(t, contract.Verify, ts.WriteSecret, setNext(ts.CertOK)))
	m.Reset()
	if m.Scenario() != b {
		t.Fatal("reset after replace serves another scenario than the replacing one")
	}
	if p := getForms(t, m, `{"page_size":20}`); p.total != 4 {
		t.Errorf("after reset %d forms, want the replacing scenario's 4", p.total)
	}
	rec := m.post(t, contract.GetRecord, ts.ReadSecret, `{"record_id":5010}`).data()["data"].(map[string]any)
	if text := rec["process_status"].(map[string]any)["text"]; text != "未核验" {
		t.Errorf("after reset process_status %v, want the scenario's 未核验", text)
	}
	// The flow starts over: two moves to its end.
	wantOK(t, m.post(t, contract.Verify, ts.WriteSecret, setNext(ts.CertOK)))
	wantOK(t, m.post(t, contract.Verify, ts.WriteSecret, setNext(ts.CertOK)))
}

// TestReliabilityResetNeverUndoesReplace guards "never lose state": a
// reset racing a scenario replace must leave the new scenario served,
// because in every order of the two the last scenario loaded is the new
// one. A reset that reads the scenario, then stores a fresh state of what
// it read, can put the old scenario back after the replace answered ok.
func TestReliabilityResetNeverUndoesReplace(t *testing.T) {
	a, b := ts.Build(), ts.Build()
	srv, err := New(a, Options{})
	if err != nil {
		t.Fatal(err)
	}
	lost := 0
	for i := 0; i < 300; i++ {
		srv.Replace(a)
		start := make(chan struct{})
		var wg sync.WaitGroup
		wg.Add(2)
		go func() { defer wg.Done(); <-start; srv.Reset() }()
		go func() { defer wg.Done(); <-start; srv.Replace(b) }()
		close(start)
		wg.Wait()
		if srv.Scenario() != b {
			lost++
		}
	}
	if lost > 0 {
		t.Fatalf("in %d of 300 races a reset put the old scenario back over a finished replace", lost)
	}
}
