package openapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/scenarios"
)

// example is one exchange with the mock on the default scenario: the
// request sent and the answer it must get. The answer is never written
// here; runExamples fills it in from the mock itself.
type example struct {
	endpoint contract.Endpoint
	name     string // the example's key in the document
	summary  string
	key      string // the Authorization: Bearer secret; "" sends none
	body     string
	status   int // what the mock must answer; anything else fails the build

	answer json.RawMessage
}

// exampleTable lists the exchanges, run in this order against one fresh
// mock (the verify moves a credential, so order is part of the answer).
// Success bodies are kept small (page_size 2) so the document stays
// readable; every answer is checked against its schema by the tests.
var exampleTable = []example{
	{endpoint: contract.GetRecord, name: "byId", summary: "A record by record_id", key: "rtq-demo-read", body: `{"record_id": 100004}`, status: 200},
	{endpoint: contract.GetRecord, name: "noRecord", summary: "Neither record_id nor record_url", key: "rtq-demo-read", body: `{"format": "json"}`, status: 400},
	{endpoint: contract.GetRecord, name: "noKey", summary: "No Authorization header", body: `{"record_id": 100004}`, status: 401},
	{endpoint: contract.GetRecord, name: "otherOrganization", summary: "A record of another organization", key: "rtq-demo-read", body: `{"record_id": 190001}`, status: 404},

	{endpoint: contract.Verify, name: "nextStatus", summary: "Move a pending credential to its next status", key: "rtq-demo-write", body: `{"certificate_code": "demo-cert-a-pending-01", "action_type": "set_next_certificate_status"}`, status: 200},
	{endpoint: contract.Verify, name: "unknownCode", summary: "A credential code that does not exist", key: "rtq-demo-write", body: `{"certificate_code": "no-such-code", "action_type": "set_next_certificate_status"}`, status: 400},
	{endpoint: contract.Verify, name: "noKey", summary: "No Authorization header", body: `{"certificate_code": "demo-cert-a-pending-02", "action_type": "set_next_certificate_status"}`, status: 401},
	{endpoint: contract.Verify, name: "readOnlyKey", summary: "A key without the write scope", key: "rtq-demo-read", body: `{"certificate_code": "demo-cert-a-pending-02", "action_type": "set_next_certificate_status"}`, status: 403},

	{endpoint: contract.GetFormList, name: "firstPage", summary: "The first page of two forms", key: "rtq-demo-read", body: `{"page": 1, "page_size": 2}`, status: 200},
	{endpoint: contract.GetFormList, name: "badPageSize", summary: "page_size of the wrong type", key: "rtq-demo-read", body: `{"page_size": "ten"}`, status: 400},
	{endpoint: contract.GetFormList, name: "noKey", summary: "No Authorization header", body: `{"page": 1}`, status: 401},

	{endpoint: contract.TemplatesList, name: "createdIn2025", summary: "Templates created in 2025, two a page", key: "rtq-demo-read", body: `{"start_time": "2025-01-01", "end_time": "2025-12-31", "page_size": 2}`, status: 200},
	{endpoint: contract.TemplatesList, name: "badTime", summary: "A start_time that is not a date", key: "rtq-demo-read", body: `{"start_time": "yesterday"}`, status: 400},
	{endpoint: contract.TemplatesList, name: "noKey", summary: "No Authorization header", body: `{}`, status: 401},

	{endpoint: contract.ListQrcodes, name: "firstPage", summary: "The first two sub-codes of a template", key: "rtq-demo-read", body: `{"template": "demo-tpl-big", "page_size": 2}`, status: 200},
	{endpoint: contract.ListQrcodes, name: "noTemplate", summary: "template missing", key: "rtq-demo-read", body: `{"page_size": 2}`, status: 400},
	{endpoint: contract.ListQrcodes, name: "noKey", summary: "No Authorization header", body: `{"template": "demo-tpl-big"}`, status: 401},
	{endpoint: contract.ListQrcodes, name: "unknownTemplate", summary: "A template that does not exist", key: "rtq-demo-read", body: `{"template": "no-such-template"}`, status: 404},
}

// runExamples sends table to a mock of the default scenario, in
// process, and returns the exchanges with their answers by endpoint name.
func runExamples(table []example) (map[string][]example, error) {
	sc, err := scenarios.Default()
	if err != nil {
		return nil, fmt.Errorf("openapi: examples: %w", err)
	}
	srv, err := mockserver.New(sc, mockserver.Options{})
	if err != nil {
		return nil, fmt.Errorf("openapi: examples: %w", err)
	}
	defer srv.Close()
	out := map[string][]example{}
	for _, x := range table {
		if x.answer, err = exchange(srv.Handler(), x); err != nil {
			return nil, err
		}
		out[x.endpoint.Name] = append(out[x.endpoint.Name], x)
	}
	return out, nil
}

// exchange serves one request and returns the answer, compacted.
func exchange(h http.Handler, x example) (json.RawMessage, error) {
	req := httptest.NewRequest(http.MethodPost, x.endpoint.Path(), strings.NewReader(x.body))
	req.Host = "127.0.0.1:8080"
	req.Header.Set("Content-Type", "application/json")
	if x.key != "" {
		req.Header.Set("Authorization", "Bearer "+x.key)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != x.status {
		return nil, fmt.Errorf("openapi: example %s %s: the mock answered %d, the example expects %d: %s",
			x.endpoint.Name, x.name, rec.Code, x.status, rec.Body.Bytes())
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, rec.Body.Bytes()); err != nil {
		return nil, fmt.Errorf("openapi: example %s %s: the answer is not JSON: %w", x.endpoint.Name, x.name, err)
	}
	return buf.Bytes(), nil
}
