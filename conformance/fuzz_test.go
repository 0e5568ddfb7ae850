package conformance_test

// Reliability fuzzing of the runner's reading of a target's answers (issue
// 7.1 and 7.6): a hostile target answers every request with fuzzed status,
// Content-Type and body. The run must end with a report whose every check
// has an outcome, with no check that crashed (the runner turns a panic in a
// check into a "check crashed" finding; that finding is a bug here), and
// must not fail a target whose answers are not even JSON without saying
// so. Run with
//
//	go test -run='^$' -fuzz='^FuzzHostileTarget$' -fuzztime=30s ./conformance

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/profile/derive"
	"github.com/rtq-kit/rtq/scenarios"
	"github.com/rtq-kit/rtq/testkit/runbound"
)

// hostileProfile is the profile of the default scenario, so that every
// check (writes included) has something to ask for.
func hostileProfile(tb testing.TB) *profile.Profile {
	tb.Helper()
	sc, err := scenarios.Default()
	if err != nil {
		tb.Fatalf("default scenario: %v", err)
	}
	p := derive.FromScenario(sc)
	p.Reset = "" // the hostile target has no admin API
	return p
}

func FuzzHostileTarget(f *testing.F) {
	prof := hostileProfile(f)
	seeds := []struct {
		status uint16
		ct     string
		body   string
	}{
		{200, "application/json; charset=utf-8", `{"code":0,"message":"ok","data":{}}`},
		{200, "text/html", "<html><body>Bad Gateway</body></html>"},
		{500, "application/json", `{"code":500}`},
		{200, "application/json", `{"code":0,"message":"","data":{"list":null,"page":{"current_page":1e999}}}`},
		{200, "application/json", `{"code":0,"data":{"data":{"tpl_groups":[{"fields":[{"field_type":"image","field_value":[null]}]}]}}}`},
		{200, "application/json", `{"code":0,"data":{"next_page_token":"x","list":[{"coding":1}],"total":-1}}`},
		{404, "", ""},
		{200, "application/json", `[1,2,3]`},
		{200, "application/json", `{"code":"0"} trailing`},
		{401, "application/json", `{"code":401,"error_code":100401,"message":"x","message_detail":"y"}`},
		{200, "application/json", `{"code":0,"data":{"format":"markdown","content_type":"text/markdown; charset=utf-8","data":"---\n---\n"}}`},
		{302, "", ""},
	}
	for _, s := range seeds {
		f.Add(s.status, s.ct, []byte(s.body))
	}
	f.Fuzz(func(t *testing.T, status uint16, ct string, body []byte) {
		code := 200 + int(status)%400 // 200..599: net/http refuses others
		ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if ct != "" {
				w.Header()["Content-Type"] = []string{ct}
			}
			w.WriteHeader(code)
			_, _ = w.Write(body)
		}))
		defer ts.Close()
		rep := runbound.RunOrDiagnosed(t, conformance.Options{BaseURL: ts.URL, Profile: prof, AllowWrites: true,
			Timeout: 2 * time.Second, Concurrency: 4}, runbound.Patience(t))
		if rep == nil {
			return // answered as a gateway does: diagnosed, exit 3 (docs/conformance.md)
		}
		runbound.AssertWhole(t, rep)
	})
}
