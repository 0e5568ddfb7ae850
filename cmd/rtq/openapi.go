package main

import (
	"fmt"
	"os"

	"github.com/rtq-kit/rtq/openapi"
	"github.com/spf13/cobra"
)

func newOpenAPICmd() *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "openapi [--out FILE]",
		Short: "Print the OpenAPI 3.1 document of the five endpoints, built from schemas/",
		Long: `Print an OpenAPI 3.1 document of the five endpoints: bearer security, request,
success and error bodies. Its schemas are the JSON Schemas of schemas/ (OpenAPI
3.1 uses JSON Schema 2020-12 as is), and its examples are real answers of the
mock on the default scenario, produced in process: no network is needed.
See docs/ecosystem.md for client generators, Schemathesis and Specmatic.`,
		Example: `  rtq openapi --out openapi.json
  npx openapi-typescript openapi.json -o rtq.d.ts`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			doc, err := openapi.JSON()
			if err != nil {
				return withExit(1, err)
			}
			if out == "" {
				_, err = cmd.OutOrStdout().Write(doc)
				return err
			}
			if err := os.WriteFile(out, doc, 0o644); err != nil {
				return withExit(2, fmt.Errorf("openapi: --out: %w", err))
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "out", "", "write the document to FILE instead of standard output")
	pathFlag(cmd, "out", "written")
	return cmd
}
