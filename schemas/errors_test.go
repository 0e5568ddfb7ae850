package schemas

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

func TestErrorTextNamesPointerAndRuleNeverTheValue(t *testing.T) {
	s := compiled(t)
	const secret = "SECRET1385678"
	cases := []struct {
		file, doc, want string
	}{
		{"record/getRecord.request.json", `{"record_id": 1, "format": "` + secret + `"}`,
			`record/getRecord.request.json: /format: must be one of "json", "json-ld", "markdown"`},
		{"record/getFormList.request.json", `{"page_size": 1385678}`,
			`record/getFormList.request.json: /page_size: must be <= 20`},
		{"record/getFormList.request.json", `{"page": -1385678}`,
			`record/getFormList.request.json: /page: must be >= 1`},
		{"templates/list.response.json", `{"code": 1385678, "message": "", "data": {"list": [], "next_page_token": null, "total": 0}}`,
			`templates/list.response.json: /code: must be 0`},
		{"record.json#/$defs/ImageItem", `{"url": "` + secret + `", "size": null, "width": 1, "height": 1}`,
			`record.json#/$defs/ImageItem: /url: must be a valid uri`},
		{"record.json#/$defs/ImageItem", `{"url": "https://x.example/a", "size": null, "width": 1, "height": 1, "upload_time_iso": "` + secret + `"}`,
			`record.json#/$defs/ImageItem: /upload_time_iso: must match the pattern`},
		{"record.json#/$defs/StateOption", `{"name": "n", "color": "` + secret + `"}`,
			`record.json#/$defs/StateOption: /color: must match the pattern ^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$`},
		{"record.json#/$defs/Field", `{"field_id": 1, "field_title": "t", "field_type": "` + secret + `", "field_value": "", "options": {"is_result": false, "is_highlight": false, "is_hidden": false, "is_masked": false}}`,
			`record.json#/$defs/Field: /field_type: must be one of the ` + strconv.Itoa(len(contract.FieldTypes)) + ` allowed values`},
		{"record.json#/$defs/Recorder", `{"auth_id": 1, "user_id": 2, "name": 1385678}`,
			`record.json#/$defs/Recorder: /name: must be of type string, found number`},
		{"record.json#/$defs/OcrValue", `{"items": [], "image": "` + secret + `"}`,
			`record.json#/$defs/OcrValue: /image: must be of type null or object, found string`},
		{"record.json#/$defs/OcrValue", `{"items": [], "image": {"url": "https://x.example/a", "size": 1385678, "width": 1}}`,
			`record.json#/$defs/OcrValue: /image: missing required member "height"`},
		{"templates/list.error.json", `{"code": 0, "message": "` + secret + `", "data": {"` + secret + `": 1385678}}`,
			`templates/list.error.json: /code: matches a value the schema forbids (not)`},
	}
	for _, c := range cases {
		err := s.ValidateJSON(c.file, []byte(c.doc))
		if err == nil {
			t.Errorf("%s: %s was accepted", c.file, c.doc)
			continue
		}
		text := err.Error()
		if !strings.Contains(text, c.want) {
			t.Errorf("%s: error text\n%s\nwant a line containing\n%s", c.file, text, c.want)
		}
		if strings.Contains(text, secret) || strings.Contains(text, "1385678") {
			t.Errorf("%s: error text repeats the offending value:\n%s", c.file, text)
		}
		for _, line := range strings.Split(text, "\n") {
			if !strings.HasPrefix(line, c.file+": /") {
				t.Errorf("line %q is not %q", line, c.file+": /pointer: rule")
			}
		}
	}
}

func TestEveryProblemIsReportedNotTheFirst(t *testing.T) {
	s := compiled(t)
	err := s.ValidateJSON("certificates/verify.request.json", []byte(`{"tpl_id": "1", "code_id": 1.5}`))
	var verr *ValidationError
	if !errors.As(err, &verr) {
		t.Fatalf("want *ValidationError, got %v", err)
	}
	want := []Problem{
		{"", `missing required member "action_type"`},
		{"", `missing required member "certificate_code"`},
		{"/code_id", "must be of type integer, found number"},
		{"/tpl_id", "must be of type integer, found string"},
	}
	if len(verr.Problems) != len(want) {
		t.Fatalf("problems = %v, want %v", verr.Problems, want)
	}
	for _, w := range want {
		found := false
		for _, p := range verr.Problems {
			found = found || p == w
		}
		if !found {
			t.Errorf("missing problem %+v in %v", w, verr.Problems)
		}
	}
}

func TestRootPointerIsWrittenAsSlash(t *testing.T) {
	s := compiled(t)
	err := s.ValidateJSON("templates/listQrcodes.request.json", []byte(`{}`))
	if got, want := err.Error(), `templates/listQrcodes.request.json: /: missing required member "template"`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestValidateJSONReportsBytesThatAreNotJSON(t *testing.T) {
	s := compiled(t)
	for _, body := range []string{``, `{`, `{"a":1} {}`, `<html>`} {
		err := s.ValidateJSON("record/getFormList.request.json", []byte(body))
		var verr *ValidationError
		if !errors.As(err, &verr) || verr.Problems[0].Rule != "not valid JSON" {
			t.Errorf("body %q: want a not-valid-JSON problem, got %v", body, err)
		}
	}
}

func TestUnknownFileIsAPlainError(t *testing.T) {
	s := compiled(t)
	err := s.Validate("record/nope.json", map[string]any{})
	var verr *ValidationError
	if err == nil || errors.As(err, &verr) || !strings.Contains(err.Error(), "record/nope.json") {
		t.Errorf("want a plain error naming the file, got %v", err)
	}
}

func TestValidateAcceptsGoValuesAndNumbers(t *testing.T) {
	s := compiled(t)
	type page struct {
		Page     int `json:"page"`
		PageSize int `json:"page_size"`
	}
	if err := s.Validate("record/getFormList.request.json", page{Page: 1, PageSize: 20}); err != nil {
		t.Errorf("struct: %v", err)
	}
	if err := s.Validate("record/getFormList.request.json", page{Page: 1, PageSize: 21}); err == nil {
		t.Error("struct with page_size 21 accepted")
	}
	doc := map[string]any{"page": json.Number("2"), "page_size": float64(20)}
	if err := s.Validate("record/getFormList.request.json", doc); err != nil {
		t.Errorf("json.Number and float64: %v", err)
	}
	if err := s.Validate("record/getFormList.request.json", map[string]any{"page": 1.5}); err == nil {
		t.Error("page 1.5 accepted as an integer")
	}
}
