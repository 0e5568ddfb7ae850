package main

import "github.com/spf13/cobra"

func newGenCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "gen",
		Short: "Print sample data as the mock generates it",
	}
	cmd.AddCommand(&cobra.Command{
		Use:   "record --field-type TYPE [--seed N]",
		Short: "Print a sample field_value of one field type",
		RunE:  notYet("gen record"),
	})
	return cmd
}
