package state

import (
	"errors"
	"testing"

	"github.com/rtq-kit/rtq/mockserver/internal/fail"
)

func TestParseBound(t *testing.T) {
	const day = 1767283200 // 2026-01-02 00:00:00 +08:00
	cases := []struct {
		in    string
		upper bool
		want  int64
	}{
		{"2026-01-02", false, day},
		{"2026-01-02", true, day + 86399},
		{"2026-01-02 00:00:00", false, day},
		{"2026-01-02 00:00:00", true, day},
		{"2026-01-01T16:00:00Z", false, day},
		{"2026-01-02T00:00:00+08:00", true, day},
		{"2026-01-02T00:00:00.1+08:00", false, day + 1},
		{"2026-01-02T00:00:00.9+08:00", true, day},
		// RFC 3339 §5.6: "t" and "z" may be written in lower case.
		{"2026-01-01t16:00:00z", false, day},
		{"2026-01-01t16:00:00Z", false, day},
		{"2026-01-02t00:00:00+08:00", true, day},
	}
	for _, c := range cases {
		if got, err := ParseBound("start_time", c.in, c.upper); err != nil || got != c.want {
			t.Errorf("ParseBound(%q, upper=%v) = %d, %v; want %d", c.in, c.upper, got, err, c.want)
		}
	}
	for _, bad := range []string{"2026-1-2", "2026-01-02T00:00:00", "02/01/2026", "now", "2026-13-01", "2026-01-02 24:00:00", "2026-01-01 16:00:00z", "2026-01-02t00:00:00", "2026-01-02 00:00:00+0800"} {
		_, err := ParseBound("end_time", bad, true)
		var e *fail.Error
		if !errors.As(err, &e) || e.Code != 400 {
			t.Errorf("ParseBound(%q) = %v, want a 400", bad, err)
		}
	}
}
