package main

import "github.com/spf13/cobra"

func newConformCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "conform",
		Short: "Certify an implementation of the service against the spec",
		Long: `Run the conformance checks against a target (--base-url) using a profile
of what the target holds. Exit status: 0 no must check failed, 1 a must check
failed, 2 usage or configuration error, 3 target unreachable.`,
		RunE: notYet("conform"),
	}
}
