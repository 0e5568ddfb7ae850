package e2e

import (
	"net/http"
)

// caseBreaks break rules the derived profile's cases and combined filters
// exist for: each condition row of the verify tables, and both form
// filters applying together.
func caseBreaks() []breakCase {
	return []breakCase{
		{"combined filters: search_key dropped beside number", onRequest("getFormList", func(_ *http.Request, b jsonMap) {
			if b["number"] != nil {
				delete(b, "search_key")
			}
		}), []string{"formList.filter.combined"}},
		{"combined filters: number dropped beside search_key", onRequest("getFormList", func(_ *http.Request, b jsonMap) {
			if b["search_key"] != nil {
				delete(b, "number")
			}
		}), []string{"formList.filter.combined"}},
		{"verify ignores from_certificate_status", onRequest("verify", func(_ *http.Request, b jsonMap) {
			delete(b, "from_certificate_status")
		}), []string{"verify.errorCodes"}},
		{"verify ignores code_id", onRequest("verify", func(_ *http.Request, b jsonMap) {
			delete(b, "code_id")
		}), []string{"verify.errorCodes"}},
		{"verify refuses a scope that matches", onAnswer("verify", func(b, a jsonMap) {
			if b["tpl_id"] != nil && isSuccess(a) {
				for k := range a {
					delete(a, k)
				}
				a["code"], a["message"], a["data"], a["error_code"] = itoa(400), "scope", jsonMap{}, itoa(100323)
			}
		}), []string{"verify.transitions"}},
		{"verify lets a move repeat onto the same status", onAnswer("verify", func(b, a jsonMap) {
			if num(a["error_code"]) == 100326 && b["to_certificate_status"] != nil && b["from_certificate_status"] == nil {
				for k := range a {
					delete(a, k)
				}
				a["code"], a["message"] = itoa(0), "ok"
				a["data"] = jsonMap{"record_number": "N", "record_id": itoa(1), "org_id": itoa(1), "submit_at": itoa(1), "certificate_status": b["to_certificate_status"]}
			}
		}), []string{"verify.errorCodes"}},
	}
}

// verifyRecordBreaks are verify successes that describe another record than the
// one verified.
func verifyRecordBreaks() []breakCase {
	return []breakCase{
		{"verify answers another record_number", onAnswer("verify", func(_, a jsonMap) {
			if isSuccess(a) {
				data(a)["record_number"] = "RTQ-OTHER-0001"
			}
		}), []string{"verify.transitions"}},
		{"verify answers another org_id", onAnswer("verify", func(_, a jsonMap) {
			if isSuccess(a) {
				data(a)["org_id"] = itoa(num(data(a)["org_id"]) + 1)
			}
		}), []string{"verify.transitions"}},
	}
}
