package rules

import (
	"encoding/json"
	"testing"
)

// TestInstantsOfARepresentation: whatever a representation calls a time
// and wherever it writes it (a member of its own at any depth, a line
// of its text, a front matter's *_at in seconds), the time must be one
// the record's json shows; the same instant in another offset, to the
// minute, or the Chinese way is; a time in UTC labelled UTC+08:00, a
// local time labelled Z, or seconds shifted by the zone are not.
func TestInstantsOfARepresentation(t *testing.T) {
	var record map[string]any
	if err := json.Unmarshal([]byte(`{"record_id": 7, "submit_at": 1767834060, "submit_at_iso": "2026-01-08 09:01:00(UTC+08:00)",
		"tpl_groups": [{"fields": [{"field_type": "image", "field_value": [{"url": "https://x/i.png", "upload_time_iso": "2026-01-08 09:30:15(UTC+08:00)"}]}]}]}`), &record); err != nil {
		t.Fatal(err)
	}
	known := PayloadInstants(record)
	for _, tc := range []struct {
		shown any
		known bool
	}{
		{map[string]any{"dateCreated": "2026-01-08T09:01:00+08:00"}, true},
		{map[string]any{"dateCreated": "2026-01-08T01:01:00Z"}, true},
		{map[string]any{"a": []any{map[string]any{"uploadDate": "2026-01-08T01:30:15.000Z"}}}, true},
		{"---\ntitle: x\nsubmitted: \"2026-01-08 09:01\"\n---\n\n# x\n", true},
		{"---\ntitle: x\n---\n\n提交于 2026年1月8日 9:01\n", true},
		{"---\ncreated_at: 1767834060\n---\n", true},
		{map[string]any{"note": "截止 2026-01-08"}, true}, // a date is no instant
		{map[string]any{"dateCreated": "2026-01-08T09:01:00Z"}, false},
		{map[string]any{"about": map[string]any{"uploadDate": "2026-01-08 01:30:15(UTC+08:00)"}}, false},
		{"---\ntitle: x\n---\n\n- 提交时间：2026/01/08 01:01:00\n", false},
		{"---\ncreated_at: 1767862860\n---\n", false},
		{map[string]any{"dateCreated": "2026-01-08t01:01:00z"}, true},
		{map[string]any{"dateCreated": "2026-01-08T09:01:00+0000"}, false},
	} {
		p := UnknownInstant(PayloadInstants(tc.shown), known)
		if (p == "") != tc.known {
			t.Errorf("%v: problem %q, want known %v", tc.shown, p, tc.known)
		}
	}
}
