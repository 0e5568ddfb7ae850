package conformance

import (
	"strings"
	"sync/atomic"
	"unicode"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/profile"
)

// Masking (docs/contract.md §2.1: a masked value "is returned in desensitized form"):
// in json the value of a field with is_masked shows a mask character, and
// no other format may give the value away. The other formats' layouts are
// the target's choice, so the check assumes none: it looks, anywhere in the
// json-ld payload's strings and the markdown text, for the json form's
// visible characters with each hidden one filled in by a letter or digit.

// maskedValue is a masked string as json shows it.
type maskedValue struct {
	field int64
	value []rune
}

func checkRecordMasked(t *T) {
	chars := maskChars(t.r.prof)
	var seen atomic.Int64 // branches count side by side
	t.records(func(t *T, rec profile.Record) {
		payload, x := t.recordPayload(rec)
		if payload == nil {
			return
		}
		var masked []maskedValue
		public := map[string]bool{}
		for _, f := range rules.Fields(payload) {
			opts, _ := f["options"].(map[string]any)
			s, isString := f["field_value"].(string)
			if opts["is_masked"] != true || !isString || s == "" {
				continue
			}
			seen.Add(1)
			id, _ := intOf(f["field_id"])
			if !strings.ContainsAny(s, chars) {
				t.Errorf(x, "record %d field %d (%v): is_masked but the value shows no mask character (%s)", rec.ID, id, f["field_type"], chars)
				continue
			}
			masked = append(masked, maskedValue{id, []rune(s)})
		}
		if len(masked) == 0 {
			return
		}
		collectPublic(payload, public, masked)
		t.maskedElsewhere(rec, masked, public, chars)
	})
	if seen.Load() == 0 && !t.failed() && t.skip == "" {
		t.Notef("no masked string values seen")
	}
}

// maskedElsewhere fails when json-ld or markdown shows a masked value in clear.
func (t *T) maskedElsewhere(rec profile.Record, masked []maskedValue, public map[string]bool, chars string) {
	for _, format := range []string{"json-ld", "markdown"} {
		x := t.getRecord(map[string]any{"record_id": rec.ID, "format": format})
		obj, _ := x.Doc.(map[string]any)
		data, _ := obj["data"].(map[string]any)
		var texts []string
		collectStrings(data["data"], &texts)
		for _, m := range masked {
			for _, s := range texts {
				if clear := unmasked(m.value, []rune(s), chars, public); clear != "" {
					t.Errorf(x, "record %d field %d: masked in json (%s) but %s shows it in clear", rec.ID, m.field, string(m.value), format)
					break
				}
			}
		}
	}
}

// collectPublic gathers every string of the json payload that is not a
// masked value: text the target shows in clear anyway (titles, names), which
// a match in another format may legitimately be part of.
func collectPublic(payload map[string]any, public map[string]bool, masked []maskedValue) {
	skip := map[string]bool{}
	for _, m := range masked {
		skip[string(m.value)] = true
	}
	var all []string
	collectStrings(payload, &all)
	for _, s := range all {
		if !skip[s] {
			public[s] = true
		}
	}
}

// collectStrings appends every string in a decoded JSON value.
func collectStrings(v any, out *[]string) {
	switch v := v.(type) {
	case string:
		*out = append(*out, v)
	case map[string]any:
		for _, e := range v {
			collectStrings(e, out)
		}
	case []any:
		for _, e := range v {
			collectStrings(e, out)
		}
	}
}

// unmasked returns a piece of text that is the masked value with every
// mask character replaced by a letter or digit, standing as a word of its
// own (no letter or digit right before or after) and not part of any
// public string; "" when there is none.
func unmasked(masked, text []rune, chars string, public map[string]bool) string {
	visible := false
	for _, r := range masked {
		visible = visible || !strings.ContainsRune(chars, r)
	}
	if !visible || len(text) < len(masked) {
		return ""
	}
	for i := 0; i+len(masked) <= len(text); i++ {
		if !fills(masked, text[i:i+len(masked)], chars) {
			continue
		}
		if i > 0 && isWordRune(text[i-1]) || i+len(masked) < len(text) && isWordRune(text[i+len(masked)]) {
			continue
		}
		cand := string(text[i : i+len(masked)])
		if !partOfPublic(cand, public) {
			return cand
		}
	}
	return ""
}

// fills says whether got is masked with each mask character filled in.
func fills(masked, got []rune, chars string) bool {
	hidden := false
	for j, r := range masked {
		if strings.ContainsRune(chars, r) {
			if !isWordRune(got[j]) || strings.ContainsRune(chars, got[j]) {
				return false
			}
			hidden = true
		} else if got[j] != r {
			return false
		}
	}
	return hidden
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func partOfPublic(s string, public map[string]bool) bool {
	for p := range public {
		if strings.Contains(p, s) {
			return true
		}
	}
	return false
}
