package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/conformance/report"
	"github.com/rtq-kit/rtq/profile"
	"github.com/spf13/cobra"
)

// conformFlags are the flags of rtq conform (kit-interface.md).
type conformFlags struct {
	baseURL, profile, apiKey, writeKey string
	allowWrites                        bool
	format, out                        string
	only, skip                         []string
	timeout                            time.Duration
	rate                               float64
}

func newConformCmd() *cobra.Command {
	var f conformFlags
	cmd := &cobra.Command{
		Use:   "conform",
		Short: "Certify an implementation of the service against the spec",
		Long: `Run the conformance checks against a target (--base-url) using a profile
of what the target holds. Exit status: 0 no must check failed, 1 a must check
failed, 2 usage or configuration error, 3 target unreachable.

No verify request that may change state is sent without --allow-writes, and
then only for the certificate codes the profile lists.
Environment: RTQ_BASE_URL, RTQ_API_KEY, RTQ_WRITE_KEY.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			f.fromEnv()
			return runConform(cmd.Context(), f, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.baseURL, "base-url", "", "target base URL (env RTQ_BASE_URL)")
	fl.StringVar(&f.profile, "profile", "", "profile FILE (JSON or YAML) or URL, e.g. http://127.0.0.1:8080/__admin/profile")
	fl.StringVar(&f.apiKey, "api-key", "", "read key (env RTQ_API_KEY); overrides keys.read of the profile")
	fl.StringVar(&f.writeKey, "write-key", "", "write key (env RTQ_WRITE_KEY); overrides keys.write of the profile")
	fl.BoolVar(&f.allowWrites, "allow-writes", false, "send the profile's verify cases (state-changing)")
	fl.StringVar(&f.format, "format", "text", "report format: text, json, junit, html")
	fl.StringVar(&f.out, "out", "", "write the report to FILE instead of stdout")
	fl.StringSliceVar(&f.only, "only", nil, "run only checks whose id matches a GLOB (repeatable)")
	fl.StringSliceVar(&f.skip, "skip", nil, "skip checks whose id matches a GLOB (repeatable)")
	fl.DurationVar(&f.timeout, "timeout", 10*time.Second, "time-out of each request")
	fl.Float64Var(&f.rate, "rate", 0, "at most N requests per second (0: no limit)")
	return cmd
}

// fromEnv fills flags left empty from the environment (kit-interface.md).
// Keys are read here, not as flag defaults, so that --help never prints a
// secret.
func (f *conformFlags) fromEnv() {
	for _, e := range []struct {
		v   *string
		env string
	}{{&f.baseURL, "RTQ_BASE_URL"}, {&f.apiKey, "RTQ_API_KEY"}, {&f.writeKey, "RTQ_WRITE_KEY"}} {
		if *e.v == "" {
			*e.v = os.Getenv(e.env)
		}
	}
}

func runConform(ctx context.Context, f conformFlags, stdout, stderr io.Writer) error {
	if f.baseURL == "" {
		return withExit(2, errors.New("conform: --base-url (or RTQ_BASE_URL) is required"))
	}
	if err := report.Write(io.Discard, f.format, &conformance.Report{}); err != nil {
		return withExit(2, fmt.Errorf("conform: --format: %w", err))
	}
	var prof *profile.Profile
	if f.profile != "" {
		p, err := profile.Load(ctx, f.profile)
		var fe *profile.FetchError
		var le *profile.LoadError
		switch {
		case errors.As(err, &fe):
			return withExit(3, fmt.Errorf("conform: %w", err))
		case errors.As(err, &le):
			return withExit(2, fmt.Errorf("conform: profile %s has %d problem(s):\n%w", f.profile, len(le.Problems), err))
		case err != nil:
			return withExit(2, fmt.Errorf("conform: %w", err))
		}
		prof = p
	}
	rep, err := conformance.Run(ctx, conformance.Options{
		BaseURL: f.baseURL, Profile: prof, ReadKey: f.apiKey, WriteKey: f.writeKey,
		AllowWrites: f.allowWrites, Only: f.only, Skip: f.skip, Timeout: f.timeout, Rate: f.rate,
	})
	switch {
	case errors.Is(err, conformance.ErrUnreachable):
		return withExit(3, fmt.Errorf("conform: %w", err))
	case err != nil:
		return withExit(2, fmt.Errorf("conform: %w", err))
	}
	if err := writeReport(f, rep, stdout); err != nil {
		return withExit(2, fmt.Errorf("conform: %w", err))
	}
	if n := rep.MustFailed(); n > 0 {
		return withExit(1, fmt.Errorf("%d must check(s) failed", n))
	}
	return nil
}

func writeReport(f conformFlags, rep *conformance.Report, stdout io.Writer) error {
	if f.out == "" {
		return report.Write(stdout, f.format, rep)
	}
	file, err := os.Create(f.out)
	if err != nil {
		return err
	}
	if err := report.Write(file, f.format, rep); err != nil {
		file.Close()
		return err
	}
	return file.Close()
}
