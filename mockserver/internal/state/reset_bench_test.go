package state

import (
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
)

// benchMoved is how many records the benchmark's verify mix moves between
// two resets (bench/rtqbench's verify mix on the default scenario).
const benchMoved = 13

// movable finds n credential records of the default scenario that one
// write key can move with set_next, probing with Verify on st.
func movable(b *testing.B, st *State) (*scenario.Key, []string) {
	b.Helper()
	var key *scenario.Key
	for _, k := range st.sc.Keys {
		if k.Write && k.Forms == nil && key == nil {
			key = k
		}
	}
	var codes []string
	for _, r := range st.sc.Records {
		if len(codes) == benchMoved {
			break
		}
		if r.Cert == nil || r.Org != key.Org {
			continue
		}
		if _, err := st.Verify(key, setNextReq(r.Code)); err == nil {
			codes = append(codes, r.Code)
		}
	}
	st.Reset()
	if len(codes) < benchMoved {
		b.Fatalf("the default scenario has %d records key %s can move, want %d", len(codes), key.Name, benchMoved)
	}
	return key, codes
}

// moveAll moves each record to its next status, as a verify does.
func moveAll(st *State, codes []string) {
	for _, c := range codes {
		rec := st.mem.record(st.byCode[c].src)
		rec.mu.Lock()
		st.mem.move(rec, rec.status, rec.status.Next[0])
		rec.mu.Unlock()
	}
}

// BenchmarkReset is one cycle of the verify mix's state work: 13 records
// moved, then reset. "in-place" is Reset today; "rebuild" is state.New,
// which is what Reset did before it restored only the touched records;
// "verify-cycle" is the whole mix through Verify (each move sent twice,
// the second failing with 100326), then Reset.
func BenchmarkReset(b *testing.B) {
	sc, err := scenarios.Default()
	if err != nil {
		b.Fatal(err)
	}
	st, err := New(sc, 0)
	if err != nil {
		b.Fatal(err)
	}
	key, codes := movable(b, st)
	b.Run("in-place", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			moveAll(st, codes)
			st.Reset()
		}
	})
	b.Run("rebuild", func(b *testing.B) {
		b.ReportAllocs()
		cur, _ := New(sc, 0)
		for range b.N {
			moveAll(cur, codes)
			cur, _ = New(sc, 0)
		}
	})
	b.Run("verify-cycle", func(b *testing.B) {
		b.ReportAllocs()
		reqs := make([]VerifyRequest, len(codes))
		for i, c := range codes {
			to := st.byCode[c].src.Cert.Status.Next[0].Name
			reqs[i] = VerifyRequest{Code: c, HasCode: true, Action: contract.ActionSetStatus, HasAction: true, To: to, HasTo: true}
		}
		for range b.N {
			for _, r := range reqs {
				_, _ = st.Verify(key, r)
				_, _ = st.Verify(key, r)
			}
			st.Reset()
		}
	})
}
