package derive

import (
	"slices"
	"strconv"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/scenario"
)

// The error cases of a derived profile: one case per condition row of the
// contract's verify tables (docs/contract.md §3.1 and §7) the scenario can reach, not one
// per error code, so that a code several conditions give (100324: the
// status forbids, the flow is finished, from_certificate_status differs) is
// tried for each of them. Each case breaks one condition on a record that
// keeps all the others, so its expected code holds whatever order a target
// checks conditions in (that order is the kit's choice).

// unknownStatus names no status of any flow.
const unknownStatus = "rtq-conform-no-such-status"

// errorRow is one condition row: its name (in the case name), the code it
// gives, the record it is tried on and the step that breaks it.
type errorRow struct {
	name string
	code int
	rec  *scenario.Record
	step profile.Step
}

// errorCases adds one case per reachable row, in the tables' order.
func (b *profileBuilder) errorCases() {
	for _, row := range b.errorRows() {
		if row.rec == nil {
			continue
		}
		row.step.Expect = profile.Expect{ErrorCode: row.code}
		c := newCase("error-"+strconv.Itoa(row.code)+"-"+row.name, profile.KindError, row.rec)
		c.Steps = []profile.Step{row.step}
		b.add(c)
	}
}

func (b *profileBuilder) errorRows() []errorRow {
	rows := b.recordRows()
	r := b.withNext()
	if r == nil {
		return rows
	}
	st := r.Cert.Status
	move := anyMove(r)
	from := move
	from.From = otherStatus(r)
	tpl := move
	otherForm := b.otherFormID(r.Form.ID)
	tpl.TplID = &otherForm
	code := move
	otherQR := b.otherQRCodeID(r)
	code.CodeID = &otherQR
	rows = append(rows,
		errorRow{"missing-target", contract.ErrInvalidParams, r, profile.Step{Action: contract.ActionSetStatus}},
		errorRow{"unknown-action", contract.ErrInvalidAction, r, profile.Step{Action: "rtq_conform_no_such_action"}},
		errorRow{"tpl-id", contract.ErrScopeMismatch, r, tpl},
		errorRow{"code-id", contract.ErrScopeMismatch, r, code},
		errorRow{"from-differs", contract.ErrStatusForbids, ifSet(r, from.From), from},
		errorRow{"unknown-target", contract.ErrInvalidTarget, r, profile.Step{Action: contract.ActionSetStatus, To: unknownStatus}},
		errorRow{"unreachable-target", contract.ErrInvalidTarget, ifSet(r, unreachable(r)), profile.Step{Action: contract.ActionSetStatus, To: unreachable(r)}},
		errorRow{"same-status", contract.ErrInvalidTarget, r, profile.Step{Action: contract.ActionSetStatus, To: st.Name}},
	)
	if lr := b.outsideLimited(); lr != nil {
		mv := anyMove(lr)
		mv.Key = profile.RoleLimited
		rows = append(rows, errorRow{"limited-key", contract.ErrNoPermission, lr, mv})
	}
	return rows
}

// recordRows are the rows a record's own switches and status give: the
// first record of each, tried with a move that is otherwise valid.
func (b *profileBuilder) recordRows() []errorRow {
	names := map[int]string{
		contract.ErrNotApproved: "not-approved", contract.ErrIdentityNeeded: "identity",
		contract.ErrAuthCodeInvalid: "auth-code", contract.ErrVerifyFailed: "generic-failure",
	}
	done := map[string]bool{}
	var rows []errorRow
	for _, r := range b.credentials() {
		code, name := blocker(r), ""
		switch {
		case code == contract.ErrNotEnabled && !r.Form.Flow.Verification:
			name = "form-disabled"
		case code == contract.ErrNotEnabled:
			name = "record-disabled"
		case code != 0:
			name = names[code]
		case r.Cert.Status.ForbidsVerification:
			code, name = contract.ErrStatusForbids, "status-forbids"
		}
		if name == "" || done[name] {
			rows = append(rows, b.nextRow(r, done)...)
			continue
		}
		done[name] = true
		rows = append(rows, errorRow{name, code, r, anyMove(r)})
	}
	return rows
}

// nextRow gives the rows of set_next_certificate_status on a clean record
// whose status allows verification: the flow finished at a terminal status
// (100324), no next status at another one that has no move (100326).
func (b *profileBuilder) nextRow(r *scenario.Record, done map[string]bool) []errorRow {
	st := r.Cert.Status
	if blocker(r) != 0 || st.ForbidsVerification {
		return nil
	}
	name, code := "", 0
	switch {
	case st.Terminal:
		name, code = "flow-finished", contract.ErrStatusForbids
	case len(st.Next) == 0:
		name, code = "no-next", contract.ErrInvalidTarget
	}
	if name == "" || done[name] {
		return nil
	}
	done[name] = true
	return []errorRow{{name, code, r, profile.Step{Action: contract.ActionNextStatus}}}
}

// withNext is the first clean credential whose status allows a move.
func (b *profileBuilder) withNext() *scenario.Record {
	for _, r := range b.credentials() {
		if blocker(r) == 0 && len(r.Cert.Status.Next) > 0 && !r.Cert.Status.ForbidsVerification {
			return r
		}
	}
	return nil
}

// ifSet returns r when the row could be built (s not empty).
func ifSet(r *scenario.Record, s string) *scenario.Record {
	if s == "" {
		return nil
	}
	return r
}

// unreachable names a status of r's flow that is neither its current
// status nor one move away; "" when every status is.
func unreachable(r *scenario.Record) string {
	near := map[*scenario.Status]bool{r.Cert.Status: true}
	for _, n := range r.Cert.Status.Next {
		near[n] = true
	}
	for _, s := range r.Form.Flow.Statuses {
		if !near[s] {
			return s.Name
		}
	}
	return ""
}

// otherStatus names a status of the record's flow other than its current one.
func otherStatus(r *scenario.Record) string {
	for _, s := range r.Form.Flow.Statuses {
		if s != r.Cert.Status {
			return s.Name
		}
	}
	return ""
}

// otherFormID is the id of another form of the scenario (one past the
// form's own when there is none).
func (b *profileBuilder) otherFormID(id int64) int64 {
	for _, f := range b.s.Forms {
		if f.ID != id {
			return f.ID
		}
	}
	return id + 1
}

// otherQRCodeID is the id of a QR code that is not the record's.
func (b *profileBuilder) otherQRCodeID(r *scenario.Record) int64 {
	own := int64(0)
	if r.QRCode != nil {
		own = r.QRCode.ID
	}
	for _, q := range b.s.QRCodes {
		if q.ID != own {
			return q.ID
		}
	}
	return own + 1
}

// outsideLimited is a clean credential the limited key may not verify.
func (b *profileBuilder) outsideLimited() *scenario.Record {
	if b.limited == nil {
		return nil
	}
	for _, r := range b.credentials() {
		if blocker(r) == 0 && !r.Cert.Status.ForbidsVerification && !slices.Contains(b.limited.Forms, r.Form.ID) {
			return r
		}
	}
	return nil
}
