// Package foreigntest runs rtq's conformance runner against the
// independent fake of package foreign. It lives apart from foreign,
// which must depend on the standard library alone to stay independent
// of rtq.
package foreigntest

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/testkit/foreign"
)

// Conform starts the fake built with opts on a loopback test server and
// runs every check against it, writes included, with the profile the fake
// gives; reset gives it a reset path (a staging service has none).
func Conform(t testing.TB, opts foreign.Options, reset bool) *conformance.Report {
	t.Helper()
	if reset {
		opts.ResetPath = "/_test/reset"
	}
	svc := foreign.New(opts)
	srv := httptest.NewServer(svc)
	t.Cleanup(srv.Close)
	prof, err := profile.Parse("foreign.json", svc.Profile())
	if err != nil {
		t.Fatalf("the foreign profile does not parse: %v", err)
	}
	rep, err := conformance.Run(context.Background(), conformance.Options{BaseURL: srv.URL, Profile: prof,
		AllowWrites: true, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	return rep
}
