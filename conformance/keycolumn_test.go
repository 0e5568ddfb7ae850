package conformance

import (
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// TestKeyColumnGivesEveryKeyACell: over a product's cells, every key of
// ours gets some whatever the seed, the read key among them, and the
// same seed the same ones; other turns over the keys besides the read key.
func TestKeyColumnGivesEveryKeyACell(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3, DefaultSeed} {
		tt := &T{r: &runner{keys: profile.Keys{Read: "r", Write: "w", Limited: "l"}, opts: Options{Seed: seed}}}
		k := tt.keyColumn("test")
		all, others := map[string]bool{}, map[string]bool{}
		for i := range 3 {
			all[k.at(i)] = true
			others[k.other(i)] = true
		}
		if !all[profile.RoleRead] || !all[profile.RoleWrite] || !all[profile.RoleLimited] {
			t.Errorf("seed %d: three cells go to %v, want every key", seed, all)
		}
		if others[profile.RoleRead] || !others[profile.RoleWrite] || !others[profile.RoleLimited] {
			t.Errorf("seed %d: other keys %v", seed, others)
		}
		if again := tt.keyColumn("test"); again.turn != k.turn {
			t.Errorf("seed %d: turn %d, then %d", seed, k.turn, again.turn)
		}
	}
}

// TestLimitedKeyIsHeldToEveryConditionOnItsForm: the fault rows by the
// limited key, from the record's start, keep every fault (none says
// from_certificate_status the status it is in), go with the limited key,
// and fail a hand-made answer of a scoped path that ignores the fault
// (a success) or answers the next action 100325.
func TestLimitedKeyIsHeldToEveryConditionOnItsForm(t *testing.T) {
	sub := matrixTestSubject()
	sub.cur = "A"
	start := *sub.status("A")
	for _, seed := range []uint64{1, 2, DefaultSeed} {
		rows := byRole(faultRows(seed, sub, start, []int64{7, 8}), profile.RoleLimited, start)
		if len(rows) < 8 {
			t.Fatalf("seed %d: %d rows", seed, len(rows))
		}
		next := 0
		for _, r := range rows {
			if r.role != profile.RoleLimited {
				t.Errorf("seed %d: %s goes with the %s key", seed, r.what, r.role)
			}
			if f := r.body["from_certificate_status"]; f == "A" || f == "1" {
				t.Errorf("seed %d: %s: from the status it is in is no fault", seed, r.what)
			}
			if r.want(answerWith(0)) == "" {
				t.Errorf("seed %d: %s: a success passes", seed, r.what)
			}
			if r.body["action_type"] == contract.ActionNextStatus {
				next++
				if r.want(answerWith(contract.ErrInvalidAction)) == "" {
					t.Errorf("seed %d: %s: 100325 passes", seed, r.what)
				}
			}
		}
		if next == 0 {
			t.Errorf("seed %d: no row under set_next_certificate_status", seed)
		}
	}
}
