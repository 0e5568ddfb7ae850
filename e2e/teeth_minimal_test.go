package e2e

import (
	"os"
	"testing"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/profile/derive"
	"github.com/rtq-kit/rtq/scenario"
)

// TestMinimalScenarioPassesWithItsProfile guards the scenario the docs tell
// new users to copy: it has only a read-write key, so no read-only key is
// known and the read-key verify check skips with its reason; nothing fails.
func TestMinimalScenarioPassesWithItsProfile(t *testing.T) {
	data, err := os.ReadFile("../scenarios/minimal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := scenario.Parse("minimal.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	prof := derive.FromScenario(sc)
	url := serve(t, newMock(t, sc).Handler())
	rep := conform(t, url, prof, func(o *conformance.Options) { o.ReadKey = prof.Keys.Write })
	if f := mustFailures(rep); len(f) > 0 {
		t.Fatalf("must failures against minimal.yaml: %v", f)
	}
	f, ok := finding(rep, "auth.readKey.verify")
	if !ok || f.Status != conformance.Skip || f.Message == "" {
		t.Fatalf("auth.readKey.verify = %+v; want a skip with its reason", f)
	}
}
