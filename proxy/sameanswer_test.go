package proxy_test

import (
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/testkit/foreign"
	"github.com/rtq-kit/rtq/testkit/foreign/foreigntest"
)

// The proxy judges an answer by the runner's rules, not by a copy of
// them: a service the runner fails under answers.<statement> is failed
// by the proxy, on one client's call, under the same id.
func TestProxyFailsWhatTheRunnerFails(t *testing.T) {
	for _, bug := range []foreign.Bug{foreign.BugCharset, foreign.BugISOInUTC, foreign.BugWrapperExtraMember} {
		t.Run(string(bug), func(t *testing.T) {
			opts := foreign.MockLike()
			opts.Bug = bug
			runner := foreigntest.Conform(t, opts, true)
			svc := foreign.New(opts)
			srv := httptest.NewServer(svc)
			defer srv.Close()
			prof, err := profile.Parse("foreign.json", svc.Profile())
			if err != nil {
				t.Fatal(err)
			}
			r := start(t, srv.URL, false, conformance.ObserverOptions{})
			post(t, r.URL+"/api/v2/rpc/record/getFormList", foreign.ReadKey, `{"page":1,"page_size":3}`)
			post(t, r.URL+"/api/v2/rpc/record/getRecord", foreign.ReadKey, fmt.Sprintf(`{"record_id":%d}`, prof.Records[0].ID))
			got := answerFailures(r.report(t))
			if len(got) == 0 {
				t.Fatalf("the proxy failed nothing of bug %s", bug)
			}
			want := answerFailures(runner)
			for _, id := range got {
				if !slices.Contains(want, id) {
					t.Errorf("the proxy fails %s, which the runner does not (runner: %v)", id, want)
				}
			}
		})
	}
}

// answerFailures are the failed answers.* findings of a report.
func answerFailures(rep *conformance.Report) []string {
	var out []string
	for _, id := range failed(rep) {
		if strings.HasPrefix(id, "answers.") {
			out = append(out, id)
		}
	}
	return out
}
