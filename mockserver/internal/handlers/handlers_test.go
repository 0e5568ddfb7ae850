package handlers

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/chain"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// run answers body on ep with the key of secret, through Encode.
func run(t *testing.T, ep *contract.Endpoint, h Handler, secret, body string) (int, answer, string) {
	t.Helper()
	c, w := newCall(t, ep, nil, "")
	c.Body = []byte(body)
	for _, k := range c.St.Scenario().Keys {
		if k.Secret == secret {
			c.Key = k
		}
	}
	Encode(h)(c)
	return w.Code, decode(t, w), w.Body.String()
}

// TestEveryEndpointNamesTheParameterItRefuses: a bad body gets 400 (100301
// where the shape has an error_code) and a detail naming the parameter; the first problem is found in the
// endpoint's order whatever the member order of the body.
func TestEveryEndpointNamesTheParameterItRefuses(t *testing.T) {
	cases := []struct {
		ep     *contract.Endpoint
		h      Handler
		body   string
		detail string
	}{
		{&contract.GetRecord, GetRecord, `{}`, "one of record_id or record_url is required"},
		{&contract.GetRecord, GetRecord, `{"record_id":null,"record_url":""}`, "one of record_id or record_url is required"},
		{&contract.GetRecord, GetRecord, `{"format":1,"record_id":-1}`, "record_id must be an integer >= 1, got -1"},
		{&contract.GetRecord, GetRecord, `[]`, ""},
		{&contract.Verify, Verify, `{"code_id":"1","certificate_code":5}`, "certificate_code must be a string, got 5"},
		{&contract.Verify, Verify, `{"code_id":"1","tpl_id":2}`, "code_id must be an integer"},
		{&contract.GetFormList, GetFormList, `{"page":0}`, "page must be an integer >= 1, got 0"},
		{&contract.GetFormList, GetFormList, `{"number":1}`, "number must be a string"},
		{&contract.TemplatesList, TemplatesList, `{"page_size":0}`, "page_size must be an integer >= 1, got 0"},
		{&contract.TemplatesList, TemplatesList, `{"page_token":3}`, "page_token must be a string"},
		{&contract.TemplatesList, TemplatesList, `{"start_time":"2026-02-01","end_time":"2026-01-01"}`, "end_time must not be before start_time"},
		{&contract.TemplatesList, TemplatesList, `{"start_time":"yesterday"}`, "start_time"},
		{&contract.ListQrcodes, ListQrcodes, `{"page_size":5}`, "template is required"},
		{&contract.ListQrcodes, ListQrcodes, `{"template":"` + testscenario.BigTemplate + `","end_time":true}`, "end_time must be a string"},
	}
	for _, tc := range cases {
		status, a, body := run(t, tc.ep, tc.h, testscenario.WriteSecret, tc.body)
		hasCode := a.ErrorCode == contract.ErrInvalidParams || tc.ep.Shape == contract.ShapeTemplates
		if status != 400 || a.Code != 400 || !hasCode || !strings.Contains(a.Detail, tc.detail) {
			t.Errorf("%s %s: %d %s, want a 400 parameter error naming %q", tc.ep.Name, tc.body, status, body, tc.detail)
		}
	}
}

func TestEncodeWritesTheHandlersAnswer(t *testing.T) {
	status, a, body := run(t, &contract.GetRecord, GetRecord, testscenario.ReadSecret,
		`{"record_id":5001,"format":"json","unknown":{"ignored":true}}`)
	if status != 200 || a.Code != 0 || !strings.Contains(body, `"data"`) {
		t.Errorf("getRecord of the full record: %d %.200s", status, body)
	}
	status, _, body = run(t, &contract.TemplatesList, TemplatesList, testscenario.ReadSecret, `{"page_size":2}`)
	if status != 200 || !strings.Contains(body, "page_token") {
		t.Errorf("templates/list: %d %.200s", status, body)
	}
}

// TestAReplayedAnswerIsServedForReadsOnly: a recorded service's exact
// answer to an exact request wins over the domain, never for verify.
func TestAReplayedAnswerIsServedForReadsOnly(t *testing.T) {
	sc := testscenario.Build()
	const req = `{"number":"NO-SUCH","search_key":"x"}`
	canon, _ := scenario.CanonicalRequest([]byte(req))
	sc.Service = &scenario.Service{Replay: []scenario.Replay{
		{Endpoint: contract.GetFormList.Name, Request: canon, Status: 200, Body: []byte(`{"code":0,"replayed":true}`)},
		{Endpoint: contract.Verify.Name, Request: canon, Status: 200, Body: []byte(`{"code":0,"replayed":true}`)},
	}}
	st, err := state.New(sc, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		ep       *contract.Endpoint
		h        Handler
		replayed bool
	}{{&contract.GetFormList, GetFormList, true}, {&contract.Verify, Verify, false}} {
		w := httptest.NewRecorder()
		c := chain.Get(w, httptest.NewRequest("POST", tc.ep.Path(), nil), st, nil)
		c.Ep, c.Key, c.Body = tc.ep, sc.Keys[1], []byte(`{"search_key":"x", "number":"NO-SUCH"}`)
		Encode(tc.h)(c)
		chain.Put(c)
		if got := strings.Contains(w.Body.String(), "replayed"); got != tc.replayed {
			t.Errorf("%s: replayed %v, want %v: %s", tc.ep.Name, got, tc.replayed, w.Body)
		}
	}
}
