package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/rtq-kit/rtq/conformance"
	"github.com/rtq-kit/rtq/conformance/report"
	"github.com/rtq-kit/rtq/internal/editdist"
	"github.com/rtq-kit/rtq/profile"
	"github.com/spf13/cobra"
)

// conformFlags are the flags of rtq conform (docs/conformance.md).
type conformFlags struct {
	baseURL, profile, apiKey, writeKey string
	adminToken                         string
	allowWrites, failFast, plain       bool
	format, out                        string
	only, skip                         []string
	timeout, deadline                  time.Duration
	rate                               float64
	concurrency                        int
	seed                               uint64
	// baseline is --baseline: an earlier run's JSON report.
	baseline string
	// tty is true when stderr is a terminal: a progress line is shown.
	tty bool
	// access is how the target is reached (--ca-cert, --header, ...).
	access accessFlags
}

// exitInterrupted is rtq conform's exit status when a signal or --deadline
// stopped the run: never 0 or 1, which are verdicts on the target.
const exitInterrupted = 4

// exitCodes maps a run's status to the exit status of rtq conform.
var exitCodes = map[conformance.RunStatus]int{
	conformance.StatusPass:        0,
	conformance.StatusFail:        1,
	conformance.StatusError:       2,
	conformance.StatusSetupFailed: 2,
	conformance.StatusUnreachable: 3,
	conformance.StatusInterrupted: exitInterrupted,
}

func newConformCmd() *cobra.Command {
	var f conformFlags
	cmd := &cobra.Command{
		Use:   "conform",
		Short: "Certify an implementation of the service against the spec",
		Long: `Run the conformance checks against a target (--base-url) using a profile
of what the target holds. Exit status: 0 no must check failed, 1 a must check
failed, 2 usage or configuration error (or the profile's reset failed),
3 target unreachable, 4 interrupted (SIGINT, SIGTERM or --deadline). A report
is written in every case but a usage error, atomically with --out.

With --baseline REPORT.json (a JSON report of an earlier run) the run fails
(exit 1) only for must checks that fail now and did not fail in the
baseline; every report format lists the new failures, the fixed and those
still failing.

No verify request that may change state is sent without --allow-writes, and
then only for the certificate codes the profile lists.
A --profile URL such as http://127.0.0.1:8080/__admin/profile and the
profile's reset are admin calls: a mock started with --admin-token needs the
same token here. An --only or --skip that leaves no check to run is a usage
error (exit 2), and so is a run in which every selected check was skipped:
nothing checked is never a pass.
Environment: RTQ_BASE_URL, RTQ_API_KEY, RTQ_WRITE_KEY, RTQ_ADMIN_TOKEN.`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			f.fromEnv()
			f.tty = isTerminal(cmd.ErrOrStderr())
			return runConform(cmd.Context(), f, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.baseURL, "base-url", "", "target base URL (env RTQ_BASE_URL)")
	fl.StringVar(&f.profile, "profile", "", "profile FILE (JSON or YAML) or URL, e.g. http://127.0.0.1:8080/__admin/profile")
	fl.StringVar(&f.apiKey, "api-key", "", "read key (env RTQ_API_KEY); overrides keys.read of the profile")
	fl.StringVar(&f.writeKey, "write-key", "", "write key (env RTQ_WRITE_KEY); overrides keys.write of the profile")
	fl.StringVar(&f.adminToken, "admin-token", "", "token of the mock's admin API, sent to a --profile URL and the profile's reset (env RTQ_ADMIN_TOKEN)")
	fl.BoolVar(&f.allowWrites, "allow-writes", false, "send the profile's verify cases (state-changing)")
	fl.StringVar(&f.format, "format", "text", "report format: text, json, junit, html")
	fl.StringVar(&f.out, "out", "", "write the report to FILE instead of stdout (atomically: a temporary file renamed)")
	fl.StringSliceVar(&f.only, "only", nil, "run only checks whose id matches a GLOB (repeatable)")
	fl.StringSliceVar(&f.skip, "skip", nil, "skip checks whose id matches a GLOB (repeatable)")
	fl.DurationVar(&f.timeout, "timeout", 10*time.Second, "time-out of each request")
	fl.DurationVar(&f.deadline, "deadline", 5*time.Minute, "upper bound of the whole run; then it reports what it has (exit 4)")
	fl.Float64Var(&f.rate, "rate", 0, "at most N requests per second (0: no limit)")
	fl.IntVar(&f.concurrency, "concurrency", conformance.DefaultConcurrency, "most requests in flight: independent reads and flows overlap, within --rate (1: one at a time, in check order); the report is the same at any value")
	pathFlag(cmd, "profile", "profile")
	pathFlag(cmd, "out", "written")
	fl.Uint64Var(&f.seed, "seed", conformance.DefaultSeed, "seed of the generated requests, printed in every report: the same seed sends the same requests")
	fl.BoolVar(&f.failFast, "fail-fast", false, "stop at the first must failure: exit 1 at once, what was cut short skipped")
	fl.BoolVar(&f.plain, "plain-requests", false, "send every request the usual way: no other header forms, body styles or gateway headers (for a front that refuses them); transport.requestForms is then skipped")
	fl.StringVar(&f.baseline, "baseline", "", "an earlier run's JSON report FILE: exit 1 only for must checks that did not fail in it")
	pathFlag(cmd, "baseline", "baseline")
	f.access.register(cmd)
	return cmd
}

// fromEnv fills flags left empty from the environment (docs/conformance.md).
// Keys are read here, not as flag defaults, so that --help never prints a
// secret.
func (f *conformFlags) fromEnv() {
	for _, e := range []struct {
		v   *string
		env string
	}{{&f.baseURL, "RTQ_BASE_URL"}, {&f.apiKey, "RTQ_API_KEY"}, {&f.writeKey, "RTQ_WRITE_KEY"}, {&f.adminToken, "RTQ_ADMIN_TOKEN"}} {
		if *e.v == "" {
			*e.v = os.Getenv(e.env)
		}
	}
}

func (f conformFlags) options() conformance.Options {
	return conformance.Options{
		BaseURL: f.baseURL, ReadKey: f.apiKey, WriteKey: f.writeKey,
		AllowWrites: f.allowWrites, Only: f.only, Skip: f.skip, Timeout: f.timeout, Rate: f.rate, Concurrency: f.concurrency,
		Deadline: f.deadline, FailFast: f.failFast, PlainRequests: f.plain, Seed: f.seed, Version: buildVersion(), ProfileSource: f.profile, AdminToken: f.adminToken,
	}
}

func runConform(ctx context.Context, f conformFlags, stdout, stderr io.Writer) error {
	if err := report.Write(io.Discard, f.format, &conformance.Report{}); err != nil {
		return withExit(2, fmt.Errorf("conform: --format: %w", err))
	}
	if err := missingFlags("conform", requiredFlag{"--base-url", "RTQ_BASE_URL", f.baseURL}); err != nil {
		return err
	}
	if err := checkBaseURLFlag("--base-url", f.baseURL); err != nil {
		return err
	}
	if err := checkSelection(f.only, f.skip); err != nil {
		return err
	}
	if f.concurrency < 1 {
		return withExit(2, fmt.Errorf("conform: --concurrency %d: must be at least 1", f.concurrency))
	}
	warnWriteKeyIdle(stderr, "conform", f.writeKey, f.allowWrites)
	opts := f.options()
	access, err := f.access.load(ctx, "conform", stderr)
	if err != nil {
		return err
	}
	opts.Access = access
	if f.baseline != "" {
		base, err := conformance.ReadBaseline(ctx, f.baseline)
		if err != nil {
			return withExit(2, fmt.Errorf("conform: --baseline: %w", err))
		}
		opts.Baseline = base
	}
	if f.profile != "" {
		started := time.Now()
		prof, err := profile.Load(ctx, f.profile, profile.WithAdminToken(f.adminToken), profile.WithAccess(access))
		if err != nil {
			rep := conformance.NewReport(opts, started)
			return finishConform(f, profileFailure(ctx, rep, f.profile, err), err, stdout)
		}
		opts.Profile = prof
	}
	if f.tty && f.format != "json" {
		p := &progressLine{w: stderr}
		opts.Progress = p.show
		defer p.clear()
	}
	defer debug.SetGCPercent(debug.SetGCPercent(gcPercent(os.Getenv("GOGC"))))
	rep, err := conformance.Run(ctx, opts) // the report says what went wrong
	return finishConform(f, nothingChecked(rep), err, stdout)
}

// gcPercent is the collector's target for a run: GOGC when the user set
// it (-1 for "off", as Go reads it), else 200. A run keeps every answer
// it judges until its relations are done, so its live heap only grows;
// at Go's default of 100 the collector rescanned it often enough to
// take a fifth of the run's CPU against a local target, where a third
// more memory at its peak (some 30 MB on the default mock) buys it back.
func gcPercent(env string) int {
	if env == "off" {
		return -1
	}
	if n, err := strconv.Atoi(env); err == nil {
		return n
	}
	return 200
}

// profileFailure marks the report of a run whose profile could not be
// loaded: unreachable when it could not be fetched, interrupted when a
// signal stopped the fetch, a configuration error otherwise.
func profileFailure(ctx context.Context, rep *conformance.Report, src string, err error) *conformance.Report {
	var fe *profile.FetchError
	var le *profile.LoadError
	switch {
	case ctx.Err() != nil:
		return rep.Stop(conformance.StatusInterrupted, "while fetching the profile: "+context.Cause(ctx).Error())
	case errors.As(err, &fe):
		return rep.Stop(conformance.StatusUnreachable, "set-up: "+err.Error())
	case errors.As(err, &le):
		return rep.Stop(conformance.StatusError, fmt.Sprintf("profile %s has %d problem(s):\n%v", src, len(le.Problems), err))
	}
	return rep.Stop(conformance.StatusError, err.Error())
}

// finishConform writes the report (that of a configuration error only to
// --out, so that no older report is left in place) and turns the run's
// status into the exit status, with its reason on stderr; runErr is the
// run's error, which holds the diagnosis of a connection that could not
// be made.
func finishConform(f conformFlags, rep *conformance.Report, runErr error, stdout io.Writer) error {
	if rep.Status != conformance.StatusError || f.out != "" {
		if werr := writeReport(f, rep, stdout); werr != nil {
			return withExit(2, fmt.Errorf("conform: write report: %w", werr))
		}
	}
	code := exitCodes[rep.Status]
	switch {
	case code == 0:
		return nil
	case rep.Status == conformance.StatusFail:
		if rep.Baseline != nil {
			return withExit(code, fmt.Errorf("%d must check(s) failed that did not fail in the baseline %s%s", rep.Baseline.NewMust, rep.Baseline.Source, diagnosis(rep)))
		}
		return withExit(code, fmt.Errorf("%d must check(s) failed%s", rep.MustFailed(), diagnosis(rep)))
	}
	if rep.Status == conformance.StatusSetupFailed {
		return withExit(code, fmt.Errorf("conform: set-up failure: %s", rep.Reason))
	}
	if rep.Status == conformance.StatusInterrupted {
		return withExit(code, fmt.Errorf("conform: interrupted: %s (the report holds what finished)", rep.Reason))
	}
	if err := connectFailure("conform", rep.Target, runErr); err != nil && rep.Status == conformance.StatusUnreachable {
		return err
	}
	if rep.Status == conformance.StatusUnreachable {
		return withExit(code, fmt.Errorf("conform: %s: is the service running there? check --base-url (and --profile when it is a URL)", rep.Reason))
	}
	return withExit(code, fmt.Errorf("conform: %s", rep.Reason))
}

// writeReport renders the report to stdout, or to --out through a
// temporary file in the same directory renamed over it: a reader never
// sees half a report, and a write cut short leaves the previous one whole.
func writeReport(f conformFlags, rep *conformance.Report, stdout io.Writer) error {
	if f.out == "" {
		return report.Write(stdout, f.format, rep)
	}
	return writeFileAtomic(f.out, func(w io.Writer) error { return report.Write(w, f.format, rep) })
}

// buildVersion is the version reports and profiles name: what rtq version
// prints first, with the revision when the build knows one.
func buildVersion() string {
	info, _ := debug.ReadBuildInfo()
	lines := describeBuild(version, revision, info)
	v := strings.TrimPrefix(lines[0], "rtq ")
	for _, l := range lines[1:] {
		if rev, ok := strings.CutPrefix(l, "revision  "); ok {
			v += " (" + rev + ")"
		}
	}
	return v
}

// checkSelection refuses an --only or --skip glob that is not a glob, an
// --only glob that matches no check id (a typo would otherwise run
// nothing and pass), and a selection that leaves no check at all.
func checkSelection(only, skip []string) error {
	ids := conformance.FindingIDs()
	for _, sel := range []struct {
		flag  string
		globs []string
	}{{"--only", only}, {"--skip", skip}} {
		for _, g := range sel.globs {
			if _, err := path.Match(g, ""); err != nil {
				return usageError("conform: %s %q is not a glob: %v", sel.flag, g, err)
			}
		}
	}
	left := 0
	for _, g := range only {
		if !anyID(ids, g) {
			return usageError("conform: --only %q matches no check id: nothing would be checked; did you mean %s? (docs/conformance.md#checks lists every id)",
				g, closestID(ids, g))
		}
	}
	for _, c := range ids {
		if (len(only) == 0 || matchGlobs(only, c.ID)) && !matchGlobs(skip, c.ID) {
			left++
		}
	}
	if left == 0 {
		sel := fmt.Sprintf("--skip %q", strings.Join(skip, ","))
		if len(only) > 0 {
			sel = fmt.Sprintf("--only %q with %s", strings.Join(only, ","), sel)
		}
		return usageError("conform: %s leaves no check to run: nothing would be checked; skip fewer checks", sel)
	}
	return nil
}

// nothingChecked turns a pass in which no check passed or failed (every
// selected check skipped: write checks without --allow-writes, facts the
// profile lacks) into a configuration error: nothing checked is no pass.
func nothingChecked(rep *conformance.Report) *conformance.Report {
	if rep.Status != conformance.StatusPass || rep.Summary.Passed+rep.Summary.Failed > 0 {
		return rep
	}
	return rep.Stop(conformance.StatusError, fmt.Sprintf(
		"nothing was checked: all %d selected check(s) were skipped; widen --only or --skip, give --allow-writes for write checks, or a --profile that lists what they need",
		rep.Summary.Skipped))
}

func anyID(ids []conformance.Check, glob string) bool {
	for _, c := range ids {
		if ok, _ := path.Match(glob, c.ID); ok {
			return true
		}
	}
	return false
}

func matchGlobs(globs []string, id string) bool {
	for _, g := range globs {
		if ok, _ := path.Match(g, id); ok {
			return true
		}
	}
	return false
}

// closestID proposes the check id, or the group of ids with a star
// ("getRecord.*"), nearest to a glob that matched none.
func closestID(ids []conformance.Check, glob string) string {
	best, bestD := "", -1
	for _, c := range ids {
		group, _, _ := strings.Cut(c.ID, ".")
		for _, cand := range []string{c.ID, group + ".*"} {
			if d := editdist.Distance(glob, cand); bestD < 0 || d < bestD {
				best, bestD = cand, d
			}
		}
	}
	return fmt.Sprintf("%q", best)
}

// diagnosis repeats on stderr the failure that explains the others (a
// refused key, a target that is not the service), which the report lists
// first; "" when there is none.
func diagnosis(rep *conformance.Report) string {
	for _, c := range rep.Checks {
		if c.ID == "auth.readKey.accepted" && c.Status == conformance.Fail {
			msg, _, _ := strings.Cut(c.Message, ": it answers")
			return "; the first explains the rest: " + msg
		}
	}
	return ""
}
