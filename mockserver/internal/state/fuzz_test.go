package state

// Fuzz target for the time parser of the templates/* filters:
// whatever it accepts round-trips through RFC 3339, the UTC+08:00 wall
// clock form and the spec's *_iso form; whatever it refuses is a 400 that
// names the parameter.

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
)

func FuzzParseBound(f *testing.F) {
	for _, s := range []string{
		"2026-01-02T03:04:05+08:00", "2026-01-02T03:04:05Z", "2026-01-02T03:04:05.999999999-07:00",
		"2026-01-02 03:04:05", "2026-01-02", "2025-02-29", "0001-01-01", "9999-12-31T23:59:59Z",
		"2026-01-02T03:04:05+24:00", "", " ", "1700000000", "２０２６-01-02",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lo, errLo := ParseBound("start_time", s, false)
		hi, errHi := ParseBound("end_time", s, true)
		if (errLo == nil) != (errHi == nil) {
			t.Fatalf("%q: lower bound err %v, upper bound err %v", s, errLo, errHi)
		}
		if errLo != nil {
			assertNamed(t, errLo, "start_time")
			assertNamed(t, errHi, "end_time")
			return
		}
		if hi < lo-1 || hi-lo >= 24*3600 {
			t.Fatalf("%q: lower %d and upper %d are not one instant or one day", s, lo, hi)
		}
		roundTrip(t, s, lo)
	})
}

// assertNamed checks a refusal is a 400 parameter error naming name.
func assertNamed(t *testing.T, err error, name string) {
	t.Helper()
	var e *fail.Error
	if !errors.As(err, &e) || e.Code != 400 || !strings.Contains(e.Detail, name) {
		t.Fatalf("refusal %v is not a 400 naming %s", err, name)
	}
}

// roundTrip writes sec back in each accepted form and reads it again.
func roundTrip(t *testing.T, s string, sec int64) {
	t.Helper()
	at := time.Unix(sec, 0).In(contract.Zone)
	if u := at.UTC(); min(at.Year(), u.Year()) < 0 || max(at.Year(), u.Year()) > 9999 {
		return // RFC 3339 has four-digit years only, in both zones written below
	}
	for _, form := range []string{at.Format(time.RFC3339), at.UTC().Format(time.RFC3339), at.Format(time.DateTime)} {
		if got, err := ParseBound("start_time", form, false); err != nil || got != sec {
			t.Fatalf("%q → %d → %q → %d, %v", s, sec, form, got, err)
		}
	}
	iso := contract.ISO(sec)
	back, err := time.ParseInLocation(contract.ISOLayout, iso, contract.Zone)
	if err != nil || back.Unix() != sec {
		t.Fatalf("ISO(%d) = %q reads back as %d, %v", sec, iso, back.Unix(), err)
	}
}
