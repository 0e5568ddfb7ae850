package conformance

import (
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// A profile may write a window's bound in a form the contract accepts only
// "where accepted" (§C5): a time without zone or a date. A target may
// refuse that form, with a 400 in the endpoint's error shape naming the
// parameter, and still serve the window written RFC 3339. So before a
// check walks the profile's window, each such bound is tried alone (the
// walk relation.cursor.window and the time checks read anyway, memoized:
// no request more); where it is refused so, the window the checks walk
// is the same instants written RFC 3339 in UTC+08:00, the zone the
// contract reads those forms in (a date as its day: its first second as a
// start, its last as an end), and the refusal is noted. A refusal in
// another shape or with another code is left for the checks to judge:
// they walk the profile's form and fail it. A target that accepts the
// form walks it as the profile writes it, as before.

// servedWindow is l's window as the checks walk it on this target.
func (t *T) servedWindow(l listing) *profile.Window {
	if l.window == nil {
		return nil
	}
	w := *l.window
	for _, b := range []struct {
		param string
		value *string
		end   bool
	}{{"start_time", &w.Start, false}, {"end_time", &w.End, true}} {
		canon := rfc3339Bound(*b.value, b.end)
		if canon == "" {
			continue
		}
		probe := t.walkCursor(l.ep, "read", withMember(l.filter, b.param, *b.value), contract.TemplatesMaxPageSize)
		if len(probe.pages) == 1 && probe.broken != "" && t.refusedParamForm(probe.pages[0], l.ep) {
			t.Notef("%s: %s %q is not accepted (the kit's choice, §C5); the window is walked with %s %s", l.name, b.param, *b.value, b.param, canon)
			*b.value = canon
		}
	}
	return &w
}

// rfc3339Bound writes a bound given as a time without zone or a date as
// RFC 3339 in UTC+08:00 (a date: its first second, or its last for an
// end); "" when s is RFC 3339 already or no form the contract names.
func rfc3339Bound(s string, end bool) string {
	if _, err := time.Parse(time.RFC3339, s); err == nil {
		return ""
	}
	if at, err := time.ParseInLocation(time.DateTime, s, contract.Zone); err == nil {
		return at.Format(time.RFC3339)
	}
	if at, err := time.ParseInLocation(time.DateOnly, s, contract.Zone); err == nil {
		if end {
			at = at.Add(24*time.Hour - time.Second)
		}
		return at.Format(time.RFC3339)
	}
	return ""
}

// refusedParamForm says, recording nothing, whether x refuses a request
// as the contract lets a target refuse a form it does not accept: code
// 400 in the endpoint's error shape.
func (t *T) refusedParamForm(x *Exchange, ep contract.Endpoint) bool {
	obj, _ := x.Doc.(map[string]any)
	code, ok := intOf(obj["code"])
	return ok && code == 400 && t.r.validate(errorFile(ep), x) == nil
}
