package conformance

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/rtq-kit/rtq/internal/userfile"
)

// Baseline is what an earlier run's JSON report says failed: adopting the
// runner on a service with known deviations, a run fails only for must
// checks that fail now and did not fail then (rtq conform --baseline).
type Baseline struct {
	// Source is the file it was read from, named in the report.
	Source string
	failed map[string]bool
}

// BaselineDiff is a run compared with its baseline, in every report
// format: the failures that are new, those fixed, those still failing.
type BaselineDiff struct {
	Source string `json:"source"`
	// NewFailures are checks failing now that did not fail in the baseline
	// (must ones fail the run); Fixed failed then and pass now;
	// StillFailing failed then and fail now.
	NewFailures  []string `json:"new_failures"`
	Fixed        []string `json:"fixed"`
	StillFailing []string `json:"still_failing"`
	// NewMust counts the must checks among NewFailures: the run fails when
	// it is not zero.
	NewMust int `json:"new_must_failures"`
}

// MaxBaselineBytes bounds the baseline report read: a JSON report of a
// run holds a few hundred checks, tens of kilobytes; the bound leaves room
// for a thousand times that.
const MaxBaselineBytes = 32 << 20

// ReadBaseline reads a JSON report of an earlier run (rtq conform
// --format json), a regular file of at most MaxBaselineBytes read the way
// rtq reads every file a user names (internal/userfile); ctx ends the
// reading early. A file that is not such a report is an error: comparing
// with nothing would pass every known failure unseen.
func ReadBaseline(ctx context.Context, path string) (*Baseline, error) {
	data, err := userfile.Read(ctx, path, MaxBaselineBytes)
	if err != nil {
		return nil, fmt.Errorf("baseline %s: %w", path, err)
	}
	return ParseBaseline(path, data)
}

// ParseBaseline reads a JSON report from data (source names it).
func ParseBaseline(source string, data []byte) (*Baseline, error) {
	var rep struct {
		Checks []struct {
			ID     string `json:"id"`
			Status Status `json:"status"`
		} `json:"checks"`
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		return nil, fmt.Errorf("baseline %s: %snot a JSON report of rtq conform: write one with --format json --out FILE (%v)", source, reportKind(data), err)
	}
	if rep.Checks == nil {
		return nil, fmt.Errorf("baseline %s: %w", source, errNoChecks)
	}
	b := &Baseline{Source: source, failed: map[string]bool{}}
	for _, c := range rep.Checks {
		if c.Status == Fail {
			b.failed[c.ID] = true
		}
	}
	return b, nil
}

// reportKind names what a file given as a baseline looks like, for a
// message that says which of rtq conform's formats it is.
func reportKind(data []byte) string {
	head := strings.ToLower(string(data[:min(len(data), 512)]))
	switch {
	case strings.Contains(head, "<testsuite"):
		return "a JUnit report (--format junit), "
	case strings.Contains(head, "<html") || strings.Contains(head, "<!doctype html"):
		return "an HTML report (--format html), "
	case strings.Contains(head, "\ntarget:"):
		return "a text report (--format text, the default), "
	}
	return ""
}

var errNoChecks = errors.New(`no "checks" member: not a JSON report of rtq conform (write one with --format json)`)

// compare sorts a run's checks into new failures, fixed and still failing.
func (b *Baseline) compare(checks []Finding) *BaselineDiff {
	d := &BaselineDiff{Source: b.Source, NewFailures: []string{}, Fixed: []string{}, StillFailing: []string{}}
	for _, f := range checks {
		switch {
		case f.Status == Fail && b.failed[f.ID]:
			d.StillFailing = append(d.StillFailing, f.ID)
		case f.Status == Fail:
			d.NewFailures = append(d.NewFailures, f.ID)
			if f.Severity == Must {
				d.NewMust++
			}
		case f.Status == Pass && b.failed[f.ID]:
			d.Fixed = append(d.Fixed, f.ID)
		}
	}
	for _, s := range [][]string{d.NewFailures, d.Fixed, d.StillFailing} {
		sort.Strings(s)
	}
	return d
}

// KnownFailure says whether a failed finding also failed in the baseline,
// so reports can tell it from a new one.
func (r *Report) KnownFailure(f Finding) bool {
	if r.Baseline == nil || f.Status != Fail {
		return false
	}
	i := sort.SearchStrings(r.Baseline.StillFailing, f.ID)
	return i < len(r.Baseline.StillFailing) && r.Baseline.StillFailing[i] == f.ID
}
