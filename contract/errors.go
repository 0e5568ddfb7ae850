package contract

// ErrorCode is one row of an error table: the spec's (docs/contract.md §7) or the
// kit's (docs/contract.md §C4 and §C10). The mock builds every error answer
// from these rows, so a message is written here and nowhere else.
type ErrorCode struct {
	Code      int    // error_code
	Message   string // message as the spec's table (or the kit) writes it
	Condition string // when it is given
	Kit       bool   // true when the kit chose it (never asserted against a target)
}

// Verify error codes (docs/contract.md §7), in the spec's order. The runner's
// coverage counts these twelve.
var VerifyErrors = []ErrorCode{
	{100301, "Invalid request parameters", "Missing or invalid parameters, or to_certificate_status omitted when action_type=set_certificate_status", false},
	{100319, "Certificate verification failed", "Generic failure when no finer code applies", false},
	{100320, "Invalid certificate code", "Code invalid or record not found", false},
	{100321, "Certificate verification is not enabled", "Form or credential has verification disabled", false},
	{100322, "Certificate record is not approved for verification", "Record not yet approved", false},
	{100323, "Certificate does not match the requested scope", "Credential does not match tpl_id or code_id", false},
	{100324, "Certificate cannot be verified in current status", "Current status forbids verification, or the flow is finished", false},
	{100325, "Invalid verification action", "Unsupported action or form configuration", false},
	{100326, "Invalid target certificate status", "Target invalid, unreachable, no next status, or no change needed", false},
	{100327, "Invalid verification authorization code", "Invalid or expired authorization code", false},
	{100328, "No permission to verify this certificate", "Caller lacks permission", false},
	{100329, "Identity information required before verification", "Identity must be completed first", false},
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
// kit words the answer for what was not found or what was too large.
var (
	SystemError           = ErrorCode{ErrSystem, "System error", "Unexpected failure (getFormList's SPEC example; 500 elsewhere)", false}
	UnauthorizedError     = ErrorCode{ErrUnauthorized, "Unauthorized", "Missing, malformed or unknown API key", true}
	ForbiddenError        = ErrorCode{ErrForbidden, "Forbidden", "Key lacks the scope", true}
	RecordNotFoundError   = ErrorCode{ErrNotFound, "Record not found", "Record unknown or of another organization", true}
	TemplateNotFoundError = ErrorCode{ErrNotFound, "Template not found", "Batch template unknown or of another organization", true}
	NoEndpointError       = ErrorCode{ErrNotFound, "Not found", "No endpoint at the path", true}
	MethodError           = ErrorCode{ErrMethod, "Method not allowed", "A method other than POST", true}
	TooLargeError         = ErrorCode{ErrInvalidParams, "Request body too large", "Body over MaxBodyBytes (code 413)", true}
	RateLimitedError      = ErrorCode{ErrRateLimited, "Too many requests", "Rate limited", true}
)

// KitErrors are the codes the kit chose where the spec is silent
// (docs/contract.md §C4 and §C10).
var KitErrors = []ErrorCode{
	SystemError, UnauthorizedError, ForbiddenError, RecordNotFoundError, TemplateNotFoundError,
	NoEndpointError, MethodError, TooLargeError, RateLimitedError,
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
