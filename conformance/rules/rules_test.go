package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// judged returns the problems the rules of statement find in one
// exchange, and whether any of its rules applied.
func judged(t *testing.T, ep contract.Endpoint, role, req, answer, statement string) (problems []string, applied bool) {
	t.Helper()
	x := &Exchange{Endpoint: &ep, Role: role, Request: []byte(req), Status: 200,
		ContentType: "application/json; charset=utf-8", Body: []byte(answer)}
	for _, v := range Judge(x, &Env{}) {
		if v.Statement == statement {
			applied = true
			problems = append(problems, v.Problems...)
		}
	}
	return problems, applied
}

// TestRulesJudgeOneExchange: each row is one exchange and a statement;
// the rule applies or not, and finds the answer broken or not.
func TestRulesJudgeOneExchange(t *testing.T) {
	md := func(s string) string {
		return `{"code":0,"message":"","data":{"format":"markdown","content_type":"text/markdown; charset=utf-8","data":` + s + `}}`
	}
	for _, tc := range []struct {
		name       string
		ep         contract.Endpoint
		role, req  string
		answer     string
		statement  string
		applies    bool
		wantBroken string
	}{
		{"the read key told first that no record has the code (§C6: the order is the kit's)", contract.Verify, "read",
			`{"certificate_code":"NOPE","action_type":"set_next_certificate_status"}`,
			`{"code":400,"message":"m","data":{},"error_code":100320,"message_detail":"d"}`, "C2.writeScope", true, ""},
		{"the read key told first of a bad parameter", contract.Verify, "read",
			`{"certificate_code":"C1","action_type":"set_certificate_status"}`,
			`{"code":400,"message":"m","data":{},"error_code":100301,"message_detail":"d"}`, "C2.writeScope", true, ""},
		{"the read key told first of a member the contract does not name (§C1 lets a service refuse it)", contract.Verify, "read",
			`{"certificate_code":"C1","action_type":"set_next_certificate_status","remark":"ok"}`,
			`{"code":400,"message":"m","data":{},"error_code":100301,"message_detail":"d"}`, "C2.writeScope", true, ""},
		{"the read key told of a bad parameter where every member is named and good", contract.Verify, "read",
			`{"certificate_code":"C1","action_type":"set_next_certificate_status"}`,
			`{"code":400,"message":"m","data":{},"error_code":100301,"message_detail":"d"}`, "C2.writeScope", true, "want 401 or 403"},
		{"the read key told of the record's status: it got past the permission", contract.Verify, "read",
			`{"certificate_code":"C1","action_type":"set_next_certificate_status"}`,
			`{"code":400,"message":"m","data":{},"error_code":100324,"message_detail":"d"}`, "C2.writeScope", true, "want 401 or 403"},
		{"a name holding a byte that is no UTF-8 (a Latin-1 column served raw)", contract.GetFormList, "read", `{}`,
			"{\"code\":0,\"message\":\"\",\"data\":{\"version\":\"v1\",\"list\":[{\"id\":1,\"name\":\"caf\xe9\"}],\"page\":{\"current_page\":1,\"last_page\":1,\"per_page\":10,\"total\":1}}}",
			"C1.jsonText", true, "not UTF-8"},
		{"a name in UTF-8", contract.GetFormList, "read", `{}`,
			"{\"code\":0,\"message\":\"\",\"data\":{\"version\":\"v1\",\"list\":[{\"id\":1,\"name\":\"caf\u00e9\"}],\"page\":{\"current_page\":1,\"last_page\":1,\"per_page\":10,\"total\":1}}}",
			"C1.jsonText", true, ""},
		{"a success whose code is a string", contract.GetFormList, "read", `{}`,
			`{"code":"0","message":"","data":{"version":"v1","list":[],"page":{"current_page":1,"last_page":1,"per_page":10,"total":0}}}`,
			"1.2.success", true, `code is "0", not an integer`},
		{"an error whose code is a fraction", contract.GetRecord, "read", `{}`,
			`{"code":400.5,"message":"m"}`, "1.2.success", true, `code is 400.5, not an integer`},
		{"an integer code", contract.GetRecord, "read", `{}`,
			`{"code":400,"message":"m","error_code":100301}`, "1.2.success", true, ""},
		{"an ATX heading", contract.GetRecord, "read", `{"record_id":1,"format":"markdown"}`,
			md(`"---\ntitle: t\nrecord_id: 1\n---\n# T\n"`), "2.2.markdown", true, ""},
		{"a setext heading is a top-level heading too", contract.GetRecord, "read", `{"record_id":1,"format":"markdown"}`,
			md(`"---\ntitle: t\nrecord_id: 1\n---\nT\n===\n"`), "2.2.markdown", true, ""},
		{"no heading", contract.GetRecord, "read", `{"record_id":1,"format":"markdown"}`,
			md(`"---\ntitle: t\nrecord_id: 1\n---\n## T\n"`), "2.2.markdown", true, "no top-level heading"},
		{"markdown of another record", contract.GetRecord, "read", `{"record_id":1,"format":"markdown"}`,
			md(`"---\ntitle: t\nrecord_id: 2\n---\n# T\n"`), "2.2.markdownId", true, "record_id 2"},
		{"a format echoed wrong", contract.GetRecord, "read", `{"record_id":1,"format":"json-ld"}`,
			`{"code":0,"message":"","data":{"format":"json","content_type":"application/ld+json; charset=utf-8","data":{}}}`, "4.1.formatEcho", true, "asked for json-ld"},
		{"a number filter that leaks", contract.GetFormList, "read", `{"number":"A-1","page":2}`,
			`{"code":0,"message":"","data":{"version":"v1","list":[{"id":7,"number":"a-1"}],"page":{"current_page":2,"last_page":2,"per_page":10,"total":11}}}`,
			"4.3.number", true, `lists form 7 of number a-1`},
		{"a middle page short of per_page", contract.GetFormList, "read", `{"page":1,"page_size":3}`,
			`{"code":0,"message":"","data":{"version":"v1","list":[{"id":1}],"page":{"current_page":1,"last_page":2,"per_page":3,"total":5}}}`,
			"4.3.total", true, "holds 1 forms"},
		{"page_size honoured", contract.GetFormList, "read", `{"page_size":7}`,
			`{"code":0,"message":"","data":{"version":"v1","list":[],"page":{"current_page":1,"last_page":1,"per_page":10,"total":0}}}`,
			"8.formList.maxInclusive", true, "per_page is 10"},
		{"an empty cursor page with a token", contract.TemplatesList, "read", `{"page_token":"abc"}`,
			`{"code":0,"message":"","data":{"list":[],"next_page_token":"x","total":3}}`, "4.4.lastToken", true, "empty page"},
		{"bad input answered with a success", contract.GetFormList, "read", `{"page":"abc"}`,
			`{"code":0,"message":"","data":{}}`, "C1.badInput", true, "page is a string that is no number"},
		{"a body with a second object, served as the first", contract.GetFormList, "read", `{"page":1}{"page":3}`,
			`{"code":0,"message":"","data":{}}`, "C1.badInput", true, "not a JSON object"},
		{"a body with a stray closing bracket, served", contract.TemplatesList, "read", `{"page_size":5}}`,
			`{"code":0,"message":"","data":{"list":[],"next_page_token":null,"total":0}}`, "C1.badInput", true, "not a JSON object"},
		{"a template sent as an array holding a coding, served", contract.ListQrcodes, "read", `{"template":["T-1"]}`,
			`{"code":0,"message":"","data":{"list":[],"next_page_token":null,"total":0}}`, "C1.badInput", true, "template is an array"},
		{"a record's id as digits, served as another record", contract.GetRecord, "read", `{"record_id":"0800001"}`,
			`{"code":0,"message":"","data":{"format":"json","content_type":"application/json; charset=utf-8","data":{"record_id":800002}}}`,
			"2.1.identity", true, "asked for 800001"},
		{"a record's id written 800001.0, served as another record", contract.GetRecord, "read", `{"record_id":800001.0}`,
			`{"code":0,"message":"","data":{"format":"json","content_type":"application/json; charset=utf-8","data":{"record_id":800002}}}`,
			"2.1.identity", true, "asked for 800001"},
		{"a page size as a digit string past the maximum, served uncapped", contract.GetFormList, "read", `{"page_size":"40"}`,
			`{"code":0,"message":"","data":{"version":"v1","list":[],"page":{"current_page":1,"last_page":1,"per_page":40,"total":0}}}`,
			"8.formList.max", true, "per_page is 40"},
		{"a verify success without the new status's name", contract.Verify, "write", `{"certificate_code":"c1","action_type":"set_next_certificate_status"}`,
			`{"code":0,"message":"","data":{"record_id":1,"record_number":"N","org_id":1,"submit_at":1,"certificate_status":""}}`, "3.1.move", true, "certificate_status"},
		{"a verify success with the new status's name", contract.Verify, "write", `{"certificate_code":"c1","action_type":"set_next_certificate_status"}`,
			`{"code":0,"message":"","data":{"record_id":1,"record_number":"N","org_id":1,"submit_at":1,"certificate_status":"已核销"}}`, "3.1.move", true, ""},
		{"a digit string below the minimum, served as the first page", contract.TemplatesList, "read", `{"page_size":"0"}`,
			`{"code":0,"message":"","data":{"list":[],"next_page_token":null,"total":0}}`, "C1.badInput", true, "below its minimum"},
		{"a digit string of a fraction, served", contract.GetRecord, "read", `{"record_id":"800001.5"}`,
			`{"code":0,"message":"","data":{}}`, "C1.badInput", true, "not whole"},
		{"a body after a byte order mark is the body: a fault in it is bad input", contract.GetFormList, "read", "\xEF\xBB\xBF{\"page\":\"abc\"}",
			`{"code":0,"message":"","data":{}}`, "C1.badInput", true, "page is a string that is no number"},
		{"a body after a byte order mark, served as the body", contract.GetFormList, "read", "\xEF\xBB\xBF{\"page\":1}",
			`{"code":0,"message":"","data":{}}`, "C1.badInput", false, ""},
		{"a member the contract does not name, read as a page size past the maximum", contract.GetFormList, "read", `{"per_page":100}`,
			`{"code":0,"message":"","data":{"version":"v1","list":[],"page":{"current_page":1,"last_page":1,"per_page":100,"total":0}}}`,
			"8.formList.defaults", true, "without page_size: per_page is 100"},
		{"a lenient reading of a number is no bad input", contract.GetFormList, "read", `{"page":"2"}`,
			`{"code":0,"message":"","data":{}}`, "C1.badInput", false, ""},
		{"an empty format reads as absent", contract.GetRecord, "read", `{"record_id":1,"format":""}`,
			`{"code":0,"message":"","data":{}}`, "C1.badInput", false, ""},
		{"an unknown action is 100325", contract.Verify, "write", `{"certificate_code":"c","action_type":"x"}`,
			`{"code":400,"message":"m","data":{},"error_code":100325}`, "7.badAction", true, ""},
		{"the kit's order may answer the code first", contract.Verify, "write", `{"certificate_code":"c","action_type":"x"}`,
			`{"code":400,"message":"m","data":{},"error_code":100320}`, "7.badAction", true, ""},
		{"two faults: either code", contract.Verify, "write", `{"certificate_code":{},"action_type":"x"}`,
			`{"code":400,"message":"m","data":{},"error_code":100301}`, "7.badAction", true, ""},
		{"a missing parameter with another code", contract.Verify, "write", `{"action_type":"set_next_certificate_status"}`,
			`{"code":400,"message":"m","data":{},"error_code":100326}`, "7.params", true, "want [100301]"},
		{"a refusal is judged by the auth rules only", contract.Verify, "read", `{"action_type":"x"}`,
			`{"code":403,"message":"m","data":{},"error_code":100403}`, "7.params", false, ""},
		{"no key, a success", contract.TemplatesList, "none", `{}`,
			`{"code":0,"message":"","data":{"list":[],"next_page_token":null,"total":0}}`, "C2.noKey", true, "answered with a success"},
		{"an iso that is not its instant", contract.TemplatesList, "read", `{}`,
			`{"code":0,"message":"","data":{"list":[{"created_at":0,"created_at_iso":"2026-01-01 00:00:00(UTC+08:00)"}],"next_page_token":null,"total":1}}`,
			"C1.timeZone", true, "not the instant"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			problems, applied := judged(t, tc.ep, tc.role, tc.req, tc.answer, tc.statement)
			if applied != tc.applies {
				t.Fatalf("applied = %v, want %v (problems %q)", applied, tc.applies, problems)
			}
			got := strings.Join(problems, "; ")
			switch {
			case tc.wantBroken == "" && got != "":
				t.Errorf("want no problem, got %q", got)
			case tc.wantBroken != "" && !strings.Contains(got, tc.wantBroken):
				t.Errorf("problems %q, want one holding %q", got, tc.wantBroken)
			}
		})
	}
}

// TestATransportFailureIsJudgedByNoRule: an exchange with no whole answer
// is no answer to judge.
func TestATransportFailureIsJudgedByNoRule(t *testing.T) {
	ep := contract.GetFormList
	if v := Judge(&Exchange{Endpoint: &ep, Failed: true}, nil); len(v) != 0 {
		t.Fatalf("verdicts %v on a failed exchange", v)
	}
}

// TestTenancyThroughAFilter: a listing of our key holding a form of
// another organization breaks C2.tenancy, whatever the filter.
func TestTenancyThroughAFilter(t *testing.T) {
	ep := contract.GetFormList
	env := &Env{Theirs: Objects{FormIDs: map[int64]bool{9: true}}}
	x := &Exchange{Endpoint: &ep, Role: "read", Request: []byte(`{"number":"X"}`), ContentType: "application/json",
		Body: []byte(`{"code":0,"message":"","data":{"list":[{"id":9,"number":"X"}],"page":{"current_page":1,"last_page":1,"per_page":10,"total":1}}}`)}
	for _, v := range Judge(x, env) {
		if v.Statement == "C2.tenancy" && len(v.Problems) > 0 {
			return
		}
	}
	t.Fatal("a form of another organization through the number filter passed C2.tenancy")
}

// TestFaultsOfValues: a fraction for an integer and a number for an
// enum member are bad input; an integer written 1.0 or "1" is not.
func TestFaultsOfValues(t *testing.T) {
	for body, bad := range map[string]bool{
		`{"page_size":2.5}`: true, `{"page_size":1.0}`: false, `{"page_size":"1"}`: false, `{"page_size":1e1}`: false,
		`{"page":-1}`: true, `{"page":true}`: true,
	} {
		if got := len(Faults(contract.GetFormList, []byte(body))) > 0; got != bad {
			t.Errorf("Faults(%s) bad = %v, want %v", body, got, bad)
		}
	}
	if len(Faults(contract.GetRecord, []byte(`{"record_id":1,"format":1}`))) == 0 {
		t.Error("format 1 is not bad input")
	}
}

// TestTwoAddressesNamingTwoRecords: getRecord with a record_id and a
// record_url that name two records may be answered with either
// (docs/contract.md §C10 leaves it to the service), never with a third;
// under the other organization's key its own record named by id beside
// our URL is no sight of ours, and our record shown is.
func TestTwoAddressesNamingTwoRecords(t *testing.T) {
	ep := contract.GetRecord
	env := &Env{
		Records: map[int64]Record{1: {URL: "https://a.test/r/A"}, 2: {URL: "https://a.test/r/B"}},
		Ours:    Objects{RecordIDs: map[int64]bool{1: true, 2: true}, RecordURLs: map[string]bool{"https://a.test/r/A": true, "https://a.test/r/B": true}},
		Theirs:  Objects{RecordIDs: map[int64]bool{9: true}, RecordURLs: map[string]bool{"https://z.test/r/Z": true}},
	}
	answer := func(id int64, url string) []byte {
		return []byte(fmt.Sprintf(`{"code":0,"message":"","data":{"format":"json","data":{"record_id":%d,"record_url":%q}}}`, id, url))
	}
	problems := func(role, req string, body []byte, statement string) []string {
		x := &Exchange{Endpoint: &ep, Role: role, Request: []byte(req), ContentType: "application/json", Body: body}
		for _, v := range Judge(x, env) {
			if v.Statement == statement {
				return v.Problems
			}
		}
		return nil
	}
	both := `{"record_id":1,"record_url":"https://a.test/r/B"}`
	for _, c := range []struct {
		role, req string
		id        int64
		url, st   string
		bad       bool
	}{
		{"read", both, 1, "https://a.test/r/A", "2.1.identity", false},
		{"read", both, 2, "https://a.test/r/B", "2.1.identity", false},
		{"read", both, 2, "https://a.test/r/A", "2.1.identity", true},
		{"read", `{"record_id":1,"record_url":"https://a.test/r/A"}`, 1, "https://a.test/r/B", "2.1.identity", true},
		{"other_org", `{"record_id":9,"record_url":"https://a.test/r/A"}`, 9, "https://z.test/r/Z", "C2.tenancy", false},
		{"other_org", `{"record_id":9,"record_url":"https://a.test/r/A"}`, 1, "https://a.test/r/A", "C2.tenancy", true},
		{"other_org", `{"record_url":"https://a.test/r/A"}`, 9, "https://z.test/r/Z", "C2.tenancy", true},
	} {
		got := problems(c.role, c.req, answer(c.id, c.url), c.st)
		if (len(got) > 0) != c.bad {
			t.Errorf("%s %s answered %d %s: %s problems %v, want a problem: %v", c.role, c.req, c.id, c.url, c.st, got, c.bad)
		}
	}
}
