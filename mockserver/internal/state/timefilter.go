package state

import (
	"math"
	"strings"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
)

// Time filters of templates/* (docs/contract.md §C5 and §C10): RFC 3339 with or
// without fractional seconds, "YYYY-MM-DD HH:MM:SS" and "YYYY-MM-DD" in
// UTC+08:00; both bounds inclusive on whole-second creation times.

const timeRule = "an ISO 8601 time: RFC 3339 (2026-01-02T03:04:05+08:00), YYYY-MM-DD HH:MM:SS (UTC+08:00) or YYYY-MM-DD"

// ParseInstant reads a time filter as the instant it names: RFC 3339 as
// written, "YYYY-MM-DD HH:MM:SS" in UTC+08:00, and "YYYY-MM-DD" as its first
// second (lower bound) or its last (upper bound), in UTC+08:00. "end before
// start" is decided on these instants, not on rounded seconds, so a window
// inside one second is valid (and empty).
func ParseInstant(name, s string, upper bool) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339Nano, upperTZ(s)); err == nil {
		return t, nil
	}
	if t, err := time.ParseInLocation(time.DateTime, s, contract.Zone); err == nil {
		return t, nil
	}
	if t, err := time.ParseInLocation(time.DateOnly, s, contract.Zone); err == nil {
		if upper {
			return t.Add(24*time.Hour - time.Second), nil
		}
		return t, nil
	}
	return time.Time{}, fail.Param("%s must be %s, got %s", name, timeRule, fail.Quote(s))
}

// upperTZ is s with a lower-case "t" between date and time and a
// lower-case "z" at its end in upper case: RFC 3339 §5.6 allows either
// case, and Go's parser reads the upper only.
func upperTZ(s string) string {
	if len(s) <= len(time.DateOnly) || s[len(time.DateOnly)] != 't' && !strings.HasSuffix(s, "z") {
		return s
	}
	b := []byte(s)
	if b[len(time.DateOnly)] == 't' {
		b[len(time.DateOnly)] = 'T'
	}
	if b[len(b)-1] == 'z' {
		b[len(b)-1] = 'Z'
	}
	return string(b)
}

// ParseBound reads a time filter as whole creation seconds (creation times
// are whole seconds): an inclusive lower bound with a fraction rounds up,
// an upper bound rounds down.
func ParseBound(name, s string, upper bool) (int64, error) {
	t, err := ParseInstant(name, s, upper)
	if err != nil {
		return 0, err
	}
	return BoundSeconds(t, upper), nil
}

// BoundSeconds rounds an instant to the whole second a bound includes.
func BoundSeconds(t time.Time, upper bool) int64 {
	sec := t.Unix()
	if !upper && t.Nanosecond() > 0 {
		sec++
	}
	return sec
}

// TimeRange is an inclusive creation-time window; absent bounds are open.
type TimeRange struct {
	Start, End       int64
	HasStart, HasEnd bool
}

// lo and hi give the window as closed bounds usable in comparisons.
func (r TimeRange) lo() int64 {
	if r.HasStart {
		return r.Start
	}
	return math.MinInt64
}

func (r TimeRange) hi() int64 {
	if r.HasEnd {
		return r.End
	}
	return math.MaxInt64
}
