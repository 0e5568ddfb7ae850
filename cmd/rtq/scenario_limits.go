package main

import (
	"github.com/rtq-kit/rtq/scenario"
	"github.com/spf13/cobra"
)

// addScenarioLimits registers the flags that bound reading one scenario
// document on cmd (docs/reliability.md, Scenario files and uploads) into l.
func addScenarioLimits(cmd *cobra.Command, l *scenario.Limits) {
	f := cmd.Flags()
	f.Int64Var(&l.MaxBytes, "max-scenario-bytes", scenario.DefaultMaxBytes, "most bytes of one scenario file or posted scenario")
	f.IntVar(&l.MaxTokens, "max-yaml-tokens", scenario.DefaultMaxTokens, "most YAML tokens (keys, values, dashes, brackets, commas) of one scenario document")
	f.IntVar(&l.MaxDepth, "max-yaml-depth", scenario.DefaultMaxDepth, "most mappings and lists nested in one another in a scenario document")
	f.IntVar(&l.MaxKeys, "max-yaml-keys", scenario.DefaultMaxKeys, "most keys of one mapping in a scenario document")
}
