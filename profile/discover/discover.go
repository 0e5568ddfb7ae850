// Package discover writes a first conformance profile for a real service by
// reading it: the form list, the templates and their sub-codes (cursor
// walks), the records a person names, and, given a write key and
// permission to write (AllowWrites), which of those records the key may
// verify. Without both it sends no verify at all; with both, the only
// verify it sends names a from status no record has, which no correct
// service acts on (a broken one might).
//
// What it cannot learn by reading (credential flows and cases, another
// organization's objects, template URLs) it leaves out and says so in the
// profile's comments, for a person to add; every fact it tried and could
// not establish (a time window) is left out with the reason. What it sees
// that breaks a SPEC statement (a time filter that changes nothing, a
// total that ignores the filter, a repeating cursor, an inexact number
// filter) is a finding in the profile, which rtq conform fails.
package discover

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/rtq-kit/rtq/internal/svcclient"
	"github.com/rtq-kit/rtq/profile"
)

// Options say which target to read and what to look at.
type Options struct {
	BaseURL string
	// ReadKey reads everything; WriteKey, when given with AllowWrites, is
	// probed with one guarded verify per record.
	ReadKey, WriteKey string
	// AllowWrites permits the guarded verify probe; without it discover
	// sends no verify at all.
	AllowWrites bool
	// RecordIDs and RecordURLs are the records to describe.
	RecordIDs  []int64
	RecordURLs []string
	// Timeout bounds each request (default 10s).
	Timeout time.Duration
	// Version is the rtq version named in the profile's header.
	Version string
	// Concurrency is how many requests are in flight at most: independent
	// reads (the form list, the template list and each template's
	// sub-codes, each named record) overlap their latency, each cursor
	// walk and bisection stays one request after another. 0 means
	// DefaultConcurrency, 1 one request at a time. The profile, its
	// findings and their order are the same at any concurrency.
	Concurrency int
	// Rate is at most this many requests a second (0: no bound), and
	// MaxRequests at most this many in all (0: no bound; when spent,
	// discover stops with an error that is ErrBudget, and no profile).
	Rate        float64
	MaxRequests int
	// Access is how the target is reached beyond its URL (--ca-cert,
	// --client-cert, --header, --insecure); nil: plainly.
	Access *svcclient.Access
	// Now is when the discovery is made (zero: the clock's time): the
	// profile's header names it, and the search span of time windows
	// ends a year after it. Fixed, two runs against one target send the
	// same requests.
	Now time.Time
}

// DefaultConcurrency is the requests discover keeps in flight when told
// none: the same as rtq record's, a staging service 100 ms away is read in
// about the time of its longest chain of dependent requests.
const DefaultConcurrency = 16

// ErrBudget is what the error is when MaxRequests ran out.
var ErrBudget = svcclient.ErrBudget

// maxTemplates caps the templates whose sub-codes are walked (each costs a
// walk in every conform run too).
const maxTemplates = 5

// maxTemplateScan caps the templates whose sub-codes are counted while
// looking for one with enough sub-codes for a window.
const maxTemplateScan = 50

// maxPages stops a walk on a target whose paging never ends.
const maxPages = 500

// Result is a discovered profile with what a person should review.
type Result struct {
	Profile  *profile.Profile
	BaseURL  string
	At       time.Time
	Version  string
	Requests int
	// Chain is the longest chain of requests that each needed the one
	// before (a cursor walk, a bisection): that many times the latency is
	// the least a discovery of this target can take (svcclient.Chain).
	Chain int
	// Verifies counts the guarded verify probes sent (0 without
	// --write-key and --allow-writes).
	Verifies int
	// Notes are, per section (forms, templates, records, writes), what
	// discover saw that needs a person's eye.
	Notes map[string][]string
	// Politeness is how often the target asked discover to slow down,
	// and how long it waited.
	Politeness svcclient.Politeness
	// Insecure says the target's certificate was not verified
	// (--insecure): the written profile says so.
	Insecure bool
	// scrub removes the keys from the written profile: the answers are
	// scrubbed already, but --base-url itself might hold one.
	scrub *svcclient.Scrubber
}

// ErrUnreachable is returned (wrapped) when the target gives no answer.
var ErrUnreachable = errors.New("target unreachable")

// Discover reads the target and returns the profile it implies. An error
// means no profile: the target is unreachable (ErrUnreachable), refuses the
// read key, or a named record cannot be read.
func Discover(ctx context.Context, opts Options) (*Result, error) {
	if opts.BaseURL == "" || opts.ReadKey == "" {
		return nil, errors.New("discover: --base-url and --api-key are required")
	}
	if opts.Timeout <= 0 {
		opts.Timeout = 10 * time.Second
	}
	if opts.Concurrency <= 0 {
		opts.Concurrency = DefaultConcurrency
	}
	if opts.Now.IsZero() {
		opts.Now = time.Now()
	}
	c := newClient(opts, opts.ReadKey, opts.WriteKey)
	defer c.svc.CloseIdleConnections()
	res := &Result{Profile: &profile.Profile{Version: profile.Version, Name: "discovered from " + opts.BaseURL},
		BaseURL: opts.BaseURL, At: opts.Now.UTC().Truncate(time.Second), Version: opts.Version, Notes: map[string][]string{}}
	d := &discoverer{c: c, opts: opts, res: res}
	ctx, chain := svcclient.WithChain(ctx)
	if err := d.run(ctx); err != nil {
		var first *firstStepError
		var ce *svcclient.ConnectError
		switch {
		case errors.As(err, &ce):
			return nil, fmt.Errorf("%w: %s: %w", ErrUnreachable, opts.BaseURL, ce)
		case errors.As(err, &first) && silent(err, true) || silent(err, false):
			return nil, fmt.Errorf("%w: %s: %v", ErrUnreachable, opts.BaseURL, err)
		case errors.Is(err, ErrBudget):
			// Which read ran out first depends on timing: the message
			// names none, so it is the same at any concurrency.
			return nil, fmt.Errorf("discover %s: %w: %d requests made before the profile was complete; raise --max-requests", opts.BaseURL, ErrBudget, opts.MaxRequests)
		}
		return nil, fmt.Errorf("discover %s: %w", opts.BaseURL, err)
	}
	res.Requests, res.Chain, res.scrub, res.Insecure = c.svc.Calls(), chain.Len(), c.svc.Scrubber(), opts.Access.Insecure()
	res.Politeness = c.svc.Politeness()
	return res, nil
}

// run reads the form list, the templates and the named records side by
// side (none needs another's answers), then probes write access, which
// needs the records' codes. What each step saw is kept in the plan's order.
func (d *discoverer) run(ctx context.Context) error {
	steps := []func(context.Context, *sink) error{d.forms, d.templates, d.records}
	jobs := make([]svcclient.Job, len(steps))
	for i, step := range steps {
		jobs[i] = func(ctx context.Context) (func(), error) {
			s := &sink{}
			err := step(ctx, s)
			if err != nil && i == 0 {
				err = &firstStepError{err}
			}
			return func() { d.res.keep(s) }, err
		}
	}
	if err := d.overlap(ctx, jobs); err != nil {
		return err
	}
	s := &sink{}
	err := d.writeAccess(ctx, s)
	d.res.keep(s)
	return err
}

// overlap runs jobs, up to the concurrency at a time, and commits them in
// their order (svcclient.InOrder).
func (d *discoverer) overlap(ctx context.Context, jobs []svcclient.Job) error {
	return svcclient.InOrder(ctx, d.opts.Concurrency, jobs)
}

// firstStepError is an error of the first step, whose first request is
// the first sent: a time-out there means the target gives no answer.
type firstStepError struct{ err error }

func (e *firstStepError) Error() string { return e.err.Error() }
func (e *firstStepError) Unwrap() error { return e.err }

type discoverer struct {
	c    *client
	opts Options
	res  *Result
	// codes are the record codes of the records read, for writeAccess.
	codes []recordCode
}

type recordCode struct {
	id   int64
	code string
	form int64
	// status is process_status.text when the target shows it.
	status string
}

// silent says a target gave no answer at all: no connection, or, for the
// first request, no answer within the time-out.
func silent(err error, first bool) bool {
	var op *net.OpError
	var ne net.Error
	return errors.As(err, &op) && op.Op == "dial" || first && errors.As(err, &ne) && ne.Timeout()
}
