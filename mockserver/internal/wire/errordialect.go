package wire

import (
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/answer"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/mockserver/internal/jsonw"
)

// A recorded service's rules for errors (answer.ErrorRules: its
// error_messages, error_detail, detail_join): every error the mock
// answers on an endpoint, provoked by the recording or not, is worded by
// them; the detail stays the mock's own sentence, which no recording can
// know for a request it never sent.

// AppendErrorIn renders e in the shape of endpoint under r's rules:
// the service's message for the code, and the detail where the service
// writes it. Without rules it is AppendError.
func AppendErrorIn(dst []byte, shape contract.ErrorShape, r *answer.ErrorRules, endpoint string, e *fail.Error) []byte {
	if r == nil {
		return AppendError(dst, shape, e)
	}
	spoken := *e
	if m, ok := r.Message(endpoint, e.Code); ok {
		spoken.Message = m
	}
	if !r.DetailInMessage(endpoint) {
		return AppendError(dst, shape, &spoken)
	}
	if spoken.Detail != "" {
		spoken.Message += r.Join + spoken.Detail
	}
	// The shape without message_detail: AppendError's bytes up to it.
	b := AppendError(dst, shape, &spoken)
	tail := len(`,"message_detail":`) + len(jsonw.AppendString(nil, spoken.Detail)) + 1
	return append(b[:len(b)-tail], '}')
}
