package e2e

import (
	"bytes"
	"context"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/profile/discover"
	"github.com/rtq-kit/rtq/testkit/foreign"
)

// TestDiscoverNeverStaysSilent: against the independent fake, discover
// finds what a service with a broken filter does, writes it into the
// profile, and rtq conform with that profile fails under the statement
// id, where it used to skip the window checks without a word. The correct
// build gives no finding and passes.
func TestDiscoverNeverStaysSilent(t *testing.T) {
	for _, tc := range []struct {
		bug       foreign.Bug
		statement string
	}{
		{"", ""},
		{foreign.BugTemplatesIgnoreEndTime, "4.4.endTime"},
		{foreign.BugTemplatesTotalIgnoresTime, "4.4.totalFilter"},
		{foreign.BugStartTimeIgnored, "4.4.startTime"},
		{foreign.BugNumberPrefix, "4.3.number"},
	} {
		t.Run(string(tc.bug), func(t *testing.T) {
			t.Parallel()
			opts := foreign.Defaults()
			opts.Bug = tc.bug
			srv := httptest.NewServer(foreign.New(opts))
			t.Cleanup(srv.Close)
			res, err := discover.Discover(context.Background(), discover.Options{BaseURL: srv.URL, ReadKey: foreign.ReadKey, Timeout: loadedTimeout})
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if err := discover.Write(&b, res); err != nil {
				t.Fatal(err)
			}
			prof, err := profile.Parse("discovered.yaml", b.Bytes())
			if err != nil {
				t.Fatalf("the discovered profile does not load: %v", err)
			}
			rep, err := conformance.Run(context.Background(), conformance.Options{BaseURL: srv.URL, Profile: prof, ReadKey: foreign.ReadKey, Timeout: loadedTimeout})
			if err != nil {
				t.Fatal(err)
			}
			f, _ := finding(rep, "profile.findings")
			if tc.statement == "" {
				if len(prof.Findings) > 0 || f.Status != conformance.Pass {
					t.Fatalf("the correct build: findings %+v, profile.findings %s %s", prof.Findings, f.Status, f.Message)
				}
				return
			}
			if f.Status != conformance.Fail || !slices.Contains(f.Statements, tc.statement) {
				t.Fatalf("profile.findings: %s under %v (%s); want a failure under %s\n%s", f.Status, f.Statements, f.Message, tc.statement, b.String())
			}
		})
	}
}
