package covreport

// The client's duties the mock checks on every counted call (a Finding's
// Duty), with what a finding of each says. The statement ids are those of
// docs/contract.md.
const (
	DutyContentType   = "content_type"
	DutyJSONObject    = "json_object"
	DutyPageSize      = "page_size"
	DutyUnknownMember = "unknown_member"
	DutyKeyPlacement  = "key_placement"
	DutyVerifyRetry   = "verify_retry"
	DutyNoEndpoint    = "no_endpoint"
)

// Duty is one duty of a client of the service.
type Duty struct {
	Name      string
	Statement string // the SPEC statement that states it, "" when the kit does
	Message   string
}

// Duties are every duty a finding can name, in the order a report lists them.
var Duties = []Duty{
	{DutyContentType, "5.requestContentType", "the request's Content-Type is not application/json (or is missing)"},
	{DutyJSONObject, "", "the request body is not one JSON object (an empty body is read as {} by the mock, not by every service)"},
	{DutyPageSize, "", "page_size over the endpoint's maximum: the mock clamps it, the service may refuse it"},
	{DutyUnknownMember, "", "a member the endpoint does not read: ignored, so what the client meant is not what it got"},
	{DutyKeyPlacement, "", "an API key sent somewhere else than the Authorization header (query, another header, the body): it leaks into logs"},
	{DutyVerifyRetry, "", "a verify of a certificate repeated after a failure without from_certificate_status: a retry that may move the certificate twice"},
	{DutyNoEndpoint, "", "a request to a path or with a method no endpoint answers"},
}
