package coverage

import (
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// TestTablesHaveARowPerEndpoint: the counters are sized from
// contract.Endpoints, and the tables of what each endpoint's calls may
// show are indexed the same way; a new endpoint without its rows here
// would be a 500 of /__admin/coverage, found only by a whole mock's test.
func TestTablesHaveARowPerEndpoint(t *testing.T) {
	for name, rows := range map[string]int{"params": len(params), "shapes": len(shapes), "errorsOf": len(errorsOf)} {
		if rows != len(contract.Endpoints) {
			t.Errorf("mockserver/internal/coverage/table.go: %s has %d rows, contract.Endpoints %d: one row per endpoint, in its order", name, rows, len(contract.Endpoints))
		}
	}
}
