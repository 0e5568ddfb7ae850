package conformance

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// TestProductRowsCoverEveryPairOfForms: whatever the seed, every pair of
// optional members is sent in every pair of their forms beside a fault,
// every status the record cannot reach is a target, and the record's id
// is sent as a code; the same seed sends the same rows.
func TestProductRowsCoverEveryPairOfForms(t *testing.T) {
	sub := matrixTestSubject()
	tt := &T{r: &runner{prof: &profile.Profile{}}}
	form := func(v any) string { return fmt.Sprintf("%T", v) }
	for _, seed := range []uint64{1, 2, 3, DefaultSeed} {
		rows := tt.productRows(seed, sub, []int64{7, 8})
		if again := tt.productRows(seed, sub, []int64{7, 8}); len(again) != len(rows) {
			t.Fatalf("seed %d: %d rows, then %d", seed, len(rows), len(again))
		} else {
			for i := range rows {
				if !reflect.DeepEqual(rows[i].body, again[i].body) {
					t.Errorf("seed %d row %d: %v, then %v", seed, i, rows[i].body, again[i].body)
				}
			}
		}
		seen := map[string]bool{}
		for _, r := range rows {
			b := r.body
			switch {
			case b["action_type"] == contract.ActionSetStatus && b["to_certificate_status"] == "A",
				b["action_type"] == contract.ActionSetStatus && b["to_certificate_status"] == "1":
				seen["unreachable A"] = true
			case b["certificate_code"] == sub.c.RecordID:
				seen["id as a number"] = true
			}
			if _, ok := b["from_certificate_status"]; ok && b["action_type"] == contract.ActionSetStatus && (b["to_certificate_status"] == "B" || b["to_certificate_status"] == "2") {
				for _, m := range []string{"tpl_id", "code_id"} {
					if v, ok := b[m]; ok {
						seen[fmt.Sprint("from ", b["from_certificate_status"], " ", m, " ", form(v))] = true
					}
				}
			}
			if tpl, ok := b["tpl_id"]; ok {
				if code, ok := b["code_id"]; ok && fmt.Sprint(tpl) == "7" && fmt.Sprint(code) == "40" {
					seen[fmt.Sprint(b["action_type"], " ", form(tpl), " ", form(code))] = true
				}
			}
		}
		want := []string{"unreachable A", "id as a number"}
		for _, from := range []string{"B", "2"} {
			for _, m := range []string{"tpl_id", "code_id"} {
				for _, f := range []string{"int64", "string"} {
					want = append(want, fmt.Sprint("from ", from, " ", m, " ", f))
				}
			}
		}
		for _, a := range []string{contract.ActionSetStatus, contract.ActionNextStatus} {
			for _, f := range [][2]string{{"int64", "int64"}, {"int64", "string"}, {"string", "int64"}, {"string", "string"}} {
				want = append(want, fmt.Sprint(a, " ", f[0], " ", f[1]))
			}
		}
		for _, w := range want {
			if !seen[w] {
				t.Errorf("seed %d: no row %q", seed, w)
			}
		}
	}
}

// answerWith is a hand-made verify answer: a success when ec is 0, else
// an error with that error_code.
func answerWith(ec int64) *Exchange {
	if ec == 0 {
		return &Exchange{Doc: map[string]any{"code": json.Number("0"), "message": "ok", "data": map[string]any{}}}
	}
	return &Exchange{Doc: map[string]any{"code": json.Number("400"), "error_code": json.Number(fmt.Sprint(ec)), "message": "no"}}
}

// TestUnreachableTargetsGoBesideTheRightFrom: whatever the seed, an
// unreachable target is sent both bare and beside the right
// from_certificate_status, and either wants 100326: a target that
// answers 100324 (the from path's code) when from is sent, or moves the
// record, fails; and tpl_id a fraction whose integer part is the
// record's form wants 100301, so a target that truncates it (and moves
// the record, or answers the scope's 100323) fails.
func TestUnreachableTargetsGoBesideTheRightFrom(t *testing.T) {
	sub := matrixTestSubject()
	tt := &T{r: &runner{prof: &profile.Profile{}}}
	for _, seed := range []uint64{1, 2, 3, 4, DefaultSeed} {
		var bare, withFrom, fraction int
		for _, r := range tt.productRows(seed, sub, []int64{7, 8}) {
			b := r.body
			if to := b["to_certificate_status"]; to == "A" || to == "1" {
				if _, ok := b["tpl_id"]; ok {
					continue
				}
				from, ok := b["from_certificate_status"]
				switch {
				case !ok:
					bare++
				case from == "B" || from == "2":
					withFrom++
				default:
					continue
				}
				for _, wrong := range []int64{0, contract.ErrStatusForbids, contract.ErrInvalidParams} {
					if r.want(answerWith(wrong)) == "" {
						t.Errorf("seed %d: %v: error_code %d passes, want only 100326", seed, b, wrong)
					}
				}
				if p := r.want(answerWith(contract.ErrInvalidTarget)); p != "" {
					t.Errorf("seed %d: %v: 100326 fails: %s", seed, b, p)
				}
			}
			if n, ok := b["tpl_id"].(json.Number); ok && n.String() == "7.5" {
				fraction++
				for _, wrong := range []int64{0, contract.ErrScopeMismatch} {
					if r.want(answerWith(wrong)) == "" {
						t.Errorf("seed %d: tpl_id 7.5: error_code %d passes, want 100301", seed, wrong)
					}
				}
			}
		}
		if bare == 0 || withFrom == 0 || fraction != 1 {
			t.Errorf("seed %d: unreachable bare %d, beside the right from %d, fraction rows %d", seed, bare, withFrom, fraction)
		}
	}
}

// TestRefusalsCarryTheRecordsOwnScope: every key that may not move the
// record is sent, every run, a move with the record's own code_id and one
// without: a target that lets the right scope stand for write permission
// (a read key moving a credential whose code_id it names) answers the
// row with a success, which fails.
func TestRefusalsCarryTheRecordsOwnScope(t *testing.T) {
	sub := matrixTestSubject()
	tt := &T{r: &runner{prof: &profile.Profile{}}}
	roles := []string{"none", "bad", profile.RoleRead, profile.RoleOtherOrg, profile.RoleLimited}
	for _, seed := range []uint64{1, 2, 3, 4, DefaultSeed} {
		with, without := map[string]bool{}, map[string]bool{}
		for _, r := range tt.refusalRows(seed, sub, roles, stateMovedByWrite) {
			if r.body["code_id"] == int64(40) {
				with[r.role] = true
			} else {
				without[r.role] = true
			}
			if r.want(answerWith(0)) == "" {
				t.Errorf("seed %d: the %s key's %v: a success passes", seed, r.role, r.body)
			}
		}
		for _, role := range roles {
			if !with[role] || !without[role] {
				t.Errorf("seed %d: the %s key: with code_id %v, without %v", seed, role, with[role], without[role])
			}
		}
	}
}
