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

// StatusOf is Status under a recorded service: its status line for the
// body code (answer.ErrorRules.StatusByCode) comes first, and the status
// it gives the client error codes it was never seen answering
// (error_status_other), but the authentication codes, which keep their
// own, as do server errors; never where the mock refuses on its own
// (Fixed).
func StatusOf(r *answer.ErrorRules, e *fail.Error) int {
	s, seen := r.StatusFor(e.Code)
	switch {
	case e.Fixed:
	case seen:
		return s
	case r != nil && r.OtherStatus != 0 && otherCode(e.Code):
		return r.OtherStatus
	}
	return Status(r, e)
}

// otherCode says whether error_status_other may give a body code its
// status: a client error, but 401 and 403.
func otherCode(code int) bool { return code >= 400 && code < 500 && code != 401 && code != 403 }
