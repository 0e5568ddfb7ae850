package conformance

import (
	"github.com/rtq-kit/rtq/contract"
)

func verifyCheck(id, section string, sev Severity, ph phase, run func(t *T)) Check {
	return Check{ID: id, Endpoint: contract.Verify.Name, Section: section, Severity: sev, phase: ph, run: run}
}

// verifyReadChecks are verify probes that cannot change state on any
// target: parameters are missing or invalid, the code does not exist, or
// the request asserts a current status no record has (neverStatus).
func verifyReadChecks() []Check {
	return []Check{
		verifyCheck("verify.params.missingCode", "7", Must, phaseRead, checkVerifyMissingCode),
		verifyCheck("verify.params.missingTo", "7", Must, phaseRead, checkVerifyMissingTo),
		verifyCheck("verify.params.badAction", "7", Must, phaseRead, checkVerifyBadAction),
		verifyCheck("verify.params.badTplId", "7", Must, phaseRead, checkVerifyBadTplID),
		verifyCheck("verify.unknownCode", "7", Must, phaseRead, checkVerifyUnknownCode),
	}
}

// probeTarget is a certificate code for read-only probes: the first case
// that starts with a successful move, so that a missing or invalid
// parameter is the only thing wrong with the request.
func (t *T) probeTarget() string {
	for _, c := range t.r.prof.Cases {
		if len(c.Steps) > 0 && c.Steps[0].Expect.Status != "" {
			return c.Code
		}
	}
	return probeCode
}

// verifyError sends a verify probe with the write key and asserts an error
// in verify's shape with one of the codes.
func (t *T) verifyError(what string, body map[string]any, codes ...int64) {
	if !t.hasKey("write") {
		t.Skipf("needs a write key (--write-key or keys.write)")
		return
	}
	x := t.post(contract.Verify, "write", body)
	obj := t.errorAnswer(x, contract.Verify, what)
	if obj == nil {
		return
	}
	ec := errorCode(obj)
	for _, c := range codes {
		if ec == c {
			return
		}
	}
	t.Errorf(x, "%s: want error_code %v, got %d", what, codes, ec)
}

func checkVerifyMissingCode(t *T) {
	t.verifyError("certificate_code missing", map[string]any{
		"action_type": contract.ActionNextStatus, "from_certificate_status": neverStatus,
	}, contract.ErrInvalidParams)
}

func checkVerifyMissingTo(t *T) {
	t.verifyError("set_certificate_status without to_certificate_status", map[string]any{
		"certificate_code": t.probeTarget(), "action_type": contract.ActionSetStatus, "from_certificate_status": neverStatus,
	}, contract.ErrInvalidParams)
}

func checkVerifyBadAction(t *T) {
	t.verifyError("action_type not one of the two", map[string]any{
		"certificate_code": t.probeTarget(), "action_type": "rtq_conform_no_such_action", "from_certificate_status": neverStatus,
	}, contract.ErrInvalidAction, contract.ErrInvalidParams)
}

func checkVerifyBadTplID(t *T) {
	t.verifyError("tpl_id not an integer", map[string]any{
		"certificate_code": t.probeTarget(), "action_type": contract.ActionNextStatus, "tpl_id": "abc", "from_certificate_status": neverStatus,
	}, contract.ErrInvalidParams)
}

func checkVerifyUnknownCode(t *T) {
	t.verifyError("unknown certificate_code", map[string]any{
		"certificate_code": probeCode, "action_type": contract.ActionNextStatus, "from_certificate_status": neverStatus,
	}, contract.ErrInvalidCode)
}
