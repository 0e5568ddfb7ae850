package main

import (
	"fmt"
	"os"

	"github.com/rtq-kit/rtq/openapi"
	"github.com/spf13/cobra"
)

// openapiVersions are the values of --openapi: the document each writes,
// and what 3.0 could not say of it (nil for 3.1, which says everything).
var openapiVersions = map[string]func() ([]byte, []string, error){
	"3.1": func() ([]byte, []string, error) { doc, err := openapi.JSON(); return doc, nil, err },
	"3.0": openapi.JSON30,
}

func newOpenAPICmd() *cobra.Command {
	var out, version string
	cmd := &cobra.Command{
		Use:   "openapi [--out FILE] [--openapi 3.1|3.0]",
		Short: "Print the OpenAPI 3.1 (or 3.0) document of the endpoints, built from schemas/",
		Long: `Print an OpenAPI 3.1 document of the endpoints: bearer security, request,
success and error bodies. Its schemas are the JSON Schemas of schemas/, written
in forms client generators read (oapi-codegen, ogen, openapi-typescript) with
the same meaning: getRecord's payload is a union on format, a field a union on
field_type. Its examples are real answers of the mock on the default scenario,
produced in process: no network is needed.

--openapi 3.0 writes the closest OpenAPI 3.0.3 document instead, for tools that
read only 3.0 (nullable for null, if/then as not, ...), and names on stderr
whatever 3.0 cannot say. See docs/ecosystem.md for client generators,
Postman, Schemathesis and Specmatic.`,
		Example: `  rtq openapi --out openapi.json
  rtq openapi --openapi 3.0 --out openapi-3.0.json
  npx openapi-typescript openapi.json --default-non-nullable false -o rtq.d.ts`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			build, ok := openapiVersions[version]
			if !ok {
				return withExit(2, fmt.Errorf("openapi: --openapi %q: want 3.1 or 3.0", version))
			}
			doc, lost, err := build()
			if err != nil {
				return withExit(1, err)
			}
			for _, l := range lost {
				fmt.Fprintf(cmd.ErrOrStderr(), "rtq openapi: OpenAPI %s cannot say: %s\n", openapi.Version30, l)
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
	cmd.Flags().StringVar(&version, "openapi", "3.1", "OpenAPI version of the document: 3.1, or 3.0 (the closest 3.0.3 document; what 3.0 cannot say goes to stderr)")
	return cmd
}
