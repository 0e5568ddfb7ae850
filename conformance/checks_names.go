package conformance

import (
	"fmt"
	"strconv"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// planVerifyNames: a request may name a status by its name or by its id
// written as a string, and a certificate by its code or by the record's
// full URL (docs/contract.md §4.2). It runs first in the write phase,
// before any case moved a code, and its probes move nothing on a correct
// service: each names the current status as from_certificate_status and as
// the target, which is 100326 (nothing would change) whatever order a
// service checks its conditions in; a service that does not read the id
// answers 100324 (from differs), one that does not read the URL 100320.
// With a reset in the profile it also makes one real move by ids, then
// resets.
func planVerifyNames(t *T) writePlan {
	c, flow, ok := t.namedCase()
	if !ok {
		t.Skipf("needs a move case with form_id and start whose flow (flows in the profile) lists status ids")
		return writePlan{}
	}
	start, target := statusByName(flow, c.Start), statusByName(flow, c.Steps[0].Expect.Status)
	if start == nil {
		t.Skipf("the flow of form %d lists no status %q", c.FormID, c.Start)
		return writePlan{}
	}
	stay := func(code, from string) map[string]any {
		return map[string]any{"certificate_code": code, "action_type": contract.ActionSetStatus,
			"from_certificate_status": from, "to_certificate_status": c.Start}
	}
	id := strconv.FormatInt(start.ID, 10)
	url := t.recordURL(c.RecordID)
	keys := t.r.caseKeys(c)
	stays := writeUnit{keys: keys, cost: 1, run: func(t *T, _ []*T) bool {
		t.wantCode(stay(c.Code, id), fmt.Sprintf("certificate %s, from_certificate_status %q (the id of the current status %s) and the current status as target", c.Code, id, c.Start), contract.ErrInvalidTarget)
		if url != "" && url != c.Code {
			t.wantCode(stay(url, c.Start), fmt.Sprintf("certificate named by its record's URL %s, the current status %s as from and target", url, c.Start), contract.ErrInvalidTarget)
		}
		return true
	}}
	if url != "" && url != c.Code {
		stays.cost = 2
	}
	if t.r.prof.Reset == "" || target == nil {
		return writePlan{units: []writeUnit{stays}}
	}
	move := writeUnit{keys: keys, cost: 1, reads: c.RecordID, run: func(t *T, _ []*T) bool {
		if err := t.fresh(); err != nil {
			t.Errorf(nil, "reset before the move by ids: %v", err)
			return true
		}
		body := map[string]any{"certificate_code": c.Code, "action_type": contract.ActionSetStatus,
			"from_certificate_status": id, "to_certificate_status": strconv.FormatInt(target.ID, 10)}
		t.labelled(fmt.Sprintf("certificate %s moved from status id %d to status id %d", c.Code, start.ID, target.ID), func() {
			t.step(c, profile.Step{Expect: profile.Expect{Status: target.Name}}, profile.RoleWrite, c.Start, t.post(contract.Verify, profile.RoleWrite, body))
		})
		t.tidy()
		return true
	}}
	return writePlan{units: []writeUnit{stays, move}}
}

// namedCase is the first move case whose flow lists its start status.
func (t *T) namedCase() (profile.Case, *profile.Flow, bool) {
	if !t.hasKey(profile.RoleWrite) {
		return profile.Case{}, nil, false
	}
	for _, c := range t.r.prof.Cases {
		if c.Kind != profile.KindMove || c.Start == "" || len(c.Steps) == 0 || c.Steps[0].Expect.Status == "" || c.Steps[0].Key != "" {
			continue
		}
		if f := t.r.prof.Flow(c.FormID); f != nil && statusByName(f, c.Start) != nil {
			return c, f, true
		}
	}
	return profile.Case{}, nil, false
}

func statusByName(f *profile.Flow, name string) *profile.Status {
	for i := range f.Statuses {
		if f.Statuses[i].Name == name {
			return &f.Statuses[i]
		}
	}
	return nil
}

// recordURL is the profile's record_url of a record ("" when unknown).
func (t *T) recordURL(id int64) string {
	for _, r := range t.r.prof.Records {
		if r.ID == id {
			return r.URL
		}
	}
	return ""
}

// wantCode sends a verify with the write key and asserts an error in
// verify's shape with error_code code.
func (t *T) wantCode(body map[string]any, what string, code int64) {
	x := t.post(contract.Verify, profile.RoleWrite, body)
	obj := t.errorAnswer(x, contract.Verify, what)
	if obj != nil && errorCode(obj) != code {
		t.Errorf(x, "%s: want error_code %d, got %d", what, code, errorCode(obj))
	}
}
