package mockserver

import (
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	ts "github.com/rtq-kit/rtq/internal/testscenario"
)

// TestResetAndReplaceDuringTraffic swaps the state while clients read:
// every answer is valid (send checks it against the schemas) and belongs
// wholly to one scenario or the other, never a mix.
func TestResetAndReplaceDuringTraffic(t *testing.T) {
	a, b := ts.Build(), ts.Build()
	b.Forms = b.Forms[:4]
	m := startMock(t, a, Options{})
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var answers atomic.Int64
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				p := getForms(t, m, `{"page_size":20}`)
				if p.total != ts.PlainForms+3 && p.total != 4 {
					t.Errorf("total %d belongs to neither scenario", p.total)
					return
				}
				if int64(len(p.ids)) != min(p.total, 20) {
					t.Errorf("page of %d items with total %d: a mix", len(p.ids), p.total)
					return
				}
				// The flow may have run to its end since the last reset.
				if v := m.post(t, contract.Verify, ts.WriteSecret, setNext(ts.CertConc)); v.code() != 0 &&
					v.errorCode() != contract.ErrStatusForbids && v.errorCode() != contract.ErrInvalidTarget {
					t.Errorf("verify during swaps: %s", v.raw)
					return
				}
				answers.Add(1)
			}
		}()
	}
	for i := 0; i < 50; i++ {
		m.Replace(b)
		m.Reset()
		m.Replace(a)
	}
	close(stop)
	wg.Wait()
	if answers.Load() == 0 {
		t.Fatal("no traffic ran")
	}
}

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
