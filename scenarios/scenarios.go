// Package scenarios embeds the scenario files that ship with rtq. The
// default one is what `rtq mock` serves without --scenario, and what the
// docs, the README keys and the conformance profile describe.
package scenarios

import (
	"embed"
	"fmt"

	"github.com/rtq-kit/rtq/scenario"
)

// DefaultFile is the name problems and logs give the default scenario.
const DefaultFile = "scenarios/default.yaml"

// FS holds every scenario that ships with rtq (*.yaml of this directory).
//
//go:embed *.yaml
var FS embed.FS

//go:embed default.yaml
var defaultYAML []byte

// DefaultYAML returns a copy of the default scenario's YAML, for users who
// start their own scenario from it (and so the embedded bytes stay intact).
func DefaultYAML() []byte { return append([]byte(nil), defaultYAML...) }

// Default loads the default scenario. opts pass through to the loader
// (scenario.WithSeed for rtq mock --seed). The embedded file is loaded
// scenario.Trusted: TestDefaultPassesTheSchema checks it against the
// schema, so rtq mock does not compile the schema to check it at every
// start.
func Default(opts ...scenario.Option) (*scenario.Scenario, error) {
	opts = append([]scenario.Option{scenario.Trusted()}, opts...)
	sc, err := scenario.Parse(DefaultFile, defaultYAML, opts...)
	if err != nil {
		return nil, fmt.Errorf("load embedded scenario %s: %w", DefaultFile, err)
	}
	return sc, nil
}
