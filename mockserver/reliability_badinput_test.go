package mockserver_test

// Bad input everywhere gets a clear answer. Each row is one bad
// request over real HTTP against the default mock, with the exact answer
// the contract (docs/contract.md §C1, §C2, §C4, §C5, §C10) gives it: HTTP status, body
// code, error_code where the shape has one, and a word of message_detail
// naming the parameter. Every answer is also checked for what no answer
// may be: a 5xx, HTML, another Content-Type, or a body outside the
// endpoint's error schema.

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/testkit/mocktest"
	"github.com/rtq-kit/rtq/testkit/yamltest"
)

// badRow is one bad request and its answer. key is a role: "read"
// (default), "write", "none" or a literal Authorization value after "raw:".
type badRow struct {
	name    string
	method  string // POST when empty
	path    string // an endpoint name (record/getRecord) or a path (/...)
	key     string
	hdr     map[string]string
	body    string
	bodyFn  func() io.Reader
	status  int
	code    int64
	errCode int64  // 0: not checked (shape without error_code, or admin)
	detail  string // substring of message_detail (admin: of error)
	bug     string // non-empty: known bug, row skipped (see report)
}

// badFixture holds the ids and secrets the rows use.
type badFixture struct {
	read, write, foreignRec, foreignTpl string
	recID                               int64
	recURL, certCode, tpl               string
}

const mib = 1 << 20

func bigBody() io.Reader {
	return strings.NewReader(`{"record_id":1,"pad":"` + strings.Repeat("x", mib+16) + `"}`)
}

// aliasBomb is ~500 bytes of YAML whose nested aliases would expand to
// 10^8 nodes ("billion laughs").
func aliasBomb() io.Reader {
	return bytes.NewReader(yamltest.AliasBomb("name: bomb\n", 8))
}

// chunked hides the length, so the server must count while reading.
type chunked struct{ r io.Reader }

func (c chunked) Read(p []byte) (int, error) { return c.r.Read(p) }

func getRecordRows(fx badFixture) []badRow {
	gr, id := "record/getRecord", fmt.Sprint(fx.recID)
	return []badRow{
		{name: "getRecord/empty object", path: gr, body: `{}`, status: 400, code: 400, errCode: 100301, detail: "record_id"},
		{name: "getRecord/empty body", path: gr, body: ``, status: 400, code: 400, errCode: 100301, detail: "record_id"},
		{name: "getRecord/white space body", path: gr, body: " \n\t ", status: 400, code: 400, errCode: 100301, detail: "record_id"},
		{name: "getRecord/id as string", path: gr, body: `{"record_id":"` + id + `"}`, status: 400, code: 400, errCode: 100301, detail: "record_id"},
		{name: "getRecord/id null and no url", path: gr, body: `{"record_id":null}`, status: 400, code: 400, errCode: 100301, detail: "record_id"},
		{name: "getRecord/id negative", path: gr, body: `{"record_id":-1}`, status: 400, code: 400, errCode: 100301, detail: "record_id"},
		{name: "getRecord/id zero", path: gr, body: `{"record_id":0}`, status: 400, code: 400, errCode: 100301, detail: "record_id"},
		{name: "getRecord/id written 5001.0 is an integer", path: gr, body: `{"record_id":` + id + `.0}`, status: 200, code: 0},
		{name: "getRecord/id fraction", path: gr, body: `{"record_id":1.5}`, status: 400, code: 400, errCode: 100301, detail: "record_id"},
		{name: "getRecord/id 1e400", path: gr, body: `{"record_id":1e400}`, status: 400, code: 400, errCode: 100301, detail: "record_id"},
		{name: "getRecord/id beyond int64", path: gr, body: `{"record_id":99999999999999999999}`, status: 400, code: 400, errCode: 100301, detail: "record_id"},
		{name: "getRecord/id boolean", path: gr, body: `{"record_id":true}`, status: 400, code: 400, errCode: 100301, detail: "record_id"},
		{name: "getRecord/id object", path: gr, body: `{"record_id":{"$gt":0}}`, status: 400, code: 400, errCode: 100301, detail: "record_id"},
		{name: "getRecord/url number", path: gr, body: `{"record_url":5}`, status: 400, code: 400, errCode: 100301, detail: "record_url"},
		{name: "getRecord/url empty", path: gr, body: `{"record_url":""}`, status: 400, code: 400, errCode: 100301, detail: "record_url"},
		{name: "getRecord/format unknown", path: gr, body: `{"record_id":` + id + `,"format":"xml"}`, status: 400, code: 400, errCode: 100301, detail: "format"},
		{name: "getRecord/format upper case", path: gr, body: `{"record_id":` + id + `,"format":"JSON"}`, status: 400, code: 400, errCode: 100301, detail: "format"},
		{name: "getRecord/format number", path: gr, body: `{"record_id":` + id + `,"format":1}`, status: 400, code: 400, errCode: 100301, detail: "format"},
		{name: "getRecord/unknown id", path: gr, body: `{"record_id":987654321}`, status: 404, code: 404, errCode: 100404, detail: "record_id"},
		{name: "getRecord/unicode url", path: gr, body: `{"record_url":"https://例子.测试/r/😀\u0000"}`, status: 404, code: 404, errCode: 100404, detail: "record_url"},
		{name: "getRecord/foreign record", path: gr, body: `{"record_url":"` + fx.foreignRec + `"}`, status: 404, code: 404, errCode: 100404, detail: "record_url"},
		{name: "getRecord/misspelt member", path: gr, body: `{"Record_ID":` + id + `}`, status: 400, code: 400, errCode: 100301, detail: "record_id"},
		{name: "getRecord/array body", path: gr, body: `[]`, status: 400, code: 400, errCode: 100301, detail: "body"},
		{name: "getRecord/null body", path: gr, body: `null`, status: 400, code: 400, errCode: 100301, detail: "body"},
		{name: "getRecord/not JSON", path: gr, body: `record_id=1`, status: 400, code: 400, errCode: 100301, detail: "body"},
		{name: "getRecord/truncated JSON", path: gr, body: `{"record_id":` + id, status: 400, code: 400, errCode: 100301, detail: "body"},
		{name: "getRecord/byte order mark", path: gr, body: "\xef\xbb\xbf{}", status: 400, code: 400, errCode: 100301, detail: "body"},
		// Invalid UTF-8 inside a string is refused (RFC 8259 8.1), not read as U+FFFD.
		{name: "getRecord/invalid UTF-8", path: gr, body: "{\"record_url\":\"\xff\xfe\"}", status: 400, code: 400, errCode: 100301, detail: "UTF-8"},
		{name: "getRecord/invalid UTF-8 in a name", path: gr, body: "{\"\xc3\":1}", status: 400, code: 400, errCode: 100301, detail: "UTF-8"},
		{name: "getRecord/nested 100,000 deep", path: gr, bodyFn: func() io.Reader {
			return strings.NewReader(`{"record_id":` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}`)
		}, status: 400, code: 400, errCode: 100301, detail: "body"},
		{name: "getRecord/50,000 members", path: gr, bodyFn: func() io.Reader {
			return strings.NewReader(`{` + strings.Repeat(`"x":1,`, 50000) + `"format":"json"}`)
		}, status: 400, code: 400, errCode: 100301, detail: "record_id"},
		{name: "getRecord/too large", path: gr, bodyFn: bigBody, status: 413, code: 413, errCode: 100301, detail: "body"},
		{name: "getRecord/too large chunked", path: gr, bodyFn: func() io.Reader { return chunked{bigBody()} }, status: 413, code: 413, errCode: 100301, detail: "body"},
		{name: "getRecord/no Authorization", path: gr, key: "none", body: `{"record_id":` + id + `}`, status: 401, code: 401, errCode: 100401, detail: "Authorization"},
		{name: "getRecord/Basic scheme", path: gr, key: "raw:Basic cnRxOnJ0cQ==", body: `{}`, status: 401, code: 401, errCode: 100401, detail: "Authorization"},
		{name: "getRecord/Bearer without key", path: gr, key: "raw:Bearer ", body: `{}`, status: 401, code: 401, errCode: 100401, detail: "Authorization"},
		{name: "getRecord/unknown key", path: gr, key: "raw:Bearer rtq-no-such-key", body: `{}`, status: 401, code: 401, errCode: 100401, detail: "API key"},
		{name: "getRecord/key with unicode", path: gr, key: "raw:Bearer ключ-🔑", body: `{}`, status: 401, code: 401, errCode: 100401, detail: "API key"},
		{name: "getRecord/GET", method: http.MethodGet, path: gr, status: 405, code: 405, errCode: 100405, detail: "POST"},
		{name: "getRecord/PUT", method: http.MethodPut, path: gr, body: `{}`, status: 405, code: 405, errCode: 100405, detail: "POST"},
		{name: "getRecord/DELETE", method: http.MethodDelete, path: gr, status: 405, code: 405, errCode: 100405, detail: "POST"},
		{name: "getRecord/PATCH", method: http.MethodPatch, path: gr, status: 405, code: 405, errCode: 100405, detail: "POST"},
		{name: "getRecord/form Content-Type is still JSON-read", path: gr, hdr: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, body: `record_id=1`, status: 400, code: 400, errCode: 100301, detail: "body"},
	}
}

func verifyRows(fx badFixture) []badRow {
	vf, next := "certificates/verify", `"action_type":"set_next_certificate_status"`
	code := `"certificate_code":"` + fx.certCode + `"`
	return []badRow{
		{name: "verify/empty object", path: vf, key: "write", body: `{}`, status: 400, code: 400, errCode: 100301, detail: "certificate_code"},
		{name: "verify/code number", path: vf, key: "write", body: `{"certificate_code":5,` + next + `}`, status: 400, code: 400, errCode: 100301, detail: "certificate_code"},
		{name: "verify/code blank", path: vf, key: "write", body: `{"certificate_code":"  ",` + next + `}`, status: 400, code: 400, errCode: 100301, detail: "certificate_code"},
		{name: "verify/code null", path: vf, key: "write", body: `{"certificate_code":null,` + next + `}`, status: 400, code: 400, errCode: 100301, detail: "certificate_code"},
		{name: "verify/no action", path: vf, key: "write", body: `{` + code + `}`, status: 400, code: 400, errCode: 100301, detail: "action_type"},
		{name: "verify/action number", path: vf, key: "write", body: `{` + code + `,"action_type":1}`, status: 400, code: 400, errCode: 100301, detail: "action_type"},
		{name: "verify/action unknown", path: vf, key: "write", body: `{` + code + `,"action_type":"approve"}`, status: 400, code: 400, errCode: 100325, detail: "action_type"},
		{name: "verify/set without target", path: vf, key: "write", body: `{` + code + `,"action_type":"set_certificate_status"}`, status: 400, code: 400, errCode: 100301, detail: "to_certificate_status"},
		{name: "verify/target array", path: vf, key: "write", body: `{` + code + `,"action_type":"set_certificate_status","to_certificate_status":[]}`, status: 400, code: 400, errCode: 100301, detail: "to_certificate_status"},
		{name: "verify/from number", path: vf, key: "write", body: `{` + code + `,` + next + `,"from_certificate_status":7}`, status: 400, code: 400, errCode: 100301, detail: "from_certificate_status"},
		{name: "verify/tpl_id string", path: vf, key: "write", body: `{` + code + `,` + next + `,"tpl_id":"abc"}`, status: 400, code: 400, errCode: 100301, detail: "tpl_id"},
		{name: "verify/code_id fraction", path: vf, key: "write", body: `{` + code + `,` + next + `,"code_id":1.5}`, status: 400, code: 400, errCode: 100301, detail: "code_id"},
		{name: "verify/code_id huge", path: vf, key: "write", body: `{` + code + `,` + next + `,"code_id":1e30}`, status: 400, code: 400, errCode: 100301, detail: "code_id"},
		{name: "verify/unknown code", path: vf, key: "write", body: `{"certificate_code":"NO-SUCH-CODE",` + next + `}`, status: 400, code: 400, errCode: 100320, detail: "certificate_code"},
		{name: "verify/read-only key", path: vf, body: `{` + code + `,` + next + `}`, status: 403, code: 403, errCode: 100328, detail: "write"},
		{name: "verify/no Authorization", path: vf, key: "none", body: `{}`, status: 401, code: 401, errCode: 100401, detail: "Authorization"},
		{name: "verify/not JSON", path: vf, key: "write", body: `<xml/>`, status: 400, code: 400, errCode: 100301, detail: "body"},
		{name: "verify/too large", path: vf, key: "write", bodyFn: bigBody, status: 413, code: 413, errCode: 100301, detail: "body"},
		{name: "verify/GET", method: http.MethodGet, path: vf, key: "write", status: 405, code: 405, errCode: 100405, detail: "POST"},
	}
}

func formListRows() []badRow {
	fl := "record/getFormList"
	return []badRow{
		{name: "getFormList/page zero", path: fl, body: `{"page":0}`, status: 400, code: 400, errCode: 100301, detail: "page"},
		{name: "getFormList/page negative", path: fl, body: `{"page":-1}`, status: 400, code: 400, errCode: 100301, detail: "page"},
		{name: "getFormList/page string", path: fl, body: `{"page":"2"}`, status: 400, code: 400, errCode: 100301, detail: "page"},
		{name: "getFormList/page fraction", path: fl, body: `{"page":1.5}`, status: 400, code: 400, errCode: 100301, detail: "page"},
		{name: "getFormList/page 1e400", path: fl, body: `{"page":1e400}`, status: 400, code: 400, errCode: 100301, detail: "page"},
		{name: "getFormList/page_size zero", path: fl, body: `{"page_size":0}`, status: 400, code: 400, errCode: 100301, detail: "page_size"},
		{name: "getFormList/page_size text", path: fl, body: `{"page_size":"abc"}`, status: 400, code: 400, errCode: 100301, detail: "page_size"},
		{name: "getFormList/page_size array", path: fl, body: `{"page_size":[10]}`, status: 400, code: 400, errCode: 100301, detail: "page_size"},
		{name: "getFormList/search_key number", path: fl, body: `{"search_key":5}`, status: 400, code: 400, errCode: 100301, detail: "search_key"},
		{name: "getFormList/number array", path: fl, body: `{"number":[]}`, status: 400, code: 400, errCode: 100301, detail: "number"},
		{name: "getFormList/page max int64 is an empty page", path: fl, body: `{"page":9223372036854775807,"page_size":20}`, status: 200, code: 0},
		{name: "getFormList/page_size 2e0 is an integer", path: fl, body: `{"page_size":2e0}`, status: 200, code: 0},
		{name: "getFormList/page_size huge is clamped", path: fl, body: `{"page_size":100000}`, status: 200, code: 0},
		{name: "getFormList/unicode search", path: fl, body: `{"search_key":"😀\u202e巡检"}`, status: 200, code: 0},
		{name: "getFormList/string body", path: fl, body: `"page"`, status: 400, code: 400, errCode: 100301, detail: "body"},
		{name: "getFormList/too large", path: fl, bodyFn: bigBody, status: 413, code: 413, errCode: 100301, detail: "body"},
		{name: "getFormList/HEAD-less OPTIONS without preflight", method: http.MethodOptions, path: fl, status: 405, code: 405, errCode: 100405, detail: "POST"},
	}
}

func templateRows(fx badFixture) []badRow {
	tl, lq := "templates/list", "templates/listQrcodes"
	tpl := `"template":"` + fx.tpl + `"`
	return []badRow{
		{name: "templates/list/forged token", path: tl, body: `{"page_token":"garbage"}`, status: 400, code: 400, detail: "page_token"},
		{name: "templates/list/token number", path: tl, body: `{"page_token":5}`, status: 400, code: 400, detail: "page_token"},
		{name: "templates/list/start words", path: tl, body: `{"start_time":"yesterday"}`, status: 400, code: 400, detail: "start_time"},
		{name: "templates/list/start number", path: tl, body: `{"start_time":20250101}`, status: 400, code: 400, detail: "start_time"},
		{name: "templates/list/end impossible date", path: tl, body: `{"end_time":"2025-13-40"}`, status: 400, code: 400, detail: "end_time"},
		{name: "templates/list/end before start", path: tl, body: `{"start_time":"2025-06-01","end_time":"2025-01-01"}`, status: 400, code: 400, detail: "end_time"},
		{name: "templates/list/equal fractional bounds are a valid window", path: tl, body: `{"start_time":"2026-01-02T03:04:05.5Z","end_time":"2026-01-02T03:04:05.5Z"}`, status: 200, code: 0},
		{name: "templates/list/end before start within one second", path: tl, body: `{"start_time":"2026-01-02T03:04:05.7Z","end_time":"2026-01-02T03:04:05.3Z"}`, status: 400, code: 400, detail: "end_time"},
		{name: "templates/list/page_size negative", path: tl, body: `{"page_size":-5}`, status: 400, code: 400, detail: "page_size"},
		{name: "templates/list/page_size 1e400", path: tl, body: `{"page_size":1e400}`, status: 400, code: 400, detail: "page_size"},
		{name: "templates/list/page_size huge is clamped", path: tl, body: `{"page_size":1000000}`, status: 200, code: 0},
		{name: "templates/list/not JSON", path: tl, body: `{'page_size':1}`, status: 400, code: 400, detail: "body"},
		{name: "templates/list/no Authorization", path: tl, key: "none", body: `{}`, status: 401, code: 401, detail: "Authorization"},
		{name: "templates/list/too large", path: tl, bodyFn: bigBody, status: 413, code: 413, detail: "body"},
		{name: "templates/list/PUT", method: http.MethodPut, path: tl, status: 405, code: 405, detail: "POST"},
		{name: "listQrcodes/no template", path: lq, body: `{}`, status: 400, code: 400, detail: "template"},
		{name: "listQrcodes/empty template", path: lq, body: `{"template":""}`, status: 400, code: 400, detail: "template"},
		{name: "listQrcodes/template number", path: lq, body: `{"template":123}`, status: 400, code: 400, detail: "template"},
		{name: "listQrcodes/unknown template", path: lq, body: `{"template":"NO-SUCH-TEMPLATE"}`, status: 404, code: 404, detail: "template"},
		{name: "listQrcodes/foreign template", path: lq, body: `{"template":"` + fx.foreignTpl + `"}`, status: 404, code: 404, detail: "template"},
		{name: "listQrcodes/forged token", path: lq, body: `{` + tpl + `,"page_token":"AAAAAAAAAAAAAAAAAAAAAAAA"}`, status: 400, code: 400, detail: "page_token"},
		{name: "listQrcodes/bad start", path: lq, body: `{` + tpl + `,"start_time":"2025-02-30"}`, status: 400, code: 400, detail: "start_time"},
		{name: "listQrcodes/DELETE", method: http.MethodDelete, path: lq, status: 405, code: 405, detail: "POST"},
	}
}

func otherRows() []badRow {
	return []badRow{
		{name: "unknown endpoint", path: "/api/v2/rpc/record/nope", body: `{}`, status: 404, code: 404, errCode: 100404, detail: "/api/v2/rpc/record/nope"},
		{name: "old API version", path: "/api/v1/rpc/record/getRecord", body: `{}`, status: 404, code: 404, errCode: 100404, detail: "endpoint"},
		{name: "trailing slash", path: "/api/v2/rpc/record/getRecord/", body: `{}`, status: 404, code: 404, errCode: 100404, detail: "endpoint"},
		{name: "unclean path", path: "/api/v2/rpc/../rpc/record/getRecord", body: `{}`, status: 404, code: 404, errCode: 100404, detail: "endpoint"},
		{name: "root GET", method: http.MethodGet, path: "/", status: 404, code: 404, errCode: 100404, detail: "endpoint"},
		{name: "admin/reset by GET", method: http.MethodGet, path: "/__admin/reset", status: 405, code: 405, detail: "POST /__admin/reset"},
		{name: "admin/health by POST", path: "/__admin/health", status: 405, code: 405, detail: "GET /__admin/health"},
		{name: "admin/unknown call", method: http.MethodGet, path: "/__admin/nope", status: 404, code: 404, detail: "/__admin/nope"},
		{name: "admin/scenario not YAML", path: "/__admin/scenario", body: "name: [", status: 400, code: 400, detail: "problems"},
		{name: "admin/scenario empty", path: "/__admin/scenario", body: "", status: 400, code: 400, detail: "problems"},
		{name: "admin/scenario alias bomb is refused", path: "/__admin/scenario", bodyFn: aliasBomb, status: 400, code: 400, detail: "problems"},
		{name: "admin/scenario JSON of wrong shape", path: "/__admin/scenario", body: `{"orgs":5}`, status: 400, code: 400, detail: "orgs"},
	}
}

func TestReliabilityBadInputTable(t *testing.T) {
	sc := mocktest.Default(t)
	always := *sc
	always.HTTPStatus = scenario.StatusAlways200
	for _, mode := range []*scenario.Scenario{sc, &always} {
		t.Run(string(mode.HTTPStatus), func(t *testing.T) { badInputTable(t, mode) })
	}
}

// badInputTable runs every row against a mock of sc. With always_200 the
// status line of every /api answer is 200 and the body is unchanged
// (docs/contract.md §C1 and §C10); /__admin is not affected.
func badInputTable(t *testing.T, sc *scenario.Scenario) {
	m := mocktest.Start(t, sc, mockserver.Options{})
	read, write, other := mocktest.Key(t, sc, "demo-read"), mocktest.Key(t, sc, "demo-write"), mocktest.Key(t, sc, "other-org")
	rec := mocktest.FirstRecord(t, sc, read.Org, nil)
	cert := mocktest.FirstRecord(t, sc, read.Org, func(r *scenario.Record) bool { return r.Cert != nil })
	fx := badFixture{read: read.Secret, write: write.Secret, recID: rec.ID, recURL: rec.URL, certCode: cert.Code,
		foreignRec: mocktest.FirstRecord(t, sc, other.Org, nil).URL, foreignTpl: mocktest.FirstTemplate(t, sc, other.Org).Coding,
		tpl: mocktest.FirstTemplate(t, sc, read.Org).Coding}
	var rows []badRow
	for _, part := range [][]badRow{getRecordRows(fx), verifyRows(fx), formListRows(), templateRows(fx), otherRows()} {
		rows = append(rows, part...)
	}
	if len(rows) < 60 {
		t.Fatalf("only %d rows: the table should hold at least 60", len(rows))
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			if row.bug != "" {
				t.Skip("BUG: " + row.bug + " — see report")
			}
			a := sendRow(t, m.URL, fx, row)
			if sc.HTTPStatus == scenario.StatusAlways200 && !strings.HasPrefix(row.path, "/__admin") {
				row.status = 200
			}
			checkRow(t, row, a)
		})
	}
}

// sendRow sends a row's request.
func sendRow(t *testing.T, base string, fx badFixture, row badRow) mocktest.Answer {
	t.Helper()
	method, path := row.method, row.path
	if method == "" {
		method = http.MethodPost
	}
	if !strings.HasPrefix(path, "/") {
		path = contract.PathPrefix + path
	}
	hdr := map[string]string{}
	switch {
	case row.key == "" || row.key == "read":
		hdr["Authorization"] = "Bearer " + fx.read
	case row.key == "write":
		hdr["Authorization"] = "Bearer " + fx.write
	case strings.HasPrefix(row.key, "raw:"):
		hdr["Authorization"] = strings.TrimPrefix(row.key, "raw:")
	}
	for k, v := range row.hdr {
		hdr[k] = v
	}
	var body io.Reader = strings.NewReader(row.body)
	if row.bodyFn != nil {
		body = row.bodyFn()
	}
	return mocktest.Do(t, method, base+path, hdr, body)
}

// checkRow compares an answer with the row and with what every answer
// must be.
func checkRow(t *testing.T, row badRow, a mocktest.Answer) {
	t.Helper()
	if ct := a.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("Content-Type %q, want application/json; charset=utf-8", ct)
	}
	if a.Status >= 500 || bytes.Contains(bytes.ToLower(a.Body), []byte("<html")) {
		t.Fatalf("HTTP %d: %.300s", a.Status, a.Body)
	}
	if a.Status != row.status {
		t.Errorf("HTTP %d, want %d: %.300s", a.Status, row.status, a.Body)
	}
	doc := mocktest.Object(t, a.Body)
	if row.status == 405 && a.Header.Get("Allow") == "" {
		t.Errorf("405 without an Allow header")
	}
	if strings.HasPrefix(row.path, "/__admin") {
		if msg, _ := doc["error"].(string); !strings.Contains(msg, row.detail) {
			t.Errorf("admin error %q does not contain %q", msg, row.detail)
		}
		return
	}
	if got := mocktest.Num(doc, "code"); got != row.code {
		t.Errorf("code %d, want %d: %.300s", got, row.code, a.Body)
	}
	if row.errCode != 0 && mocktest.Num(doc, "error_code") != row.errCode {
		t.Errorf("error_code %d, want %d: %.300s", mocktest.Num(doc, "error_code"), row.errCode, a.Body)
	}
	if detail, _ := doc["message_detail"].(string); row.code != 0 && !strings.Contains(detail, row.detail) {
		t.Errorf("message_detail %q does not name %q", detail, row.detail)
	}
	checkRowSchema(t, row, a.Body)
}

// checkRowSchema validates an API answer against its endpoint's schema
// (unknown paths use getRecord's error shape, the same four members).
func checkRowSchema(t *testing.T, row badRow, body []byte) {
	t.Helper()
	name := "record/getRecord"
	for _, ep := range contract.Endpoints {
		if row.path == ep.Name {
			name = ep.Name
		}
	}
	file := name + ".error.json"
	if row.code == 0 {
		file = name + ".response.json"
	}
	if err := mocktest.Schemas(t).ValidateJSON(file, body); err != nil {
		t.Errorf("answer fails %s: %v\n%.300s", file, err, body)
	}
}
