package foreign

import (
	"slices"
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// TestServesEveryEndpoint: the fake writes its own list of endpoints (it
// may import only the standard library), held here to contract.Endpoints,
// name for name and in the spec's order, so a new endpoint cannot be
// forgotten in it.
func TestServesEveryEndpoint(t *testing.T) {
	var got []string
	for _, ep := range endpoints {
		got = append(got, ep.name)
	}
	if want := contract.EndpointNames(); !slices.Equal(got, want) {
		t.Errorf("testkit/foreign/server.go: endpoints differ from contract.Endpoints (contract/endpoints.go)\ngot:  %v\nwant: %v", got, want)
	}
	if pathPrefix != contract.PathPrefix {
		t.Errorf("testkit/foreign/server.go: pathPrefix %q, contract.PathPrefix %q", pathPrefix, contract.PathPrefix)
	}
}
