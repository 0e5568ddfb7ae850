package wire

import (
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/scenario"
)

// The HTTP status of an error: a column of contract's error tables
// (contract.ErrorCode.Status), carried by every Error, and turned into a
// status line here, and only here.

// Status is the HTTP status line of an error answer: the one place a
// status line is decided. It is the row's status (contract's error
// tables), except that a scenario's always_200 mode answers 200 where the
// service would, never where the mock refuses on its own (Fixed).
func Status(mode scenario.HTTPStatusMode, e *fail.Error) int {
	if mode == scenario.StatusAlways200 && !e.Fixed {
		return 200
	}
	return e.Status
}

// Catalogued is the answer a recorded service gave an endpoint in the
// error's situation (scenario.Service.Errors), when the scenario holds
// one: the mock sends it instead, status line and bytes.
func Catalogued(svc *scenario.Service, endpoint string, e *fail.Error) (scenario.ErrorAnswer, bool) {
	return svc.ErrorFor(endpoint, e.Situation)
}

// StatusIn is Status under a scenario: a recorded service's status line
// for the body code (scenario.Service.StatusByCode) comes first, except
// where the mock refuses on its own (Fixed).
func StatusIn(sc *scenario.Scenario, mode scenario.HTTPStatusMode, e *fail.Error) int {
	if s, ok := sc.Service.StatusFor(e.Code); ok && !e.Fixed {
		return s
	}
	return Status(mode, e)
}
