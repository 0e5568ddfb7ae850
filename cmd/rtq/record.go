package main

import "github.com/spf13/cobra"

func newRecordCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "record --upstream URL --api-key KEY --out FILE [--addr HOST:PORT]",
		Short: "Capture a real service into a scenario (planned)",
		Long: `Planned: run a recording proxy on --addr that forwards to --upstream with
--api-key, and write what the real service answered as a scenario to --out,
masked values kept masked, secrets never written. Writes (verify) are blocked.
Not implemented yet: the command exits 2.`,
		Args: cobra.NoArgs,
		RunE: notYet("record"),
	}
	f := cmd.Flags()
	f.String("upstream", "", "base URL of the real service")
	f.String("api-key", "", "API key used towards the upstream (env RTQ_API_KEY)")
	f.String("out", "", "scenario file to write")
	f.String("addr", "127.0.0.1:8081", "address the recording proxy listens on")
	return cmd
}
