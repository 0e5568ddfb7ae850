package discover

import (
	"context"
	"fmt"

	"github.com/rtq-kit/rtq/contract"
)

// neverStatus is a from status no record has: a verify naming it cannot
// change state on a correct service (it must answer 100324, or refuse
// earlier), so discover may send it without permission to write.
const neverStatus = "__rtq_discover_never__"

// accessReadings say what the answer to the guarded verify means (the
// spec's error codes, in the order a service checks them).
var accessReadings = map[int64]string{
	100320: "not a credential record of the key's organization",
	100321: "verification is not enabled for its form or record",
	100322: "the record is not approved",
	100323: "a tpl_id/code_id mismatch",
	100327: "its verification authorization code is invalid or expired",
	100328: "the write key may not verify this form",
	100329: "identity must be completed first",
	100324: "the write key may verify it (the guarded request was refused for its from status, as it must be)",
}

// writeAccess probes, for each record read, whether the write key may
// verify its credential, with a request that names a from status no record
// has. It notes the answers; cases stay for a person to write.
// The verifies are sent one after the other: they are the only requests
// that could write.
func (d *discoverer) writeAccess(ctx context.Context, s *sink) error {
	switch {
	case d.opts.WriteKey == "":
		s.note("writes", "no --write-key: write access not probed (no verify was sent)")
		return nil
	case !d.opts.AllowWrites:
		s.note("writes", "--write-key without --allow-writes: write access not probed (no verify was sent); a service that mishandles the guarded probe could move a credential")
		return nil
	}
	for _, rc := range d.codes {
		a, err := d.c.post(ctx, contract.Verify.Name, d.opts.WriteKey, map[string]any{
			"certificate_code": rc.code, "action_type": "set_next_certificate_status", "from_certificate_status": neverStatus})
		if err != nil {
			return err
		}
		d.res.Verifies++
		what := fmt.Sprintf("code %d error_code %d: %s", a.Code, a.ErrorCode, a.Message)
		if r, ok := accessReadings[a.ErrorCode]; ok {
			what = r
		}
		if a.Code == 0 {
			what = "WARNING: the service accepted a verify from a status no record has; it may have changed state"
		}
		line := fmt.Sprintf("record %d, certificate_code %s", rc.id, rc.code)
		if rc.form != 0 {
			line += fmt.Sprintf(", form %d", rc.form)
		}
		if rc.status != "" {
			line += fmt.Sprintf(", status %s", rc.status)
		}
		s.note("writes", "%s: %s", line, what)
	}
	return nil
}
