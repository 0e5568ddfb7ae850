package conformance

import (
	"fmt"
	"maps"
	"slices"
	"sort"

	"github.com/rtq-kit/rtq/profile"
)

// labelRule is one code with its label (docs/contract.md §2.1, §3.2, §3.4):
// the same code always carries the same label; where the codes name
// different states (review statuses), different codes carry different
// labels. Form and QR code types may share a label (0, 1 and 2 are all
// ordinary forms).
type labelRule struct {
	where          string
	code           func(rec map[string]any) []codeLabel
	distinctLabels bool
}

type codeLabel struct {
	code  string
	label string
}

var labelRules = []labelRule{
	{where: "audit.status / status_text", code: memberLabels("audit", "status", "status_text"), distinctLabels: true},
	{where: "ai_audit_result.audit_status / audit_status_text", code: nestedLabels("audit_status", "audit_status_text"), distinctLabels: true},
	{where: "qrcode.type / type_text", code: memberLabels("qrcode", "type", "type_text")},
	{where: "record_template.type / type_text", code: memberLabels("record_template", "type", "type_text")},
}

// memberLabels reads one object member's code and label.
func memberLabels(obj, code, label string) func(rec map[string]any) []codeLabel {
	return func(rec map[string]any) []codeLabel {
		o, _ := rec[obj].(map[string]any)
		c, ok := intOf(o[code])
		l, isString := o[label].(string)
		if !ok || !isString {
			return nil
		}
		return []codeLabel{{fmt.Sprint(c), l}}
	}
}

// nestedLabels reads every object, at any depth, that has both members.
func nestedLabels(code, label string) func(rec map[string]any) []codeLabel {
	return func(rec map[string]any) []codeLabel {
		var out []codeLabel
		var walk func(v any)
		walk = func(v any) {
			switch v := v.(type) {
			case map[string]any:
				c, ok := intOf(v[code])
				if l, isString := v[label].(string); ok && isString {
					out = append(out, codeLabel{fmt.Sprint(c), l})
				}
				for _, e := range v {
					walk(e)
				}
			case []any:
				for _, e := range v {
					walk(e)
				}
			}
		}
		walk(rec)
		return out
	}
}

// checkValuesLabels: a label is its code's, across every profile record.
func checkValuesLabels(t *T) {
	// Each record's branch reads it; what they show is added up in
	// record order.
	recs := t.r.prof.Records
	shown := make([]*Exchange, len(recs))
	payloads := make([]map[string]any, len(recs))
	if len(recs) == 0 {
		t.Skipf("the profile lists no records")
		return
	}
	t.recordsAt(func(t *T, i int) { payloads[i], shown[i] = t.recordPayload(recs[i]) })
	t.judgeLabels(payloads, shown)
}

// judgeLabels fails a code that carries two labels across the records
// payloads shows (json Records, each read in xs), and, where the codes
// name different states, a label two codes carry. A finding names the
// first answer that showed a label other than its code's first.
func (t *T) judgeLabels(payloads []map[string]any, xs []*Exchange) {
	type shown struct {
		label string
		x     *Exchange
	}
	for _, r := range labelRules {
		byCode := map[string][]shown{}
		for k, payload := range payloads {
			if payload == nil {
				continue
			}
			for _, cl := range r.code(payload) {
				byCode[cl.code] = append(byCode[cl.code], shown{cl.label, xs[k]})
			}
		}
		byLabel := map[string][]string{}
		for _, code := range slices.Sorted(maps.Keys(byCode)) {
			seen := map[string]bool{}
			var other *Exchange
			for _, s := range byCode[code] {
				if len(seen) > 0 && !seen[s.label] && other == nil {
					other = s.x
				}
				seen[s.label] = true
			}
			labels := slices.Sorted(maps.Keys(seen))
			if len(labels) > 1 {
				t.errorfPair(other, byCode[code][0].x, "%s: code %s carries the labels %q: a label is its code's", r.where, code, labels)
			}
			for _, l := range labels {
				byLabel[l] = append(byLabel[l], code)
			}
		}
		if !r.distinctLabels {
			continue
		}
		for _, l := range slices.Sorted(maps.Keys(byLabel)) {
			if codes := byLabel[l]; len(codes) > 1 {
				sort.Strings(codes)
				t.Errorf(byCode[codes[len(codes)-1]][0].x, "%s: the codes %v all carry the label %q: different statuses have different labels", r.where, codes, l)
			}
		}
	}
}

// relLabels (relation.labels): a label is its code's across every json
// answer of every record the run read, by every key, before and after
// the writes: the profile's records, and those its cases name (a
// credential of another form), and the other organization's own. It
// costs no request.
func relLabels(t *T) {
	xs := t.r.answers.recordAnswers()
	sortByExample(xs, nil)
	var payloads []map[string]any
	var read []*Exchange
	for _, x := range xs {
		payload, _ := payloadOf(x).(map[string]any)
		if payload == nil || !isJSONAnswer(x) || !ourRoles[x.Req.Key] && x.Req.Key != profile.RoleOtherOrg {
			continue
		}
		t.r.answers.examined([]string{"2.1.labels"}, x)
		payloads, read = append(payloads, payload), append(read, x)
	}
	if len(payloads) == 0 {
		t.Skipf("no json getRecord answer")
		return
	}
	t.judgeLabels(payloads, read)
}
