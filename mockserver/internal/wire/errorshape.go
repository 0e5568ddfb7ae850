package wire

import (
	"strconv"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/mockserver/internal/jsonw"
)

// Where an Error becomes bytes: the endpoint's error shape
// (docs/contract.md §C3), and the admin API's; the status line is status.go.
// They live beside the errors, not in the server, because they are the
// wire format too: the connection layer writes the same body below
// net/http, and a test of a shape needs no server.

// AppendError renders e in one of the three error shapes. message_detail
// is always sent, also where the shape makes it optional.
func AppendError(dst []byte, shape contract.ErrorShape, e *fail.Error) []byte {
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

// AppendAdminError renders e in the admin API's error shape: {"error":
// detail}; its status is the body's only code.
func AppendAdminError(dst []byte, e *fail.Error) []byte {
	dst = append(dst, `{"error":`...)
	dst = jsonw.AppendString(dst, e.Detail)
	return append(dst, '}')
}
