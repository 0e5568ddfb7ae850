package e2e

import (
	"encoding/base64"
	"net/http"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile/derive"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/testkit/testscenario"
)

// kitVariants differ from the mock only where the spec is silent (KIT):
// the runner must not fail them.
func kitVariants() []struct {
	name string
	m    middleware
	sc   func(*scenario.Scenario)
} {
	return []struct {
		name string
		m    middleware
		sc   func(*scenario.Scenario)
	}{
		{"always_200", nil, func(sc *scenario.Scenario) { sc.HTTPStatus = scenario.StatusAlways200 }},
		{"lists in reverse order", onAnswer("", func(_, a jsonMap) {
			if l := list(a); isSuccess(a) && l != nil {
				for i, j := 0, len(l)-1; i < j; i, j = i+1, j-1 {
					l[i], l[j] = l[j], l[i]
				}
			}
		}), nil},
		{"another token format", rewrite("", func(_ *http.Request, b jsonMap) {
			if tok, ok := b["page_token"].(string); ok {
				raw, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(tok, "v2:"))
				b["page_token"] = string(raw)
			}
		}, func(_, a jsonMap) {
			if tok, ok := data(a)["next_page_token"].(string); ok {
				data(a)["next_page_token"] = "v2:" + base64.StdEncoding.EncodeToString([]byte(tok))
			}
		}), nil},
		{"other message texts", onAnswer("", func(_, a jsonMap) {
			a["message"] = "操作未成功"
			if _, ok := a["message_detail"]; ok {
				a["message_detail"] = "请检查参数"
			}
		}), nil},
		{"no StateChange visibility", onAnswer("getRecord", func(_, a jsonMap) {
			if rec := record(a); rec != nil {
				delete(rec, "process_status")
				delete(rec, "state_changes")
			}
		}), nil},
		{"403 instead of 401", onAnswer("", func(_, a jsonMap) {
			if num(a["code"]) == 401 {
				a["code"] = itoa(403)
			}
		}), nil},
		{"auth errors in one generic shape", onAnswer("", func(_, a jsonMap) {
			if c := num(a["code"]); c == 401 || c == 403 {
				for k := range a {
					if k != "code" && k != "message" {
						delete(a, k)
					}
				}
			}
		}), nil},
		{"page_size above the maximum refused", onAnswer("", func(b, a jsonMap) {
			if size := num(b["page_size"]); size > 100 || size > 20 && b["template"] == nil && b["page_token"] == nil && b["start_time"] == nil && isFormList(a) {
				for k := range a {
					delete(a, k)
				}
				a["code"], a["message"], a["data"] = itoa(400), "page_size too large", jsonMap{}
				a["error_code"], a["message_detail"] = itoa(100301), "page_size must be at most the maximum"
			}
		}), nil},
		{"verify without message_detail", onAnswer("verify", func(_, a jsonMap) {
			delete(a, "message_detail")
		}), nil},
	}
}

func TestKitVariantsPass(t *testing.T) {
	for _, setup := range setups(t) {
		for _, v := range kitVariants() {
			t.Run(setup.name+"/"+v.name, func(t *testing.T) {
				t.Parallel()
				sc := setup.build()
				if v.sc != nil {
					v.sc(sc)
				}
				h := newMock(t, sc).Handler()
				if v.m != nil {
					h = v.m(h)
				}
				rep := conform(t, serve(t, h), derive.FromScenario(sc))
				if f := mustFailures(rep); len(f) > 0 {
					t.Errorf("a KIT variant failed must checks: %v", f)
				}
				if v.name == "no StateChange visibility" {
					if f, _ := finding(rep, "verify.visible"); f.Status != "fail" || f.Severity != "info" {
						t.Errorf("verify.visible = %s/%s, want an info failure", f.Status, f.Severity)
					}
				}
			})
		}
	}
}

func TestFixtureMockPassesTwiceWithFullCoverage(t *testing.T) {
	sc := testscenario.Build()
	url := serve(t, newMock(t, sc).Handler())
	prof := derive.FromScenario(sc)
	for run := 1; run <= 2; run++ {
		rep := conform(t, url, prof)
		if f := mustFailures(rep); len(f) > 0 {
			t.Fatalf("run %d: must failures: %v", run, f)
		}
		c := rep.Coverage
		if c.FieldTypes.Covered != len(contract.FieldTypes) || c.ErrorCodes.Covered != 12 || c.Transitions.Covered != c.Transitions.Total || c.Transitions.Total == 0 {
			t.Fatalf("run %d: coverage %+v, want every field type, 12/12 and every transition", run, c)
		}
	}
}

// isFormList says whether an answer comes from getFormList (data.page).
func isFormList(a jsonMap) bool { _, ok := data(a)["page"]; return ok }
