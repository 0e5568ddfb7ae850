package wire

import (
	"strconv"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/jsonw"
	"github.com/rtq-kit/rtq/scenario"
)

// Where an Error becomes bytes: the endpoint's error shape
// (docs/contract.md §C3) and the HTTP status line (docs/contract.md §C1).
// They live beside the errors, not in the server, because they are the
// wire format too: the connection layer writes the same body below
// net/http, and a test of a shape needs no server.

// AppendError renders e in one of the three error shapes. message_detail
// is always sent, also where the shape makes it optional.
func AppendError(dst []byte, shape contract.ErrorShape, e *Error) []byte {
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

// mirroredCodes lists the body codes whose HTTP status line mirrors them;
// 5xx mirror too. Anything else is HTTP 200.
var mirroredCodes = map[int]bool{400: true, 401: true, 403: true, 404: true, 405: true, 413: true, 429: true}

// HTTPStatus is the status line of an answer whose body code is code,
// under the scenario's status mode.
func HTTPStatus(mode scenario.HTTPStatusMode, code int) int {
	if mode == scenario.StatusAlways200 {
		return 200
	}
	if mirroredCodes[code] || (code >= 500 && code <= 599) {
		return code
	}
	return 200
}
