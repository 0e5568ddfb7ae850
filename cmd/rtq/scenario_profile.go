package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/profile/derive"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/rtq-kit/rtq/scenarios"
	"github.com/spf13/cobra"
)

func newScenarioProfileCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "profile [PATH]...",
		Short: "Print the conformance profile of a scenario (default: the embedded one)",
		Long: `Print, as JSON, the conformance profile rtq conform uses against a mock
serving the scenario: records with their field types, forms, templates,
keys, certificate flows and credential cases. The mock serves the same
document at GET /__admin/profile. See docs/conformance.md.`,
		Example: "  rtq scenario profile > profile.json\n  rtq scenario profile ./my-scenario/",
		RunE: func(cmd *cobra.Command, args []string) error {
			return printProfile(cmd.Context(), cmd.OutOrStdout(), args)
		},
	}
	pathArgs(cmd, "scenario")
	return cmd
}

// printProfile loads the scenario (PATHs, or the embedded default) and
// prints its profile.
func printProfile(ctx context.Context, out io.Writer, paths []string) error {
	var sc *scenario.Scenario
	var err error
	if len(paths) == 0 {
		sc, err = scenarios.Default()
	} else {
		sc, err = scenario.LoadFiles(paths, scenario.WithContext(ctx))
	}
	var le *scenario.LoadError
	switch {
	case errors.As(err, &le):
		for _, p := range le.Problems {
			fmt.Fprintln(out, p.String())
		}
		return withExit(1, fmt.Errorf("scenario profile: %d problem(s)", len(le.Problems)))
	case err != nil:
		return withExit(2, fmt.Errorf("scenario profile: %w", err))
	}
	data, err := profile.Marshal(derive.FromScenario(sc))
	if err != nil {
		return withExit(2, fmt.Errorf("scenario profile: %w", err))
	}
	_, err = fmt.Fprintf(out, "%s\n", data)
	return err
}
