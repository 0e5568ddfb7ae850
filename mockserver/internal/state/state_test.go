package state

import (
	"errors"
	"testing"

	"github.com/rtq-kit/rtq/internal/testscenario"
	"github.com/rtq-kit/rtq/mockserver/internal/wire"
)

func TestParseBound(t *testing.T) {
	const day = 1767283200 // 2026-01-02 00:00:00 +08:00
	cases := []struct {
		in    string
		upper bool
		want  int64
	}{
		{"2026-01-02", false, day},
		{"2026-01-02", true, day + 86399},
		{"2026-01-02 00:00:00", false, day},
		{"2026-01-02 00:00:00", true, day},
		{"2026-01-01T16:00:00Z", false, day},
		{"2026-01-02T00:00:00+08:00", true, day},
		{"2026-01-02T00:00:00.1+08:00", false, day + 1},
		{"2026-01-02T00:00:00.9+08:00", true, day},
	}
	for _, c := range cases {
		if got, err := ParseBound("start_time", c.in, c.upper); err != nil || got != c.want {
			t.Errorf("ParseBound(%q, upper=%v) = %d, %v; want %d", c.in, c.upper, got, err, c.want)
		}
	}
	for _, bad := range []string{"2026-1-2", "2026-01-02T00:00:00", "02/01/2026", "now", "2026-13-01", "2026-01-02 24:00:00"} {
		_, err := ParseBound("end_time", bad, true)
		var e *wire.Error
		if !errors.As(err, &e) || e.Code != 400 {
			t.Errorf("ParseBound(%q) = %v, want a 400", bad, err)
		}
	}
}

func TestTokenRoundTripAndBinding(t *testing.T) {
	st, err := New(testscenario.Build(), 0)
	if err != nil {
		t.Fatal(err)
	}
	f := filter{kind: 1, org: 1, hasStart: true, start: -5}
	tok := st.issueToken(f, 40)
	if off, err := st.readToken(tok, f); err != nil || off != 40 {
		t.Fatalf("round trip: %d %v", off, err)
	}
	g := f
	g.hasEnd = true
	if _, err := st.readToken(tok, g); !errors.Is(err, errTokenFilter) {
		t.Errorf("other filter: %v", err)
	}
	other, _ := New(testscenario.Build(), 99) // another seed, another key
	if _, err := other.readToken(tok, f); !errors.Is(err, errTokenForged) {
		t.Errorf("token of another scenario seed: %v", err)
	}
	same, _ := New(testscenario.Build(), 0)
	if _, err := same.readToken(tok, f); err != nil {
		t.Errorf("same scenario rebuilt: %v", err)
	}
}

func TestStateIsBuiltWithoutChangingTheScenario(t *testing.T) {
	sc := testscenario.Build()
	before := len(sc.Records[0].StateChanges)
	st, _ := New(sc, 0)
	key := sc.Keys[1] // demo-write
	if _, err := st.Verify(nil, key, VerifyRequest{Code: testscenario.CertOK, HasCode: true,
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
	st.cached.Store(cacheBudget - 10) // as if nearly full
	key := st.sc.Keys[0]
	a, err := st.GetRecord(key, testscenario.FullRecord, "", "json")
	if err != nil {
		t.Fatal(err)
	}
	if st.records[testscenario.FullRecord].bodies[0].Load() != nil || st.cached.Load() != cacheBudget-10 {
		t.Fatalf("a body over the budget was kept (cached %d)", st.cached.Load())
	}
	b, _ := st.GetRecord(key, testscenario.FullRecord, "", "json")
	if string(a) != string(b) {
		t.Errorf("uncached answers differ")
	}
	st.cached.Store(0)
	_, _ = st.GetRecord(key, testscenario.FullRecord, "", "json")
	if n := st.cached.Load(); n != int64(len(a)) {
		t.Errorf("cached %d bytes, want %d", n, len(a))
	}
}
