package scenarios

import (
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/scenario"
)

// clean reports whether a demo-write verify on r passes checks 3 to 9 of
// docs/contract.md §C6, so that only the status decides the answer.
func clean(r *scenario.Record) bool {
	c := r.Cert
	approved := r.Audit == nil || !r.Audit.Enabled || (r.Audit.Status != nil && *r.Audit.Status == contract.AuditApproved)
	return c != nil && r.Form.Flow.Verification && c.Verification && approved &&
		!c.IdentityRequired && !c.AuthCodeInvalid && !c.ForceFailure
}

// TestEveryVerifyErrorIsReachable finds, for each of the 12 verify error
// codes, a record (and key) of the default scenario that answers with it.
func TestEveryVerifyErrorIsReachable(t *testing.T) {
	sc := load(t)
	limited := keyBySecret(sc, "rtq-demo-limited")
	reach := map[int]bool{
		contract.ErrInvalidParams:   true, // any request without certificate_code
		contract.ErrInvalidAction:   true, // any action_type other than the two
		contract.ErrInvalidCode:     true, // a code that does not exist
		contract.ErrScopeMismatch:   true, // any clean record with another form's tpl_id
		contract.ErrNoPermission:    keyBySecret(sc, "rtq-demo-read") != nil,
		contract.ErrInvalidTarget:   false,
		contract.ErrStatusForbids:   false,
		contract.ErrNotEnabled:      false,
		contract.ErrNotApproved:     false,
		contract.ErrIdentityNeeded:  false,
		contract.ErrAuthCodeInvalid: false,
		contract.ErrVerifyFailed:    false,
	}
	formDisabled, recordDisabled, limitedOther, otherOrg := false, false, false, false
	for _, r := range sc.Records {
		c := r.Cert
		if c == nil {
			continue
		}
		if r.Org.Code == "other" {
			otherOrg = true
			continue
		}
		formDisabled = formDisabled || !r.Form.Flow.Verification
		recordDisabled = recordDisabled || (r.Form.Flow.Verification && !c.Verification)
		limitedOther = limitedOther || (limited != nil && !contains(limited.Forms, r.Form.ID))
		if r.Audit != nil && r.Audit.Status != nil && *r.Audit.Status != contract.AuditApproved && c.Verification {
			reach[contract.ErrNotApproved] = true
		}
		approvedOnly := *r
		approvedOnly.Cert = &scenario.Certificate{Status: c.Status, Verification: true}
		if !clean(&approvedOnly) {
			continue
		}
		reach[contract.ErrIdentityNeeded] = reach[contract.ErrIdentityNeeded] || c.IdentityRequired
		reach[contract.ErrAuthCodeInvalid] = reach[contract.ErrAuthCodeInvalid] || (c.AuthCodeInvalid && !c.IdentityRequired)
		reach[contract.ErrVerifyFailed] = reach[contract.ErrVerifyFailed] || (c.ForceFailure && !c.AuthCodeInvalid && !c.IdentityRequired)
		if clean(r) {
			reach[contract.ErrStatusForbids] = reach[contract.ErrStatusForbids] || c.Status.ForbidsVerification || c.Status.Terminal
			reach[contract.ErrInvalidTarget] = reach[contract.ErrInvalidTarget] || (!c.Status.Terminal && len(c.Status.Next) == 0)
		}
	}
	reach[contract.ErrNotEnabled] = formDisabled && recordDisabled
	reach[contract.ErrNoPermission] = reach[contract.ErrNoPermission] && limitedOther
	reach[contract.ErrInvalidCode] = otherOrg
	for _, e := range contract.VerifyErrors {
		if !reach[e.Code] {
			t.Errorf("no record of the default scenario reaches %d (%s)", e.Code, e.Condition)
		}
	}
}

// TestEveryMoveOfEveryFlowHasRecords: for each status with moves, enough
// clean records start there to make each move once, plus one for
// set_next_certificate_status.
func TestEveryMoveOfEveryFlowHasRecords(t *testing.T) {
	sc := load(t)
	starting := map[*scenario.Status]int{}
	for _, r := range sc.Records {
		if clean(r) {
			starting[r.Cert.Status]++
		}
	}
	flows := 0
	for _, f := range sc.Forms {
		if f.Flow == nil || !f.Flow.Verification {
			continue
		}
		flows++
		for _, st := range f.Flow.Statuses {
			if len(st.Next) == 0 || st.ForbidsVerification {
				continue
			}
			if need := len(st.Next) + 1; starting[st] < need {
				t.Errorf("form %d status %s has %d moves but %d clean records start there; want %d", f.ID, st.Name, len(st.Next), starting[st], need)
			}
		}
	}
	if flows < 2 {
		t.Errorf("%d flows with verification on; want at least 2", flows)
	}
}

func keyBySecret(sc *scenario.Scenario, secret string) *scenario.Key {
	for _, k := range sc.Keys {
		if k.Secret == secret {
			return k
		}
	}
	return nil
}

func contains(list []int64, id int64) bool {
	for _, x := range list {
		if x == id {
			return true
		}
	}
	return false
}
