package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/rtq-kit/rtq/covreport"
	"github.com/rtq-kit/rtq/internal/userfile"
	"github.com/spf13/cobra"
)

func newCoverageCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "coverage",
		Short: "Join and check the consumer-coverage reports of rtq mock",
		Long: `The consumer coverage is what a client's tests sent to the mock and received
from it, against the contract (rtq mock --coverage-out, GET /__admin/coverage);
see docs/mock.md, Consumer coverage.`,
		Args: cobra.NoArgs,
	}
	cmd.AddCommand(newCoverageMergeCmd())
	return cmd
}

// coverageMergeOptions is what rtq coverage merge is told.
type coverageMergeOptions struct {
	out      string
	format   string
	mins     []string
	findings bool
}

func newCoverageMergeCmd() *cobra.Command {
	o := &coverageMergeOptions{}
	cmd := &cobra.Command{
		Use:   "merge FILE... [--out FILE]",
		Short: "Join the consumer-coverage reports of sharded runs; fail under a threshold",
		Long: `Join the JSON consumer-coverage reports of sharded test runs (each written by
rtq mock --coverage-out FILE.json or read from GET /__admin/coverage) into one:
counts add up, an entry is missing only when every shard missed it.

The joined report goes to --out (text, JSON or JUnit by its extension, .json
or .xml, or --format) or to standard output as text. With --min, the command
exits 1 when a dimension is under its percentage, naming what is missing;
one file alone is checked the same way.`,
		Example: `  rtq coverage merge shard-1.json shard-2.json --out coverage.json
  rtq coverage merge coverage.json --min endpoints --min errors_called=80 --fail-on-findings`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCoverageMerge(cmd, o, args)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.out, "out", "", "write the joined report to FILE (text, .json or .xml JUnit) instead of standard output")
	f.StringVar(&o.format, "format", "", "format of the joined report: text, json or junit (default: by the extension of --out)")
	f.StringArrayVar(&o.mins, "min", nil, "DIMENSION[=PERCENT]: exit 1 when the dimension is under PERCENT (default 100) covered (repeatable); "+
		strings.Join(covreport.DimensionNames, ", ")+", or errors_called: the error answers of the endpoints the client called")
	f.BoolVar(&o.findings, "fail-on-findings", false, "exit 1 when the client broke one of its own duties (a finding)")
	pathArgs(cmd, "coverage")
	pathFlag(cmd, "out", "written")
	return cmd
}

func runCoverageMerge(cmd *cobra.Command, o *coverageMergeOptions, files []string) error {
	var ts []covreport.Threshold
	for _, m := range o.mins {
		t, err := covreport.ParseThreshold(m)
		if err != nil {
			return usageError("%v", err)
		}
		ts = append(ts, t)
	}
	format, err := covreport.FormatOf(o.out, o.format)
	if err != nil {
		return usageError("--format: %v", err)
	}
	var rs []covreport.Report
	for _, f := range files {
		data, err := userfile.Read(cmd.Context(), f, covreport.MaxReportBytes)
		if err != nil {
			return withExit(2, fmt.Errorf("coverage merge: %w", err))
		}
		r, err := covreport.Read(data)
		if err != nil {
			return withExit(2, fmt.Errorf("coverage merge: %s: %w", f, err))
		}
		rs = append(rs, r)
	}
	joined := covreport.Merge(rs...)
	render := func(w io.Writer) error { return covreport.Write(w, joined, format) }
	if o.out == "" {
		err = render(cmd.OutOrStdout())
	} else {
		err = writeFileAtomic(o.out, render)
	}
	if err != nil {
		return withExit(2, fmt.Errorf("coverage merge: --out: %w", err))
	}
	return coverageVerdict(cmd.ErrOrStderr(), joined, ts, o.findings)
}

// coverageVerdict is exit 1, each shortfall on its own line, when r is
// under a threshold or (failOnFindings) holds a finding.
func coverageVerdict(stderr io.Writer, r covreport.Report, ts []covreport.Threshold, failOnFindings bool) error {
	short := covreport.Check(r, ts)
	if failOnFindings {
		for _, f := range r.Findings {
			short = append(short, fmt.Sprintf("finding %s (%d×): %s; first: %s %s", f.Duty, f.Count, f.Message, f.Request.Method, f.Request.Path))
		}
	}
	if len(short) == 0 {
		return nil
	}
	for _, s := range short {
		fmt.Fprintf(stderr, "rtq coverage: %s\n", s)
	}
	return withExit(1, fmt.Errorf("consumer coverage under its threshold (%d shortfalls)", len(short)))
}

// writeCoverage writes the mock's report of every namespace to path, in
// format (rtq mock --coverage-out, at exit).
func writeCoverage(path, format string, r covreport.Report) error {
	if err := writeFileAtomic(path, func(w io.Writer) error { return covreport.Write(w, r, format) }); err != nil {
		return fmt.Errorf("rtq mock: --coverage-out: %w", err)
	}
	return nil
}
