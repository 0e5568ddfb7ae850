package conformance

import (
	"fmt"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

func matrixTestSubject() matrixSubject {
	flow := &profile.Flow{FormID: 7, Statuses: []profile.Status{
		{ID: 1, Name: "A", Next: []string{"B"}},
		{ID: 2, Name: "B", Next: []string{"C"}},
		{ID: 3, Name: "C", Terminal: true},
	}}
	code := int64(40)
	return matrixSubject{c: profile.Case{Code: "c1", RecordID: 9, FormID: 7, Start: "A"}, flow: flow,
		url: "https://h/r/c1", codeID: &code, cur: "B"}
}

// TestFaultRowsHaveOneFault: each fault row is a move the write key could
// make from the current status with exactly one member changed, so its
// answer does not depend on the order of verify's checks (§C6).
func TestFaultRowsHaveOneFault(t *testing.T) {
	sub := matrixTestSubject()
	for _, seed := range []uint64{1, 2, 3, DefaultSeed} {
		rows := faultRows(seed, sub, *sub.status("A"), []int64{7, 8})
		if len(rows) < 10 {
			t.Fatalf("seed %d: %d fault rows", seed, len(rows))
		}
		for _, r := range rows {
			action, _ := r.body["action_type"].(string)
			base := sub.moveBody(action, sub.next(), r.body["certificate_code"] == sub.url)
			changed := 0
			for k, v := range r.body {
				if fmt.Sprint(base[k]) != fmt.Sprint(v) {
					changed++
				}
			}
			if changed != 1 {
				t.Errorf("seed %d, %s: %d members differ from a valid move (%v)", seed, r.what, changed, r.body)
			}
		}
	}
}

// TestRefusalRowsCoverEveryValue: for each role, both actions, both
// addresses and both with and without tpl_id are sent, whatever the seed.
func TestRefusalRowsCoverEveryValue(t *testing.T) {
	sub := matrixTestSubject()
	for _, seed := range []uint64{1, 2, 3, DefaultSeed} {
		seen := map[string]bool{}
		for _, r := range (&T{}).refusalRows(seed, sub, []string{"read", "none"}) {
			_, tpl := r.body["tpl_id"]
			seen[fmt.Sprint(r.role, " ", r.body["action_type"])] = true
			seen[fmt.Sprint(r.role, " ", r.body["certificate_code"])] = true
			seen[fmt.Sprint(r.role, " tpl ", tpl)] = true
		}
		for _, role := range []string{"read", "none"} {
			for _, want := range []string{contract.ActionSetStatus, contract.ActionNextStatus, sub.c.Code, sub.url, "tpl true", "tpl false"} {
				if !seen[role+" "+want] {
					t.Errorf("seed %d: the %s key is never sent %s", seed, role, want)
				}
			}
		}
	}
}
