// Package conformance is the runner behind `rtq conform`: it sends requests
// to a target (the mock, staging, production), compares the answers with the
// specification and the JSON Schemas in schemas/, and reports one Finding per
// check plus coverage.
//
// It asserts only what the spec says (SPEC); where the kit chose a behaviour
// the spec leaves open (KIT, see contract-notes), it at most reports info.
// It never imports the mock: agreeing with the mock by sharing its logic
// would prove nothing.
package conformance

import (
	"errors"
	"time"

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
	Message  string   `json:"message"`
	// Request is the request that showed the failure (key redacted).
	Request *Request `json:"request,omitempty"`
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
}

// Report is the whole result of a run (kit-interface.md, JSON shape).
type Report struct {
	Target   string        `json:"target"`
	Summary  Summary       `json:"summary"`
	Checks   []Finding     `json:"checks"`
	Coverage Coverage      `json:"coverage"`
	Writes   bool          `json:"writes"`
	Duration time.Duration `json:"-"`
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
	// Workers run read checks concurrently (default 8).
	Workers int
}

// ErrUnreachable is returned (wrapped) when nothing answers at BaseURL.
var ErrUnreachable = errors.New("target unreachable")

// ErrConfig is returned (wrapped) for options that make no run possible.
var ErrConfig = errors.New("configuration error")
