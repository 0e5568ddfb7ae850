package rules

import (
	"encoding/json"
	"strings"
	"testing"
)

func decodeJSON(t *testing.T, s string) any {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestValueRules: each rule passes a value that keeps it and names the
// member of one that breaks it.
func TestValueRules(t *testing.T) {
	for _, tc := range []struct {
		rule       string
		value      string
		wantBroken string
	}{
		{"chained_selects", `{"values":[{"level":1},{"level":2},{"level":3}]}`, ""},
		{"chained_selects", `{"values":[{"level":2},{"level":1}]}`, "values/0"},
		{"chained_selects", `{"values":[{"level":1},{"level":1}]}`, "values/1"},
		{"sub_qrcode_edit_diff", `[{"field_type":"image","before_value":{"text_content":"","media_items":[{"url":"u","width":1}]},"after_value":{"text_content":"","media_items":[]}}]`, ""},
		{"sub_qrcode_edit_diff", `[{"field_type":"video","before_value":{"text_content":"x","media_items":[]},"after_value":{"text_content":"","media_items":[]}}]`, "0/before_value: text_content"},
		{"sub_qrcode_edit_diff", `[{"field_type":"text","before_value":{"text_content":"a","media_items":[{"url":"u"}]},"after_value":{"text_content":"b","media_items":[]}}]`, "0/before_value: 1 media_items"},
		{"sub_qrcode_edit_diff", `[{"field_type":"file","before_value":{"text_content":"","media_items":[{"url":"u","duration":2}]},"after_value":{"text_content":"","media_items":[]}}]`, "duration does not belong"},
		{"matrix", `{"columns":[{"column_type":"radio","value":{"text":"a","option_uuid":"u"}},{"column_type":"text","value":{"text":"a","option_uuid":null}}]}`, ""},
		{"matrix", `{"columns":[{"column_type":"date","value":{"text":"a","option_uuid":"u"}}]}`, "columns/0: option_uuid"},
		{"dynamic_matrix", `{"rows":[{"columns":[{"column_type":"identity","value":{"text":"a","option_uuid":"u"}}]}]}`, "rows/0/columns/0"},
	} {
		got := strings.Join(ValueRules[tc.rule](decodeJSON(t, tc.value)), "; ")
		if (tc.wantBroken == "") != (got == "") || !strings.Contains(got, tc.wantBroken) {
			t.Errorf("%s %s: %q, want a problem naming %q", tc.rule, tc.value, got, tc.wantBroken)
		}
	}
}

// TestActiveAtNoneGoesWithEmptyISOOnly: 0 pairs with "" for active_at
// alone, never with the epoch's text; other *_iso are always times.
func TestActiveAtNoneGoesWithEmptyISOOnly(t *testing.T) {
	zero, some := json.Number("0"), json.Number("1767225600")
	for _, tc := range []struct {
		name string
		at   json.Number
		iso  string
		ok   bool
	}{
		{"active_at", zero, "", true},
		{"active_at", zero, "1970-01-01 08:00:00(UTC+08:00)", false},
		{"active_at", some, "", false},
		{"active_at", some, "2026-01-01 08:00:00(UTC+08:00)", true},
		{"created_at", zero, "", false},
	} {
		if got := isoPair(tc.name, tc.at, tc.iso) == ""; got != tc.ok {
			t.Errorf("isoPair(%s, %s, %q): ok %v, want %v", tc.name, tc.at, tc.iso, got, tc.ok)
		}
	}
}

func TestJSONLDTypes(t *testing.T) {
	good := decodeJSON(t, `{"@context":"https://schema.org","@type":["CreativeWork"],"mainEntity":{"@type":"ItemList"}}`).(map[string]any)
	if p := JSONLDTypes(good); len(p) != 0 {
		t.Errorf("a good payload: %v", p)
	}
	bad := decodeJSON(t, `{"@context":7,"@type":[1],"mainEntity":"list"}`).(map[string]any)
	if p := JSONLDTypes(bad); len(p) != 3 {
		t.Errorf("a payload with three wrong types: %v", p)
	}
}
