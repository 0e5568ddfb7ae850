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
	for seed := range uint64(40) {
		seen := map[string]bool{}
		for _, r := range (&T{}).refusalRows(seed, sub, []string{"read", "none"}, stateMovedByWrite) {
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

// TestRefusalRowsCoverEveryPair: over the keys that may not move a
// credential, every pair of values of two factors of a refused move (the
// key, the move and its target's form, the address, tpl_id, code_id) is
// sent, whatever the seed: a service that checks a key on one path and
// not another (a status by id, a host in capitals) meets the pair it
// lets through.
func TestRefusalRowsCoverEveryPair(t *testing.T) {
	sub := matrixTestSubject()
	roles := []string{"none", "bad", profile.RoleRead, profile.RoleOtherOrg, profile.RoleLimited}
	for seed := range uint64(40) {
		rows := (&T{}).refusalRows(seed, sub, roles, stateMovedByWrite)
		want := 0
		for _, role := range roles {
			want += refusalsOf(role)
		}
		if len(rows) != want {
			t.Fatalf("seed %d: %d rows, want %d", seed, len(rows), want)
		}
		seen := map[string]bool{}
		for _, r := range rows {
			move := fmt.Sprint(r.body["action_type"])
			if to, _ := r.body["to_certificate_status"].(string); to != "" {
				move += " " + formName(to == sub.next())
			}
			address := map[bool]string{true: "code", false: "url"}[r.body["certificate_code"] == sub.c.Code]
			if r.body["certificate_code"] == "HTTPS://H/r/c1" {
				address = "url capitals"
			}
			_, tpl := r.body["tpl_id"]
			_, code := r.body["code_id"]
			f := []string{"key " + r.role, "move " + move, "address " + address, fmt.Sprint("tpl ", tpl), fmt.Sprint("code ", code)}
			for i := range f {
				for j := i + 1; j < len(f); j++ {
					seen[f[i]+" / "+f[j]] = true
				}
			}
			if r.want(answerWith(0)) == "" {
				t.Errorf("seed %d: the %s key's %v: a success passes", seed, r.role, r.body)
			}
		}
		values := [][]string{nil, {"move set_certificate_status by name", "move set_certificate_status by id", "move set_next_certificate_status"},
			{"address code", "address url", "address url capitals"}, {"tpl true", "tpl false"}, {"code true", "code false"}}
		for _, role := range roles {
			values[0] = append(values[0], "key "+role)
		}
		for i := range values {
			for j := i + 1; j < len(values); j++ {
				for _, a := range values[i] {
					for _, b := range values[j] {
						if !seen[a+" / "+b] {
							t.Errorf("seed %d: no refused move has %s and %s", seed, a, b)
						}
					}
				}
			}
		}
	}
}

// TestRefusalRowsTakeEveryPathOfKnownKeys: a key the service knows (the
// read key, the limited key, another organization's) is sent each action
// by the code and by the URL on every run, whatever the seed: a service
// that checks write permission in one handler (a scan by URL) and not in
// another (set_certificate_status by code) is met on its open path.
func TestRefusalRowsTakeEveryPathOfKnownKeys(t *testing.T) {
	sub := matrixTestSubject()
	roles := []string{"none", "bad", profile.RoleRead, profile.RoleOtherOrg, profile.RoleLimited}
	for seed := range uint64(60) {
		seen := map[string]bool{}
		forms := map[string]bool{}
		for _, r := range (&T{}).refusalRows(seed, sub, roles, stateFresh) {
			address := "code"
			if r.body["certificate_code"] != sub.c.Code {
				address = "URL"
			}
			seen[fmt.Sprint(r.role, " ", r.body["action_type"], " by ", address)] = true
			if to, _ := r.body["to_certificate_status"].(string); to != "" {
				forms[r.role+" "+formName(to == sub.next())] = true
			}
		}
		for _, role := range []string{profile.RoleRead, profile.RoleOtherOrg, profile.RoleLimited} {
			for _, action := range []string{contract.ActionSetStatus, contract.ActionNextStatus} {
				for _, address := range []string{"code", "URL"} {
					if !seen[fmt.Sprint(role, " ", action, " by ", address)] {
						t.Errorf("seed %d: the %s key is never sent %s by %s", seed, role, action, address)
					}
				}
			}
			for _, f := range []string{"by name", "by id"} {
				if !forms[role+" "+f] {
					t.Errorf("seed %d: the %s key never names its target %s", seed, role, f)
				}
			}
		}
	}
}
