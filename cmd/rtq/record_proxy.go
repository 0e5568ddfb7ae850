package main

import (
	"fmt"

	"github.com/rtq-kit/rtq/recorder"
	"github.com/spf13/cobra"
)

func runRecordProxy(cmd *cobra.Command, rec *recorder.Recording, o recorder.Options) error {
	return withExit(2, fmt.Errorf("record: proxy mode is not implemented yet (use --crawl)"))
}
