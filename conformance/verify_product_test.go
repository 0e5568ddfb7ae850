package conformance

import (
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
