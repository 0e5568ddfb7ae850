package conformance

import (
	"fmt"
	"maps"
	"slices"
	"sort"
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
	seen := make([]map[string]map[string]bool, len(labelRules))
	for i := range seen {
		seen[i] = map[string]map[string]bool{}
	}
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
	var last *Exchange
	for k, payload := range payloads {
		if payload == nil {
			continue
		}
		last = shown[k]
		for i, r := range labelRules {
			for _, cl := range r.code(payload) {
				if seen[i][cl.code] == nil {
					seen[i][cl.code] = map[string]bool{}
				}
				seen[i][cl.code][cl.label] = true
			}
		}
	}
	for i, r := range labelRules {
		byLabel := map[string][]string{}
		for _, code := range slices.Sorted(maps.Keys(seen[i])) {
			labels := slices.Sorted(maps.Keys(seen[i][code]))
			if len(labels) > 1 {
				t.Errorf(last, "%s: code %s carries the labels %q: a label is its code's", r.where, code, labels)
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
				t.Errorf(last, "%s: the codes %v all carry the label %q: different statuses have different labels", r.where, codes, l)
			}
		}
	}
}
