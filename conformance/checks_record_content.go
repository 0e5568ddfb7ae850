package conformance

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// defaultMaskChars are the characters a masked value may use to hide parts.
const defaultMaskChars = "*＊•●×"

func checkRecordProfile(t *T) {
	t.records(func(t *T, rec profile.Record) {
		payload, x := t.recordPayload(rec)
		if payload == nil {
			return
		}
		have := map[string]bool{}
		for _, ft := range fieldTypesOf(payload) {
			have[ft] = true
		}
		for _, ft := range rec.FieldTypes {
			if !have[ft] {
				t.Errorf(x, "record %d: the profile says it holds a %s field, the answer has none", rec.ID, ft)
			}
		}
		masked := maskedFieldIDs(payload)
		for _, id := range rec.MaskedFields {
			if !masked[id] {
				t.Errorf(x, "record %d: field %d should be masked (options.is_masked true)", rec.ID, id)
			}
		}
	})
}

// fields lists every Field object of a Record payload.
func fields(rec map[string]any) []map[string]any {
	var out []map[string]any
	groups, _ := rec["tpl_groups"].([]any)
	for _, g := range groups {
		gm, _ := g.(map[string]any)
		fs, _ := gm["fields"].([]any)
		for _, f := range fs {
			if fm, ok := f.(map[string]any); ok {
				out = append(out, fm)
			}
		}
	}
	return out
}

func maskedFieldIDs(rec map[string]any) map[int64]bool {
	out := map[int64]bool{}
	for _, f := range fields(rec) {
		opts, _ := f["options"].(map[string]any)
		if opts["is_masked"] == true {
			id, _ := intOf(f["field_id"])
			out[id] = true
		}
	}
	return out
}

func checkRecordISO(t *T) {
	t.records(func(t *T, rec profile.Record) {
		payload, x := t.recordPayload(rec)
		if payload == nil {
			return
		}
		for _, p := range isoMismatches("", payload) {
			t.Errorf(x, "record %d: %s", rec.ID, p)
		}
	})
}

// isoMismatches walks a JSON value and reports every X_iso that is not the
// instant X_at in UTC+08:00 (docs/contract.md §1.3). A zero X_at must pair with "".
func isoMismatches(ptr string, v any) []string {
	var out []string
	switch v := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if base, ok := strings.CutSuffix(k, "_iso"); ok {
				if msg := isoPair(base, v[base], v[k]); msg != "" {
					out = append(out, fmt.Sprintf("%s/%s: %s", ptr, k, msg))
				}
			}
			out = append(out, isoMismatches(ptr+"/"+k, v[k])...)
		}
	case []any:
		for i, e := range v {
			out = append(out, isoMismatches(fmt.Sprintf("%s/%d", ptr, i), e)...)
		}
	}
	return out
}

// isoPair judges one X_iso against its X. Only active_at has "none": 0
// goes with "" and only then (docs/contract.md §2.3); every other X_iso is a time.
func isoPair(name string, at, iso any) string {
	n, ok := at.(json.Number)
	if !ok {
		return "" // no companion *_at: only the schema's pattern applies
	}
	secs, err := n.Int64()
	if err != nil {
		return "the *_at companion is not an integer"
	}
	s, _ := iso.(string)
	if name == "active_at" {
		switch {
		case secs == 0 && s == "":
			return ""
		case secs == 0:
			return fmt.Sprintf("active_at is 0 (none), so active_at_iso is \"\", not %q", s)
		case s == "":
			return fmt.Sprintf("active_at_iso is \"\" (none), but active_at is %d", secs)
		}
	}
	got, err := time.ParseInLocation(contract.ISOLayout, s, contract.Zone)
	if err != nil {
		return fmt.Sprintf("not of the shape Y-m-d H:i:s(UTC+08:00): %q", s)
	}
	if got.Unix() != secs {
		return fmt.Sprintf("%q is not the instant %d in UTC+08:00 (off by %ds)", s, secs, got.Unix()-secs)
	}
	return ""
}

func maskChars(p *profile.Profile) string {
	if p.Masking != nil && p.Masking.Chars != "" {
		return p.Masking.Chars
	}
	return defaultMaskChars
}

func checkRecordChinese(t *T) {
	t.records(func(t *T, rec profile.Record) {
		payload, x := t.recordPayload(rec)
		if payload == nil {
			return
		}
		for _, p := range generatedTexts(payload) {
			if p.text != "" && !hasCJK(p.text) {
				t.Errorf(x, "record %d: %s %q has no Chinese characters", rec.ID, p.where, p.text)
			}
		}
	})
}

type text struct{ where, text string }

// generatedTexts are the texts the service generates (docs/contract.md §1.4): the
// submit method and every type_text, status_text and audit_status_text,
// wherever they sit (qrcode, record_template, audit, ai_audit_result).
func generatedTexts(rec map[string]any) []text {
	out := []text{}
	if s, ok := rec["submit_method"].(string); ok {
		out = append(out, text{"/submit_method", s})
	}
	var walk func(ptr string, v any)
	walk = func(ptr string, v any) {
		switch v := v.(type) {
		case map[string]any:
			for k, e := range v {
				if s, ok := e.(string); ok && (k == "type_text" || k == "status_text" || k == "audit_status_text") {
					out = append(out, text{ptr + "/" + k, s})
				}
				walk(ptr+"/"+k, e)
			}
		case []any:
			for i, e := range v {
				walk(fmt.Sprintf("%s/%d", ptr, i), e)
			}
		}
	}
	walk("", rec)
	sort.Slice(out, func(i, j int) bool { return out[i].where < out[j].where })
	return out
}

func hasCJK(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

func checkRecordNotFound(t *T) {
	ids := append([]int64{unknownRecordID}, t.r.prof.Foreign.RecordIDs...)
	t.each(len(ids), func(t *T, i int) {
		x := t.post(contract.GetRecord, "read", map[string]any{"record_id": ids[i]})
		if i == 0 {
			t.errorAnswer(x, contract.GetRecord, "unknown record_id")
		} else {
			t.refused(x, contract.GetRecord, fmt.Sprintf("record %d of another organization", ids[i]))
		}
	})
}

func checkRecordParams(t *T) {
	x := t.post(contract.GetRecord, "read", map[string]any{})
	t.errorAnswer(x, contract.GetRecord, "neither record_id nor record_url")
}

// checkRecordBadFormat: a format outside the three the spec lists is a value
// out of range, which gets the endpoint's error shape (docs/contract.md §C1,
// bad request input).
func checkRecordBadFormat(t *T) {
	id := int64(unknownRecordID)
	if len(t.r.prof.Records) > 0 {
		id = t.r.prof.Records[0].ID
	}
	x := t.post(contract.GetRecord, "read", map[string]any{"record_id": id, "format": "rtq-no-such-format"})
	t.errorAnswer(x, contract.GetRecord, "format not one of json, json-ld, markdown")
}
