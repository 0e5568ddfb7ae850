package mockserver

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	ts "github.com/rtq-kit/rtq/testkit/testscenario"
)

var update = flag.Bool("update", false, "rewrite golden files under testdata/")

func TestGetRecordFormatsCarryTheirContentType(t *testing.T) {
	m := startMock(t, nil, Options{})
	for _, f := range contract.Formats {
		d := m.post(t, contract.GetRecord, readKey, `{"record_id":5001,"format":"`+f.Name+`"}`).data()
		if d["format"] != f.Name || d["content_type"] != f.ContentType {
			t.Errorf("%s: format %v content_type %v", f.Name, d["format"], d["content_type"])
		}
	}
	d := m.post(t, contract.GetRecord, readKey, `{"record_id":5001}`).data()
	if d["format"] != "json" {
		t.Errorf("default format %v, want json", d["format"])
	}
}

func TestGetRecordByURLAndByBoth(t *testing.T) {
	m := startMock(t, nil, Options{})
	byURL := m.post(t, contract.GetRecord, readKey, `{"record_url":"`+ts.RecordURL(ts.PlainCode)+`"}`)
	byID := m.post(t, contract.GetRecord, readKey, `{"record_id":5002}`)
	if string(byURL.raw) != string(byID.raw) {
		t.Errorf("by URL and by id differ:\n%s\n%s", byURL.raw, byID.raw)
	}
	wantOK(t, m.post(t, contract.GetRecord, readKey, `{"record_id":5002,"record_url":"`+ts.RecordURL(ts.PlainCode)+`"}`))
	wantError(t, m.post(t, contract.GetRecord, readKey, `{"record_id":5001,"record_url":"`+ts.RecordURL(ts.PlainCode)+`"}`), 404, contract.ErrNotFound)
	// Only the exact URL: not the bare code, not another host.
	for _, u := range []string{ts.PlainCode, "https://other.rtq.test/r/" + ts.PlainCode, "http://demo.rtq.test/r/" + ts.PlainCode} {
		wantError(t, m.post(t, contract.GetRecord, readKey, `{"record_url":"`+u+`"}`), 404, contract.ErrNotFound)
	}
}

func TestGetRecordParameterErrorsNameTheParameter(t *testing.T) {
	m := startMock(t, nil, Options{})
	cases := map[string]string{
		`{}`:                                   "record_id",
		`{"record_id":"5001"}`:                 "record_id must be an integer >= 1",
		`{"record_id":0}`:                      "record_id must be an integer >= 1",
		`{"record_id":1.5}`:                    "record_id must be an integer",
		`{"record_url":5}`:                     "record_url must be a string",
		`{"record_id":5001,"format":"xml"}`:    `format must be one of json, json-ld, markdown, got "xml"`,
		`{"record_id":5001,"format":["json"]}`: "format must be a string, got an array",
		`{"record_id":5001,"format":"JSON"}`:   "format must be one of",
	}
	for body, want := range cases {
		a := m.post(t, contract.GetRecord, readKey, body)
		wantError(t, a, 400, contract.ErrInvalidParams)
		if d := a.doc["message_detail"].(string); !strings.Contains(d, want) {
			t.Errorf("%s: detail %q lacks %q", body, d, want)
		}
	}
	a := m.post(t, contract.GetRecord, readKey, `{"record_id":424242}`)
	wantError(t, a, 404, contract.ErrNotFound)
	if a.doc["message"] != "Record not found" {
		t.Errorf("message %v", a.doc["message"])
	}
}

func TestJSONLDLayout(t *testing.T) {
	m := startMock(t, nil, Options{})
	ld := m.post(t, contract.GetRecord, readKey, `{"record_id":5001,"format":"json-ld"}`).data()["data"].(map[string]any)
	if ld["@context"] != "https://schema.org" || ld["@type"] != "CreativeWork" || ld["identifier"] != "R-FULL" ||
		ld["url"] != ts.RecordURL("R-FULL") || ld["name"] != "巡检表单02" {
		t.Errorf("json-ld head %v", ld)
	}
	main := ld["mainEntity"].(map[string]any)
	items := main["itemListElement"].([]any)
	if main["@type"] != "ItemList" || len(items) != 5+1+1+len(contract.FieldTypes) {
		t.Errorf("mainEntity has %d items: %v", len(items), main["@type"])
	}
	first := items[0].(map[string]any)
	if first["@type"] != "PropertyValue" || first["name"] != "姓名" || first["value"] != "欧***" {
		t.Errorf("first item %v", first)
	}
	noForm := m.post(t, contract.GetRecord, readKey, `{"record_id":5003,"format":"json-ld"}`).data()["data"].(map[string]any)
	if noForm["name"] != "NO-5003" {
		t.Errorf("json-ld name of a record without form: %v, want the record number", noForm["name"])
	}
}

func TestRecordWithoutFormHasNullTemplate(t *testing.T) {
	m := startMock(t, nil, Options{})
	rec := m.post(t, contract.GetRecord, readKey, `{"record_id":5003}`).data()["data"].(map[string]any)
	if mustJSON(rec["record_template"]) != `{"id":null,"name":null,"number":null,"type":null,"type_text":null}` {
		t.Errorf("record_template %s", mustJSON(rec["record_template"]))
	}
}

// TestMarkdownGolden pins the markdown layout of docs/contract.md §C7 and §C10:
// front matter, heading, titled groups only, no page break, no hidden
// field, masked and escaped values. Run with -update to rewrite.
func TestMarkdownGolden(t *testing.T) {
	sc := ts.Build()
	for _, r := range sc.Records {
		if r.ID == ts.FullRecord { // the all-types group holds faker values: not this test's to pin
			r.Groups = r.Groups[:4]
		}
	}
	m := startMock(t, sc, Options{})
	md := m.post(t, contract.GetRecord, readKey, `{"record_id":5001,"format":"markdown"}`).data()["data"].(string)
	golden := filepath.Join("testdata", "record-5001.md")
	if *update {
		if err := os.WriteFile(golden, []byte(md), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update once)", err)
	}
	if md != string(want) {
		t.Errorf("markdown differs from %s (go test -update to accept):\n%s", golden, md)
	}
	for _, c := range []struct{ want, why string }{
		{"---\ntitle: \"巡检表单02\"\nrecord_id: 5001\n", "front matter with title and record_id"},
		{"\n# 巡检表单02\n", "top-level heading"},
		{"## 个人信息\n", "titled group heading"},
		{"- **无标题组字段**: untitled-value", "fields of an untitled group"},
		{"- **姓名**: 欧\\*\\*\\*", "masked and escaped value"},
		{"\\*\\*粗\\*\\* \\[链接\\](x) \\<b\\>\\\n  \\# 第二行", "escaped specials and a hard break"},
	} {
		if !strings.Contains(md, c.want) {
			t.Errorf("markdown lacks %s (%q)", c.why, c.want)
		}
	}
	for _, bad := range []string{"HIDDEN-VALUE-42", "## 分页", "## 隐藏标题组", "## \n"} {
		if strings.Contains(md, bad) {
			t.Errorf("markdown shows %q", bad)
		}
	}
}
