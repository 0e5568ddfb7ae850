package main

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile/discover"
	"github.com/spf13/cobra"
)

func newProfileCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "profile",
		Short: "Conformance profiles of real services",
		Args:  noArgs,
	}
	cmd.AddCommand(newDiscoverCmd())
	return cmd
}

// discoverFlags are the flags of rtq profile discover.
type discoverFlags struct {
	baseURL, apiKey, writeKey, out string
	recordIDs                      []int64
	recordURLs                     []string
	timeout                        time.Duration
	allowWrites                    bool
	concurrency, maxRequests       int
	rate                           float64
	access                         accessFlags
}

func newDiscoverCmd() *cobra.Command {
	var f discoverFlags
	cmd := &cobra.Command{
		Use:   "discover",
		Short: "Write a commented profile of a service by reading it (no verify unless --write-key and --allow-writes)",
		Long: `Read a service and write a commented YAML profile for review. It sends
getFormList (a walk with page_size 20, then each number found and a near
miss of the first), templates/list and templates/listQrcodes (cursor walks
with page_size 100, and counts with start_time/end_time to find a time
window), getRecord (format json) of the records named with
--record-id/--record-url, and nothing else: no verify at all, unless both
--write-key and --allow-writes are given. Then, for each record read, one
verify with action_type set_next_certificate_status and
from_certificate_status "__rtq_discover_never__", a status no record has,
which no correct service acts on (a broken one might move the credential:
hence --allow-writes).

Independent reads (the form list, the template list and each template's
sub-codes, each record) overlap, up to --concurrency requests in flight,
within --rate and --max-requests; each cursor walk and bisection stays one
request after another. The profile is the same at any concurrency.

Every fact it cannot establish (a time window, a total) is left out with a
comment saying why. What it sees that breaks a SPEC statement (a time filter
that changes nothing, a total that ignores the filter, a repeating cursor, an
inexact number filter) is a finding: printed on stderr, written under
findings: in the profile, and failed by rtq conform (check profile.findings)
under its statement id. Then:

  rtq conform --base-url URL --profile FILE --api-key KEY

Exit status: 0 written (findings included), 1 the service answered but not
usefully (a refused key, a record that cannot be read), 2 usage error,
3 unreachable.
Environment: RTQ_BASE_URL, RTQ_API_KEY, RTQ_WRITE_KEY.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			c := conformFlags{baseURL: f.baseURL, apiKey: f.apiKey, writeKey: f.writeKey}
			c.fromEnv()
			f.baseURL, f.apiKey, f.writeKey = c.baseURL, c.apiKey, c.writeKey
			return runDiscover(cmd, f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.baseURL, "base-url", "", "the service's base URL (env RTQ_BASE_URL)")
	fl.StringVar(&f.apiKey, "api-key", "", "read key (env RTQ_API_KEY); never written to the profile")
	fl.StringVar(&f.writeKey, "write-key", "", "write key to probe with one guarded verify per record, only with --allow-writes (env RTQ_WRITE_KEY); never written to the profile")
	fl.BoolVar(&f.allowWrites, "allow-writes", false, "permit the guarded verify probe of --write-key (without it no verify is sent)")
	fl.Int64SliceVar(&f.recordIDs, "record-id", nil, "a record to describe (repeatable)")
	fl.StringSliceVar(&f.recordURLs, "record-url", nil, "a record to describe by its record_url (repeatable)")
	fl.StringVar(&f.out, "out", "", "write the profile to FILE (atomically) instead of stdout")
	pathFlag(cmd, "out", "written")
	fl.DurationVar(&f.timeout, "timeout", 10*time.Second, "time-out of each request")
	fl.IntVar(&f.concurrency, "concurrency", discover.DefaultConcurrency, "most requests in flight: independent reads overlap (1: one at a time)")
	fl.Float64Var(&f.rate, "rate", 0, "most requests per second (0: no bound)")
	fl.IntVar(&f.maxRequests, "max-requests", 0, "most requests in all; when spent, no profile is written (0: no bound)")
	f.access.register(cmd)
	return cmd
}

func runDiscover(cmd *cobra.Command, f discoverFlags) error {
	if err := missingFlags("profile discover", requiredFlag{"--base-url", "RTQ_BASE_URL", f.baseURL},
		requiredFlag{"--api-key", "RTQ_API_KEY", f.apiKey}); err != nil {
		return err
	}
	if err := checkBaseURLFlag("--base-url", f.baseURL); err != nil {
		return err
	}
	if err := checkLimitFlags(f); err != nil {
		return err
	}
	warnWriteKeyIdle(cmd.ErrOrStderr(), "profile discover", f.writeKey, f.allowWrites)
	access, err := f.access.load(cmd.Context(), "profile discover", cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	res, err := discover.Discover(cmd.Context(), discover.Options{BaseURL: f.baseURL, ReadKey: f.apiKey, WriteKey: f.writeKey, AllowWrites: f.allowWrites,
		RecordIDs: f.recordIDs, RecordURLs: f.recordURLs, Timeout: f.timeout, Version: buildVersion(),
		Concurrency: f.concurrency, Rate: f.rate, MaxRequests: f.maxRequests, Access: access})
	if cerr := connectFailure("profile discover", f.baseURL, err); cerr != nil {
		return cerr
	}
	switch {
	case errors.Is(err, discover.ErrUnreachable):
		return withExit(3, fmt.Errorf("profile discover: %w: is the service running there? check --base-url", err))
	case err != nil:
		return withExit(1, fmt.Errorf("profile %w%s", err, refusalHint(err)))
	}
	for _, fd := range res.Profile.Findings {
		fmt.Fprintf(cmd.ErrOrStderr(), "profile discover: finding %s on %s: %s\n", fd.Statement, fd.Endpoint, fd.What)
	}
	if p := res.Politeness; p.Asked > 0 {
		fmt.Fprintf(cmd.ErrOrStderr(), "profile discover: the target asked to slow down %d times (429, or 503 with Retry-After): waited %v in all\n", p.Asked, p.Waited)
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "profile discover: %d requests, the longest chain of them that each waited for the one before %d\n", res.Requests, res.Chain)
	render := func(w io.Writer) error { return discover.Write(w, res) }
	if f.out == "" {
		err = render(cmd.OutOrStdout())
	} else {
		err = writeFileAtomic(f.out, render)
	}
	if err != nil {
		return withExit(2, fmt.Errorf("profile discover: %w", err))
	}
	return nil
}

// checkLimitFlags refuses a concurrency below one and a negative rate or
// budget, naming the flag.
func checkLimitFlags(f discoverFlags) error {
	switch {
	case f.concurrency < 1:
		return withExit(2, fmt.Errorf("profile discover: --concurrency %d: must be at least 1", f.concurrency))
	case f.rate < 0:
		return withExit(2, fmt.Errorf("profile discover: --rate %g: must be 0 (no bound) or more", f.rate))
	case f.maxRequests < 0:
		return withExit(2, fmt.Errorf("profile discover: --max-requests %d: must be 0 (no bound) or more", f.maxRequests))
	}
	return nil
}

// refusalHint says what to try when the service refused the key.
func refusalHint(err error) string {
	msg := err.Error()
	if strings.Contains(msg, "code 401") || strings.Contains(msg, "code 403") {
		return ": the service refuses the key: check --api-key (or RTQ_API_KEY)"
	}
	if strings.Contains(msg, contract.GetRecord.Name) && strings.Contains(msg, "code 404") {
		if m := askedRecord.FindStringSubmatch(msg); m != nil {
			flag := "--" + strings.ReplaceAll(m[1], "_", "-")
			return fmt.Sprintf(": the service has no record %s: check %s (give one the service holds, such as one a page of the app shows; or leave %s out to find records from the form list)", m[2], flag, flag)
		}
	}
	return ""
}

// askedRecord finds the record a getRecord call asked for in its error.
var askedRecord = regexp.MustCompile(`"(record_id|record_url)":"?([^",}]+)`)
