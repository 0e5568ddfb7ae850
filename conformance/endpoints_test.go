package conformance

import (
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// TestEveryEndpointHasAProbeBody: the auth and negative checks probe every
// endpoint of contract.Endpoints with a body of probeBodies; a new
// endpoint needs its row there, one that changes nothing.
func TestEveryEndpointHasAProbeBody(t *testing.T) {
	for _, ep := range contract.Endpoints {
		body, ok := probeBodies[ep]
		if !ok {
			t.Errorf("conformance/checks_auth.go: probeBodies has no row for %s (contract/endpoints.go): its auth and negative checks would send a body that names nothing", ep.Name)
			continue
		}
		if body(&profile.Profile{}) == nil {
			t.Errorf("conformance/checks_auth.go: probeBodies[%s] gives no body", ep.Name)
		}
	}
	if len(probeBodies) != len(contract.Endpoints) {
		t.Errorf("conformance/checks_auth.go: probeBodies has %d rows for the %d endpoints of contract.Endpoints", len(probeBodies), len(contract.Endpoints))
	}
}

// TestEveryEndpointIsChecked: each endpoint of contract.Endpoints has
// checks of its own, and each check names an endpoint of it.
func TestEveryEndpointIsChecked(t *testing.T) {
	checked := map[string]int{}
	for _, c := range CheckIDs() {
		if c.Endpoint == "" || c.Endpoint == "*" {
			continue
		}
		if _, ok := contract.EndpointNamed(c.Endpoint); !ok {
			t.Errorf("check %s names %q, not an endpoint of contract/endpoints.go", c.ID, c.Endpoint)
		}
		// The auth and negative probes are made for every endpoint by
		// itself: they alone do not check what the endpoint answers.
		if !strings.HasPrefix(c.ID, "auth.noKey.") && !strings.HasPrefix(c.ID, "auth.badKey.") && !strings.HasPrefix(c.ID, "negative.") {
			checked[c.Endpoint]++
		}
	}
	for _, ep := range contract.Endpoints {
		if checked[ep.Name] == 0 {
			t.Errorf("no check of conformance/checks_*.go names %s (contract/endpoints.go)", ep.Name)
		}
	}
}
