package state

import (
	"testing"

	"github.com/rtq-kit/rtq/testkit/testscenario"
)

func TestStateIsBuiltWithoutChangingTheScenario(t *testing.T) {
	sc := testscenario.Build()
	before := len(sc.Records[0].StateChanges)
	st, _ := New(sc, 0)
	key := sc.Keys[1] // demo-write
	if _, err := st.Verify(key, VerifyRequest{Code: testscenario.CertOK, HasCode: true,
		Action: "set_next_certificate_status", HasAction: true}); err != nil {
		t.Fatal(err)
	}
	for _, r := range sc.Records {
		if r.Code == testscenario.CertOK && (r.Cert.Status.ID != testscenario.StUnchecked || len(r.StateChanges) != 0) {
			t.Errorf("verify changed the scenario's record")
		}
	}
	if len(sc.Records[0].StateChanges) != before {
		t.Errorf("state changes of the scenario grew")
	}
}

func TestRenderedBodiesStayWithinTheBudget(t *testing.T) {
	st, _ := New(testscenario.Build(), 0)
	st.index.cached.Store(cacheBudget - 10) // as if nearly full
	key := st.sc.Keys[0]
	a, err := getRecord(st, key, testscenario.FullRecord, "", "json")
	if err != nil {
		t.Fatal(err)
	}
	if st.records[testscenario.FullRecord].bodies[0].Load() != nil || st.index.cached.Load() != cacheBudget-10 {
		t.Fatalf("a body over the budget was kept (cached %d)", st.index.cached.Load())
	}
	b, _ := getRecord(st, key, testscenario.FullRecord, "", "json")
	if string(a) != string(b) {
		t.Errorf("uncached answers differ")
	}
	st.index.cached.Store(0)
	_, _ = getRecord(st, key, testscenario.FullRecord, "", "json")
	if n := st.index.cached.Load(); n != int64(len(a)) {
		t.Errorf("cached %d bytes, want %d", n, len(a))
	}
}
