package conformance

import (
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// TestErrorStepsGoBareAndBesideTheirScope: an error step of a condition
// both actions check (the identity, 100329) is sent, every run, once
// bare and once beside the record's own tpl_id (on the step or on its
// mirror, as the seed picks), so a target whose scoped path skips the
// condition moves the record on one of them; a step that names its own
// scope is sent as written.
func TestErrorStepsGoBareAndBesideTheirScope(t *testing.T) {
	flow := matrixTestSubject().flow
	identity := profile.Case{Name: "identity", Code: "c9", RecordID: 9, FormID: 7, Start: "A", Kind: profile.KindError,
		Steps: []profile.Step{{Action: contract.ActionNextStatus, Expect: profile.Expect{ErrorCode: contract.ErrIdentityNeeded}}}}
	for _, seed := range []uint64{1, 2, 3, 4, DefaultSeed} {
		r := &runner{prof: &profile.Profile{Flows: []profile.Flow{*flow}}, opts: Options{Seed: seed}}
		as := r.both(identity, identity.Steps[0], profile.RoleWrite, "A").attempts()
		if len(as) < 2 {
			t.Fatalf("seed %d: %d attempts, want the step and its mirror", seed, len(as))
		}
		scoped, bare := 0, 0
		for _, a := range as[:2] {
			body := a.body.(map[string]any)
			if body["tpl_id"] == int64(7) {
				scoped++
			} else if _, ok := body["tpl_id"]; !ok {
				bare++
			}
		}
		if scoped != 1 || bare != 1 {
			t.Errorf("seed %d: %d attempts with the record's tpl_id, %d bare; want one each", seed, scoped, bare)
		}
		own := identity
		tpl := int64(8)
		own.Steps = []profile.Step{{Action: contract.ActionNextStatus, TplID: &tpl, Expect: profile.Expect{ErrorCode: contract.ErrScopeMismatch}}}
		for _, a := range r.both(own, own.Steps[0], profile.RoleWrite, "A").attempts() {
			if body := a.body.(map[string]any); body["tpl_id"] != int64(8) {
				t.Errorf("seed %d: a step with its own tpl_id sent with %v", seed, body["tpl_id"])
			}
		}
	}
}
