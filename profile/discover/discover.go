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
}

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
	// Verifies counts the guarded verify probes sent (0 without
	// --write-key and --allow-writes).
	Verifies int
	// Notes are, per section (forms, templates, records, writes), what
	// discover saw that needs a person's eye.
	Notes map[string][]string
	// scrub removes the keys from the written profile: the answers are
	// scrubbed already, but --base-url itself might hold one.
	scrub *svcclient.Scrubber
}

func (r *Result) note(section, format string, args ...any) {
	r.Notes[section] = append(r.Notes[section], fmt.Sprintf(format, args...))
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
	c := newClient(opts.BaseURL, opts.Timeout, opts.ReadKey, opts.WriteKey)
	defer c.svc.CloseIdleConnections()
	res := &Result{Profile: &profile.Profile{Version: profile.Version, Name: "discovered from " + opts.BaseURL},
		BaseURL: opts.BaseURL, At: time.Now().UTC().Truncate(time.Second), Version: opts.Version, Notes: map[string][]string{}}
	d := &discoverer{c: c, opts: opts, res: res}
	for i, step := range []func(context.Context) error{d.forms, d.templates, d.records, d.writeAccess} {
		if err := step(ctx); err != nil {
			if silent(err, i == 0) {
				return nil, fmt.Errorf("%w: %s: %v", ErrUnreachable, opts.BaseURL, err)
			}
			return nil, fmt.Errorf("discover %s: %w", opts.BaseURL, err)
		}
	}
	res.Requests, res.scrub = c.svc.Calls(), c.svc.Scrubber()
	return res, nil
}

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
