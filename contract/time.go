package contract

import "time"

// ISOLayout is the Go layout of the spec's *_iso strings,
// "Y-m-d H:i:s(UTC+08:00)" (docs/contract.md §1.3).
const ISOLayout = "2006-01-02 15:04:05(UTC+08:00)"

// ISOPattern is the same shape as a regular expression, used by schemas and
// checks that cannot share Go code.
const ISOPattern = `^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}\(UTC\+08:00\)$`

// Zone is UTC+08:00, the zone every *_iso string is written in.
var Zone = time.FixedZone("UTC+08:00", 8*60*60)

// ISO formats Unix seconds as the spec's *_iso string.
func ISO(unix int64) string { return time.Unix(unix, 0).In(Zone).Format(ISOLayout) }

// Stamp formats Unix seconds as an RFC 3339 time in UTC+08:00, the
// filter value a client of start_time/end_time sends: RFC 3339 names its
// zone, so no reading of local time can shift it.
func Stamp(unix int64) string { return time.Unix(unix, 0).In(Zone).Format(time.RFC3339) }

// SearchSpan is where rtq's clients of a service (profile discover, the
// recorder's time probe) look for creation times, which list answers do
// not carry and only the time filters reveal: from 2000-01-01 to a year
// after now, in Unix seconds. One span, so the two never disagree on
// which items they can find.
func SearchSpan(now time.Time) (from, to int64) {
	return time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC).Unix(), now.Add(366 * 24 * time.Hour).Unix()
}

// TimeParam is a request member that takes a time: a bound on creation
// time, ISO 8601 (docs/contract.md §4.4, §4.5; the forms the kit
// accepts: §C5). Upper says it is an upper bound (an end).
type TimeParam struct {
	Endpoint Endpoint
	Name     string
	Upper    bool
}

// TimeParams are every time-taking member of every endpoint, in the
// spec's order: what a runner writes in every form of a time
// (conformance: relation.time.forms), and what a test holds the request
// schemas to (a member whose description says ISO 8601 has a row).
var TimeParams = []TimeParam{
	{TemplatesList, "start_time", false}, {TemplatesList, "end_time", true},
	{ListQrcodes, "start_time", false}, {ListQrcodes, "end_time", true},
}
