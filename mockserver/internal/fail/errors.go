// Package fail is every error answer of the mock as a value: a row of
// contract's error tables (its message and status) and a detail naming
// the parameter and the rule. The state, the handlers, the transport and
// the admin API decide which; package wire renders it (AppendError) and
// decides its status line (Status). It knows nothing of bytes or HTTP.
package fail

import (
	"fmt"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/internal/editdist"
)

// Error is an error answer of the mock: a body code, a row of contract's
// error tables (docs/contract.md §7, docs/contract.md §C4 and §C10) and a detail. Every
// Error is built by the functions of this file, so a code and its message
// always travel together and no message is written outside contract.
type Error struct {
	Code      int    // body code, an HTTP status number: 400, 401, 403, 404, 405, 413, 417, 431, 500, 503
	ErrorCode int    // error_code, for shapes that carry one
	Message   string // the table's message for the code
	Detail    string // message_detail: the parameter and the rule, or one sentence
	Status    int    // the row's HTTP status (Status decides the status line)
	Fixed     bool   // the status line is Status whatever the scenario's mode
	// Situation names the case among scenario.Situations, for which a
	// recording may hold the service's own answer (Catalogued).
	Situation string
}

// In returns a copy of e marked as the error of a situation
// (scenario.Situations). It copies so that a shared answer such as
// TooLarge or Internal can be marked without a data race.
func (e *Error) In(situation string) *Error {
	c := *e
	c.Situation = situation
	return &c
}

// Error says all of the answer, for logs and test failures.
func (e *Error) Error() string {
	return fmt.Sprintf("%d/%d %s: %s", e.Code, e.ErrorCode, e.Message, e.Detail)
}

// answer is the error of a row: its status is the row's column, and the
// body's code too.
func answer(row contract.ErrorCode, detail string) *Error {
	return &Error{Code: row.Status, ErrorCode: row.Code, Message: row.Message, Detail: detail,
		Status: row.Status, Fixed: row.Mock}
}

// verifyRow is the spec's row of a verify code; an unknown code (a scenario
// can only name listed ones) falls back to the generic failure.
func verifyRow(code int) contract.ErrorCode {
	if row, ok := contract.VerifyError(code); ok {
		return row
	}
	row, _ := contract.VerifyError(contract.ErrVerifyFailed)
	return row
}

// Param is a 400/100301 naming the parameter and the rule it broke.
func Param(format string, args ...any) *Error {
	return answer(verifyRow(contract.ErrInvalidParams), fmt.Sprintf(format, args...))
}

// Verify is a verify business error (docs/contract.md §7), with the spec's
// message and status for the code and a one-sentence detail.
func Verify(code int, detail string) *Error {
	row := verifyRow(code)
	row.Code = code
	return answer(row, detail)
}

// RecordNotFound is getRecord's 404 for a record that does not exist for
// the caller (unknown, or of another organization: the same answer).
func RecordNotFound(detail string) *Error {
	return answer(contract.RecordNotFoundError, detail)
}

// TemplateNotFound is listQrcodes' 404 (docs/contract.md §4.5).
func TemplateNotFound() *Error {
	return answer(contract.TemplateNotFoundError,
		"template does not exist or is not accessible with this key")
}

// Unauthorized is the 401 of a missing, malformed or unknown API key.
func Unauthorized(detail string) *Error {
	return answer(contract.UnauthorizedError, detail)
}

// Forbidden is the 403 of a key without the scope. On verify, the write
// endpoint, it is the spec's own 100328, which a client of verify already
// handles.
func Forbidden(write bool, detail string) *Error {
	if write {
		return answer(contract.NoWriteScopeError, detail)
	}
	return answer(contract.ForbiddenError, detail)
}

// Method is the 405 of a method other than POST on an endpoint's path.
func Method(method string) *Error {
	return answer(contract.MethodError,
		fmt.Sprintf("method %s is not allowed; every endpoint takes POST", Quote(method)))
}

// TooLarge is the 413 of a body over contract.MaxBodyBytes.
var TooLarge = answer(contract.TooLargeError,
	fmt.Sprintf("the request body is larger than %d bytes", contract.MaxBodyBytes))

// NoEndpoint is the 404 of a path no endpoint lives at.
func NoEndpoint(path string) *Error {
	detail := "no endpoint at " + QuotePath(path) + "; endpoints live under " + contract.PathPrefix
	if p := nearestEndpoint(path); p != "" {
		detail += ": did you mean " + p + "?"
	}
	if path == "/" {
		detail += " (POST /api/v2/rpc/{group}/{operation}); the admin page is at /__admin/"
	}
	return answer(contract.NoEndpointError, detail)
}

// nearestEndpoint is the endpoint path a mistyped one likely meant: the
// one with the same operation (/api/v2/rpc/getRecord, the group left
// out), else one at most three edits away; "" when none is. A path
// longer than any endpoint's by far is not compared.
func nearestEndpoint(path string) string {
	if len(path) > 100 {
		return ""
	}
	op := strings.ToLower(path[strings.LastIndex(path, "/")+1:])
	best, bestD := "", 4
	for _, ep := range contract.Endpoints {
		p := ep.Path()
		d := editdist.Distance(strings.ToLower(path), strings.ToLower(p))
		if op != "" && op == strings.ToLower(p[strings.LastIndex(p, "/")+1:]) {
			d = 0
		}
		if d < bestD {
			best, bestD = p, d
		}
	}
	return best
}

// NoNamespace is the 404 of a state namespace path the mock cannot serve
// (a bad name, a path a namespace does not answer); detail says why.
func NoNamespace(detail string) *Error {
	return answer(contract.NoEndpointError, detail)
}

// NamespacesFull is the 503 of a new state namespace when every one is
// in use; detail says how many and what to do.
func NamespacesFull(detail string) *Error {
	return answer(contract.NamespacesFullError, detail)
}

// Unreachable is the 503 of a request that needs state while the shared
// store cannot be reached; detail says which store and why. It is never
// answered from this process's memory instead.
func Unreachable(detail string) *Error {
	return answer(contract.StoreUnreachable, detail)
}

// CrossSite is the 403 of a write a browser sends for another site's page.
func CrossSite(detail string) *Error {
	return answer(contract.CrossSiteError, detail)
}

// HostNotServed is the 403 of a Host header the mock does not serve.
func HostNotServed(detail string) *Error {
	return answer(contract.HostNotServedError, detail)
}

// Transport is the answer to a request too malformed for net/http to hand
// over (bad request line, headers over the limit): the row net/http's
// refusal maps to.
func Transport(row contract.ErrorCode, detail string) *Error {
	return answer(row, detail)
}

// Busy is the 503 of a connection refused before any request is read:
// the mock is at its connection cap or out of file descriptors. It says
// which, and what the client or the user can do.
func Busy(detail string) *Error {
	return answer(contract.BusyError, detail)
}

// Internal is what a client sees for anything unexpected; the cause is
// logged in full, never sent.
var Internal = answer(contract.SystemError, internalDetail)

const internalDetail = "the mock failed unexpectedly; the server log has the cause"

// internalPerEndpoint is the answer to an unexpected failure where the spec
// gives one: its getFormList example is code 400 with error_code 100300.
var internalPerEndpoint = map[string]*Error{
	contract.GetFormList.Name: answer(contract.FormListSystemError, internalDetail),
}

// InternalOf is Internal as the endpoint named endpoint ("" for none)
// answers it.
func InternalOf(endpoint string) *Error {
	if e := internalPerEndpoint[endpoint]; e != nil {
		return e
	}
	return Internal
}

// Quote renders a client-supplied value for a message_detail: quoted and
// cut to 40 runes, so a detail never carries a long echo.
func Quote(s string) string { return quoteCut(s, 40) }

// QuotePath is Quote for a request's path, cut at 120 runes: enough for
// any real one (a namespace's 64-rune name before the longest endpoint
// path), so that the detail does not stop mid-word on the part that
// says what is wrong, and few enough that a hostile path is not echoed.
func QuotePath(s string) string { return quoteCut(s, 120) }

func quoteCut(s string, max int) string {
	r := []rune(s)
	if len(r) > max {
		return fmt.Sprintf("%q…", string(r[:max]))
	}
	return fmt.Sprintf("%q", s)
}

// RateLimited is the 429 of a client over its rate (the kit's 100429).
func RateLimited(detail string) *Error {
	return answer(contract.RateLimitedError, detail)
}

// defaultRows is the kit's row for an error a fault rule names by its code
// alone.
var defaultRows = map[int]contract.ErrorCode{
	400: verifyRow(contract.ErrInvalidParams),
	401: contract.UnauthorizedError,
	403: contract.ForbiddenError,
	404: contract.RecordNotFoundError,
	405: contract.MethodError,
	413: contract.TooLargeError,
	429: contract.RateLimitedError,
}

// Injected is an error a fault rule asked for: any code and error_code,
// and the HTTP status the rule gives (status 0: the code mirrored as a
// row's status would be, see injectedStatus). Where the rule leaves them
// out, error_code and message come from the kit's tables (a verify code's
// own message, contract.SystemError for a 5xx); a message the rule gives
// is the user's own words, the one place a message does not come from
// contract.
func Injected(code, errorCode int, message, detail string, status int) *Error {
	e := injected(code, errorCode, message, detail)
	e.Status, e.Fixed = injectedStatus(code), false
	if status != 0 {
		e.Status, e.Fixed = status, true // the rule's own status line, in every mode
	}
	return e
}

func injected(code, errorCode int, message, detail string) *Error {
	if code == 429 && errorCode == 0 && message == "" {
		return RateLimited(detail)
	}
	row, ok := defaultRows[code]
	if !ok {
		row = contract.SystemError
	}
	if errorCode != 0 && errorCode != row.Code {
		if r, found := findRow(errorCode); found {
			row = r
		} else {
			row = contract.ErrorCode{Code: errorCode, Message: row.Message}
		}
	}
	if message != "" {
		row.Message = message
	}
	e := answer(row, detail)
	e.Code = code
	return e
}

// findRow looks an error code up in the spec's and the kit's tables.
func findRow(code int) (contract.ErrorCode, bool) {
	if row, ok := contract.VerifyError(code); ok {
		return row, true
	}
	for _, row := range contract.KitErrors {
		if row.Code == code {
			return row, true
		}
	}
	return contract.ErrorCode{}, false
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

// Admin is an error of the admin API: a row of contract.AdminErrors and
// what to do about it.
func Admin(row contract.ErrorCode, detail string) *Error { return answer(row, detail) }
