package state

import (
	"math"
	"time"

	"github.com/rtq-kit/rtq/contract"
)

// Time filters of templates/* (contract-notes 5 and 10): RFC 3339 with or
// without fractional seconds, "YYYY-MM-DD HH:MM:SS" and "YYYY-MM-DD" in
// UTC+08:00; both bounds inclusive on whole-second creation times.

const timeRule = "an ISO 8601 time: RFC 3339 (2026-01-02T03:04:05+08:00), YYYY-MM-DD HH:MM:SS (UTC+08:00) or YYYY-MM-DD"

// ParseBound turns a start_time (upper=false) or end_time (upper=true) into
// inclusive Unix seconds. A fractional lower bound rounds up, a fractional
// upper bound down; a date alone means the first or last second of that
// day in UTC+08:00.
func ParseBound(name, s string, upper bool) (int64, error) {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		sec := t.Unix()
		if !upper && t.Nanosecond() > 0 {
			sec++
		}
		return sec, nil
	}
	if t, err := time.ParseInLocation(time.DateTime, s, contract.Zone); err == nil {
		return t.Unix(), nil
	}
	if t, err := time.ParseInLocation(time.DateOnly, s, contract.Zone); err == nil {
		if upper {
			return t.Unix() + 24*3600 - 1, nil
		}
		return t.Unix(), nil
	}
	return 0, TemplatesError(name + " must be " + timeRule + ", got " + Quote(s))
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

// TemplatesError is a 400 in the templates/* shape (no error_code there);
// the detail names the parameter and the rule.
func TemplatesError(detail string) *Error {
	return ParamError("%s", detail)
}
