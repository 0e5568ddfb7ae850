package mockserver

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/jsonw"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
	"github.com/rtq-kit/rtq/scenario"
)

// The one place where an error becomes an answer: the endpoint's error
// shape (contract-notes 3) and the HTTP status line (contract-notes 1).

// statusPerCode lists the body codes whose HTTP status line mirrors them;
// 5xx mirror too. Anything else is HTTP 200.
var statusPerCode = map[int]bool{400: true, 401: true, 403: true, 404: true, 405: true, 413: true, 429: true}

// httpStatus is the status line of an answer whose body code is code.
func httpStatus(mode scenario.HTTPStatusMode, code int) int {
	if mode == scenario.StatusAlways200 {
		return 200
	}
	if statusPerCode[code] || (code >= 500 && code <= 599) {
		return code
	}
	return 200
}

// internalError is what a client sees for anything unexpected; the cause
// is logged in full, never sent.
var internalError = &state.Error{Code: 500, ErrorCode: contract.ErrSystem, Message: state.MsgSystem,
	Detail: "the mock failed unexpectedly; the server log has the cause"}

// internalCodes is the body code of an unexpected failure where the spec
// gives one: its getFormList example is 400/100300 "System error". Other
// endpoints answer 500.
var internalCodes = map[string]*state.Error{
	contract.GetFormList.Name: {Code: 400, ErrorCode: contract.ErrSystem, Message: state.MsgSystem, Detail: internalError.Detail},
}

// writeError answers err in the shape of the call's endpoint.
func (s *Server) writeError(c *call, err error) {
	var e *state.Error
	if !errors.As(err, &e) {
		s.logf("internal error on %s %s: %v", c.r.Method, c.r.URL.Path, err)
		e = internalError
	}
	shape := contract.ShapeFull
	if c.ep != nil {
		shape = c.ep.Shape
		if alt := internalCodes[c.ep.Name]; e == internalError && alt != nil {
			e = alt
		}
	}
	c.write(httpStatus(c.st.HTTPStatus(), e.Code), e.Code, appendError(c.out[:0], shape, e))
}

// appendError renders e in one of the three error shapes. message_detail is
// always sent, also where the shape makes it optional.
func appendError(dst []byte, shape contract.ErrorShape, e *state.Error) []byte {
	dst = append(dst, `{"code":`...)
	dst = strconv.AppendInt(dst, int64(e.Code), 10)
	if shape == contract.ShapeFull {
		dst = append(dst, `,"error_code":`...)
		dst = strconv.AppendInt(dst, int64(e.ErrorCode), 10)
	}
	dst = append(dst, `,"message":`...)
	dst = jsonw.AppendString(dst, e.Message)
	if shape != contract.ShapeFull {
		dst = append(dst, `,"data":{}`...)
	}
	if shape == contract.ShapeVerify {
		dst = append(dst, `,"error_code":`...)
		dst = strconv.AppendInt(dst, int64(e.ErrorCode), 10)
	}
	dst = append(dst, `,"message_detail":`...)
	dst = jsonw.AppendString(dst, e.Detail)
	return append(dst, '}')
}

// Transport errors (contract-notes 10), in every shape the same values.
func errUnauthorized(detail string) *state.Error {
	return &state.Error{Code: 401, ErrorCode: contract.ErrUnauthorized, Message: state.MsgUnauthorized, Detail: detail}
}

func errForbidden(ep *contract.Endpoint, detail string) *state.Error {
	if ep != nil && ep.Write {
		return &state.Error{Code: 403, ErrorCode: contract.ErrNoPermission, Message: "No permission to verify this certificate", Detail: detail}
	}
	return &state.Error{Code: 403, ErrorCode: contract.ErrForbidden, Message: state.MsgForbidden, Detail: detail}
}

func errMethod(method string) *state.Error {
	return &state.Error{Code: 405, ErrorCode: contract.ErrMethod, Message: state.MsgMethod,
		Detail: fmt.Sprintf("method %s is not allowed; every endpoint takes POST", state.Quote(method))}
}

var errTooLarge = &state.Error{Code: 413, ErrorCode: contract.ErrInvalidParams, Message: state.MsgTooLarge,
	Detail: "the request body is larger than 1048576 bytes"}

func errNoPath(path string) *state.Error {
	return &state.Error{Code: 404, ErrorCode: contract.ErrNotFound, Message: state.MsgNoPath,
		Detail: "no endpoint at " + state.Quote(path) + "; endpoints live under " + contract.PathPrefix}
}
