package mockserver_test

// Fuzz targets for every decoder of outside input in the mock (docs/reliability.md section 1):
// each endpoint's request body, page tokens and time filters. Each target
// asserts properties, not only "no panic": every answer is JSON of the
// endpoint's success or error schema, with a status below 500 and the
// JSON Content-Type. Run one with
//
//	go test -run='^$' -fuzz='^FuzzVerifyBody$' -fuzztime=30s ./mockserver
//
// or all of them with scripts/fuzz.sh.

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
	"github.com/rtq-kit/rtq/schemas"
)

// fuzzEnv is one mock built from the default scenario, shared by the inputs
// of a fuzz worker.
type fuzzEnv struct {
	sc      *scenario.Scenario
	srv     *mockserver.Server
	schemas *schemas.Set
	secrets []string // every key's secret, then "" (no header) and a forged key
}

var (
	fuzzSchemasOnce sync.Once
	fuzzSchemas     *schemas.Set
	fuzzSchemasErr  error
)

func newFuzzEnv(tb testing.TB) *fuzzEnv {
	tb.Helper()
	sc, err := scenarios.Default()
	if err != nil {
		tb.Fatalf("default scenario: %v", err)
	}
	srv, err := mockserver.New(sc, mockserver.Options{})
	if err != nil {
		tb.Fatalf("mockserver.New: %v", err)
	}
	fuzzSchemasOnce.Do(func() { fuzzSchemas, fuzzSchemasErr = schemas.Compile() })
	if fuzzSchemasErr != nil {
		tb.Fatalf("schemas.Compile: %v", fuzzSchemasErr)
	}
	env := &fuzzEnv{sc: sc, srv: srv, schemas: fuzzSchemas}
	for _, k := range sc.Keys {
		env.secrets = append(env.secrets, k.Secret)
	}
	env.secrets = append(env.secrets, "", "rtq-forged-key")
	return env
}

// secret picks a key by a fuzzed byte.
func (e *fuzzEnv) secret(pick uint8) string { return e.secrets[int(pick)%len(e.secrets)] }

// keyOf returns the secret of the named key of the default scenario.
func (e *fuzzEnv) keyOf(tb testing.TB, name string) string {
	tb.Helper()
	for _, k := range e.sc.Keys {
		if k.Name == name || k.Secret == "rtq-"+name { // docs/cli.md fixes the secrets
			return k.Secret
		}
	}
	tb.Fatalf("default scenario has no key %q", name)
	return ""
}

// post sends body to ep in-process and checks the transport properties.
func (e *fuzzEnv) post(tb testing.TB, ep contract.Endpoint, secret string, body []byte) answer {
	tb.Helper()
	req := httptest.NewRequest(http.MethodPost, ep.Path(), bytes.NewReader(body))
	req.Host = "127.0.0.1" // the host check serves loopback names only
	req.Header.Set("Content-Type", "application/json")
	if secret != "" {
		req.Header.Set("Authorization", "Bearer "+secret)
	}
	rec := httptest.NewRecorder()
	e.srv.Handler().ServeHTTP(rec, req)
	return e.check(tb, ep, rec)
}

// answer is a decoded, schema-checked answer.
type answer struct {
	status int
	code   int64
	doc    map[string]any
	raw    []byte
}

func (a answer) str(name string) string {
	s, _ := a.doc[name].(string)
	return s
}

func (a answer) errorCode() int64 {
	n, _ := a.doc["error_code"].(json.Number).Int64()
	return n
}

// check asserts what every answer of an endpoint must be: status < 500,
// the JSON Content-Type, one JSON object valid against the success schema
// (code 0) or the error schema (any other code).
func (e *fuzzEnv) check(tb testing.TB, ep contract.Endpoint, rec *httptest.ResponseRecorder) answer {
	tb.Helper()
	a := answer{status: rec.Code, raw: rec.Body.Bytes()}
	if a.status >= 500 {
		tb.Fatalf("%s: HTTP %d: %s", ep.Name, a.status, a.raw)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
		tb.Fatalf("%s: Content-Type %q", ep.Name, ct)
	}
	dec := json.NewDecoder(bytes.NewReader(a.raw))
	dec.UseNumber()
	if err := dec.Decode(&a.doc); err != nil || dec.More() {
		tb.Fatalf("%s: answer is not one JSON object (%v): %s", ep.Name, err, a.raw)
	}
	num, ok := a.doc["code"].(json.Number)
	if !ok {
		tb.Fatalf("%s: answer has no numeric code: %s", ep.Name, a.raw)
	}
	a.code, _ = num.Int64()
	file := ep.Name + ".error.json"
	if a.code == 0 {
		file = ep.Name + ".response.json"
	}
	if err := e.schemas.ValidateJSON(file, a.raw); err != nil {
		tb.Fatalf("%s: answer fails %s: %v\n%s", ep.Name, file, err, a.raw)
	}
	return a
}

// paramError asserts a 100301-style parameter error whose detail names one
// of the given parameters.
func paramError(tb testing.TB, ep contract.Endpoint, a answer, params ...string) {
	tb.Helper()
	if a.code != 400 {
		tb.Fatalf("%s: want code 400 naming %v, got %s", ep.Name, params, a.raw)
	}
	detail := a.str("message_detail")
	for _, p := range params {
		if strings.Contains(detail, p) {
			return
		}
	}
	tb.Fatalf("%s: message_detail %q names none of %v", ep.Name, detail, params)
}

// bodySeeds are request bodies worth starting every body target from.
var bodySeeds = []string{
	``, `{}`, `null`, `[]`, `"x"`, `1`, `{"a":`, `{"record_id":1e400}`,
	`{"page":-1}`, `{"page_size":"abc"}`, `{"page":1.5}`, `{"page":9223372036854775808}`,
	`{"format":"markdown","record_id":5001}`, `{"record_url":"https://x/r/\u0000"}`,
	`{"certificate_code":null,"action_type":"set_next_certificate_status"}`,
	`{"template":{"$ne":1}}`, `{"start_time":"2025-02-30"}`, "\xef\xbb\xbf{}",
	`{"search_key":"巡检","number":"XJ-2025-001"}`, `{"page_token":"AAAA"}`,
	"{\"a\":\"\xff\xfe\"}", `{"record_id":1,"record_id":"1"}`,
}

// addBodySeeds adds bodySeeds with every key pick, plus the target's own.
func addBodySeeds(f *testing.F, extra ...string) {
	for i, s := range append(append([]string{}, bodySeeds...), extra...) {
		f.Add(uint8(i), []byte(s))
	}
}

// validFormat tells whether a getRecord format member value is accepted.
func validFormat(s string) bool {
	for _, f := range contract.Formats {
		if f.Name == s {
			return true
		}
	}
	return false
}

// FuzzGetRecordBody: any body gives a schema-valid answer; a success
// carries a payload of the requested format.
func FuzzGetRecordBody(f *testing.F) {
	env := newFuzzEnv(f)
	r := env.sc.Records[0]
	addBodySeeds(f, `{"record_id":`+itoa(r.ID)+`}`, `{"record_url":"`+r.URL+`","format":"json-ld"}`,
		`{"record_id":`+itoa(r.ID)+`,"record_url":"`+r.URL+`","format":"markdown"}`)
	f.Fuzz(func(t *testing.T, pick uint8, body []byte) {
		a := env.post(t, contract.GetRecord, env.secret(pick), body)
		if a.code != 0 {
			return
		}
		data, _ := a.doc["data"].(map[string]any)
		if format, _ := data["format"].(string); !validFormat(format) {
			t.Fatalf("success with format %q: %s", format, a.raw)
		}
	})
}

// FuzzVerifyBody: any body gives a schema-valid answer; a success names a
// status; an error carries one of the spec's verify error codes or a
// transport code.
func FuzzVerifyBody(f *testing.F) {
	env := newFuzzEnv(f)
	var cert *scenario.Record
	for _, r := range env.sc.Records {
		if r.Cert != nil && cert == nil {
			cert = r
		}
	}
	if cert != nil {
		addBodySeeds(f,
			`{"certificate_code":"`+cert.Code+`","action_type":"set_next_certificate_status"}`,
			`{"certificate_code":"`+cert.URL+`","action_type":"set_certificate_status","to_certificate_status":"1"}`,
			`{"certificate_code":"`+cert.Code+`","action_type":"set_certificate_status","to_certificate_status":"x","from_certificate_status":"y","tpl_id":-1,"code_id":1e3}`)
	} else {
		addBodySeeds(f)
	}
	f.Fuzz(func(t *testing.T, pick uint8, body []byte) {
		a := env.post(t, contract.Verify, env.secret(pick), body)
		if a.code == 0 {
			return
		}
		ec := a.errorCode()
		if _, ok := contract.VerifyError(int(ec)); !ok && a.code != 401 && a.code != 403 && a.code != 413 {
			t.Fatalf("verify error_code %d is neither a spec verify code nor a transport error: %s", ec, a.raw)
		}
	})
}

// FuzzFormListBody: any body gives a schema-valid answer; a success never
// holds more than 20 forms, per_page <= 20, and number filters exactly.
func FuzzFormListBody(f *testing.F) {
	env := newFuzzEnv(f)
	addBodySeeds(f, `{"page":2,"page_size":5}`, `{"page_size":100}`, `{"number":"XJ-2025-001"}`)
	f.Fuzz(func(t *testing.T, pick uint8, body []byte) {
		a := env.post(t, contract.GetFormList, env.secret(pick), body)
		if a.code != 0 {
			return
		}
		data := a.doc["data"].(map[string]any)
		list := data["list"].([]any)
		per, _ := data["page"].(map[string]any)["per_page"].(json.Number).Int64()
		if len(list) > contract.FormListMaxPageSize || per > contract.FormListMaxPageSize {
			t.Fatalf("page of %d forms, per_page %d: %s", len(list), per, a.raw)
		}
	})
}

// FuzzTemplatesListBody: any body gives a schema-valid answer with at most
// 100 templates.
func FuzzTemplatesListBody(f *testing.F) {
	env := newFuzzEnv(f)
	addBodySeeds(f, `{"page_size":1}`, `{"start_time":"2025-01-01","end_time":"2025-12-31T23:59:59Z","page_size":500}`)
	f.Fuzz(func(t *testing.T, pick uint8, body []byte) {
		a := env.post(t, contract.TemplatesList, env.secret(pick), body)
		if a.code == 0 && len(a.doc["data"].(map[string]any)["list"].([]any)) > contract.TemplatesMaxPageSize {
			t.Fatalf("more than %d templates on one page", contract.TemplatesMaxPageSize)
		}
	})
}

// FuzzListQrcodesBody: any body gives a schema-valid answer; a missing
// template is a 400 naming it.
func FuzzListQrcodesBody(f *testing.F) {
	env := newFuzzEnv(f)
	tpl := env.sc.Templates[0]
	addBodySeeds(f, `{"template":"`+tpl.Coding+`"}`, `{"template":"`+tpl.URL+`","page_size":1}`)
	f.Fuzz(func(t *testing.T, pick uint8, body []byte) {
		a := env.post(t, contract.ListQrcodes, env.secret(pick), body)
		if a.code == 0 && len(a.doc["data"].(map[string]any)["list"].([]any)) > contract.TemplatesMaxPageSize {
			t.Fatalf("more than %d sub-codes on one page", contract.TemplatesMaxPageSize)
		}
	})
}

func itoa(n int64) string { b, _ := json.Marshal(n); return string(b) }

// quoteJSON renders s as a JSON string.
func quoteJSON(s string) string { b, _ := json.Marshal(s); return string(b) }

// issuedTokens walks an endpoint with page_size 1 and returns every
// next_page_token the mock issued on the way.
func issuedTokens(tb testing.TB, env *fuzzEnv, ep contract.Endpoint, secret, extra string) map[string]bool {
	tb.Helper()
	out := map[string]bool{}
	tok := ""
	for i := 0; i < 1000; i++ {
		body := `{"page_size":1` + extra
		if tok != "" {
			body += `,"page_token":` + quoteJSON(tok)
		}
		a := env.post(tb, ep, secret, []byte(body+"}"))
		if a.code != 0 {
			tb.Fatalf("walk %s: %s", ep.Name, a.raw)
		}
		next, _ := a.doc["data"].(map[string]any)["next_page_token"].(string)
		if next == "" {
			return out
		}
		out[next], tok = true, next
	}
	tb.Fatalf("walk %s: more than 1000 pages", ep.Name)
	return nil
}

// FuzzPageToken: a page token is accepted only when the mock issued it for
// this endpoint and filter; anything else (tampered, truncated, another
// filter's) is a 400 whose detail names page_token.
func FuzzPageToken(f *testing.F) {
	env := newFuzzEnv(f)
	read := env.keyOf(f, "demo-read")
	var tpl *scenario.Template
	for _, t := range env.sc.Templates {
		if t.Org != nil && len(t.SubCodes) > 2 && (tpl == nil || len(t.SubCodes) > len(tpl.SubCodes)) && t.Org.ID == env.sc.Keys[0].Org.ID {
			tpl = t
		}
	}
	if tpl == nil {
		f.Fatal("default scenario has no template with sub-codes")
	}
	qrExtra := `,"template":` + quoteJSON(tpl.Coding)
	issued := [2]map[string]bool{
		issuedTokens(f, env, contract.TemplatesList, read, ""),
		issuedTokens(f, env, contract.ListQrcodes, read, qrExtra),
	}
	for which, set := range issued {
		n := 0
		for tok := range set {
			if n++; n > 8 {
				break
			}
			f.Add(uint8(which), tok)
			f.Add(uint8(which), tok[:len(tok)-1])
			f.Add(uint8(which), tok+"A")
			f.Add(uint8(1-which), tok)
		}
	}
	f.Add(uint8(0), "")
	f.Add(uint8(0), "%%%")
	f.Fuzz(func(t *testing.T, which uint8, tok string) {
		which %= 2
		ep, extra := contract.TemplatesList, ""
		if which == 1 {
			ep, extra = contract.ListQrcodes, qrExtra
		}
		a := env.post(t, ep, read, []byte(`{"page_token":`+quoteJSON(tok)+extra+`}`))
		if tok == "" || issued[which][tok] {
			if a.code != 0 {
				t.Fatalf("issued token %q refused: %s", tok, a.raw)
			}
			return
		}
		if !strings.Contains(a.str("message_detail"), "page_token") {
			t.Fatalf("token %q not issued for %s but answered: %s", tok, ep.Name, a.raw)
		}
		paramError(t, ep, a, "page_token")
	})
}

// refBound is the reference reading of a time filter (docs/contract.md §C5 and
// §C10): RFC 3339, "YYYY-MM-DD HH:MM:SS" or "YYYY-MM-DD" in UTC+08:00. It
// returns the instant the bound stands for (a date alone: the day's start
// for a lower bound, its last second for an upper one).
func refBound(s string, upper bool) (time.Time, bool) {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t, true
	}
	if t, err := time.ParseInLocation(time.DateTime, s, contract.Zone); err == nil {
		return t, true
	}
	if t, err := time.ParseInLocation(time.DateOnly, s, contract.Zone); err == nil {
		if upper {
			t = t.Add(24*time.Hour - time.Second)
		}
		return t, true
	}
	return time.Time{}, false
}

// FuzzTimeFilter: start_time and end_time are accepted exactly when the
// reference parser accepts them, a bad one is a 400 naming it, and an end
// before the start is a 400 naming end_time.
func FuzzTimeFilter(f *testing.F) {
	env := newFuzzEnv(f)
	read := env.keyOf(f, "demo-read")
	for _, s := range [][2]string{
		{"2025-01-01", "2025-12-31"}, {"2025-01-01 00:00:00", ""}, {"", "2026-01-02T03:04:05+08:00"},
		{"2026-01-02T03:04:05.5Z", "2026-01-02T03:04:05.7Z"}, {"2025-13-01", ""}, {"2025-02-29", ""},
		{"2025-01-02", "2025-01-01"}, {"0000-01-01", "9999-12-31"}, {"2025-01-01T00:00:00+99:00", ""},
		{" 2025-01-01", "2025-01-01 "}, {"2025-01-01T24:00:00Z", ""}, {"1", "2"},
	} {
		f.Add(uint8(0), s[0], s[1])
	}
	tpl := `,"template":` + quoteJSON(env.sc.Templates[0].Coding)
	f.Fuzz(func(t *testing.T, which uint8, start, end string) {
		ep, extra := contract.TemplatesList, ""
		if which%2 == 1 {
			ep, extra = contract.ListQrcodes, tpl
		}
		a := env.post(t, ep, read, []byte(`{"start_time":`+quoteJSON(start)+`,"end_time":`+quoteJSON(end)+extra+`}`))
		lo, okLo := refBound(start, false)
		hi, okHi := refBound(end, true)
		switch {
		case start != "" && !okLo:
			paramError(t, ep, a, "start_time")
		case end != "" && !okHi:
			paramError(t, ep, a, "end_time")
		case start != "" && end != "" && hi.Before(lo):
			paramError(t, ep, a, "end_time")
		case a.code != 0 && !(start != "" && end != "" && hi.Unix() == lo.Unix()):
			t.Fatalf("start %q end %q are valid, got %s", start, end, a.raw)
		}
	})
}

// FuzzAuthorizationHeader: any Authorization value gets a JSON answer; a
// value is accepted only when it carries a key's whole secret, and
// "Bearer <secret>" always is.
func FuzzAuthorizationHeader(f *testing.F) {
	env := newFuzzEnv(f)
	for _, s := range env.sc.Keys {
		f.Add("Bearer " + s.Secret)
		f.Add("bearer  " + s.Secret + " ")
		f.Add("Bearer " + s.Secret[:len(s.Secret)-1])
	}
	for _, s := range []string{"", "Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "Bearer\t", "Bearer \x00", "BEARER rtq-demo-read\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, h string) {
		req := httptest.NewRequest(http.MethodPost, contract.GetFormList.Path(), strings.NewReader(`{}`))
		req.Host = "127.0.0.1" // the host check serves loopback names only
		req.Header["Authorization"] = []string{h}
		rec := httptest.NewRecorder()
		env.srv.Handler().ServeHTTP(rec, req)
		a := env.check(t, contract.GetFormList, rec)
		carries := false
		for _, s := range env.secrets[:len(env.sc.Keys)] {
			carries = carries || strings.Contains(h, s)
			if h == "Bearer "+s && a.code != 0 {
				t.Fatalf("%q refused: %s", h, a.raw)
			}
		}
		if a.code == 0 && !carries {
			t.Fatalf("%q carries no secret but was accepted", h)
		}
		if a.code != 0 && a.code != 401 {
			t.Fatalf("%q: code %d, want 0 or 401: %s", h, a.code, a.raw)
		}
	})
}
