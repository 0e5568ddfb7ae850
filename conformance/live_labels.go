package conformance

import "fmt"

// relation.live.labels: a label is its code's (statement 2.1.labels)
// across every json answer of a record the traffic holds, not only within
// one: the first label a code shows in a space is the one every later
// answer of that space must show for it, and where the codes name
// different states (labelRule.distinctLabels) a label once shown for one
// code may not be shown for another. It reads the records through the
// runner's own labelRules, so that the runner's getRecord.values.labels
// and the proxy judge a record's labels by one table.

// liveLabelCodes bounds the codes remembered per space and rule: the
// codes of a label table are few (a handful of statuses and types), so
// a target that shows more is making codes up, and the window keeps the
// memory bounded whatever it shows.
const liveLabelCodes = 256

// labelKey is one code of one rule in one space (byCode), or one label
// of one rule in one space (byLabel).
type labelKey struct {
	space string
	rule  int
	name  string
}

func (k labelKey) spaceOf() string { return k.space }

// liveLabels is what the traffic has shown of each label table.
type liveLabels struct {
	byCode  *lru[labelKey, string]
	byLabel *lru[labelKey, string]
}

func newLiveLabels() *liveLabels {
	return &liveLabels{byCode: newLRU[labelKey, string](liveLabelCodes), byLabel: newLRU[labelKey, string](liveLabelCodes)}
}

// forget drops what is remembered of space: a namespace removed may come
// back with another scenario, whose labels are its own.
func (l *liveLabels) forget(space string) {
	dropSpace(l.byCode, space)
	dropSpace(l.byLabel, space)
}

// judge judges the labels of rec, a record's json payload, against the
// ones the traffic showed before, and remembers them. It gives one
// result per rule the record shows a label of.
func (l *liveLabels) judge(space string, id int64, rec map[string]any) []relResult {
	var out []relResult
	for i, r := range labelRules {
		pairs := r.code(rec)
		if len(pairs) == 0 {
			continue
		}
		problem := ""
		for _, cl := range pairs {
			ck, lk := labelKey{space, i, cl.code}, labelKey{space, i, cl.label}
			if before, seen := l.byCode.get(ck); seen && before != cl.label && problem == "" {
				problem = fmt.Sprintf("record %d: %s: code %s reads %q here and %q in an earlier answer: a label is its code's", id, r.where, cl.code, cl.label, before)
			} else if !seen {
				l.byCode.put(ck, cl.label)
			}
			if !r.distinctLabels {
				continue
			}
			if other, seen := l.byLabel.get(lk); seen && other != cl.code && problem == "" {
				problem = fmt.Sprintf("record %d: %s: the label %q is code %s's here and code %s's in an earlier answer: different statuses have different labels", id, r.where, cl.label, cl.code, other)
			} else if !seen {
				l.byLabel.put(lk, cl.code)
			}
		}
		out = append(out, relResult{id: relLabelsLive, problem: problem})
	}
	return out
}
