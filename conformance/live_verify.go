package conformance

import (
	"fmt"
	"slices"
)

// relation.live.verifyRepeat: a verify judged against the verifies of the
// same record before it (statements 7.repeat and 7.conditions). Once a
// verify success said a record is now in status S, and no reset came
// between, a verify that moves it to S again (a double submission) or
// names as from_certificate_status a status it left (a stale page) may
// not succeed: the first is 100326, the second 100324. The record a
// certificate_code names is the one its last success said
// (data.record_id), and statuses are compared by the names the answers
// gave, so that a status sent by id is not judged. It is a should, as
// relation.live.sameRecord: the proxy sees only the verifies sent
// through it, and another client may move the record back between.

// recordStatus is what the verify successes said of one record: the
// status it is in now, and the ones it left.
type recordStatus struct {
	now  string
	left []string
}

// liveStatusNames bounds the statuses remembered of one record.
const liveStatusNames = 16

// verifyRepeat judges a verify answer against what the successes before
// it said of its record, and remembers what a success says.
func (l *liveRelations) verifyRepeat(space string, x *Exchange, obj map[string]any, success bool) []relResult {
	p := x.Params()
	certificate, _ := p["certificate_code"].(string)
	if certificate == "" {
		return nil
	}
	action, _ := p["action_type"].(string)
	to, _ := p["to_certificate_status"].(string)
	from, _ := p["from_certificate_status"].(string)
	var out []relResult
	id, named := l.verifyNames.get(nameOf(space, certificate))
	st, known := l.statusOf.get(recordKey{space, id})
	if named && known {
		problem := ""
		switch {
		case action == "set_certificate_status" && to == st.now:
			if success {
				problem = fmt.Sprintf("a verify moved %s to %q, and the same move again succeeds: a record moved to the status it is in is 100326", certificate, st.now)
			}
			out = append(out, relResult{id: relVerifyRepeat, problem: problem})
		case from != "" && from != st.now && slices.Contains(st.left, from):
			if success {
				problem = fmt.Sprintf("a verify moved %s from %q to %q, and a verify from %q still succeeds: from_certificate_status not the current status is 100324", certificate, from, st.now, from)
			}
			out = append(out, relResult{id: relVerifyRepeat, problem: problem})
		}
	}
	if !success {
		return out
	}
	data, _ := obj["data"].(map[string]any)
	rid, hasID := intOf(data["record_id"])
	status, hasStatus := data["certificate_status"].(string)
	if !hasID || !hasStatus || status == "" {
		return out
	}
	l.verifyNames.put(nameOf(space, certificate), rid)
	prev, _ := l.statusOf.get(recordKey{space, rid})
	left := prev.left
	if prev.now != "" && prev.now != status && !slices.Contains(left, prev.now) && len(left) < liveStatusNames {
		left = append(slices.Clip(left), prev.now)
	}
	if from != "" && from != status && !slices.Contains(left, from) && len(left) < liveStatusNames {
		left = append(slices.Clip(left), from)
	}
	l.statusOf.put(recordKey{space, rid}, recordStatus{now: status, left: left})
	return out
}
