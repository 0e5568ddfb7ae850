package handlers

import (
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// TestEveryEndpointHasAHandler: the mock routes every endpoint of
// contract.Endpoints to its row of ByEndpoint, and to nothing else.
func TestEveryEndpointHasAHandler(t *testing.T) {
	for _, ep := range contract.Endpoints {
		if ByEndpoint[ep] == nil {
			t.Errorf("mockserver/internal/handlers/handlers.go: ByEndpoint has no handler for %s (contract/endpoints.go)", ep.Name)
		}
	}
	if len(ByEndpoint) != len(contract.Endpoints) {
		t.Errorf("mockserver/internal/handlers/handlers.go: ByEndpoint has %d rows for the %d endpoints of contract.Endpoints", len(ByEndpoint), len(contract.Endpoints))
	}
}
