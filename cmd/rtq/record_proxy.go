package main

import (
	"fmt"
	"strings"

	"github.com/rtq-kit/rtq/recorder"
	"github.com/spf13/cobra"
)

// runRecordProxy serves the recording proxy until SIGINT/SIGTERM (the
// command's context), then writes the file.
func runRecordProxy(cmd *cobra.Command, rec *recorder.Recording, o recorder.Options) error {
	s, err := rec.Serve(cmd.Context(), o.Addr, func(url string) {
		fmt.Fprintf(cmd.ErrOrStderr(), "rtq record: proxy on %s forwarding to %s; POST %s/__admin/flush writes %s, Ctrl-C writes and stops\n",
			url, o.Upstream, url, o.Out)
		if o.ProbeTimes {
			fmt.Fprintf(cmd.ErrOrStderr(), "rtq record: each write first probes the creation times it lacks (--probe-times); a second Ctrl-C writes without them\n")
		}
	})
	if err != nil && strings.Contains(err.Error(), "address already in use") {
		return withExit(1, listenHint("--addr", o.Addr, err))
	}
	if err != nil {
		return withExit(1, err)
	}
	printRecorded(cmd.OutOrStdout(), s)
	if s.Calls == 0 {
		fmt.Fprintf(cmd.ErrOrStderr(), "rtq record: no client called the proxy, so nothing was recorded: point your client at it while it runs, or add --crawl to walk the service yourself\n")
	}
	return nil
}
