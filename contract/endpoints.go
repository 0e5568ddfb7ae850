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
	// Static is true for operations whose answers no write changes: the
	// template listings show nothing a verify moves (docs/contract.md
	// §2.4, §2.5, §3.1), so a runner may read them beside its writes.
	Static bool
}

// Path is the URL path of the endpoint under the base URL.
func (e Endpoint) Path() string { return PathPrefix + e.Name }

// PathPrefix is the versioned RPC prefix every endpoint lives under (docs/contract.md §9).
const PathPrefix = "/api/v2/rpc/"

// The endpoints, in the spec's order: each one row of Endpoints.
var (
	GetRecord     = Endpoint{Name: "record/getRecord", Section: "4.1", Shape: ShapeFull}
	Verify        = Endpoint{Name: "certificates/verify", Section: "4.2", Write: true, Shape: ShapeVerify}
	GetFormList   = Endpoint{Name: "record/getFormList", Section: "4.3", Shape: ShapeFull}
	TemplatesList = Endpoint{Name: "templates/list", Section: "4.4", Shape: ShapeTemplates, Static: true}
	ListQrcodes   = Endpoint{Name: "templates/listQrcodes", Section: "4.5", Shape: ShapeTemplates, Static: true}
)

// Endpoints lists every operation in the spec's order.
var Endpoints = []Endpoint{GetRecord, Verify, GetFormList, TemplatesList, ListQrcodes}

// EndpointNames are the names of Endpoints in the spec's order: what a
// member that names an endpoint (a fault rule's, a scenario's service
// messages) may take, and what its error message lists.
func EndpointNames() []string {
	names := make([]string, len(Endpoints))
	for i, e := range Endpoints {
		names[i] = e.Name
	}
	return names
}

// EndpointNamed is the endpoint of a name, and whether there is one.
func EndpointNamed(name string) (Endpoint, bool) {
	for _, e := range Endpoints {
		if e.Name == name {
			return e, true
		}
	}
	return Endpoint{}, false
}

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
