package scenario

import (
	"strings"
	"testing"
)

const dialectYAML = `
orgs: [{id: 1, name: 甲, code: a, host: a.example}]
forms: [{id: 2, name: 表, number: F-1, created_at: 2026-01-01, updated_at: 2026-01-02}]
records:
  - id: 3
    form: 2
    audit: {enabled: true}
    omit: [audit.auditor_name, qrcode.category_id]
    shown:
      json_ld: '{"@context": "https://schema.org/", "name": "表"}'
      markdown: "---\ntitle: 表\nrecord_id: 3\n---\n\n# 表\n"
service:
  messages: {record/getRecord: success, record/getFormList: ""}
  form_order: file
  list_order: newest_first
  http_status: {"400": 200}
  replay:
    - endpoint: record/getFormList
      request: '{"search_key": "巡检", "page": 1}'
      status: 200
      body: '{"code": 0, "message": "success", "data": {}}'

  errors:
    - endpoint: record/getRecord
      situation: record_not_found
      status: 200
      body: '{"code": 400, "error_code": 100310, "message": "记录不存在", "message_detail": ""}'
`

// A recorded service's dialect loads, and Marshal writes it back: load →
// Marshal → load is a fixed point, json_ld kept compact byte for byte.
func TestServiceDialectRoundTrips(t *testing.T) {
	sc, err := Parse("dialect.yaml", []byte(dialectYAML))
	if err != nil {
		t.Fatal(err)
	}
	r := sc.Records[0]
	if !sc.Service.FormsInFile() || sc.Service.Message("record/getRecord", "ok") != "success" ||
		sc.Service.Message("templates/list", "ok") != "ok" || sc.Service.Message("record/getFormList", "x") != "" {
		t.Errorf("service %+v", sc.Service)
	}
	if rp, ok := sc.Service.Replayed("record/getFormList", []byte(`{"page":1,"search_key":"巡检"}`)); !ok || rp.Status != 200 || !sc.Service.Newest() {
		t.Errorf("replay %+v %v, newest %v", rp, ok, sc.Service.Newest())
	}
	if _, ok := sc.Service.Replayed("record/getFormList", []byte(`{"page":2,"search_key":"巡检"}`)); ok {
		t.Errorf("another request is replayed")
	}
	// page 1 is the first page as an absent page is (SPEC §4.3).
	if _, ok := sc.Service.Replayed("record/getFormList", []byte(` {"search_key" : "巡检"}`)); !ok {
		t.Errorf("the first page asked without page is not replayed")
	}
	if st, ok := sc.Service.StatusFor(400); !ok || st != 200 {
		t.Errorf("status of 400: %d %v", st, ok)
	}
	if e, ok := sc.Service.ErrorFor("record/getRecord", SituationRecordNotFound); !ok || e.Code != 400 || e.Status != 200 ||
		string(e.Body) != `{"code":400,"error_code":100310,"message":"记录不存在","message_detail":""}` {
		t.Errorf("catalogue %+v %s", e, e.Body)
	}
	if !r.Omits("audit.auditor_name") || r.Omits("audit.status") {
		t.Errorf("omit %v", r.Omit)
	}
	if string(r.Shown.JSONLD) != `{"@context":"https://schema.org/","name":"表"}` || !strings.HasPrefix(*r.Shown.Markdown, "---\ntitle: 表") {
		t.Errorf("shown %s %q", r.Shown.JSONLD, *r.Shown.Markdown)
	}
	out, err := Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	again, err := Parse("again.yaml", out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	a, _ := marshalJSON(sc)
	b, _ := marshalJSON(again)
	if string(a) != string(b) {
		t.Errorf("not a fixed point:\n%s\n%s", a, b)
	}
}

func TestServiceDialectProblems(t *testing.T) {
	for name, c := range map[string]struct{ yaml, want string }{
		"json_ld not an object":  {strings.Replace(dialectYAML, `'{"@context": "https://schema.org/", "name": "表"}'`, `'[1]'`, 1), "json_ld must hold a JSON object"},
		"unknown member to omit": {strings.Replace(dialectYAML, "qrcode.category_id", "qrcode.name", 1), "omit"},
		"unknown endpoint":       {strings.Replace(dialectYAML, "record/getFormList: \"\"", "record/nope: x", 1), "messages"},
		"unknown order":          {strings.Replace(dialectYAML, "form_order: file", "form_order: name", 1), "form_order"},
		"unknown situation":      {strings.Replace(dialectYAML, "situation: record_not_found", "situation: gone", 1), "situation"},
		"body not JSON":          {strings.Replace(dialectYAML, `body: '{"code": 400,`, `body: '{"code" 400,`, 1), "body"},
		"verify replayed":        {strings.Replace(dialectYAML, "    - endpoint: record/getFormList\n      request", "    - endpoint: certificates/verify\n      request", 1), "never replayed"},
		"status key not a code":  {strings.Replace(dialectYAML, `{"400": 200}`, `{"x": 200}`, 1), "http_status"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Parse("bad.yaml", []byte(c.yaml))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want one naming %q", err, c.want)
			}
		})
	}
}
