// Package pagemock builds the mock the WebAssembly module serves inside a
// page, a service worker or a Node test: the handler `rtq mock` builds
// (mockserver.New), from the scenario rtq wasm resolved at build time or
// from YAML given at start, with the settings of a mock that has no
// network listener. It has no build tag, so tests run it natively beside
// the socket-served mock and compare their answers.
package pagemock

import (
	"fmt"
	"io"

	"github.com/rtq-kit/rtq/fault"
	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
)

// Config is what createMock(options) hands the module.
type Config struct {
	// ScenarioYAML, when set, is loaded at start (createMock's scenario
	// option): the slow path, parsed as `rtq mock --scenario` parses files.
	ScenarioYAML []byte
	// Snapshot, when set and ScenarioYAML is not, is the scenario rtq wasm
	// resolved at build time (Encode), loaded without YAML.
	Snapshot []byte
	// Seed, when HasSeed, overrides the scenario's seed (rtq mock --seed).
	Seed    int64
	HasSeed bool
	// FaultsJSON is a fault rule or a list of them, as POST
	// /__admin/faults takes, in force from the start (rtq mock --fault).
	FaultsJSON []byte
	// Logger receives the mock's log lines; nil is silent.
	Logger io.Writer
}

// scenarioFile names a scenario given as YAML text in problems and logs.
const scenarioFile = "scenario.yaml"

func (c Config) loadOpts() []scenario.Option {
	if c.HasSeed {
		return []scenario.Option{scenario.WithSeed(c.Seed)}
	}
	return nil
}

// Load resolves the scenario the configuration names: the YAML given at
// start, else the build-time snapshot, else the embedded default.
func (c Config) Load() (*scenario.Scenario, error) {
	switch {
	case len(c.ScenarioYAML) > 0:
		return scenario.Parse(scenarioFile, c.ScenarioYAML, c.loadOpts()...)
	case len(c.Snapshot) > 0:
		return Decode(c.Snapshot, c.loadOpts()...)
	default:
		return scenarios.Default(c.loadOpts()...)
	}
}

// New builds the mock. Of the guards meant for a network listener, the
// Host check is switched off ("*"): the page's own origin, whatever its
// name (a preview deployment, a tunnel), is the only one that reaches a
// service worker. CORS and the cross-site check stay, and pass the page's
// same-origin calls as they pass the native mock's own admin page;
// the connection cap guards an accept loop this mock does not have.
// docs/security.md says why this weakens nothing.
func New(c Config) (*mockserver.Server, error) {
	sc, err := c.Load()
	if err != nil {
		return nil, fmt.Errorf("load scenario: %w", err)
	}
	var rules []fault.Rule
	if len(c.FaultsJSON) > 0 {
		if rules, err = fault.DecodeJSON(c.FaultsJSON); err != nil {
			return nil, fmt.Errorf("faults option: %w", err)
		}
		for i := range rules {
			if err := rules[i].Validate(fmt.Sprintf("faults option, rule %d", i+1)); err != nil {
				return nil, err
			}
		}
	}
	opts := mockserver.Options{
		Logger: c.Logger, AllowedHosts: []string{"*"}, Faults: rules, RequestTiming: true,
		ParseScenario: func(name string, data []byte) (*scenario.Scenario, error) {
			return scenario.Parse(name, data, append(c.loadOpts(), scenario.WithMaxGenerated(mockserver.DefaultMaxGenerated))...)
		},
	}
	return mockserver.New(sc, opts)
}
