package main

import "github.com/spf13/cobra"

func newScenarioCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "scenario",
		Short: "Validate scenario files and print their conformance profile",
	}
	cmd.AddCommand(
		&cobra.Command{Use: "validate PATH...", Short: "Report every problem of scenario files as file:line:column", RunE: notYet("scenario validate")},
		newScenarioProfileCmd(),
	)
	return cmd
}
