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
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Parse("bad.yaml", []byte(c.yaml))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("err = %v, want one naming %q", err, c.want)
			}
		})
	}
}
