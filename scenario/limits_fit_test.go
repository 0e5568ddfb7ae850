package scenario_test

import (
	"testing"

	"github.com/rtq-kit/rtq/bench"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
)

// The default limits fit every real scenario with room to spare: the
// embedded default and bench's largest generated one load under limits
// far tighter than the defaults.
func TestRealScenariosFitTightLimits(t *testing.T) {
	tight := scenario.WithLimits(scenario.Limits{MaxBytes: 1 << 20, MaxTokens: 50_000, MaxDepth: 12, MaxKeys: 40})
	if _, err := scenarios.Default(tight); err != nil {
		t.Errorf("the default scenario: %v", err)
	}
	if _, err := scenario.Parse("scale.yaml", bench.ScenarioYAML(bench.SizeFor(100000)), tight); err != nil {
		t.Errorf("bench's 100,000-record scenario: %v", err)
	}
	if _, err := scenario.LoadFiles([]string{"testdata/valid"}, tight); err != nil {
		t.Errorf("testdata/valid: %v", err)
	}
}
