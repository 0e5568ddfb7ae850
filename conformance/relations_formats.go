package conformance

import (
	"time"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/profile"
)

// relation.formats: what a record's json-ld and markdown write of it,
// under any name, at any depth or in their text, agrees with its json
// (2.1.held in every format). Their layouts are the target's (§C7), so
// the relation reads no member by name: every instant they write
// (rules.InstantsIn) is one the record's json shows. Times near the run
// (formatNow) are left alone: a representation may say when it was made
// or when a verify of the run moved the record, which json does not
// show. It costs no request: it reads every getRecord answer the run
// got, by every key and address, before and after the writes.

// formatNow is how near the run a time a representation writes may be
// and be left alone: when it was rendered, or moved by the run.
const formatNow = time.Hour

func relFormats(t *T) {
	xs := t.r.answers.recordAnswers()
	// In the order of their requests, not of their arrival (relMasked).
	sortByExample(xs, nil)
	known, ids := map[int64][]rules.Instant{}, map[string]int64{}
	jsons := map[int64]*Exchange{}
	for _, x := range xs {
		payload, _ := payloadOf(x).(map[string]any)
		if payload == nil || !isJSONAnswer(x) {
			continue
		}
		id, ok := intOf(payload["record_id"])
		if !ok {
			continue
		}
		if u, _ := payload["record_url"].(string); u != "" {
			ids[u] = id
		}
		known[id] = append(known[id], rules.PayloadInstants(payload)...)
		if jsons[id] == nil {
			jsons[id] = x
		}
	}
	now := time.Now()
	n := 0
	failed := map[int64]bool{}
	for _, x := range xs {
		if !ourRoles[x.Req.Key] && x.Req.Key != profile.RoleOtherOrg || isJSONAnswer(x) {
			continue
		}
		payload := payloadOf(x)
		id, ok := recordOf(x, ids)
		if payload == nil || !ok || len(known[id]) == 0 {
			continue
		}
		n++
		t.r.answers.examined([]string{"2.1.held"}, x)
		shown := awayFromNow(rules.PayloadInstants(payload), now)
		if p := rules.UnknownInstant(shown, known[id]); p != "" && !failed[id] {
			failed[id] = true
			t.errorfPair(x, jsons[id], "record %d: %s writes %s", id, formatOf(x), p)
		}
	}
	if n == 0 {
		t.Skipf("no getRecord answer in json-ld or markdown of a record read in json")
	}
}

// awayFromNow are the instants of shown further than formatNow from now.
func awayFromNow(shown []rules.Instant, now time.Time) []rules.Instant {
	var out []rules.Instant
	for _, in := range shown {
		if d := time.Unix(in.Unix, 0).Sub(now); d < -formatNow || d > formatNow {
			out = append(out, in)
		}
	}
	return out
}
