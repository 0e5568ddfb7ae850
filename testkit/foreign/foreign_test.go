package foreign_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/testkit/foreign"
)

// call posts body to an operation and returns the HTTP status and the
// decoded answer.
func call(t *testing.T, h http.Handler, key, op, body string) (int, map[string]any) {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/api/v2/rpc/"+op, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if ct := rec.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("%s: Content-Type %q", op, ct)
	}
	var out map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatalf("%s %s: answer is not JSON: %v\n%s", op, body, err, rec.Body)
	}
	return rec.Code, out
}

func dig(v any, path ...string) any {
	for _, p := range path {
		m, _ := v.(map[string]any)
		v = m[p]
	}
	return v
}

// answers are what one request shows under both dialects.
type dialectCase struct {
	name, key, op, body string
	// show extracts what differs; foreign and mockLike are its two values.
	show              func(status int, a map[string]any) any
	foreign, mockLike any
}

func TestEveryKitAxisDiffersFromTheMockAndCanBeSwitched(t *testing.T) {
	statusAndCodes := func(st int, a map[string]any) any {
		return []any{st, a["code"], a["error_code"]}
	}
	firstID := func(_ int, a map[string]any) any {
		l, _ := dig(a, "data", "list").([]any)
		if len(l) == 0 {
			return nil
		}
		return dig(l[0], "id")
	}
	cases := []dialectCase{
		{"success message", foreign.ReadKey, "record/getFormList", `{}`,
			func(_ int, a map[string]any) any { return a["message"] }, "success", "ok"},
		{"unknown record: status policy and own code", foreign.ReadKey, "record/getRecord", `{"record_id":1}`,
			statusAndCodes, []any{200, 400.0, 100310.0}, []any{404, 404.0, 100404.0}},
		{"read key on verify", foreign.ReadKey, "certificates/verify",
			`{"certificate_code":"hx810001","action_type":"set_next_certificate_status"}`,
			statusAndCodes, []any{403, 403.0, 100403.0}, []any{403, 403.0, 100328.0}},
		{"page_size over the maximum", foreign.ReadKey, "record/getFormList", `{"page_size":50}`,
			func(_ int, a map[string]any) any { return []any{a["code"], dig(a, "data", "page", "per_page")} },
			[]any{400.0, nil}, []any{0.0, 20.0}},
		{"end_time before start_time", foreign.ReadKey, "templates/list",
			`{"start_time":"2026-01-10","end_time":"2026-01-02"}`,
			func(_ int, a map[string]any) any { return []any{a["code"], dig(a, "data", "total")} },
			[]any{0.0, 0.0}, []any{400.0, nil}},
		{"form order", foreign.ReadKey, "record/getFormList", `{}`, firstID, 5020.0, 5001.0},
		{"absent, not null", foreign.ReadKey, "record/getRecord", `{"record_id":800001}`,
			func(_ int, a map[string]any) any { return dig(a, "data", "data", "audit") },
			nil, map[string]any{"enabled": false}},
		{"search semantics", foreign.ReadKey, "record/getFormList", `{"search_key":"巡检 外包"}`,
			func(_ int, a map[string]any) any { return dig(a, "data", "page", "total") }, 1.0, 0.0},
		{"json-ld layout", foreign.ReadKey, "record/getRecord", `{"record_id":800001,"format":"json-ld"}`,
			func(_ int, a map[string]any) any { return dig(a, "data", "data", "@type") }, "DigitalDocument", "CreativeWork"},
		{"markdown layout", foreign.ReadKey, "record/getRecord", `{"record_id":800002,"format":"markdown"}`,
			func(_ int, a map[string]any) any {
				md, _ := dig(a, "data", "data").(string)
				return strings.Contains(md, "| 字段 | 内容 |")
			}, true, false},
	}
	f, m := foreign.New(foreign.Defaults()), foreign.New(foreign.MockLike())
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, a := call(t, f, c.key, c.op, c.body)
			if got := c.show(st, a); !equalJSON(got, c.foreign) {
				t.Errorf("foreign: %v, want %v", got, c.foreign)
			}
			st, a = call(t, m, c.key, c.op, c.body)
			if got := c.show(st, a); !equalJSON(got, c.mockLike) {
				t.Errorf("mock-like: %v, want %v", got, c.mockLike)
			}
		})
	}
}

func equalJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// A credential shows its status as the specification shows a status:
// process_status and a state change per move, and nothing in the markdown
// that only rtq's mock writes.
func TestCredentialShowsItsStatusAsTheSpecShowsIt(t *testing.T) {
	s := foreign.New(foreign.Defaults())
	_, a := call(t, s, foreign.ReadKey, "record/getRecord", `{"record_id":810001}`)
	if got := dig(a, "data", "data", "process_status", "text"); got != "待核销" {
		t.Fatalf("process_status.text %v, want 待核销", got)
	}
	_, v := call(t, s, foreign.WriteKey, "certificates/verify",
		`{"certificate_code":"https://qa.foreign.example/c/hx810001","action_type":"set_certificate_status","to_certificate_status":"已核销"}`)
	if got := dig(v, "data", "certificate_status"); got != "已核销" {
		t.Fatalf("verify: %v", v)
	}
	_, a = call(t, s, foreign.ReadKey, "record/getRecord", `{"record_id":810001}`)
	changes, _ := dig(a, "data", "data", "state_changes").([]any)
	if len(changes) != 1 || dig(changes[0], "to_state_option", "name") != "已核销" || dig(a, "data", "data", "process_status", "text") != "已核销" {
		t.Errorf("after the move: process_status %v, state_changes %v", dig(a, "data", "data", "process_status"), changes)
	}
	_, md := call(t, s, foreign.ReadKey, "record/getRecord", `{"record_id":810001,"format":"markdown"}`)
	if text, _ := dig(md, "data", "data").(string); strings.Contains(text, "certificate_status") || !strings.Contains(text, `status: "已核销"`) {
		t.Errorf("markdown:\n%s", text)
	}
	s.Reset()
	_, a = call(t, s, foreign.ReadKey, "record/getRecord", `{"record_id":810001}`)
	if dig(a, "data", "data", "state_changes") != nil || dig(a, "data", "data", "process_status", "text") != "待核销" {
		t.Errorf("after Reset: %v", dig(a, "data", "data", "process_status"))
	}
}

// Errors of the transport come in the endpoint's own shape, never HTML.
func TestTransportErrorsAreJSONInTheEndpointsShape(t *testing.T) {
	s := foreign.New(foreign.Defaults())
	for _, c := range []struct {
		method, path, key string
		status            int
		members           []string
	}{
		{http.MethodGet, "/api/v2/rpc/templates/list", foreign.ReadKey, 405, []string{"code", "message", "data"}},
		{http.MethodPost, "/api/v2/rpc/record/nope", foreign.ReadKey, 404, []string{"code", "error_code", "message", "message_detail"}},
		{http.MethodPost, "/api/v2/rpc/record/getRecord", "", 401, []string{"code", "error_code", "message", "message_detail"}},
		{http.MethodPost, "/api/v2/rpc/certificates/verify", "wrong", 401, []string{"code", "message", "data", "error_code"}},
	} {
		req := httptest.NewRequest(c.method, c.path, strings.NewReader(`{}`))
		if c.key != "" {
			req.Header.Set("Authorization", "Bearer "+c.key)
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		var a map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil || rec.Code != c.status {
			t.Errorf("%s %s: HTTP %d %s", c.method, c.path, rec.Code, rec.Body)
			continue
		}
		for _, m := range c.members {
			if _, ok := a[m]; !ok {
				t.Errorf("%s %s: no %q in %s", c.method, c.path, m, rec.Body)
			}
		}
	}
}

// Every bug is documented with the statement it breaks, and names are unique.
func TestBugInfosAreComplete(t *testing.T) {
	seen := map[foreign.Bug]bool{}
	for _, b := range foreign.BugInfos() {
		if seen[b.Bug] || b.Section == "" || b.Breaks == "" {
			t.Errorf("bug %q: duplicate or undocumented", b.Bug)
		}
		seen[b.Bug] = true
	}
	if len(seen) < 15 {
		t.Errorf("%d bugs, want at least 15", len(seen))
	}
}
