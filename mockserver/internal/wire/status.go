package wire

import "github.com/rtq-kit/rtq/scenario"

// The HTTP status of an error: a column of contract's error tables
// (contract.ErrorCode.Status), carried by every Error, and turned into a
// status line here, and only here.

// Status is the HTTP status line of an error answer: the one place a
// status line is decided. It is the row's status (contract's error
// tables), except that a scenario's always_200 mode answers 200 where the
// service would, never where the mock refuses on its own (Fixed).
func Status(mode scenario.HTTPStatusMode, e *Error) int {
	if mode == scenario.StatusAlways200 && !e.Fixed {
		return 200
	}
	return e.Status
}

// Catalogued is the answer a recorded service gave an endpoint in the
// error's situation (scenario.Service.Errors), when the scenario holds
// one: the mock sends it instead, status line and bytes.
func Catalogued(svc *scenario.Service, endpoint string, e *Error) (scenario.ErrorAnswer, bool) {
	return svc.ErrorFor(endpoint, e.Situation)
}

// StatusIn is Status under a scenario: a recorded service's status line
// for the body code (scenario.Service.StatusByCode) comes first, except
// where the mock refuses on its own (Fixed).
func StatusIn(sc *scenario.Scenario, mode scenario.HTTPStatusMode, e *Error) int {
	if s, ok := sc.Service.StatusFor(e.Code); ok && !e.Fixed {
		return s
	}
	return Status(mode, e)
}

// mirroredCodes are the body codes a row's status can be; a fault rule's
// code among them, or a 5xx, is its status line too, any other is 200.
var mirroredCodes = map[int]bool{400: true, 401: true, 403: true, 404: true, 405: true, 413: true, 429: true}

func injectedStatus(code int) int {
	if mirroredCodes[code] || (code >= 500 && code <= 599) {
		return code
	}
	return 200
}
