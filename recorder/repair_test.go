package recorder_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/recorder"
	"github.com/rtq-kit/rtq/rtqtest"
	"github.com/rtq-kit/rtq/scenario"
)

// unruly serves the default scenario's record 100002 changed the ways a
// real service's data may break the scenario format's rules: a record_code
// and an organization code with a dot, a field of a type the kit does not
// know, a radio value of another shape, an audit status the kit does not
// know, two forms with one number, one of a form type the kit does not
// know, and template and sub-code codings with a dot.
func unruly(t *testing.T) *httptest.Server {
	t.Helper()
	up := rtqtest.Start(t)
	x, err := recorder.NewUpstream(up.URL, up.Key("demo-read"), nil).Call(context.Background(), "record/getRecord", []byte(`{"record_id":100002}`))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(x.Body, &m); err != nil {
		t.Fatal(err)
	}
	d := m["data"].(map[string]any)["data"].(map[string]any)
	d["record_code"] = "a.b"
	d["org"].(map[string]any)["code"] = "Demo.Org"
	if a, ok := d["audit"].(map[string]any); ok {
		a["status"] = 7
	} else {
		d["audit"] = map[string]any{"enabled": true, "current_stage_id": nil, "current_stage_title": nil, "status": 7, "status_text": "其他", "auditor_name": nil}
	}
	d["record_url"] = "https://app.example.com/records/a.b"
	fields := d["tpl_groups"].([]any)[0].(map[string]any)["fields"].([]any)
	fields[0].(map[string]any)["field_type"] = "brand_new_type"
	fields[1].(map[string]any)["field_value"] = map[string]any{"weird": true} // a radio
	fields[2].(map[string]any)["field_type"], fields[2].(map[string]any)["field_value"] = "text", 12
	record, _ := json.Marshal(m)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case strings.HasSuffix(r.URL.Path, "/record/getRecord"):
			_, _ = w.Write(record)
		case strings.HasSuffix(r.URL.Path, "/record/getFormList"):
			_, _ = w.Write([]byte(`{"code":0,"message":"","data":{"version":"1","list":[` +
				`{"id":1,"name":"甲","type":99,"type_text":"新类型","number":"N","note":"","created_at":1,"updated_at":1,"active_at":0,"project":null},` +
				`{"id":2,"name":"乙","type":0,"type_text":"普通表单","number":"N","note":"","created_at":1,"updated_at":1,"active_at":0,"project":null}],` +
				`"page":{"current_page":1,"last_page":1,"per_page":20,"total":2}}}`))
		case strings.HasSuffix(r.URL.Path, "/templates/list"):
			_, _ = w.Write([]byte(`{"code":0,"message":"","data":{"list":[{"tpl_id":7,"name":"批","coding":"c.1"}],"next_page_token":null,"total":1}}`))
		default:
			_, _ = w.Write([]byte(`{"code":0,"message":"","data":{"list":[{"id":8,"name":"子","coding":"s.1"}],"next_page_token":null,"total":1}}`))
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// A recording of data the scenario format would refuse is repaired item
// by item, each repair in the header, rather than lost whole.
func TestRecordingRepairsWhatTheFormatRefuses(t *testing.T) {
	srv := unruly(t)
	out := filepath.Join(t.TempDir(), "unruly.yaml")
	rec, err := recorder.NewRecording(recorder.Options{Upstream: srv.URL, APIKey: "k", Out: out, RecordIDs: []int64{100002}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rec.Crawl(context.Background()); err != nil {
		t.Fatalf("a crawl of data the format refuses was lost: %v", err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`form 2: number "N" is another form's too; written as "N~2"`,
		`record 100002: record_code "a.b" is not one a scenario takes`,
		`unknown field type "brand_new_type"`,
		`value does not fit field type radio`,
		`organization 1: code "Demo.Org" is not one a scenario takes`,
		`form 1: type 99 is not one the kit knows`,
		`record 100002: audit status 7 is not one the kit knows`,
		`template 7: coding "c.1" is not one a scenario takes`,
		`sub-code 8: coding "s.1" is not one a scenario takes`,
	} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the header should tell the repair %q:\n%.2500s", want, data)
		}
	}
	sc, err := scenario.LoadFiles([]string{out})
	if err != nil {
		t.Fatal(err)
	}
	r := sc.Records[0]
	if r.URL != "https://app.example.com/records/a.b" {
		t.Errorf("record_url %q; the service's must be kept", r.URL)
	}
	served := rtqtest.Start(t, rtqtest.WithScenario(sc))
	x, err := recorder.NewUpstream(served.URL, recorder.ReadKeySecret, nil).Call(context.Background(), "record/getRecord",
		[]byte(`{"record_url":"https://app.example.com/records/a.b"}`))
	if err != nil || !strings.Contains(string(x.Body), `"code":0`) {
		t.Errorf("getRecord by the service's record_url on the repaired recording: %v %s", err, x.Body)
	}
	f := r.Groups[0].Fields[1]
	if f.Type != "text" || f.Value != `{"weird":true}` {
		t.Errorf("the refused radio value: type %q value %v; want a text field holding it as shown", f.Type, f.Value)
	}
	if f := r.Groups[0].Fields[2]; f.Type != "text" || f.Value != "12" {
		t.Errorf("a text field holding a number: type %q value %v; want the text \"12\"", f.Type, f.Value)
	}
}
