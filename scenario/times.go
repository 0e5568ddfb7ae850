package scenario

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/rtq-kit/rtq/contract"
)

// timeLayouts are the written forms of a time, tried in order; the ones
// without a zone are UTC+08:00, the zone of every *_iso string.
var timeLayouts = []string{"2006-01-02 15:04:05", "2006-01-02", time.RFC3339Nano}

// maxTime is 2100-01-01 00:00:00 UTC: times stay four-digit years in
// *_iso strings and positive in *_at seconds.
const maxTime int64 = 4102444800

// parseTime reads a written time: "2026-03-01 10:00:00", "2026-03-01",
// RFC 3339 or Unix seconds. ok is false for nil (not written).
func parseTime(v any) (sec int64, ok bool, err error) {
	switch v := v.(type) {
	case nil:
		return 0, false, nil
	case json.Number:
		n, err := strconv.ParseInt(string(v), 10, 64)
		if err != nil || n < 0 || n >= maxTime {
			return 0, false, fmt.Errorf("time %s is not whole Unix seconds between 1970 and 2100", v)
		}
		return n, true, nil
	case string:
		for _, layout := range timeLayouts {
			if t, err := time.ParseInLocation(layout, v, contract.Zone); err == nil {
				if t.Unix() < 0 || t.Unix() >= maxTime {
					return 0, false, fmt.Errorf("time %q is outside 1970 .. 2099: *_at values are Unix seconds and *_iso strings have four-digit years", v)
				}
				return t.Unix(), true, nil
			}
		}
		return 0, false, fmt.Errorf("time %q is not understood: write \"2026-03-01 10:00:00\" (UTC+08:00), RFC 3339 or Unix seconds", v)
	}
	return 0, false, fmt.Errorf("time must be a string or Unix seconds")
}

// timeOr reads a written time, or returns def when it is absent; a bad
// time is a problem at a and gives def.
func (r *resolver) timeOr(a at, v any, def int64) int64 {
	sec, ok, err := parseTime(v)
	if err != nil {
		r.ps.add(a, "%v", err)
		return def
	}
	if !ok {
		return def
	}
	return sec
}

// timeRange reads from/to of a generator; defaults span the two years the
// faker draws from.
func (r *resolver) timeRange(a at, fromKey string, from any, toKey string, to any, defFrom, defTo int64) (int64, int64) {
	lo := r.timeOr(a.child(fromKey), from, defFrom)
	hi := r.timeOr(a.child(toKey), to, defTo)
	if hi < lo {
		r.ps.add(a.child(toKey), "%s is before %s: swap them", toKey, fromKey)
		return lo, lo
	}
	return lo, hi
}
