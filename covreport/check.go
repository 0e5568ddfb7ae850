package covreport

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Threshold is a floor one dimension must reach: rtq coverage merge
// --min NAME=PERCENT.
type Threshold struct {
	// Dimension is one of DimensionNames, or "errors_called": the error
	// entries of the endpoints the client called at all.
	Dimension string
	Percent   float64
}

// ParseThreshold reads NAME=PERCENT (PERCENT from 0 to 100; NAME alone is 100).
func ParseThreshold(s string) (Threshold, error) {
	name, pct, hasPct := strings.Cut(s, "=")
	t := Threshold{Dimension: name, Percent: 100}
	if name != "errors_called" && !slices.Contains(DimensionNames, name) {
		return t, fmt.Errorf("--min %q: the dimension must be one of %s or errors_called", s, strings.Join(DimensionNames, ", "))
	}
	if hasPct {
		p, err := strconv.ParseFloat(strings.TrimSuffix(pct, "%"), 64)
		if err != nil || p < 0 || p > 100 {
			return t, fmt.Errorf("--min %q: the percentage must be a number from 0 to 100", s)
		}
		t.Percent = p
	}
	return t, nil
}

// Check returns one sentence per threshold r does not reach, naming what
// is missing; none when r reaches every one.
func Check(r Report, ts []Threshold) []string {
	var out []string
	for _, t := range ts {
		d := r.Dimension(t.Dimension)
		if t.Dimension == "errors_called" {
			d = errorsCalled(r)
		}
		if d.Total == 0 {
			continue
		}
		got := 100 * float64(d.Covered) / float64(d.Total)
		if got+1e-9 < t.Percent {
			out = append(out, fmt.Sprintf("%s: %d/%d (%.1f%%) under %.1f%%; missing: %s",
				t.Dimension, d.Covered, d.Total, got, t.Percent, strings.Join(d.Missing, ", ")))
		}
	}
	return out
}

// errorsCalled is the errors dimension cut down to the endpoints the client
// called: an error entry's id starts with its endpoint's name.
func errorsCalled(r Report) *Dimension {
	var d Dimension
	for _, e := range r.Dimensions.Errors.Entries {
		ep, _, _ := strings.Cut(e.ID, " ")
		if n, _ := r.Dimensions.Endpoints.Count(ep); n > 0 {
			d.Entries = append(d.Entries, e)
		}
	}
	d.Unreachable = r.Dimensions.Errors.Unreachable
	d.Finish()
	return &d
}
