// Package pagemock builds the mock the WebAssembly module serves inside a
// page, a service worker or a Node test: the handler `rtq mock` builds
// (mockserver.New), from the scenario rtq wasm resolved at build time or
// from YAML given at start, with the settings of a mock that has no
// network listener. It has no build tag, so tests run it natively beside
// the socket-served mock and compare their answers.
package pagemock

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/rtq-kit/rtq/fault"
	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
)

// Config is what createMock(options) hands the module.
type Config struct {
	// ScenarioYAML, when HasScenario, is loaded at start (createMock's
	// scenario option): the slow path, parsed as `rtq mock --scenario`
	// parses files, within the same bounds. An empty text is a scenario
	// given (and refused, as an empty file is), not the default one.
	ScenarioYAML []byte
	HasScenario  bool
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
	// MaxGenerated bounds the items (records, templates, sub-codes) the
	// scenario given at start, or one posted to /__admin/scenario, may
	// generate (0: mockserver.DefaultMaxGenerated, the bound of rtq mock's
	// uploads). 200 bytes asking for 2,000,000 records reached 1.2 GB in a
	// page before it was bounded. createMock's maxGenerated option.
	MaxGenerated int64
	// Limits bounds reading that scenario's YAML, as rtq mock's
	// --max-scenario-bytes and --max-yaml-* flags do (zero fields:
	// defaults). createMock's maxScenarioBytes and maxYaml* options.
	Limits scenario.Limits
}

// scenarioFile names a scenario given as YAML text in problems and logs.
const scenarioFile = "scenario.yaml"

func (c Config) loadOpts() []scenario.Option {
	if c.HasSeed {
		return []scenario.Option{scenario.WithSeed(c.Seed)}
	}
	return nil
}

// parseOpts are loadOpts with the bounds of a scenario given as text.
func (c Config) parseOpts() []scenario.Option {
	return append(c.loadOpts(), scenario.WithLimits(c.Limits), scenario.WithMaxGenerated(c.maxGenerated()))
}

func (c Config) maxGenerated() int64 {
	if c.MaxGenerated > 0 {
		return c.MaxGenerated
	}
	return mockserver.DefaultMaxGenerated
}

// optionOfFlag names, for each flag a bound's message names, the
// createMock option that raises the bound in the module.
var optionOfFlag = []struct{ flag, option string }{
	{"--max-scenario-bytes", "maxScenarioBytes"},
	{"--max-yaml-tokens", "maxYamlTokens"},
	{"--max-yaml-depth", "maxYamlDepth"},
	{"--max-yaml-keys", "maxYamlKeys"},
}

// withOptionNames adds to a load error's message the createMock options
// that raise the bounds it names: the message itself is rtq mock's, word
// for word, and names its flags.
func withOptionNames(err error) error {
	var le *scenario.LoadError
	var names []string
	if errors.As(err, &le) && le.OverBudget {
		names = append(names, "maxGenerated")
	}
	for _, f := range optionOfFlag {
		if strings.Contains(err.Error(), f.flag) {
			names = append(names, f.option+" (rtq mock's "+f.flag+")")
		}
	}
	if len(names) == 0 {
		return err
	}
	return fmt.Errorf("%w\nraise the bound with createMock's option %s", err, strings.Join(names, ", "))
}

// Load resolves the scenario the configuration names: the YAML given at
// start, else the build-time snapshot, else the embedded default.
func (c Config) Load() (*scenario.Scenario, error) {
	switch {
	case c.HasScenario || len(c.ScenarioYAML) > 0:
		sc, err := scenario.Parse(scenarioFile, c.ScenarioYAML, c.parseOpts()...)
		if err != nil {
			return nil, withOptionNames(err)
		}
		return sc, nil
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
		MaxGenerated: c.maxGenerated(),
		ParseScenario: func(name string, data []byte) (*scenario.Scenario, error) {
			return scenario.Parse(name, data, c.parseOpts()...)
		},
	}
	return mockserver.New(sc, opts)
}
