// Package foreigntest runs rtq's conformance runner against the
// independent fake of package foreign. It lives apart from foreign,
// which must depend on the standard library alone to stay independent
// of rtq.
package foreigntest

import (
	"context"
	"fmt"
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
	rep, err := Run(opts, reset)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// Run is Conform for a caller that is not a test's own goroutine (a test
// that runs many builds at once): the server is closed when it returns,
// and a failure to run is an error.
func Run(opts foreign.Options, reset bool) (*conformance.Report, error) {
	if reset {
		opts.ResetPath = "/_test/reset"
	}
	svc := foreign.New(opts)
	srv := httptest.NewServer(svc)
	defer srv.Close()
	prof, err := profile.Parse("foreign.json", svc.Profile())
	if err != nil {
		return nil, fmt.Errorf("the foreign profile does not parse: %w", err)
	}
	rep, err := conformance.Run(context.Background(), conformance.Options{BaseURL: srv.URL, Profile: prof,
		AllowWrites: true, Timeout: loadedTimeout})
	if err != nil {
		return nil, fmt.Errorf("run: %w", err)
	}
	return rep, nil
}

// loadedTimeout bounds one request: the fake answers at once, but a CI
// machine running many builds at once under -race stalls for seconds.
const loadedTimeout = 60 * time.Second
