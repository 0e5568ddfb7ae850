package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/fake"
	"github.com/rtq-kit/rtq/scenario"
	"github.com/spf13/cobra"
)

// genOptions is what `rtq gen record` is told.
type genOptions struct {
	fieldType string
	seed      int64
	all       bool
}

func newGenCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "gen",
		Short: "Print sample data as the mock generates it",
	}
	cmd.AddCommand(newGenRecordCmd())
	return cmd
}

func newGenRecordCmd() *cobra.Command {
	o := &genOptions{}
	cmd := &cobra.Command{
		Use:   "record --field-type TYPE [--seed N]",
		Short: "Print a sample field_value of one field type",
		Long: `Print the field_value the mock generates for a field type (spec 2.1), as
pretty JSON. The same seed always prints the same value. With --all, print
one value of every field type as [{field_type, field_value}].`,
		Example: "  rtq gen record --field-type identity\n  rtq gen record --field-type image --seed 7\n  rtq gen record --all",
		Args:    noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return genRecord(cmd.OutOrStdout(), o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.fieldType, "field-type", "", "field type, e.g. name, tel, identity, image, ocr_id_card")
	f.Int64Var(&o.seed, "seed", scenario.DefaultSeed, "seed of the generator")
	f.BoolVar(&o.all, "all", false, "print one value of every field type")
	return cmd
}

func genRecord(out io.Writer, o *genOptions) error {
	fk := fake.New(o.seed)
	if o.all {
		list := make([]any, len(contract.FieldTypes))
		for i, ft := range contract.FieldTypes {
			list[i] = struct {
				Type  string `json:"field_type"`
				Value any    `json:"field_value"`
			}{ft.Name, fk.TypeValue(ft.Name, 0)}
		}
		return printJSON(out, list)
	}
	if o.fieldType == "" {
		return withExit(2, fmt.Errorf("gen record: --field-type is required (or --all); e.g. --field-type name"))
	}
	if _, ok := contract.FieldTypeByName(o.fieldType); !ok {
		hint := "run rtq gen record --all to see every type"
		if close := scenario.FieldTypeSuggestions(o.fieldType); len(close) > 0 {
			hint = "did you mean " + strings.Join(close, ", ") + "?"
		}
		return withExit(2, fmt.Errorf("gen record: unknown field type %q: %s", o.fieldType, hint))
	}
	return printJSON(out, fk.TypeValue(o.fieldType, 0)) // the same value --all prints for it
}

// printJSON writes v indented, with Chinese and <, > left readable.
func printJSON(out io.Writer, v any) error {
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("gen record: encode: %w", err)
	}
	return nil
}
