package conformance

import (
	"testing"

	"github.com/rtq-kit/rtq/contract"
)

// TestEveryMethodOnEveryRun: transport.method sends every method but
// POST and reaches every operation on every run, with one request more
// than the operations at most.
func TestEveryMethodOnEveryRun(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3, DefaultSeed} {
		eps, methods := methodSends(seed)
		if n := max(len(contract.Endpoints), len(otherMethods)); len(eps) != n {
			t.Errorf("seed %d: %d requests; want %d", seed, len(eps), n)
		}
		seenEp, seenM := map[string]bool{}, map[string]bool{}
		for i := range eps {
			seenEp[eps[i].Name], seenM[methods[i]] = true, true
		}
		if len(seenEp) != len(contract.Endpoints) || len(seenM) != len(otherMethods) {
			t.Errorf("seed %d: %d operations and %d methods reached; want %d and %d", seed, len(seenEp), len(seenM), len(contract.Endpoints), len(otherMethods))
		}
	}
}

// TestEveryProtocolFormOnEveryRun: transport.protocols writes every
// protocol form on every run, one request an operation.
func TestEveryProtocolFormOnEveryRun(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3, DefaultSeed} {
		eps, forms := protocolSends(seed)
		seenEp, seenF := map[string]bool{}, map[string]bool{}
		for i := range eps {
			seenEp[eps[i].Name], seenF[forms[i].what] = true, true
		}
		if len(eps) != max(len(contract.Endpoints), len(protocolForms)) || len(seenEp) != len(contract.Endpoints) || len(seenF) != len(protocolForms) {
			t.Errorf("seed %d: %d requests, %d operations, %d forms", seed, len(eps), len(seenEp), len(seenF))
		}
	}
}
