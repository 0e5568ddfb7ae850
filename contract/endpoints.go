package contract

// ErrorShape names which of the spec's error bodies an endpoint answers with
// (docs/contract.md §C3). One parser per shape is all a client needs.
type ErrorShape string

const (
	// ShapeFull is {code, error_code, message, message_detail}, all present
	// (getRecord, getFormList, unknown paths).
	ShapeFull ErrorShape = "full"
	// ShapeVerify is {code, message, data: {}, error_code, message_detail?}.
	ShapeVerify ErrorShape = "verify"
	// ShapeTemplates is {code, message, data: {}} with no error_code.
	ShapeTemplates ErrorShape = "templates"
)

// Endpoint is one operation of the service.
type Endpoint struct {
	// Name is "<group>/<operation>", the key used by schemas/ and reports.
	Name string
	// Section is the spec section that defines it, cited by checks.
	Section string
	// Write is true for operations that change state (verify).
	Write bool
	// Shape is the error body the endpoint uses.
	Shape ErrorShape
}

// Path is the URL path of the endpoint under the base URL.
func (e Endpoint) Path() string { return PathPrefix + e.Name }

// PathPrefix is the versioned RPC prefix every endpoint lives under (docs/contract.md §9).
const PathPrefix = "/api/v2/rpc/"

// The five endpoints, in the spec's order.
var (
	GetRecord     = Endpoint{Name: "record/getRecord", Section: "4.1", Shape: ShapeFull}
	Verify        = Endpoint{Name: "certificates/verify", Section: "4.2", Write: true, Shape: ShapeVerify}
	GetFormList   = Endpoint{Name: "record/getFormList", Section: "4.3", Shape: ShapeFull}
	TemplatesList = Endpoint{Name: "templates/list", Section: "4.4", Shape: ShapeTemplates}
	ListQrcodes   = Endpoint{Name: "templates/listQrcodes", Section: "4.5", Shape: ShapeTemplates}
)

// Endpoints lists every operation in the spec's order.
var Endpoints = []Endpoint{GetRecord, Verify, GetFormList, TemplatesList, ListQrcodes}

// Formats of getRecord (docs/contract.md §4.1) with the content_type each one carries.
var Formats = []struct{ Name, ContentType string }{
	{"json", "application/json; charset=utf-8"},
	{"json-ld", "application/ld+json; charset=utf-8"},
	{"markdown", "text/markdown; charset=utf-8"},
}

// Verify actions (docs/contract.md §4.2).
const (
	ActionSetStatus  = "set_certificate_status"
	ActionNextStatus = "set_next_certificate_status"
)

// Paging limits (docs/contract.md §8).
const (
	FormListDefaultPageSize  = 10
	FormListMaxPageSize      = 20
	TemplatesDefaultPageSize = 20
	TemplatesMaxPageSize     = 100
)

// FormListVersion is data.version of getFormList (docs/contract.md §9).
const FormListVersion = "v1"

// MaxBodyBytes is the largest request body read (docs/contract.md §C10).
const MaxBodyBytes = 1 << 20

// KitSuccessMessage is the success message the kit's mock sends on an
// endpoint (docs/contract.md §C9): "" on getFormList (the specification's
// "often empty"), "ok" elsewhere. A recording keeps a service's own
// instead (scenario.Service).
func KitSuccessMessage(endpoint string) string {
	if endpoint == GetFormList.Name {
		return ""
	}
	return "ok"
}
