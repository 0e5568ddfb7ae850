package main

import "github.com/spf13/cobra"

func newRecordCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "record --upstream URL --api-key KEY --out FILE [--addr HOST:PORT]",
		Short: "Capture a real service into a scenario (planned)",
		RunE:  notYet("record"),
	}
}
