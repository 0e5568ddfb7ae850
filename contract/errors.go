package contract

// ErrorCode is one row of an error table: the spec's (docs/contract.md §7), the
// kit's (docs/contract.md §C4 and §C10) or the mock's own refusals. The mock
// builds every error answer from these rows, so a message and a status are
// written here and nowhere else.
type ErrorCode struct {
	Code      int    // error_code (0 for the admin API, whose errors carry none)
	Status    int    // HTTP status, also the body's "code" (docs/contract.md §C1)
	Message   string // message as the spec's table (or the kit) writes it
	Condition string // when it is given
	Kit       bool   // true when the kit chose it (never asserted against a target)
	// Mock marks the mock refusing rather than the service answering (a
	// Host not served, the connection cap, a request net/http cannot read,
	// the admin API): its status line is Status whatever the scenario's
	// http_status mode, where the others answer 200 under always_200.
	Mock bool
}

// Verify error codes (docs/contract.md §7), in the spec's order. The runner's
// coverage counts these twelve.
var VerifyErrors = []ErrorCode{
	{100301, 400, "Invalid request parameters", "Missing or invalid parameters, or to_certificate_status omitted when action_type=set_certificate_status", false, false},
	{100319, 400, "Certificate verification failed", "Generic failure when no finer code applies", false, false},
	{100320, 400, "Invalid certificate code", "Code invalid or record not found", false, false},
	{100321, 400, "Certificate verification is not enabled", "Form or credential has verification disabled", false, false},
	{100322, 400, "Certificate record is not approved for verification", "Record not yet approved", false, false},
	{100323, 400, "Certificate does not match the requested scope", "Credential does not match tpl_id or code_id", false, false},
	{100324, 400, "Certificate cannot be verified in current status", "Current status forbids verification, or the flow is finished", false, false},
	{100325, 400, "Invalid verification action", "Unsupported action or form configuration", false, false},
	{100326, 400, "Invalid target certificate status", "Target invalid, unreachable, no next status, or no change needed", false, false},
	{100327, 400, "Invalid verification authorization code", "Invalid or expired authorization code", false, false},
	{100328, 400, "No permission to verify this certificate", "Caller lacks permission", false, false},
	{100329, 400, "Identity information required before verification", "Identity must be completed first", false, false},
}

// Error codes named by number, spec and kit alike.
const (
	ErrSystem          = 100300 // SPEC example of getFormList
	ErrInvalidParams   = 100301
	ErrVerifyFailed    = 100319
	ErrInvalidCode     = 100320
	ErrNotEnabled      = 100321
	ErrNotApproved     = 100322
	ErrScopeMismatch   = 100323
	ErrStatusForbids   = 100324
	ErrInvalidAction   = 100325
	ErrInvalidTarget   = 100326
	ErrAuthCodeInvalid = 100327
	ErrNoPermission    = 100328
	ErrIdentityNeeded  = 100329
	ErrUnauthorized    = 100401 // KIT
	ErrForbidden       = 100403 // KIT
	ErrNotFound        = 100404 // KIT
	ErrMethod          = 100405 // KIT
	ErrRateLimited     = 100429 // KIT
)

// The rows of KitErrors by name. A code can have more than one row where the
// kit words the answer for what was not found or what was too large, or
// where one code answers with two statuses.
var (
	SystemError           = ErrorCode{ErrSystem, 500, "System error", "Unexpected failure", false, false}
	FormListSystemError   = ErrorCode{ErrSystem, 400, "System error", "Unexpected failure of getFormList (its SPEC example is code 400)", false, false}
	UnauthorizedError     = ErrorCode{ErrUnauthorized, 401, "Unauthorized", "Missing, malformed or unknown API key", true, false}
	ForbiddenError        = ErrorCode{ErrForbidden, 403, "Forbidden", "Key lacks the scope", true, false}
	NoWriteScopeError     = ErrorCode{ErrNoPermission, 403, "No permission to verify this certificate", "Key lacks the write scope, on verify (the spec's own code)", true, false}
	CrossSiteError        = ErrorCode{ErrForbidden, 403, "Forbidden", "A browser write sent by another site's page", true, false}
	RecordNotFoundError   = ErrorCode{ErrNotFound, 404, "Record not found", "Record unknown or of another organization", true, false}
	TemplateNotFoundError = ErrorCode{ErrNotFound, 404, "Template not found", "Batch template unknown or of another organization", true, false}
	NoEndpointError       = ErrorCode{ErrNotFound, 404, "Not found", "No endpoint at the path, or a state namespace path the mock cannot serve", true, false}
	MethodError           = ErrorCode{ErrMethod, 405, "Method not allowed", "A method other than POST", true, false}
	TooLargeError         = ErrorCode{ErrInvalidParams, 413, "Request body too large", "Body over MaxBodyBytes", true, false}
	RateLimitedError      = ErrorCode{ErrRateLimited, 429, "Too many requests", "Rate limited", true, false}
	NamespacesFullError   = ErrorCode{ErrRateLimited, 503, "Too many requests", "Every state namespace in use", true, false}
)

// The mock's own refusals in the API's error shape: their status line
// ignores the scenario's http_status mode.
var (
	HostNotServedError = ErrorCode{ErrForbidden, 403, "Forbidden", "A Host header the mock does not serve (DNS rebinding)", true, true}
	BusyError          = ErrorCode{ErrRateLimited, 503, "Too many requests", "At the connection cap or out of file descriptors, before a request is read", true, true}
	BadHTTPError       = ErrorCode{ErrInvalidParams, 400, "Invalid request parameters", "A request net/http cannot read (request line, headers, Transfer-Encoding, version)", true, true}
	HeadersTooLarge    = ErrorCode{ErrInvalidParams, 431, "Invalid request parameters", "Request headers over the limit", true, true}
	ExpectError        = ErrorCode{ErrInvalidParams, 417, "Invalid request parameters", "An Expect header other than 100-continue", true, true}
	StoreUnreachable   = ErrorCode{ErrSystem, 503, "System error", "The shared store (rtq mock --store redis://...) cannot be reached: a request that needs state is refused, never answered from memory", true, true}
)

// KitErrors are the codes the kit chose where the spec is silent
// (docs/contract.md §C4 and §C10), and the mock's own refusals. The first
// row of a code is the one a fault rule naming only that code gets.
var KitErrors = []ErrorCode{
	SystemError, UnauthorizedError, ForbiddenError, RecordNotFoundError, TemplateNotFoundError,
	NoEndpointError, MethodError, TooLargeError, RateLimitedError,
	FormListSystemError, NoWriteScopeError, CrossSiteError, NamespacesFullError,
	HostNotServedError, BusyError, BadHTTPError, HeadersTooLarge, ExpectError, StoreUnreachable,
}

// The admin API's errors (docs/mock.md): {"error": detail}, with no
// error_code or message; the status is the body's only code.
var (
	AdminBadRequest     = ErrorCode{0, 400, "Bad request", "A bad journal filter, scenario or fault rule", true, true}
	AdminUnauthorized   = ErrorCode{0, 401, "Unauthorized", "The admin token missing or wrong", true, true}
	AdminForbidden      = ErrorCode{0, 403, "Forbidden", "A browser write sent by another site's page", true, true}
	AdminNotFound       = ErrorCode{0, 404, "Not found", "No admin call, fault rule or namespace at the path", true, true}
	AdminMethod         = ErrorCode{0, 405, "Method not allowed", "A method the admin call does not take", true, true}
	AdminTooLarge       = ErrorCode{0, 413, "Too large", "A scenario over 16 MiB or its generation bound, fault rules over 1 MiB", true, true}
	AdminBusy           = ErrorCode{0, 429, "Too many requests", "Another scenario upload being loaded", true, true}
	AdminInternal       = ErrorCode{0, 500, "Internal error", "An answer that could not be encoded, a namespace that could not be built", true, true}
	AdminNamespacesFull = ErrorCode{0, 503, "Unavailable", "Every state namespace in use", true, true}
	AdminStoreDown      = ErrorCode{0, 503, "Unavailable", "The shared store (--store redis://...) cannot be reached", true, true}
)

// AdminErrors are the admin API's error rows.
var AdminErrors = []ErrorCode{
	AdminBadRequest, AdminUnauthorized, AdminForbidden, AdminNotFound, AdminMethod,
	AdminTooLarge, AdminBusy, AdminInternal, AdminNamespacesFull, AdminStoreDown,
}

// VerifyError returns the row of a verify error code.
func VerifyError(code int) (ErrorCode, bool) {
	for _, e := range VerifyErrors {
		if e.Code == code {
			return e, true
		}
	}
	return ErrorCode{}, false
}
