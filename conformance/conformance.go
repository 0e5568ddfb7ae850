// Package conformance is the runner behind `rtq conform`: it sends requests
// to a target (the mock, staging, production), compares the answers with the
// specification and the JSON Schemas in schemas/, and reports one Finding per
// check plus coverage.
//
// It asserts only what the spec says (SPEC); where the kit chose a behaviour
// the spec leaves open (KIT, docs/contract.md §C1 to §C10), it at most reports info.
// It never imports the mock: agreeing with the mock by sharing its logic
// would prove nothing.
package conformance

import (
	"errors"
	"time"

	"github.com/rtq-kit/rtq/internal/svcclient"
	"github.com/rtq-kit/rtq/profile"
)

// Severity says what a failed check means: only must failures fail a run.
type Severity string

// The severities.
const (
	Must   Severity = "must"
	Should Severity = "should"
	Info   Severity = "info"
)

// Status is a check's outcome.
type Status string

// The outcomes.
const (
	Pass Status = "pass"
	Fail Status = "fail"
	Skip Status = "skip"
)

// Finding is the result of one check: the one type every report renders.
type Finding struct {
	ID       string   `json:"id"`
	Endpoint string   `json:"endpoint"`
	Severity Severity `json:"severity"`
	Status   Status   `json:"status"`
	Spec     string   `json:"spec"`
	// Statements are the ids of the SPEC statements of docs/contract.md
	// the check asserts, so a reader sees what a pass covers.
	Statements []string `json:"statements"`
	Message    string   `json:"message"`
	// Request is the request that showed the failure (key redacted).
	Request *Request `json:"request,omitempty"`
	// Curl is Request as a curl line a person can paste (the key as
	// $RTQ_API_KEY and the like, never its value); on failures only.
	Curl string `json:"curl,omitempty"`
	// Problems are "pointer: rule" lines from schema validation and the
	// check's own assertions, at most maxProblems.
	Problems []string      `json:"problems,omitempty"`
	Duration time.Duration `json:"-"`
}

// Summary counts findings by status.
type Summary struct {
	Total   int `json:"total"`
	Passed  int `json:"passed"`
	Failed  int `json:"failed"`
	Skipped int `json:"skipped"`
}

// Count is one coverage dimension.
type Count struct {
	Covered int      `json:"covered"`
	Total   int      `json:"total"`
	Missing []string `json:"missing"`
}

// Coverage says how much of the contract the target's answers exercised.
type Coverage struct {
	FieldTypes  Count `json:"field_types"`
	ErrorCodes  Count `json:"error_codes"`
	Transitions Count `json:"transitions"`
	// SpecStatements counts the SPEC statements of docs/contract.md that
	// at least one check exercised (passed or failed), of those a client
	// can observe.
	SpecStatements Count `json:"spec_statements"`
}

// RunStatus is the outcome of a whole run, the first thing a report says.
// Only pass and fail are verdicts on the target; the others say the run
// itself did not complete and why (Report.Reason).
type RunStatus string

// The run statuses, each with its exit status of rtq conform (docs/conformance.md).
const (
	// StatusPass: no must check failed (exit 0).
	StatusPass RunStatus = "pass"
	// StatusFail: at least one must check failed (exit 1).
	StatusFail RunStatus = "fail"
	// StatusError: a usage or configuration error, no run (exit 2).
	StatusError RunStatus = "error"
	// StatusSetupFailed: a set-up call of the runner (the profile's reset)
	// failed; the checks that needed it are skipped, not failed (exit 2).
	StatusSetupFailed RunStatus = "setup_failed"
	// StatusUnreachable: nothing answers at the target or the profile URL (exit 3).
	StatusUnreachable RunStatus = "unreachable"
	// StatusInterrupted: a signal or --deadline stopped the run; the report
	// holds what finished before (exit 4).
	StatusInterrupted RunStatus = "interrupted"
)

// Report is the whole result of a run (docs/conformance.md, "Reports"). Members
// are only ever added, never renamed: scripts parse them.
type Report struct {
	Target   string    `json:"target"`
	Summary  Summary   `json:"summary"`
	Checks   []Finding `json:"checks"`
	Coverage Coverage  `json:"coverage"`
	Writes   bool      `json:"writes"`

	// Status is the run's outcome; Reason says why when it is not pass or
	// fail, or which failure stopped a --fail-fast run.
	Status RunStatus `json:"status"`
	Reason string    `json:"reason,omitempty"`
	// Version is the rtq version that ran; Profile the --profile source
	// ("" without one).
	Version string `json:"rtq_version"`
	Profile string `json:"profile"`
	// Seed is the seed of the run's generated requests (--seed): the same
	// seed sends the same requests.
	Seed uint64 `json:"seed,omitempty"`
	// StartedAt and DurationMS say when the run started and how long it took.
	StartedAt  time.Time `json:"started_at"`
	DurationMS int64     `json:"duration_ms"`
	// MustSkipped counts must checks that did not run (no --allow-writes,
	// facts missing from the profile, interruption): a pass with skips
	// certifies less.
	MustSkipped int `json:"must_skipped"`
	// CoveragePartial is true when a coverage dimension misses something.
	CoveragePartial bool `json:"coverage_partial"`
	// SetupFailures are the runner's own set-up calls that failed, each once.
	SetupFailures []string `json:"setup_failures,omitempty"`
	// Statements are the SPEC statements with the checks citing them and
	// their outcomes (Coverage.SpecStatements counts them).
	Statements []StatementResult `json:"statements"`
	// Baseline compares the run with an earlier report (--baseline): then
	// only new must failures fail the run.
	Baseline *BaselineDiff `json:"baseline,omitempty"`
	baseline *Baseline
	// Plan says how the run was carried out (concurrency, longest chain
	// of requests); like the timings it is no verdict on the target.
	Plan *Plan `json:"plan,omitempty"`
	// answers counts, per statement, the answers it was evaluated on.
	answers map[string]int
	// Traffic, in the report of live traffic (rtq proxy), says what the
	// traffic held and what it never reached; nil in a run's.
	Traffic *Traffic `json:"traffic,omitempty"`
	// Insecure says the target's certificate was not verified (--insecure):
	// every format says so.
	Insecure bool `json:"insecure,omitempty"`

	Duration time.Duration `json:"-"`
}

// NewReport starts the report of a run from its options, before anything
// is sent, so that even a run that cannot start says what was tried.
func NewReport(opts Options, started time.Time) *Report {
	seed := opts.Seed
	if seed == 0 {
		seed = DefaultSeed
	}
	return &Report{Target: opts.BaseURL, Writes: opts.AllowWrites, Version: opts.Version, baseline: opts.Baseline, Seed: seed,
		Profile: opts.ProfileSource, StartedAt: started.UTC().Truncate(time.Millisecond), Checks: []Finding{},
		Insecure: opts.Access.Insecure()}
}

// Stop marks a report whose run could not complete (status and reason),
// keeping whatever checks it holds.
func (r *Report) Stop(status RunStatus, reason string) *Report {
	r.Status, r.Reason = status, reason
	return r.Finish(time.Now())
}

// Finish computes the derived members (summary, skips, coverage gaps,
// duration) and the status when none is set yet.
func (r *Report) Finish(now time.Time) *Report {
	if !r.StartedAt.IsZero() {
		r.Duration = now.Sub(r.StartedAt)
	}
	r.DurationMS = r.Duration.Milliseconds()
	r.Summary = summarize(r.Checks)
	r.MustSkipped = 0
	for _, f := range r.Checks {
		if f.Status == Skip && f.Severity == Must {
			r.MustSkipped++
		}
	}
	r.Statements, r.Coverage.SpecStatements = statementResults(r.Checks, r.answers)
	c := r.Coverage
	r.CoveragePartial = c.FieldTypes.Covered < c.FieldTypes.Total || c.ErrorCodes.Covered < c.ErrorCodes.Total ||
		c.Transitions.Covered < c.Transitions.Total || c.SpecStatements.Covered < c.SpecStatements.Total
	failing := r.MustFailed()
	if r.baseline != nil {
		r.Baseline = r.baseline.compare(r.Checks)
		failing = r.Baseline.NewMust
	}
	if r.Status == "" || r.Status == StatusPass || r.Status == StatusFail {
		r.Status = StatusPass
		if failing > 0 {
			r.Status = StatusFail
		}
	}
	return r
}

// CountAnswers sets, per statement id, how many answers it was evaluated
// on (Run sets them; an observer of live traffic that judges by the same
// rules sets its own); Finish puts them in Statements.
func (r *Report) CountAnswers(counts map[string]int) *Report {
	r.answers = counts
	return r
}

// WithBaseline makes Finish compare the run with b (nil: no baseline).
func (r *Report) WithBaseline(b *Baseline) *Report {
	r.baseline = b
	return r
}

// MustFailed counts failed must checks: the run fails when it is not zero.
func (r *Report) MustFailed() int {
	n := 0
	for _, f := range r.Checks {
		if f.Status == Fail && f.Severity == Must {
			n++
		}
	}
	return n
}

// Options configure a run.
type Options struct {
	BaseURL string
	// Profile holds what the target holds; nil runs the checks that need none.
	Profile *profile.Profile
	// ReadKey and WriteKey override the profile's keys when set.
	ReadKey, WriteKey string
	// AllowWrites permits verify requests that may change state, only with
	// the certificate codes the profile lists.
	AllowWrites bool
	// Only and Skip are GLOBs (path.Match) on check ids.
	Only, Skip []string
	// Timeout bounds each request; Rate limits requests per second (0: none).
	Timeout time.Duration
	Rate    float64
	// Concurrency is the most requests in flight at once (0:
	// DefaultConcurrency); 1 sends one request at a time, the checks in
	// table order (plan.go). Rate still bounds the requests per second.
	Concurrency int
	// Deadline bounds the whole run (0: none); when it passes, the run
	// stops sending and reports what it has, status interrupted.
	Deadline time.Duration
	// SetupTimeout bounds each of the runner's own set-up calls, the
	// profile's reset (default 10s, never more than Timeout).
	SetupTimeout time.Duration
	// Progress, when set, is told after each check how many of how many
	// have finished.
	Progress func(done, total int)
	// AdminToken is sent as "Authorization: Bearer ..." on the runner's
	// admin calls (the profile's reset): a mock started with --admin-token
	// refuses them otherwise.
	AdminToken string
	// Version and ProfileSource are copied into the report.
	Version, ProfileSource string
	// Seed picks the values of the generated requests (0: DefaultSeed):
	// the same seed sends the same requests.
	Seed uint64
	// FailFast stops the run at its first must failure that counts (one
	// --only and --skip select, new to the Baseline if one is given):
	// what was cut short is skipped, the status is fail and the reason
	// names the failure.
	FailFast bool
	// PlainRequests sends every request the usual way (--plain-requests):
	// a staging behind a front that refuses a spoofed X-Forwarded-For or
	// an unusual Accept answers the front's refusals, not the service's.
	// The forms the seed would pick are then never sent, and
	// transport.requestForms, transport.clientProfiles and
	// transport.protocols are skipped.
	PlainRequests bool
	// Baseline, when set, is an earlier run's report: the run then fails
	// only for must checks that did not fail in it.
	Baseline *Baseline
	// Access is how the target is reached beyond its URL (--ca-cert,
	// --client-cert, --header, --insecure); nil: plainly.
	Access *svcclient.Access
}

// ErrUnreachable is returned (wrapped) when nothing answers at BaseURL.
var ErrUnreachable = errors.New("target unreachable")

// ErrConfig is returned (wrapped) for options that make no run possible.
var ErrConfig = errors.New("configuration error")
