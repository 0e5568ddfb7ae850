package state

import (
	"slices"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/answer"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/scenario"
)

// The certificate flow (docs/contract.md §3.1 and §4.2, docs/contract.md §C6): verify's
// checks in their order, and the status transitions they allow. target
// picks the status a request moves to; move makes the move and records the
// state change that getRecord shows from then on.

// VerifyRequest is a decoded verify body; the Has* flags tell absent from
// zero. Types were checked by the decoder.
type VerifyRequest struct {
	Code, Action, To, From string
	HasCode, HasAction     bool
	HasTo, HasFrom         bool
	TplID, CodeID          int64
	HasTplID, HasCodeID    bool
}

// certStateName is the state name of the StateChange a verify appends
// (docs/contract.md §C10).
const certStateName = "证书状态"

// Verify runs the checks of docs/contract.md §C6 in their order (check 1, the
// key, is the server's); checks 10 to 12 and the move are one atomic step
// of the state's Certs, so of concurrent moves from one status exactly one
// wins and the others see the new status.
func (st *State) Verify(key *scenario.Key, req VerifyRequest) (Verified, error) {
	if err := checkVerifyParams(req); err != nil {
		return Verified{}, err
	}
	e, err := st.verifiable(key, req)
	if err != nil {
		return Verified{}, err
	}
	to, err := st.certs.Move(e.src, req)
	if err != nil {
		return Verified{}, err
	}
	r := e.src
	return Verified{Rec: r, To: to, Message: st.message(contract.Verify.Name),
		Shown: answer.Verified{RecordID: r.ID, OrgID: r.Org.ID, SubmitAt: r.SubmitAt, Number: r.Number, Status: to.Name}}, nil
}

// checkVerifyParams is check 2: presence, then the action's value.
func checkVerifyParams(req VerifyRequest) error {
	switch {
	case !req.HasCode || strings.TrimSpace(req.Code) == "":
		return fail.Param("certificate_code is required and must be a non-empty string")
	case !req.HasAction || req.Action == "":
		return fail.Param("action_type is required: %s or %s", contract.ActionSetStatus, contract.ActionNextStatus)
	case req.Action != contract.ActionSetStatus && req.Action != contract.ActionNextStatus:
		return fail.Verify(contract.ErrInvalidAction, "action_type must be "+contract.ActionSetStatus+" or "+contract.ActionNextStatus+", got "+fail.Quote(req.Action))
	case req.Action == contract.ActionSetStatus && (!req.HasTo || req.To == ""):
		return fail.Param("to_certificate_status is required when action_type is %s", contract.ActionSetStatus)
	}
	return nil
}

// verifiable runs checks 3 to 9, which do not depend on the current status.
func (st *State) verifiable(key *scenario.Key, req VerifyRequest) (*recordEntry, error) {
	rec := st.certRecord(req.Code)
	if rec == nil || rec.src.Cert == nil || !sameOrg(key, rec.src.Org) {
		return nil, fail.Verify(contract.ErrInvalidCode, "certificate_code does not name a credential record visible to this key")
	}
	src := rec.src
	if key.Forms != nil && (src.Form == nil || !slices.Contains(key.Forms, src.Form.ID)) {
		return nil, fail.Verify(contract.ErrNoPermission, "this key may verify only the certificates of its own forms")
	}
	if src.Form == nil || src.Form.Flow == nil || src.Cert.Status == nil {
		return nil, fail.Verify(contract.ErrInvalidAction, "the form of this certificate has no certificate flow")
	}
	if !src.Form.Flow.Verification || !src.Cert.Verification {
		return nil, fail.Verify(contract.ErrNotEnabled, "verification is disabled for this form or certificate")
	}
	if a := src.Audit; a != nil && a.Enabled && (a.Status == nil || *a.Status != contract.AuditApproved) {
		return nil, fail.Verify(contract.ErrNotApproved, "the record has not been approved in review")
	}
	if (req.HasTplID && req.TplID != src.Form.ID) || (req.HasCodeID && (src.QRCode == nil || req.CodeID != src.QRCode.ID)) {
		return nil, fail.Verify(contract.ErrScopeMismatch, "the certificate does not belong to the given tpl_id/code_id")
	}
	if src.Cert.IdentityRequired {
		return nil, fail.Verify(contract.ErrIdentityNeeded, "identity information must be completed before verification")
	}
	if src.Cert.AuthCodeInvalid {
		return nil, fail.Verify(contract.ErrAuthCodeInvalid, "the verification authorization code is invalid or expired")
	}
	return rec, nil
}

// target runs checks 10 and 11 against the current status.
func target(flow *scenario.Flow, cur *scenario.Status, req VerifyRequest) (*scenario.Status, error) {
	if req.HasFrom && req.From != "" && flow.StatusByRef(req.From) != cur {
		return nil, fail.Verify(contract.ErrStatusForbids, "the current certificate status is not from_certificate_status")
	}
	if cur.ForbidsVerification {
		return nil, fail.Verify(contract.ErrStatusForbids, "the current certificate status does not allow verification")
	}
	if req.Action == contract.ActionNextStatus {
		if cur.Terminal {
			return nil, fail.Verify(contract.ErrStatusForbids, "the certificate flow is finished")
		}
		if len(cur.Next) == 0 {
			return nil, fail.Verify(contract.ErrInvalidTarget, "the current certificate status has no next status")
		}
		return cur.Next[0], nil
	}
	to := flow.StatusByRef(req.To)
	switch {
	case to == nil:
		return nil, fail.Verify(contract.ErrInvalidTarget, "to_certificate_status names no status of this certificate's flow")
	case to == cur:
		return nil, fail.Verify(contract.ErrInvalidTarget, "the certificate is already in to_certificate_status")
	case !slices.Contains(cur.Next, to):
		return nil, fail.Verify(contract.ErrInvalidTarget, "to_certificate_status is not reachable from the current status")
	}
	return to, nil
}
