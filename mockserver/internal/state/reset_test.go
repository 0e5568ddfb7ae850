package state

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/scenario"
	ts "github.com/rtq-kit/rtq/testkit/testscenario"
)

func newTestState(t testing.TB) *State {
	t.Helper()
	st, err := New(ts.Build(), 0)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func setNextReq(code string) VerifyRequest {
	return VerifyRequest{Code: code, HasCode: true, Action: contract.ActionNextStatus, HasAction: true}
}

func mustVerify(t testing.TB, st *State, code string) {
	t.Helper()
	if _, err := st.Verify(st.KeyBySecret(ts.WriteSecret), setNextReq(code)); err != nil {
		t.Fatalf("verify %s: %v", code, err)
	}
}

// answers renders a record in every format, as the read key sees it.
func answers(t testing.TB, st *State, id int64) [][]byte {
	t.Helper()
	out := make([][]byte, len(contract.Formats))
	for i, f := range contract.Formats {
		b, err := getRecord(st, st.KeyBySecret(ts.ReadSecret), id, "", f.Name)
		if err != nil {
			t.Fatalf("getRecord %d %s: %v", id, f.Name, err)
		}
		out[i] = b
	}
	return out
}

func TestResetRestoresTheTouchedRecordsInEveryFormat(t *testing.T) {
	st := newTestState(t)
	fresh := newTestState(t)
	const ok, conc = 5010, 5011
	mustVerify(t, st, ts.CertOK)
	mustVerify(t, st, ts.CertOK)
	mustVerify(t, st, ts.CertConc)
	moved := answers(t, st, ok)
	for i, name := range []string{"json", "", "markdown"} { // json-ld shows no status
		if name != "" && bytes.Equal(moved[i], answers(t, fresh, ok)[i]) {
			t.Fatalf("%s answer did not change after verify: the test proves nothing", name)
		}
	}
	st.Reset()
	for _, id := range []int64{ok, conc} {
		got, want := answers(t, st, id), answers(t, fresh, id)
		for i, f := range contract.Formats {
			if !bytes.Equal(got[i], want[i]) {
				t.Errorf("record %d %s after reset:\n%s\nwant the scenario's:\n%s", id, f.Name, got[i], want[i])
			}
		}
	}
	if n := len(st.mem.touched); n != 0 {
		t.Errorf("%d records still on the touched list after reset", n)
	}
	// The flow runs again from the scenario status: two moves, then the end.
	mustVerify(t, st, ts.CertOK)
	mustVerify(t, st, ts.CertOK)
	if _, err := st.Verify(st.KeyBySecret(ts.WriteSecret), setNextReq(ts.CertOK)); err == nil {
		t.Error("a third move after reset succeeded; the flow should have ended")
	}
}

func TestResetKeepsTheScenarioAnswersAndDropsTheMovedOnes(t *testing.T) {
	st := newTestState(t)
	for _, e := range st.records {
		for f := range e.bodies {
			e.body(f, "ok", &st.index.cached, testRender)
		}
	}
	before := map[*recordEntry][3]*[]byte{}
	for _, e := range st.records {
		before[e] = [3]*[]byte{e.bodies[0].Load(), e.bodies[1].Load(), e.bodies[2].Load()}
	}
	shared := st.index.cached.Load()
	mustVerify(t, st, ts.CertOK)
	moved := answers(t, st, st.byCode[ts.CertOK].src.ID)
	own := st.mem.record(st.byCode[ts.CertOK].src)
	var kept int64
	for f := range own.bodies {
		if b := own.bodies[f].Load(); b == nil || !bytes.Equal(*b, moved[f]) {
			t.Fatalf("the moved record's %s answer is not its own", contract.Formats[f].Name)
		}
		kept += int64(len(moved[f]))
	}
	if st.mem.cached.Load() != kept || st.index.cached.Load() != shared {
		t.Fatalf("cache sizes own %d shared %d, want %d and %d: a moved answer was counted in the shared budget",
			st.mem.cached.Load(), st.index.cached.Load(), kept, shared)
	}
	st.Reset()
	for f := range own.bodies {
		if own.bodies[f].Load() != nil {
			t.Errorf("the touched record kept its moved %s answer", contract.Formats[f].Name)
		}
	}
	for e, bodies := range before {
		for f, b := range bodies {
			if e.bodies[f].Load() != b {
				t.Errorf("record %d: its %s answer at the scenario's values was dropped or rebuilt", e.src.ID, contract.Formats[f].Name)
			}
		}
	}
	if st.mem.cached.Load() != 0 || st.index.cached.Load() != shared {
		t.Errorf("cache sizes own %d shared %d after reset, want 0 and %d", st.mem.cached.Load(), st.index.cached.Load(), shared)
	}
}

func TestResetWithNothingTouchedChangesNothing(t *testing.T) {
	st := newTestState(t)
	want := answers(t, st, 5010)
	st.Reset()
	st.Reset()
	for i, b := range answers(t, st, 5010) {
		if !bytes.Equal(b, want[i]) {
			t.Errorf("%s changed by an empty reset", contract.Formats[i].Name)
		}
	}
}

// checkConsistent fails unless a json answer is one moment of the record:
// the state changes past the scenario's chain from the scenario status,
// and process_status shows where the chain ends.
func checkConsistent(body []byte, src *scenario.Record) error {
	var doc struct {
		Data struct {
			Data struct {
				Process struct {
					Text string `json:"name"`
				} `json:"process_status"`
				Changes []struct {
					From struct{ Name string } `json:"from_state_option"`
					To   struct{ Name string } `json:"to_state_option"`
				} `json:"state_changes"`
			} `json:"data"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		return err
	}
	rec := doc.Data.Data
	if len(rec.Changes) < len(src.StateChanges) {
		return fmt.Errorf("%d state changes, fewer than the scenario's %d", len(rec.Changes), len(src.StateChanges))
	}
	at := src.Cert.Status.Name
	for _, c := range rec.Changes[len(src.StateChanges):] {
		if c.From.Name != at {
			return fmt.Errorf("a state change from %q follows status %q", c.From.Name, at)
		}
		at = c.To.Name
	}
	if rec.Process.Text != at {
		return fmt.Errorf("process_status %q but the state changes end at %q", rec.Process.Text, at)
	}
	return nil
}

// TestVerifiesAndResetsStayConsistent runs 1,000 goroutines at once:
// most move a certificate and read it back, some reset. Every answer must
// be one moment of its record, and a final reset restores the scenario.
func TestVerifiesAndResetsStayConsistent(t *testing.T) {
	st, fresh := newTestState(t), newTestState(t)
	codes := []string{ts.CertOK, ts.CertConc, ts.CertLimited}
	write, read := st.KeyBySecret(ts.WriteSecret), st.KeyBySecret(ts.ReadSecret)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < 1000; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			if i%20 == 0 {
				st.Reset()
				return
			}
			rec := st.byCode[codes[i%len(codes)]]
			if _, err := st.Verify(write, setNextReq(rec.src.Code)); err != nil {
				var e *fail.Error
				if !errors.As(err, &e) || e.ErrorCode != contract.ErrStatusForbids {
					t.Errorf("verify %s: %v", rec.src.Code, err)
				}
			}
			body, err := getRecord(st, read, rec.src.ID, "", "json")
			if err == nil {
				err = checkConsistent(body, rec.src)
			}
			if err != nil {
				t.Errorf("record %d: %v", rec.src.ID, err)
			}
		}()
	}
	close(start)
	wg.Wait()
	st.Reset()
	for _, code := range codes {
		id := st.byCode[code].src.ID
		got, want := answers(t, st, id), answers(t, fresh, id)
		for f := range got {
			if !bytes.Equal(got[f], want[f]) {
				t.Errorf("record %d %s after the final reset differs from the scenario", id, contract.Formats[f].Name)
			}
		}
	}
}
