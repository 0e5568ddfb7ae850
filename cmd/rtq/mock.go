package main

import "github.com/spf13/cobra"

func newMockCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "mock",
		Short: "Serve the stateful mock of the service",
		Long: `Serve the stateful mock of the Record and Template Query Service.

With no --scenario the embedded default scenario is served on 127.0.0.1:8080.`,
		RunE: notYet("mock"),
	}
}
