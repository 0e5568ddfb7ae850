package chain

import (
	"encoding/json"
	"errors"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/mockserver/internal/wire"
)

// Error answers err in the shape of the call's endpoint. Errors are
// *fail.Error values, built in mockserver/internal/wire from contract's
// tables; anything else is unexpected: its cause is logged, and the client
// gets fail.Internal.
func (c *Call) Error(err error) {
	var e *fail.Error
	if !errors.As(err, &e) {
		if c.Log != nil {
			c.Log("internal error on %s %s: %v", c.R.Method, c.R.URL.Path, err)
		}
		e = fail.Internal
	}
	c.Seen.ErrorCode = e.ErrorCode
	shape := contract.ShapeFull
	rules := c.St.ErrorRules()
	if c.Ep != nil {
		shape = c.Ep.Shape
		if e == fail.Internal {
			e = fail.InternalOf(c.Ep.Name)
			c.Seen.ErrorCode = e.ErrorCode
		}
		if a, ok := rules.CaughtFor(c.Ep.Name, e.Situation); ok {
			c.Write(a.Status, a.Code, a.Body) // as the recorded service answered
			return
		}
	}
	name := ""
	if c.Ep != nil {
		name = c.Ep.Name
	}
	c.Write(wire.StatusOf(rules, e), e.Code, wire.AppendErrorIn(c.Out[:0], shape, rules, name, e))
}

// AdminJSON answers v as JSON: the admin API's success shape.
func AdminJSON(c *Call, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		AdminError(c, contract.AdminInternal, "encode answer: "+err.Error())
		return
	}
	c.Write(status, 0, b)
}

// AdminError answers msg in the admin API's error shape, {"error": msg},
// with the status of row, a row of contract.AdminErrors.
func AdminError(c *Call, row contract.ErrorCode, msg string) {
	e := fail.Admin(row, msg)
	c.Write(wire.Status(c.St.ErrorRules(), e), e.Code, wire.AppendAdminError(c.Out[:0], e))
}
