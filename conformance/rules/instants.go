package rules

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/rtq-kit/rtq/contract"
)

// Instants a representation writes (2.1.held in every format). json-ld
// and markdown lay a record out their own way (§C7), under names of
// their own (dateCreated, submitted) or in their text; whatever the
// name, a time they write of the record is one of the record's: every
// instant they write must be one its json shows (submit_at, an upload
// time, a notarization), as an instant. A time written with an offset or
// Z is read in it; one without a zone in UTC+08:00, the zone of every
// time the service writes (§1.3, §C5); a time written to the minute
// matches any second of it.

// Instant is a time a value writes: Unix seconds, and the seconds it is
// precise to (1, or 60 when written without seconds).
type Instant struct {
	Text string
	Unix int64
	Step int64
}

var (
	// isoInstant is a date and a time of day, with a zone or without:
	// RFC 3339 and its relatives (a space for the T, a lower-case t or
	// z, an offset without a colon, §1.3's "(UTC+08:00)").
	isoInstant = regexp.MustCompile(`(\d{4})[-/](\d{1,2})[-/](\d{1,2})[Tt ]\s*(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(\s?(?:[Zz]\b|[+-]\d{2}(?::?\d{2})?\b|\(UTC[+-]\d{1,2}(?::?\d{2})?\)|UTC[+-]\d{1,2}(?::?\d{2})?\b))?`)
	// cjkInstant is a date and a time written the Chinese way.
	cjkInstant = regexp.MustCompile(`(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日\s*(\d{1,2})\s*[:：时]\s*(\d{2})\s*分?(?:\s*[:：]\s*(\d{2})\s*秒?)?`)
	// atMember is a member named *_at written in a text (YAML front
	// matter), with Unix seconds.
	atMember = regexp.MustCompile(`(?m)(?:^|[\s{,"'])([A-Za-z0-9_]*_at)["']?\s*[:=]\s*["']?(\d{9,11})\b`)
)

// InstantsIn are the instants a text writes.
func InstantsIn(s string) []Instant {
	var out []Instant
	if strings.ContainsAny(s, "0123456789") {
		for _, m := range isoInstant.FindAllStringSubmatch(s, -1) {
			if in, ok := instantOf(m[0], m[1:7], strings.TrimSpace(m[7])); ok {
				out = append(out, in)
			}
		}
		for _, m := range cjkInstant.FindAllStringSubmatch(s, -1) {
			if in, ok := instantOf(m[0], m[1:7], ""); ok {
				out = append(out, in)
			}
		}
		for _, m := range atMember.FindAllStringSubmatch(s, -1) {
			if n, err := strconv.ParseInt(m[2], 10, 64); err == nil && n > 0 {
				out = append(out, Instant{Text: m[1] + ": " + m[2], Unix: n, Step: 1})
			}
		}
	}
	return out
}

// instantOf reads the parts of a written time (year, month, day, hour,
// minute, second or "") in zone ("" for none: UTC+08:00).
func instantOf(text string, parts []string, zone string) (Instant, bool) {
	n := make([]int, 6)
	step := int64(60)
	for i, p := range parts {
		if p == "" {
			continue
		}
		n[i], _ = strconv.Atoi(p)
		if i == 5 {
			step = 1
		}
	}
	loc, ok := zoneOf(zone)
	if !ok {
		return Instant{}, false
	}
	t := time.Date(n[0], time.Month(n[1]), n[2], n[3], n[4], n[5], 0, loc)
	if t.Month() != time.Month(n[1]) || t.Day() != n[2] || t.Hour() != n[3] || t.Minute() != n[4] || t.Second() != n[5] {
		return Instant{}, false // no such date or time
	}
	return Instant{Text: text, Unix: t.Unix(), Step: step}, true
}

// zoneOf reads a written zone: Z, an offset (with or without a colon,
// or "(UTC+08:00)"); none is UTC+08:00.
func zoneOf(z string) (*time.Location, bool) {
	z = strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(z, "("), "UTC"), ")")
	switch {
	case z == "":
		return contract.Zone, true
	case z == "Z" || z == "z":
		return time.UTC, true
	}
	sign := 1
	if z[0] == '-' {
		sign = -1
	}
	digits := strings.ReplaceAll(z[1:], ":", "")
	var h, m int
	switch len(digits) {
	case 1, 2:
		h, _ = strconv.Atoi(digits)
	case 4:
		h, _ = strconv.Atoi(digits[:2])
		m, _ = strconv.Atoi(digits[2:])
	default:
		return nil, false
	}
	if h > 14 || m > 59 {
		return nil, false
	}
	return time.FixedZone(z, sign*(h*3600+m*60)), true
}

// PayloadInstants are the instants a decoded JSON value writes, at any
// depth: in its strings, and as Unix seconds in members named *_at.
func PayloadInstants(v any) []Instant {
	var out []Instant
	var walk func(k string, v any)
	walk = func(k string, v any) {
		switch v := v.(type) {
		case string:
			out = append(out, InstantsIn(v)...)
		case map[string]any:
			for mk, e := range v {
				walk(mk, e)
			}
		case []any:
			for _, e := range v {
				walk("", e)
			}
		default:
			if n, ok := Int(v); ok && n > 0 && strings.HasSuffix(k, "_at") {
				out = append(out, Instant{Text: fmt.Sprintf("%s: %d", k, n), Unix: n, Step: 1})
			}
		}
	}
	walk("", v)
	return out
}

// SameInstant says a and b are one instant, to the coarser of their
// precisions.
func SameInstant(a, b Instant) bool {
	step := max(a.Step, b.Step, 1)
	return floorDiv(a.Unix, step) == floorDiv(b.Unix, step)
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// UnknownInstant is the first instant of shown that is none of known,
// and how far it is from the nearest ("" when every one is known).
func UnknownInstant(shown, known []Instant) string {
	for _, s := range shown {
		found := false
		var nearest int64 = -1
		for _, k := range known {
			if SameInstant(s, k) {
				found = true
				break
			}
			if d := abs64(s.Unix - k.Unix); nearest < 0 || d < nearest {
				nearest = d
			}
		}
		if found {
			continue
		}
		where := ""
		if nearest >= 0 {
			where = "; the nearest the record's json shows is " + offBy(nearest)
		}
		return fmt.Sprintf("%q (%s), which is no time the record's json shows%s", s.Text, time.Unix(s.Unix, 0).In(contract.Zone).Format(contract.ISOLayout), where)
	}
	return ""
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}
