package e2e

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/profile/derive"
	"github.com/rtq-kit/rtq/scenarios"
)

// BenchmarkConformDefaultMock is a full run, writes included, against the
// default mock on loopback. Target: well under 3 s per run (docs/performance.md).
func BenchmarkConformDefaultMock(b *testing.B) {
	sc, err := scenarios.Default()
	if err != nil {
		b.Fatal(err)
	}
	srv, err := mockserver.New(sc, mockserver.Options{})
	if err != nil {
		b.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	prof := derive.FromScenario(sc)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rep, err := conformance.Run(context.Background(), conformance.Options{
			BaseURL: ts.URL, Profile: prof, AllowWrites: true, Timeout: 10 * time.Second})
		if err != nil || rep.MustFailed() > 0 {
			b.Fatalf("run: %v, %d must failures", err, rep.MustFailed())
		}
	}
}
