package main

import "github.com/spf13/cobra"

func newScenarioProfileCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "profile [PATH]",
		Short: "Print the conformance profile of a scenario (default: the embedded one)",
		RunE:  notYet("scenario profile"),
	}
}
