package main

import "github.com/spf13/cobra"

func newOpenAPICmd() *cobra.Command {
	return &cobra.Command{
		Use:   "openapi [--out FILE]",
		Short: "Print an OpenAPI 3.1 document built from schemas/ (planned)",
		RunE:  notYet("openapi"),
	}
}
