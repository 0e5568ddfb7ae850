package main

import "github.com/spf13/cobra"

func newOpenAPICmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "openapi [--out FILE]",
		Short: "Print an OpenAPI 3.1 document built from schemas/ (planned)",
		Long: `Planned: print an OpenAPI 3.1 document of the five endpoints whose request,
response and error bodies are the JSON Schemas of schemas/ (OpenAPI 3.1 uses
JSON Schema 2020-12 as is). Not implemented yet: the command exits 2.`,
		Args: cobra.NoArgs,
		RunE: notYet("openapi"),
	}
	cmd.Flags().String("out", "", "write the document to FILE instead of standard output")
	return cmd
}
