package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/rtq-kit/rtq/scenario"
	"github.com/spf13/cobra"
)

func newScenarioCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "scenario",
		Short: "Validate scenario files and print their conformance profile",
	}
	cmd.AddCommand(newScenarioValidateCmd(), newScenarioProfileCmd())
	return cmd
}

func newScenarioValidateCmd() *cobra.Command {
	var limits scenario.Limits
	cmd := &cobra.Command{
		Use:   "validate PATH...",
		Short: "Report every problem of scenario files as file:line:column",
		Long: `Load scenario files (or directories of *.yaml / *.yml) as rtq mock would:
all PATHs together form one scenario. Every problem is printed as

  file:line:column: path: message

and the exit status is 1 when there is any, 2 when a file cannot be read,
0 when the scenario is valid. See docs/scenarios.md for the format.`,
		Example: "  rtq scenario validate scenarios/default.yaml\n  rtq scenario validate ./my-scenario/",
		Args:    countArgs(1, -1, "a scenario file or directory", "rtq scenario validate scenarios/default.yaml"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return validateScenario(cmd.OutOrStdout(), args, scenario.WithLimits(limits), scenario.WithContext(cmd.Context()))
		},
	}
	addScenarioLimits(cmd, &limits)
	pathArgs(cmd, "scenario")
	return cmd
}

// validateScenario prints the problems or a one-line summary.
func validateScenario(out io.Writer, paths []string, opts ...scenario.Option) error {
	sc, err := scenario.LoadFiles(paths, opts...)
	var le *scenario.LoadError
	if errors.As(err, &le) {
		for _, p := range le.Problems {
			fmt.Fprintln(out, p.String())
		}
		return withExit(1, fmt.Errorf("scenario validate: %d problem(s)", len(le.Problems)))
	}
	if err != nil {
		return withExit(2, err)
	}
	fmt.Fprintf(out, "%s: ok (%s)\n", strings.Join(paths, ", "), summary(sc))
	return nil
}

// summary counts what a scenario holds, for the "ok" line.
func summary(sc *scenario.Scenario) string {
	creds, subs := 0, 0
	for _, r := range sc.Records {
		if r.Cert != nil {
			creds++
		}
	}
	for _, t := range sc.Templates {
		subs += len(t.SubCodes)
	}
	return fmt.Sprintf("%d records (%d credential), %d forms, %d templates, %d sub-codes, %d QR codes, %d keys, %d organizations",
		len(sc.Records), creds, len(sc.Forms), len(sc.Templates), subs, len(sc.QRCodes), len(sc.Keys), len(sc.Orgs))
}
