package wire

import (
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/mockserver/internal/jsonw"
	"github.com/rtq-kit/rtq/scenario"
)

// A recorded service's rules for errors (scenario.Service: error_messages,
// error_detail, detail_join): every error the mock answers on an endpoint,
// provoked by the recording or not, is worded by them; the detail stays
// the mock's own sentence, which no recording can know for a request it
// never sent.

// AppendErrorIn renders e in the shape of endpoint under svc's rules:
// the service's message for the code, and the detail where the service
// writes it. Without rules it is AppendError.
func AppendErrorIn(dst []byte, shape contract.ErrorShape, svc *scenario.Service, endpoint string, e *fail.Error) []byte {
	if svc == nil {
		return AppendError(dst, shape, e)
	}
	spoken := *e
	if m, ok := svc.ErrorMessage(endpoint, e.Code); ok {
		spoken.Message = m
	}
	if svc.DetailIn[endpoint] != scenario.DetailInMessage {
		return AppendError(dst, shape, &spoken)
	}
	if spoken.Detail != "" {
		spoken.Message += svc.DetailJoin + spoken.Detail
	}
	// The shape without message_detail: AppendError's bytes up to it.
	b := AppendError(dst, shape, &spoken)
	tail := len(`,"message_detail":`) + len(jsonw.AppendString(nil, spoken.Detail)) + 1
	return append(b[:len(b)-tail], '}')
}

// StatusOf is StatusIn, with the status a recorded service gives the
// client error codes it was never seen answering (error_status_other), but
// the authentication codes, which keep their own, as do server errors.
func StatusOf(sc *scenario.Scenario, mode scenario.HTTPStatusMode, e *fail.Error) int {
	svc := sc.Service
	if _, seen := svc.StatusFor(e.Code); !seen && svc != nil && svc.OtherErrorStatus != 0 && !e.Fixed && otherCode(e.Code) {
		return svc.OtherErrorStatus
	}
	return StatusIn(sc, mode, e)
}

// otherCode says whether error_status_other may give a body code its
// status: a client error, but 401 and 403 (scenario.Service).
func otherCode(code int) bool { return code >= 400 && code < 500 && code != 401 && code != 403 }
