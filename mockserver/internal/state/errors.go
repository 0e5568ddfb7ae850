// Package state is the mock's domain: the state built from a scenario, the
// five operations as plain methods, the rendering of every answer body and
// the page tokens. It knows nothing of HTTP: handlers decode a request into
// plain values, call a method here and write what it returns.
package state

import (
	"fmt"

	"github.com/rtq-kit/rtq/contract"
)

// Error is the one error type of the spec's error tables (spec 7 and
// contract-notes 4 and 10). The server maps it to the endpoint's error
// shape and HTTP status in one place; nothing else builds error bodies.
type Error struct {
	Code      int    // body code: 400, 401, 403, 404, 405, 413, 500
	ErrorCode int    // error_code, for shapes that carry one
	Message   string // the spec's message for the code
	Detail    string // message_detail: the parameter and the rule, or one sentence
}

func (e *Error) Error() string {
	return fmt.Sprintf("%d/%d %s: %s", e.Code, e.ErrorCode, e.Message, e.Detail)
}

// Messages of the kit's codes (contract-notes 4 and 10).
const (
	MsgInvalidParams = "Invalid request parameters"
	MsgNotFound      = "Record not found"
	MsgTplNotFound   = "Template not found"
	MsgTooLarge      = "Request body too large"
	MsgUnauthorized  = "Unauthorized"
	MsgForbidden     = "Forbidden"
	MsgMethod        = "Method not allowed"
	MsgNoPath        = "Not found"
	MsgSystem        = "System error"
)

// ParamError is a 400/100301 naming the parameter and the rule it broke.
func ParamError(format string, args ...any) *Error {
	return &Error{Code: 400, ErrorCode: contract.ErrInvalidParams, Message: MsgInvalidParams, Detail: fmt.Sprintf(format, args...)}
}

// VerifyErr is a verify business error (spec 7), code 400, with the
// spec's message for the code and a one-sentence detail.
func VerifyErr(code int, detail string) *Error {
	msg := "Certificate verification failed"
	if row, ok := contract.VerifyError(code); ok {
		msg = row.Message
	}
	return &Error{Code: 400, ErrorCode: code, Message: msg, Detail: detail}
}

// NotFound is getRecord's 404 for a record that does not exist for the
// caller (unknown, or of another organization: the same answer).
func NotFound(detail string) *Error {
	return &Error{Code: 404, ErrorCode: contract.ErrNotFound, Message: MsgNotFound, Detail: detail}
}

// TemplateNotFound is listQrcodes' 404 (spec 4.5).
func TemplateNotFound() *Error {
	return &Error{Code: 404, ErrorCode: contract.ErrNotFound, Message: MsgTplNotFound,
		Detail: "template does not exist or is not accessible with this key"}
}

// Quote renders a client-supplied value for a message_detail: quoted and
// cut to 40 runes, so a detail never carries a long echo.
func Quote(s string) string {
	r := []rune(s)
	if len(r) > 40 {
		return fmt.Sprintf("%q…", string(r[:40]))
	}
	return fmt.Sprintf("%q", s)
}
