package rules

import (
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// heldEnvOf holds record 1 (submitted at 1767225600, 2026-01-01
// 08:00:00 in UTC+08:00, of organization 9, in project 301), record 2
// (no project), form 11 (project 301) and form 12 (none); certificate
// code C1 names record 1.
func heldEnvOf() *Env {
	at, org := int64(1767225600), int64(9)
	p := &profile.HeldProject{ID: 301, Name: "示范项目", Number: "P-301"}
	return &Env{
		HeldRecords: map[int64]profile.HeldRecord{
			1: {ID: 1, SubmitAt: &at, Number: "NO-1", OrgID: &org, Project: p},
			2: {ID: 2, SubmitAt: &at, Number: "NO-2", OrgID: &org, NoProject: true},
		},
		HeldForms:   map[int64]profile.HeldForm{11: {ID: 11, Project: p}, 12: {ID: 12, NoProject: true}},
		CodeRecords: map[string]int64{"C1": 1},
		Records:     map[int64]Record{2: {URL: "https://h/r/2"}},
	}
}

func heldJudged(t *testing.T, ep contract.Endpoint, req, answer, statement string) (string, bool) {
	t.Helper()
	x := &Exchange{Endpoint: &ep, Role: "read", Request: []byte(req), Status: 200,
		ContentType: "application/json; charset=utf-8", Body: []byte(answer)}
	var problems []string
	applied := false
	for _, v := range Judge(x, heldEnvOf()) {
		if v.Statement == statement {
			applied = true
			problems = append(problems, v.Problems...)
		}
	}
	return strings.Join(problems, "; "), applied
}

// TestAnswersShowWhatIsHeld: hand-made answers that show a held object
// otherwise than it is held (an instant 8 hours late in seconds or only
// in its *_iso, in milliseconds, in a markdown front matter, a project
// of zero values where none is linked, another project, another
// organization) break the statement; the forms the contract allows
// (null or absent for no project on a record, null on a form, the same
// instant) do not.
func TestAnswersShowWhatIsHeld(t *testing.T) {
	rec := func(format, payload string) string {
		return `{"code":0,"message":"","data":{"format":"` + format + `","content_type":"x","data":` + payload + `}}`
	}
	project := `"project":{"id":301,"name":"示范项目","number":"P-301"}`
	forms := func(items string) string {
		return `{"code":0,"message":"","data":{"version":"v1","list":[` + items + `],"page":{"current_page":1,"last_page":1,"per_page":10,"total":2}}}`
	}
	for _, tc := range []struct {
		name        string
		ep          contract.Endpoint
		req, answer string
		statement   string
		broken      string
	}{
		{"the record as held", contract.GetRecord, `{"record_id":1}`,
			rec("json", `{"record_id":1,"submit_at":1767225600,"submit_at_iso":"2026-01-01 08:00:00(UTC+08:00)","record_number":"NO-1","org":{"id":9},`+project+`}`), "2.1.held", ""},
		{"submit_at and its iso 8 hours late together", contract.GetRecord, `{"record_id":1}`,
			rec("json", `{"record_id":1,"submit_at":1767254400,"submit_at_iso":"2026-01-01 16:00:00(UTC+08:00)","record_number":"NO-1","org":{"id":9},`+project+`}`), "2.1.held", "off by 8 h"},
		{"a project of zero values on a record of none", contract.GetRecord, `{"record_id":2}`,
			rec("json", `{"record_id":2,"submit_at":1767225600,"project":{"id":0,"name":"","number":""}}`), "2.1.held", "linked to no project"},
		{"no project: null", contract.GetRecord, `{"record_id":2}`, rec("json", `{"record_id":2,"project":null}`), "2.1.held", ""},
		{"no project: absent", contract.GetRecord, `{"record_id":2}`, rec("json", `{"record_id":2}`), "2.1.held", ""},
		{"another project", contract.GetRecord, `{"record_id":1}`, rec("json", `{"record_id":1,"project":{"id":302,"name":"x","number":"y"}}`), "2.1.held", "belongs to project 301"},
		// A record's project may be left out only where it belongs to
		// none: left out or null, it says "none", wrong for record 1.
		{"the project left out", contract.GetRecord, `{"record_id":1}`, rec("json", `{"record_id":1}`), "2.1.held", "missing"},
		{"the project null where it has one", contract.GetRecord, `{"record_id":1}`, rec("json", `{"record_id":1,"project":null}`), "2.1.held", "missing"},
		{"another organization", contract.GetRecord, `{"record_id":1}`, rec("json", `{"record_id":1,"org":{"id":10},`+project+`}`), "2.1.held", "organization is 9"},
		{"markdown front matter 8 hours late", contract.GetRecord, `{"record_id":1,"format":"markdown"}`,
			rec("markdown", `"---\ntitle: t\nrecord_id: 1\nsubmit_at_iso: \"2026-01-01 16:00:00(UTC+08:00)\"\n---\n# t\n"`), "2.1.held", "off by 8 h"},
		{"json-ld by URL with the Record's member name", contract.GetRecord, `{"record_url":"https://h/r/2"}`,
			rec("json-ld", `{"@type":"CreativeWork","record_number":"NO-2"}`), "2.1.held", ""},
		{"json-ld by URL with another number", contract.GetRecord, `{"record_url":"https://h/r/2"}`,
			rec("json-ld", `{"@type":"CreativeWork","record_number":"NO-3"}`), "2.1.held", "number is \"NO-2\""},
		{"verify's submit_at in milliseconds", contract.Verify, `{"certificate_code":"C1","action_type":"set_next_certificate_status"}`,
			`{"code":0,"message":"","data":{"record_id":1,"record_number":"NO-1","org_id":9,"submit_at":1767225600000}}`, "4.2.successData", "not in seconds"},
		{"verify's submit_at 8 hours late", contract.Verify, `{"certificate_code":"C1","action_type":"set_next_certificate_status"}`,
			`{"code":0,"message":"","data":{"record_id":1,"record_number":"NO-1","org_id":9,"submit_at":1767254400}}`, "4.2.successData", "off by 8 h"},
		{"verify's record_number the code", contract.Verify, `{"certificate_code":"C1","action_type":"set_next_certificate_status"}`,
			`{"code":0,"message":"","data":{"record_id":1,"record_number":"C1","org_id":9,"submit_at":1767225600}}`, "4.2.successData", "number is \"NO-1\""},
		{"verify as held", contract.Verify, `{"certificate_code":"C1","action_type":"set_next_certificate_status"}`,
			`{"code":0,"message":"","data":{"record_id":1,"record_number":"NO-1","org_id":9,"submit_at":1767225600}}`, "4.2.successData", ""},
		{"a form of no project with a zero project", contract.GetFormList, `{}`,
			forms(`{"id":11,` + project + `},{"id":12,"project":{"id":0,"name":"","number":""}}`), "2.3.project", "form 12: project"},
		{"a form of no project with the project left out", contract.GetFormList, `{}`, forms(`{"id":12}`), "2.3.project", "form 12: project"},
		{"a form's project null where it has one", contract.GetFormList, `{}`, forms(`{"id":11,"project":null}`), "2.3.project", "form 11: project is missing"},
		{"forms as held", contract.GetFormList, `{}`, forms(`{"id":11,` + project + `},{"id":12,"project":null},{"id":99,"project":null}`), "2.3.project", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, applied := heldJudged(t, tc.ep, tc.req, tc.answer, tc.statement)
			if !applied {
				t.Fatalf("%s did not apply", tc.statement)
			}
			switch {
			case tc.broken == "" && got != "":
				t.Errorf("want no problem, got %q", got)
			case tc.broken != "" && !strings.Contains(got, tc.broken):
				t.Errorf("problems %q, want one holding %q", got, tc.broken)
			}
		})
	}
}
