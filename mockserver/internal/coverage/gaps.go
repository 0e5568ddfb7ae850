package coverage

import (
	"strconv"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/scenario"
)

// What the scenario served can produce. A client can meet only what the
// scenario holds: an entry it cannot produce, whatever the client sends,
// is a gap of the scenario, named unreachable, not one of the tests.

// gapsOf are the entries (full ids, and field type names) no call can
// meet against sc.
func gapsOf(sc *scenario.Scenario) map[string]bool {
	gaps := map[string]bool{}
	shape := func(ep contract.Endpoint, id string) string { return ep.Name + " " + id }
	for _, id := range []string{shapeMasked, shapeNoForm} {
		gaps[shape(contract.GetRecord, id)] = true
	}
	for _, ft := range contract.FieldTypes {
		gaps[ft.Name] = true
	}
	for _, rec := range sc.Records {
		if rec.Form == nil {
			delete(gaps, shape(contract.GetRecord, shapeNoForm))
		}
		for _, g := range rec.Groups {
			for _, f := range g.Fields {
				delete(gaps, f.Type)
				if f.Masked {
					delete(gaps, shape(contract.GetRecord, shapeMasked))
				}
			}
		}
	}
	for id, can := range verifyReach(sc) {
		if !can {
			gaps[id] = true
		}
	}
	return gaps
}

// verifyReach says, for the verify answers only some scenarios can give,
// whether sc can: a refusal needs a certificate in its situation (docs/contract.md §C6).
func verifyReach(sc *scenario.Scenario) map[string]bool {
	v := func(e contract.ErrorCode) string {
		return contract.Verify.Name + " " + strconv.Itoa(e.Code) + "/" + strconv.Itoa(e.Status)
	}
	row := func(code int) string {
		e, _ := contract.VerifyError(code)
		return v(e)
	}
	can := map[string]bool{}
	for _, code := range []int{contract.ErrVerifyFailed, contract.ErrNotEnabled, contract.ErrNotApproved, contract.ErrScopeMismatch,
		contract.ErrStatusForbids, contract.ErrInvalidTarget, contract.ErrAuthCodeInvalid, contract.ErrNoPermission, contract.ErrIdentityNeeded} {
		can[row(code)] = false
	}
	can[v(contract.NoWriteScopeError)] = false
	can[contract.Verify.Name+" a certificate moved"] = false
	for _, k := range sc.Keys {
		can[row(contract.ErrNoPermission)] = can[row(contract.ErrNoPermission)] || k.Forms != nil
		can[v(contract.NoWriteScopeError)] = can[v(contract.NoWriteScopeError)] || !k.Write
	}
	for _, rec := range sc.Records {
		c := rec.Cert
		if c == nil || rec.Form == nil || rec.Form.Flow == nil {
			continue
		}
		for _, code := range []int{contract.ErrScopeMismatch, contract.ErrStatusForbids, contract.ErrInvalidTarget} {
			can[row(code)] = true
		}
		can[row(contract.ErrVerifyFailed)] = can[row(contract.ErrVerifyFailed)] || c.ForceFailure
		can[row(contract.ErrNotEnabled)] = can[row(contract.ErrNotEnabled)] || !c.Verification || !rec.Form.Flow.Verification
		a := rec.Audit
		can[row(contract.ErrNotApproved)] = can[row(contract.ErrNotApproved)] || a != nil && a.Enabled && (a.Status == nil || *a.Status != contract.AuditApproved)
		can[row(contract.ErrAuthCodeInvalid)] = can[row(contract.ErrAuthCodeInvalid)] || c.AuthCodeInvalid
		can[row(contract.ErrIdentityNeeded)] = can[row(contract.ErrIdentityNeeded)] || c.IdentityRequired
		for _, st := range rec.Form.Flow.Statuses {
			if len(st.Next) > 0 && !st.ForbidsVerification {
				can[contract.Verify.Name+" a certificate moved"] = true
			}
		}
	}
	return can
}
