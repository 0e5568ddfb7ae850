package wire

import (
	"github.com/rtq-kit/rtq/mockserver/internal/answer"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
)

// The HTTP status of an error: a column of contract's error tables
// (contract.ErrorCode.Status), carried by every Error, and turned into a
// status line here, and only here, under the scenario's rules
// (answer.ErrorRules, nil for the kit's).

// Status is the HTTP status line of an error answer: the one place a
// status line is decided. It is the row's status (contract's error
// tables), except that a scenario's always_200 mode answers 200 where the
// service would, never where the mock refuses on its own (Fixed).
func Status(r *answer.ErrorRules, e *fail.Error) int {
	if r != nil && r.Always200 && !e.Fixed {
		return 200
	}
	return e.Status
}

// Catalogued is the answer a recorded service gave an endpoint in the
// error's situation (answer.ErrorRules.Caught), when the scenario holds
// one: the mock sends it instead, status line and bytes.
func Catalogued(r *answer.ErrorRules, endpoint string, e *fail.Error) (answer.Caught, bool) {
	return r.CaughtFor(endpoint, e.Situation)
}

// StatusIn is Status under a recorded service: its status line for the
// body code (answer.ErrorRules.StatusByCode) comes first, except where
// the mock refuses on its own (Fixed).
func StatusIn(r *answer.ErrorRules, e *fail.Error) int {
	if s, ok := r.StatusFor(e.Code); ok && !e.Fixed {
		return s
	}
	return Status(r, e)
}
