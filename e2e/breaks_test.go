package e2e

import (
	"net/http"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/profile/derive"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/testkit/mocktest"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// breakCase is one deliberate breach of the contract and the checks that
// must catch it.
type breakCase struct {
	name string
	m    middleware
	// want are check ids that must fail; an id written "+id" only runs
	// beside them (a check that sends the requests another one judges).
	want []string
}

// only is the --only list of a break: its checks, "+" stripped.
func (bc breakCase) only() []string {
	out := make([]string, len(bc.want))
	for i, id := range bc.want {
		out[i] = strings.TrimPrefix(id, "+")
	}
	return out
}

// breaks lists every breach, across the endpoints, auth, paging and
// verify. Each must make the named checks fail.
func breaks() []breakCase {
	var all []breakCase
	for _, group := range [][]breakCase{recordBreaks(), authBreaks(), pagingBreaks(), verifyBreaks(), valueBreaks(), negativeBreaks(), caseBreaks(), verifyRecordBreaks(), statementBreaks(), heldBreaks()} {
		all = append(all, group...)
	}
	return all
}

func recordBreaks() []breakCase {
	return []breakCase{
		{"record drops a required member", onAnswer("getRecord", func(_, a jsonMap) {
			if rec := record(a); rec != nil {
				delete(rec, "record_number")
			}
		}), []string{"getRecord.json.schema"}},
		{"record_id has the wrong type", onAnswer("getRecord", func(_, a jsonMap) {
			if rec := record(a); rec != nil {
				rec["record_id"] = "id-" + rec["record_id"].(interface{ String() string }).String()
			}
		}), []string{"getRecord.json.schema"}},
		{"extra member in the Record", onAnswer("getRecord", func(_, a jsonMap) {
			if rec := record(a); rec != nil {
				rec["debug_sql"] = "select 1"
			}
		}), []string{"getRecord.json.schema"}},
		{"extra member in the wrapper", onAnswer("getRecord", func(_, a jsonMap) {
			if isSuccess(a) {
				a["trace_id"] = "abc"
			}
		}), []string{"getRecord.wrapper"}},
		{"json-ld with the json content_type", onAnswer("getRecord", func(_, a jsonMap) {
			if isSuccess(a) && data(a)["format"] == "json-ld" {
				data(a)["content_type"] = "application/json; charset=utf-8"
			}
		}), []string{"getRecord.format.jsonld"}},
		{"json-ld without mainEntity", onAnswer("getRecord", func(_, a jsonMap) {
			if isSuccess(a) && data(a)["format"] == "json-ld" {
				delete(data(a)["data"].(jsonMap), "mainEntity")
			}
		}), []string{"getRecord.format.jsonld"}},
		{"markdown without front matter title", onAnswer("getRecord", func(_, a jsonMap) {
			if isSuccess(a) && data(a)["format"] == "markdown" {
				data(a)["data"] = strings.Replace(data(a)["data"].(string), "\ntitle:", "\nname:", 1)
			}
		}), []string{"getRecord.format.markdown"}},
		{"format not echoed", onAnswer("getRecord", func(_, a jsonMap) {
			if isSuccess(a) && data(a)["format"] == "markdown" {
				data(a)["format"] = "json"
			}
		}), []string{"getRecord.wrapper"}},
		{"submit_at_iso an hour off", onAnswer("getRecord", func(_, a jsonMap) {
			if rec := record(a); rec != nil {
				s := rec["submit_at_iso"].(string)
				h := []byte(s)
				h[11] = '0' + (h[11]-'0'+1)%2 // change the tens of hours: 0x ↔ 1x
				rec["submit_at_iso"] = string(h)
			}
		}), []string{"getRecord.iso"}},
		{"masked value sent in clear", onAnswer("getRecord", func(_, a jsonMap) {
			if rec := record(a); rec != nil {
				eachField(rec, func(f jsonMap) {
					if f["options"].(jsonMap)["is_masked"] == true {
						f["field_value"] = testscenario.RawName
					}
				})
			}
		}), []string{"getRecord.masked"}},
		{"by URL differs from by ID", onAnswer("getRecord", func(body, a jsonMap) {
			if rec := record(a); rec != nil && body["record_url"] != nil {
				rec["submit_method"] = "扫码填写（另一份）"
			}
		}), []string{"getRecord.byUrl"}},
		{"record drops a field", onAnswer("getRecord", func(_, a jsonMap) {
			if rec := record(a); rec != nil {
				for _, g := range rec["tpl_groups"].([]any) {
					g.(jsonMap)["fields"] = []any{}
				}
			}
		}), []string{"getRecord.profile"}},
		{"getRecord error without message_detail", onAnswer("getRecord", func(_, a jsonMap) {
			if !isSuccess(a) {
				delete(a, "message_detail")
			}
		}), []string{"getRecord.error.notFound", "getRecord.error.params"}},
		{"texts in English", onAnswer("getRecord", func(_, a jsonMap) {
			if rec := record(a); rec != nil {
				rec["submit_method"] = "scan"
			}
		}), []string{"getRecord.texts.chinese"}},
		{"image review status text in English", onAnswer("getRecord", func(_, a jsonMap) {
			if rec := record(a); rec != nil {
				setAll(rec, "audit_status_text", "passed")
			}
		}), []string{"getRecord.texts.chinese"}},
		{"unknown format served as json", onRequest("getRecord", func(_ *http.Request, b jsonMap) {
			if f, _ := b["format"].(string); f != "" && f != "json" && f != "json-ld" && f != "markdown" {
				b["format"] = "json"
			}
		}), []string{"getRecord.error.format"}},
	}
}

func authBreaks() []breakCase {
	return []breakCase{
		{"200 for a bad key", swapKey("", unknownKey, testscenario.ReadSecret),
			[]string{"auth.badKey.getRecord", "auth.badKey.getFormList", "auth.badKey.list", "auth.badKey.listQrcodes"}},
		{"200 without a key", swapKey("getFormList", noKey, testscenario.ReadSecret), []string{"auth.noKey.getFormList"}},
		{"read key may verify", swapKey("verify", isKey(testscenario.ReadSecret), testscenario.WriteSecret), []string{"auth.readKey.verify"}},
		{"foreign org sees our records", swapKey("getRecord", isKey(testscenario.OtherSecret), testscenario.ReadSecret), []string{"auth.otherOrg.getRecord"}},
		{"foreign org sees our forms", swapKey("getFormList", isKey(testscenario.OtherSecret), testscenario.ReadSecret), []string{"auth.otherOrg.formList"}},
		{"foreign org sees our templates", swapKey("list", isKey(testscenario.OtherSecret), testscenario.ReadSecret), []string{"auth.otherOrg.templates"}},
		{"foreign org reads our sub-codes", swapKey("listQrcodes", isKey(testscenario.OtherSecret), testscenario.ReadSecret), []string{"auth.otherOrg.listQrcodes"}},
		{"foreign org may verify", swapKey("verify", isKey(testscenario.OtherSecret), testscenario.WriteSecret), []string{"auth.otherOrg.verify"}},
		{"verify without a key reaches the record lookup", swapKey("verify", noKey, testscenario.WriteSecret), []string{"auth.noKey.verify"}},
		{"verify with an unknown key reaches the record lookup", swapKey("verify", unknownKey, testscenario.WriteSecret), []string{"auth.badKey.verify"}},
	}
}

func pagingBreaks() []breakCase {
	return []breakCase{
		{"overlapping form pages", onRequest("getFormList", func(_ *http.Request, b jsonMap) {
			if p := num(b["page"]); p > 1 && b["page_size"] != nil {
				b["page"] = itoa(p - 1)
			}
		}), []string{"formList.paging.disjoint"}},
		{"wrong form total", onAnswer("getFormList", func(_, a jsonMap) {
			if isSuccess(a) {
				pg := data(a)["page"].(jsonMap)
				pg["total"] = itoa(num(pg["total"]) + 1)
			}
		}), []string{"formList.paging.total"}},
		{"per_page over 20", onAnswer("getFormList", func(b, a jsonMap) {
			if isSuccess(a) && num(b["page_size"]) > 20 {
				data(a)["page"].(jsonMap)["per_page"] = b["page_size"]
			}
		}), []string{"formList.paging.max"}},
		{"page past the end not empty", onRequest("getFormList", func(_ *http.Request, b jsonMap) {
			if b["page_size"] == nil && num(b["page"]) > 1 {
				b["page"] = itoa(1)
			}
		}), []string{"formList.paging.pastEnd"}},
		{"number filter fuzzy", onRequest("getFormList", func(_ *http.Request, b jsonMap) {
			if n, ok := b["number"].(string); ok {
				delete(b, "number")
				b["search_key"] = n[:len(n)-1]
			}
		}), []string{"formList.filter.number"}},
		{"form list error without error_code", onAnswer("getFormList", func(_, a jsonMap) {
			if !isSuccess(a) {
				delete(a, "error_code")
			}
		}), []string{"formList.error.shape"}},
		{"form created_at_iso in UTC", onAnswer("getFormList", func(_, a jsonMap) {
			for _, it := range list(a) {
				f := it.(jsonMap)
				h := []byte(f["created_at_iso"].(string))
				h[15] = '0' + (h[15]-'0'+1)%6 // change the tens of minutes
				f["created_at_iso"] = string(h)
			}
		}), []string{"formList.iso"}},
		{"token not null at the end", onAnswer("list", func(_, a jsonMap) {
			if isSuccess(a) && data(a)["next_page_token"] == nil && len(list(a)) > 0 {
				data(a)["next_page_token"] = "end"
			}
		}), []string{"templates.walk.lastToken"}},
		{"more than 100 items", onAnswer("list", func(_, a jsonMap) {
			if l := list(a); isSuccess(a) && len(l) >= 40 {
				data(a)["list"] = append(append(append([]any{}, l...), l...), l...)
			}
		}), []string{"templates.walk.max"}},
		{"template total changes while walking", onAnswer("list", func(b, a jsonMap) {
			if isSuccess(a) && b["page_token"] != nil {
				data(a)["total"] = itoa(num(data(a)["total"]) + 1)
			}
		}), []string{"templates.walk.total"}},
		{"template time bounds ignored", onRequest("list", func(_ *http.Request, b jsonMap) {
			delete(b, "start_time")
			delete(b, "end_time")
		}), []string{"templates.time.window"}},
		{"sub-code time bounds ignored", onRequest("listQrcodes", func(_ *http.Request, b jsonMap) {
			delete(b, "start_time")
			delete(b, "end_time")
		}), []string{"listQrcodes.time.window"}},
		{"sub-code pages overlap", onAnswer("listQrcodes", func(b, a jsonMap) {
			if l := list(a); isSuccess(a) && b["page_token"] != nil && len(l) > 0 {
				data(a)["list"] = append(l, l[0])
			}
		}), []string{"listQrcodes.walk.disjoint"}},
		{"listQrcodes 200 for an unknown template", onAnswer("listQrcodes", func(_, a jsonMap) {
			if num(a["code"]) == 404 {
				a["code"], a["message"] = itoa(0), ""
				a["data"] = jsonMap{"list": []any{}, "next_page_token": nil, "total": itoa(0)}
			}
		}), []string{"listQrcodes.unknown"}},
		{"templates error data not an object", onAnswer("list", func(_, a jsonMap) {
			if !isSuccess(a) {
				a["data"] = nil
			}
		}), []string{"templates.error.shape"}},
		{"missing template is a 404", onAnswer("listQrcodes", func(b, a jsonMap) {
			if b["template"] == nil {
				a["code"] = itoa(404)
			}
		}), []string{"listQrcodes.error.missing"}},
	}
}

func verifyBreaks() []breakCase {
	codeMap := func(from, to int64) middleware {
		return onAnswer("verify", func(_, a jsonMap) {
			if num(a["error_code"]) == from {
				a["error_code"] = itoa(to)
			}
		})
	}
	return []breakCase{
		{"verify succeeds twice", onAnswer("verify", func(b, a jsonMap) {
			if num(a["error_code"]) == 100326 {
				a["code"], a["message"], a["error_code"] = itoa(0), "ok", nil
				delete(a, "error_code")
				delete(a, "message_detail")
				a["data"] = jsonMap{"record_number": "N", "record_id": itoa(1), "org_id": itoa(1), "submit_at": itoa(1), "certificate_status": b["to_certificate_status"]}
			}
		}), []string{"verify.repeat", "verify.concurrent"}},
		{"wrong error code (100322 as 100319)", codeMap(100322, 100319), []string{"verify.errorCodes"}},
		{"unknown code is not 100320", codeMap(100320, 100326), []string{"verify.unknownCode"}},
		{"missing parameter is not 100301", codeMap(100301, 100319), []string{"verify.params.missingCode", "verify.params.missingTo"}},
		{"verify error without data", onAnswer("verify", func(_, a jsonMap) {
			if !isSuccess(a) {
				delete(a, "data")
			}
		}), []string{"verify.params.missingCode", "verify.errorCodes"}},
		{"verify reports the wrong status", onAnswer("verify", func(_, a jsonMap) {
			if isSuccess(a) {
				data(a)["certificate_status"] = "未知状态"
			}
		}), []string{"verify.transitions", "verify.next"}},
		{"verify answers another record", onAnswer("verify", func(_, a jsonMap) {
			if isSuccess(a) {
				data(a)["record_id"] = itoa(num(data(a)["record_id"]) + 1)
			}
		}), []string{"verify.transitions", "verify.repeat"}},
		{"verify success without record_id", onAnswer("verify", func(_, a jsonMap) {
			if isSuccess(a) {
				delete(data(a), "record_id")
			}
		}), []string{"verify.transitions"}},
	}
}

func TestEveryBreakFailsANamedCheck(t *testing.T) {
	all := allBreaks()
	if len(all) < 116 {
		t.Fatalf("only %d breaks; docs/conformance.md promises 116", len(all))
	}
	for _, setup := range setups(t) {
		for _, bc := range all {
			t.Run(setup.name+"/"+bc.name, func(t *testing.T) {
				t.Parallel()
				sc := setup.build()
				url := serve(t, bc.m(newMock(t, sc).Handler()))
				// Only the named checks run: each break is a separate mock, and
				// the whole table runs under -race in CI.
				rep := conform(t, url, derive.FromScenario(sc), func(o *conformance.Options) { o.Only = bc.only() })
				for _, id := range bc.want {
					if strings.HasPrefix(id, "+") {
						continue
					}
					f, ok := finding(rep, id)
					if !ok {
						t.Errorf("no check %s in the report", id)
						continue
					}
					if f.Status != conformance.Fail {
						t.Errorf("%s: status %s, want fail (%s)", id, f.Status, f.Message)
					}
				}
			})
		}
	}
}

// allBreaks is the whole mutation suite.
func allBreaks() []breakCase { return append(breaks(), hostileBreaks()...) }

// setups are the scenarios every table runs against: the e2e fixture
// (precise edge cases) and the embedded default scenario (what users run).
func setups(t *testing.T) []struct {
	name  string
	build func() *scenario.Scenario
} {
	return []struct {
		name  string
		build func() *scenario.Scenario
	}{
		{"fixture", testscenario.Build},
		{"default", func() *scenario.Scenario { return mocktest.Default(t) }},
	}
}

// setAll sets every member named key, at any depth, to v.
func setAll(node any, key string, v any) {
	switch n := node.(type) {
	case map[string]any:
		for k, e := range n {
			if k == key {
				n[k] = v
			} else {
				setAll(e, key, v)
			}
		}
	case []any:
		for _, e := range n {
			setAll(e, key, v)
		}
	}
}
