// Package openapi builds the OpenAPI 3.1 document of the service's
// endpoints for tools that speak OpenAPI rather than JSON Schema: client
// generators, Schemathesis, Specmatic, Prism, API portals.
//
// Nothing in the document is written twice. Its schemas are the files of
// schemas/ (OpenAPI 3.1's dialect is JSON Schema 2020-12, the schemas' own),
// hoisted into components with their $refs rewritten; its examples are the
// real answers of the mock on the embedded default scenario, produced in
// process (no socket, no network) each time the document is built.
package openapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/rtq-kit/rtq/contract"
)

// Version is the OpenAPI version of the document.
const Version = "3.1.0"

// SecurityScheme is the name of the bearer scheme, and so the environment
// variable tools such as Specmatic read the key from: the one rtq conform
// reads too.
const SecurityScheme = "RTQ_API_KEY"

// dialect is the JSON Schema dialect of every schema in the document.
const dialect = "https://json-schema.org/draft/2020-12/schema"

// Document is an OpenAPI 3.1 document, members in the order readers expect.
type Document struct {
	OpenAPI           string                `json:"openapi"`
	JSONSchemaDialect string                `json:"jsonSchemaDialect"`
	Info              Info                  `json:"info"`
	Servers           []Server              `json:"servers"`
	Security          []map[string][]string `json:"security"`
	Tags              []Tag                 `json:"tags"`
	Paths             map[string]PathItem   `json:"paths"`
	Components        Components            `json:"components"`
}

// Info is the document's info object.
type Info struct {
	Title       string  `json:"title"`
	Version     string  `json:"version"`
	Description string  `json:"description"`
	License     License `json:"license"`
}

// License says under which terms the document is given: OpenAPI tools
// warn when it is not said.
type License struct {
	Name       string `json:"name"`
	Identifier string `json:"identifier"`
}

// Server is a base URL the operations are served under.
type Server struct {
	URL         string `json:"url"`
	Description string `json:"description"`
}

// Tag groups operations (one per endpoint group).
type Tag struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

// PathItem holds the one method each endpoint answers: POST.
type PathItem struct {
	Post Operation `json:"post"`
}

// Operation is one endpoint.
type Operation struct {
	OperationID string              `json:"operationId"`
	Summary     string              `json:"summary"`
	Description string              `json:"description"`
	Tags        []string            `json:"tags"`
	RequestBody Body                `json:"requestBody"`
	Responses   map[string]Response `json:"responses"`
}

// Body is a request body: JSON only.
type Body struct {
	Required bool                 `json:"required"`
	Content  map[string]MediaType `json:"content"`
}

// Response is one status of an operation.
type Response struct {
	Description string               `json:"description"`
	Content     map[string]MediaType `json:"content"`
}

// MediaType is a schema and its named examples.
type MediaType struct {
	Schema   Ref                `json:"schema"`
	Examples map[string]Example `json:"examples,omitempty"`
}

// Ref points at a component.
type Ref struct {
	Ref string `json:"$ref"`
}

// Example is one real message.
type Example struct {
	Summary string          `json:"summary"`
	Value   json.RawMessage `json:"value"`
}

// Components holds the schemas and the bearer scheme.
type Components struct {
	Schemas         map[string]any    `json:"schemas"`
	SecuritySchemes map[string]Scheme `json:"securitySchemes"`
}

// Scheme is how a key is sent: Authorization: Bearer <key>.
type Scheme struct {
	Type        string `json:"type"`
	Scheme      string `json:"scheme"`
	Description string `json:"description"`
}

// endpointDoc is what the document says of one endpoint beyond its schemas.
type endpointDoc struct {
	operationID, summary, description string
	errors                            []string // error statuses besides 400, 401, 403, 413, 429
}

// endpointDocs follows contract.Endpoints.
var endpointDocs = map[string]endpointDoc{
	contract.GetRecord.Name: {"getRecord", "Get one record",
		"A record by record_id or record_url, as JSON (the Record payload), JSON-LD or Markdown.", []string{"404"}},
	contract.Verify.Name: {"verifyCertificate", "Verify a credential",
		"Move a credential record to another status of its flow. A write: the key needs the write scope.", nil},
	contract.GetFormList.Name: {"getFormList", "List forms",
		"The organization's forms, paged by page and page_size, optionally filtered.", nil},
	contract.TemplatesList.Name: {"listTemplates", "List batch templates",
		"Batch templates created in a time window, paged by page_token.", nil},
	contract.ListQrcodes.Name: {"listQrcodes", "List the sub-codes of a template",
		"The sub-codes (QR codes) of one batch template, paged by page_token.", []string{"404"}},
}

// errorStatuses are the error statuses every endpoint may answer, each
// with what it means.
var errorStatuses = map[string]string{
	"400":     "A parameter is missing, of the wrong type or out of range, or the body is not a JSON object; the body names the parameter.",
	"401":     "The Authorization header is missing, malformed or names an unknown key.",
	"403":     "The key lacks the scope the operation needs.",
	"404":     "The object is unknown, or belongs to another organization.",
	"413":     "The body is over 1 MiB.",
	"429":     "Too many requests.",
	"default": "Any other error, in the same shape (the code member carries the status).",
}

// Build returns the document: schemas from schemas/, examples from the
// mock serving the default scenario in process.
func Build() (*Document, error) { return build(exampleTable) }

// build is Build with the exchanges to show.
func build(table []example) (*Document, error) {
	comps, err := components()
	if err != nil {
		return nil, err
	}
	if err := readable(comps); err != nil {
		return nil, err
	}
	comps = prune(comps, roots()) // a $ref target readable wrote in, an enum it narrowed
	explicit(comps)
	ex, err := runExamples(table)
	if err != nil {
		return nil, err
	}
	d := &Document{
		OpenAPI:           Version,
		JSONSchemaDialect: dialect,
		Info:              info,
		Servers:           []Server{{URL: "http://127.0.0.1:8080", Description: "rtq mock on its default address"}},
		Security:          []map[string][]string{{SecurityScheme: {}}},
		Tags:              tags,
		Paths:             map[string]PathItem{},
		Components: Components{Schemas: comps, SecuritySchemes: map[string]Scheme{SecurityScheme: {
			Type: "http", Scheme: "bearer",
			Description: "An API key, sent as Authorization: Bearer <key>. The default scenario's keys: rtq-demo-read, rtq-demo-write, rtq-demo-limited, rtq-other-org.",
		}}},
	}
	for _, e := range contract.Endpoints {
		d.Paths[e.Path()] = PathItem{Post: operation(e, ex[e.Name])}
	}
	return d, nil
}

// components hoists the schema files every endpoint reaches, as they are:
// what readable and explicit then rewrite.
func components() (map[string]any, error) { return hoist(roots()) }

// roots are the schema files the endpoints name.
func roots() []string {
	out := make([]string, 0, 3*len(contract.Endpoints))
	for _, e := range contract.Endpoints {
		out = append(out, e.Name+".request.json", e.Name+".response.json", e.Name+".error.json")
	}
	return out
}

// JSON returns the document as indented JSON ending in a newline: what
// rtq openapi prints and the golden file holds.
func JSON() ([]byte, error) {
	d, err := Build()
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(d); err != nil {
		return nil, fmt.Errorf("openapi: encode: %w", err)
	}
	return buf.Bytes(), nil
}

var info = Info{
	Title:   "Record and Template Query Service",
	Version: "2",
	Description: "The RPC endpoints of the Record and Template Query Service (POST, JSON in and out). " +
		"Generated by `rtq openapi` from the JSON Schemas of the rtq kit (schemas/); " +
		"the examples are real answers of `rtq mock` on its default scenario.",
	// The kit's license, by its SPDX identifier (OpenAPI 3.1's identifier).
	License: License{Name: "Apache License 2.0", Identifier: contract.License},
}

var tags = []Tag{
	{Name: "record", Description: "Records and forms."},
	{Name: "certificates", Description: "Credential verification."},
	{Name: "templates", Description: "Batch templates and their sub-codes."},
}

// operation describes one endpoint with its examples.
func operation(e contract.Endpoint, ex []example) Operation {
	doc := endpointDocs[e.Name]
	media := func(file string) MediaType {
		return MediaType{Schema: Ref{componentsPrefix + fileComponent(file)}}
	}
	op := Operation{
		OperationID: doc.operationID, Summary: doc.summary, Description: doc.description,
		Tags:        []string{group(e)},
		RequestBody: Body{Required: true, Content: map[string]MediaType{"application/json": media(e.Name + ".request.json")}},
		Responses: map[string]Response{"200": {Description: "Success.",
			Content: map[string]MediaType{"application/json": media(e.Name + ".response.json")}}},
	}
	for _, status := range append([]string{"400", "401", "403", "413", "429", "default"}, doc.errors...) {
		op.Responses[status] = Response{Description: errorStatuses[status],
			Content: map[string]MediaType{"application/json": media(e.Name + ".error.json")}}
	}
	for _, x := range ex {
		addExample(&op, x)
	}
	return op
}

// addExample puts a real exchange into the operation: the answer under its
// status, and, for a success, the request under the same name.
func addExample(op *Operation, x example) {
	status := fmt.Sprint(x.status)
	resp := op.Responses[status]
	resp.Content["application/json"] = withExample(resp.Content["application/json"], x.name, Example{x.summary, x.answer})
	op.Responses[status] = resp
	if x.status == 200 {
		op.RequestBody.Content["application/json"] = withExample(op.RequestBody.Content["application/json"], x.name, Example{x.summary, json.RawMessage(x.body)})
	}
}

func withExample(m MediaType, name string, ex Example) MediaType {
	if m.Examples == nil {
		m.Examples = map[string]Example{}
	}
	m.Examples[name] = ex
	return m
}

// group is the tag of an endpoint: the part of its name before the slash.
func group(e contract.Endpoint) string {
	g, _, _ := strings.Cut(e.Name, "/")
	return g
}
