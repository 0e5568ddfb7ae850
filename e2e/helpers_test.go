// Package e2e runs the conformance runner against the real mock server:
// the default mock must pass with full coverage, deliberately broken
// variants must fail named checks, KIT variants must pass, hostile targets
// must end the run with findings that say why, and no report carries what
// a hostile target sent raw. Tests of the mock alone live beside it in
// mockserver; their shared helpers are testkit/mocktest.
package e2e

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/scenario"
)

// newMock serves sc in-process and returns its handler.
func newMock(t *testing.T, sc *scenario.Scenario) *mockserver.Server {
	t.Helper()
	srv, err := mockserver.New(sc, mockserver.Options{})
	if err != nil {
		t.Fatalf("mockserver.New: %v", err)
	}
	return srv
}

// serve starts h on 127.0.0.1:0 for the test.
func serve(t *testing.T, h http.Handler) string {
	t.Helper()
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return ts.URL
}

// conform runs every check, writes included, against url with prof.
func conform(t *testing.T, url string, prof *profile.Profile, opts ...func(*conformance.Options)) *conformance.Report {
	t.Helper()
	// The targets here answer at once; the per-request time-out is only
	// a bound for a loaded CI machine, where 5 s was once not enough.
	o := conformance.Options{BaseURL: url, Profile: prof, AllowWrites: true, Timeout: loadedTimeout}
	for _, f := range opts {
		f(&o)
	}
	rep, err := conformance.Run(context.Background(), o)
	if err != nil {
		t.Fatalf("conformance.Run: %v", err)
	}
	return rep
}

func finding(rep *conformance.Report, id string) (conformance.Finding, bool) {
	for _, f := range rep.Checks {
		if f.ID == id {
			return f, true
		}
	}
	return conformance.Finding{}, false
}

// mustFailures lists the ids of failed must checks with their messages.
func mustFailures(rep *conformance.Report) map[string]string {
	out := map[string]string{}
	for _, f := range rep.Checks {
		if f.Status == conformance.Fail && f.Severity == conformance.Must {
			out[f.ID] = f.Message
		}
	}
	return out
}

// loadedTimeout bounds one request of a run against a target that answers
// at once: generous, since a test machine under load stalls for seconds;
// the tests of slow or hanging targets set their own.
const loadedTimeout = 60 * time.Second
