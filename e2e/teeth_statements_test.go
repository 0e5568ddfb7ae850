package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// statementBreaks break SPEC statements nobody had written a break for
// when the statements got ids (docs/contract.md, "SPEC statements"): the
// method, the charset, boundaries on both sides, near misses, each filter
// alone, every way of naming a status or a certificate.
func statementBreaks() []breakCase {
	var all []breakCase
	for _, group := range [][]breakCase{transportStatementBreaks(), recordStatementBreaks(), formStatementBreaks(), cursorStatementBreaks(), verifyStatementBreaks()} {
		all = append(all, group...)
	}
	return all
}

func transportStatementBreaks() []breakCase {
	return []breakCase{
		{"GET served like a POST", func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if strings.HasPrefix(r.URL.Path, "/api/") {
					r.Method = http.MethodPost
				}
				next.ServeHTTP(w, r)
			})
		}, []string{"transport.method"}},
		{"charset latin1", onAnswerHeader("list", "Content-Type", "application/json; charset=iso-8859-1"), []string{"transport.charset", "+templates.schema"}},
		{"byte order mark before the JSON", withBOM("getFormList"), []string{"transport.json", "+formList.schema"}},
		{"success message not a string", onAnswer("getFormList", func(_, a jsonMap) {
			if isSuccess(a) {
				a["message"] = itoa(0)
			}
		}), []string{"formList.schema"}},
		{"read key refused", func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if strings.HasSuffix(r.URL.Path, "/getFormList") && r.Header.Get("Authorization") == "Bearer "+testscenario.ReadSecret {
					w.Header().Set("Content-Type", "application/json; charset=utf-8")
					w.WriteHeader(http.StatusUnauthorized)
					w.Write([]byte(`{"code":401,"error_code":100401,"message":"Unauthorized","message_detail":"key"}`))
					return
				}
				next.ServeHTTP(w, r)
			})
		}, []string{"auth.readKey.accepted"}},
	}
}

// withBOM puts a UTF-8 byte order mark before every answer to op.
func withBOM(op string) middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if !strings.HasSuffix(r.URL.Path, "/"+op) {
				next.ServeHTTP(w, r)
				return
			}
			rec := httptest.NewRecorder()
			next.ServeHTTP(rec, r)
			for k, v := range rec.Header() {
				if k != "Content-Length" {
					w.Header()[k] = v
				}
			}
			w.WriteHeader(rec.Code)
			w.Write(append([]byte{0xEF, 0xBB, 0xBF}, rec.Body.Bytes()...))
		})
	}
}

var frontMatterID = regexp.MustCompile(`(?m)^record_id: *"?(\d+)"?`)

func recordStatementBreaks() []breakCase {
	return []breakCase{
		{"unknown record answered with a success", onAnswer("getRecord", func(_, a jsonMap) {
			if num(a["error_code"]) == 100404 {
				for k := range a {
					delete(a, k)
				}
				a["code"], a["message"] = itoa(0), ""
				a["data"] = jsonMap{"format": "json", "content_type": "application/json; charset=utf-8", "data": jsonMap{}}
			}
		}), []string{"getRecord.error.notFound"}},
		{"another record's record_id", onAnswer("getRecord", func(_, a jsonMap) {
			if rec := record(a); rec != nil {
				rec["record_id"] = itoa(num(rec["record_id"]) + 1)
			}
		}), []string{"getRecord.json.schema"}},
		{"default format markdown", onRequest("getRecord", func(_ *http.Request, b jsonMap) {
			if b["format"] == nil {
				b["format"] = "markdown"
			}
		}), []string{"getRecord.json.schema"}},
		{"json content_type without charset", onAnswer("getRecord", func(_, a jsonMap) {
			if isSuccess(a) && data(a)["format"] == "json" {
				data(a)["content_type"] = "application/json"
			}
		}), []string{"getRecord.format.json"}},
		{"markdown served as text/plain", onAnswer("getRecord", func(_, a jsonMap) {
			if isSuccess(a) && data(a)["format"] == "markdown" {
				data(a)["content_type"] = "text/plain; charset=utf-8"
			}
		}), []string{"getRecord.format.markdown"}},
		{"markdown front matter names another record", onAnswer("getRecord", func(_, a jsonMap) {
			if isSuccess(a) && data(a)["format"] == "markdown" {
				md, _ := data(a)["data"].(string)
				data(a)["data"] = frontMatterID.ReplaceAllString(md, "record_id: 1${1}")
			}
		}), []string{"getRecord.format.markdown"}},
		{"audit label varies by record", onAnswer("getRecord", func(_, a jsonMap) {
			if rec := record(a); rec != nil {
				if au, ok := rec["audit"].(jsonMap); ok && num(au["status"]) == 1 && au["status_text"] != nil {
					au["status_text"] = fmt.Sprint(au["status_text"], "（", rec["record_id"], "）")
				}
			}
		}), []string{"getRecord.values.labels"}},
		{"default format shows a masked value in clear", onAnswer("getRecord", func(b, a jsonMap) {
			if rec := record(a); rec != nil && b["format"] == nil {
				eachField(rec, func(f jsonMap) {
					if f["options"].(jsonMap)["is_masked"] == true {
						f["field_value"] = testscenario.RawName
					}
				})
			}
		}), []string{"getRecord.json.schema"}},
		{"file name without its extension", onAnswer("getRecord", func(_, a jsonMap) {
			if rec := record(a); rec != nil {
				eachField(rec, func(f jsonMap) {
					items, _ := f["field_value"].([]any)
					for _, it := range items {
						if m, ok := it.(jsonMap); ok && f["field_type"] == "file" {
							name, _ := m["file_name"].(string)
							if i := strings.LastIndexByte(name, '.'); i > 0 {
								m["file_name"] = name[:i]
							}
						}
					}
				})
			}
		}), []string{"getRecord.values.members"}},
	}
}

func formStatementBreaks() []breakCase {
	return []breakCase{
		{"default page_size 20", onRequest("getFormList", func(_ *http.Request, b jsonMap) {
			if b["page_size"] == nil {
				b["page_size"] = itoa(20)
			}
		}), []string{"formList.defaults"}},
		{"page_size 20 served as 19", onRequest("getFormList", func(_ *http.Request, b jsonMap) {
			if num(b["page_size"]) == 20 {
				b["page_size"] = itoa(19)
			}
		}), []string{"formList.paging.boundary"}},
		{"page_size 21 served as 21", onAnswer("getFormList", func(b, a jsonMap) {
			if isSuccess(a) && num(b["page_size"]) == 21 {
				data(a)["page"].(jsonMap)["per_page"] = itoa(21)
			}
		}), []string{"formList.paging.boundary"}},
		{"form total ignores the filter", onAnswer("getFormList", func(b, a jsonMap) {
			if isSuccess(a) && (b["number"] != nil || b["search_key"] != nil) {
				pg := data(a)["page"].(jsonMap)
				pg["total"] = itoa(num(pg["total"]) + 7)
			}
		}), []string{"formList.filter.number"}},
		{"number matches as a substring", onRequest("getFormList", func(_ *http.Request, b jsonMap) {
			if n, ok := b["number"].(string); ok && b["search_key"] == nil {
				delete(b, "number")
				b["search_key"] = n
			}
		}), []string{"formList.filter.number"}},
		{"number matches in any case", onRequest("getFormList", func(_ *http.Request, b jsonMap) {
			if n, ok := b["number"].(string); ok {
				b["number"] = strings.ToUpper(n)
			}
		}), []string{"formList.filter.number"}},
		{"search_key alone ignored", onRequest("getFormList", func(_ *http.Request, b jsonMap) {
			if b["number"] == nil {
				delete(b, "search_key")
			}
		}), []string{"formList.filter.searchKey"}},
		{"search_key matches name and note only", onAnswer("getFormList", func(b, a jsonMap) {
			key, _ := b["search_key"].(string)
			if !isSuccess(a) || key == "" {
				return
			}
			kept := []any{}
			for _, it := range list(a) {
				f := it.(jsonMap)
				if strings.Contains(strings.ToLower(fmt.Sprint(f["name"], "\x00", f["note"])), strings.ToLower(key)) {
					kept = append(kept, f)
				}
			}
			data(a)["list"] = kept
			data(a)["page"].(jsonMap)["total"] = itoa(int64(len(kept)))
		}), []string{"formList.filter.searchKey"}},
		{"version v2", onAnswer("getFormList", func(_, a jsonMap) {
			if isSuccess(a) {
				data(a)["version"] = "v2"
			}
		}), []string{"formList.version"}},
	}
}

func cursorStatementBreaks() []breakCase {
	return []breakCase{
		{"template total ignores the time filter", onAnswer("list", func(b, a jsonMap) {
			if isSuccess(a) && (b["start_time"] != nil || b["end_time"] != nil) {
				data(a)["total"] = itoa(num(data(a)["total"]) + 3)
			}
		}), []string{"templates.time.window"}},
		{"empty result with a total", onAnswer("list", func(_, a jsonMap) {
			if isSuccess(a) && len(list(a)) == 0 {
				data(a)["total"] = itoa(3)
			}
		}), []string{"templates.walk.lastToken"}},
		{"page_size 100 refused", onRequest("list", func(_ *http.Request, b jsonMap) {
			if num(b["page_size"]) == 100 {
				b["page_size"] = itoa(0)
			}
		}), []string{"templates.walk.boundary"}},
		{"templates end_time ignored", onRequest("list", func(_ *http.Request, b jsonMap) {
			delete(b, "end_time")
		}), []string{"templates.time.bounds"}},
		{"templates start_time ignored", onRequest("list", func(_ *http.Request, b jsonMap) {
			delete(b, "start_time")
		}), []string{"templates.time.bounds"}},
		{"sub-codes end_time ignored", onRequest("listQrcodes", func(_ *http.Request, b jsonMap) {
			delete(b, "end_time")
		}), []string{"listQrcodes.time.bounds"}},
		{"template URL not read", onRequest("listQrcodes", func(_ *http.Request, b jsonMap) {
			if s, _ := b["template"].(string); strings.HasPrefix(s, "http") {
				b["template"] = "rtq-e2e-unread-url"
			}
		}), []string{"listQrcodes.byUrl"}},
	}
}

var digits = regexp.MustCompile(`^[0-9]+$`)

func verifyStatementBreaks() []breakCase {
	return []breakCase{
		{"status ids not read", onRequest("verify", func(_ *http.Request, b jsonMap) {
			for _, k := range []string{"from_certificate_status", "to_certificate_status"} {
				if s, _ := b[k].(string); digits.MatchString(s) {
					b[k] = "status-" + s
				}
			}
		}), []string{"verify.names"}},
		{"certificate URL not read", onRequest("verify", func(_ *http.Request, b jsonMap) {
			if s, _ := b["certificate_code"].(string); strings.HasPrefix(s, "http") {
				b["certificate_code"] = "rtq-e2e-unread-url"
			}
		}), []string{"verify.names"}},
		{"unknown action is 100319", onAnswer("verify", func(_, a jsonMap) {
			if num(a["error_code"]) == 100325 {
				a["error_code"] = itoa(100319)
			}
		}), []string{"verify.params.badAction"}},
		{"limited key gets 100319", onAnswer("verify", func(_, a jsonMap) {
			if num(a["error_code"]) == 100328 && num(a["code"]) == 400 {
				a["error_code"] = itoa(100319)
			}
		}), []string{"verify.errorCodes"}},
	}
}

// TestEveryStatementHasABreak: for every SPEC statement a client can
// observe, some break of the mutation suite names a check that asserts it,
// and TestEveryBreakFailsANamedCheck proves that check kills it.
func TestEveryStatementHasABreak(t *testing.T) {
	cites := map[string][]string{}
	for _, c := range conformance.CheckIDs() {
		cites[c.ID] = c.Statements
	}
	killed := map[string]bool{}
	for _, bc := range allBreaks() {
		for _, id := range bc.want {
			if strings.HasPrefix(id, "+") {
				continue
			}
			for _, s := range cites[id] {
				killed[s] = true
			}
		}
	}
	for _, s := range conformance.Statements() {
		if s.NotChecked == "" && !killed[s.ID] {
			t.Errorf("statement %s (%s) has no break in e2e/ that a check of it kills", s.ID, s.Text)
		}
	}
}
