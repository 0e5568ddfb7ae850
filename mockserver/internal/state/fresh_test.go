package state

import (
	"bytes"
	"sync"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	ts "github.com/rtq-kit/rtq/testkit/testscenario"
)

func TestFreshStatesShareTheScenarioAndKeepTheirMovesApart(t *testing.T) {
	root, scenarioValues := newTestState(t), newTestState(t)
	id := root.byCode[ts.CertOK].src.ID
	mustVerify(t, root, ts.CertOK)
	a, b := root.Fresh(), root.Fresh()
	if a.index != root.index || b.index != root.index {
		t.Fatal("a fresh state does not share the root's index")
	}
	want := answers(t, scenarioValues, id)
	for i, got := range answers(t, a, id) {
		if !bytes.Equal(got, want[i]) {
			t.Fatalf("a fresh state starts from the root's verify, not the scenario (%s)", contract.Formats[i].Name)
		}
	}
	mustVerify(t, a, ts.CertOK)
	mustVerify(t, a, ts.CertOK)
	movedInA := answers(t, a, id)
	for i, got := range answers(t, b, id) {
		if !bytes.Equal(got, want[i]) {
			t.Errorf("b sees a's verifies (%s)", contract.Formats[i].Name)
		}
	}
	if bytes.Equal(answers(t, root, id)[0], movedInA[0]) {
		t.Error("the root sees a's verifies")
	}
	// A record no verify moved is rendered once for all three.
	full := root.records[ts.FullRecord]
	answers(t, a, ts.FullRecord)
	kept := full.bodies[0].Load()
	answers(t, b, ts.FullRecord)
	answers(t, root, ts.FullRecord)
	if kept == nil || full.bodies[0].Load() != kept {
		t.Error("the answer at the scenario's values was not rendered once and shared")
	}
	a.Reset()
	for i, got := range answers(t, a, id) {
		if !bytes.Equal(got, want[i]) {
			t.Errorf("a reset of a did not bring the scenario back (%s)", contract.Formats[i].Name)
		}
	}
	if bytes.Equal(answers(t, root, id)[0], want[0]) {
		t.Error("a reset of a undid the root's verify")
	}
}

// TestFreshStatesVerifyAtOnce moves one record in many fresh states of one
// root at once, with resets and reads: under the race detector it proves
// they share nothing they write.
func TestFreshStatesVerifyAtOnce(t *testing.T) {
	root := newTestState(t)
	read, write := root.KeyBySecret(ts.ReadSecret), root.KeyBySecret(ts.WriteSecret)
	src := root.byCode[ts.CertOK].src
	var wg sync.WaitGroup
	for i := range 8 {
		st := root.Fresh()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 20 {
				if j%7 == 6 || i == 0 && j%2 == 1 {
					st.Reset()
				}
				_, _ = st.Verify(write, setNextReq(src.Code))
				body, err := getRecord(st, read, src.ID, "", "json")
				if err == nil {
					err = checkConsistent(body, src)
				}
				if err != nil {
					t.Errorf("state %d: %v", i, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if _, err := getRecord(root, read, src.ID, "", "json"); err != nil {
		t.Fatal(err)
	}
	if root.mem.nlive.Load() != 0 {
		t.Error("verifies in fresh states made records of the root's own")
	}
}

// BenchmarkGetRecordOfState reads a credential record's cached answer from
// a state where it is at the scenario's values ("scenario") and from one
// whose verify moved it ("moved", the state's own Record): what a
// namespace's own records cost a read.
func BenchmarkGetRecordOfState(b *testing.B) {
	root := newTestState(b)
	read := root.KeyBySecret(ts.ReadSecret)
	id := root.byCode[ts.CertOK].src.ID
	moved := root.Fresh()
	mustVerify(b, moved, ts.CertOK)
	for name, st := range map[string]*State{"scenario": root.Fresh(), "moved": moved} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				if _, err := getRecord(st, read, id, "", "json"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
