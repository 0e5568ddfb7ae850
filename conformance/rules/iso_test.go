package rules

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// Every X_iso that is not X_at in UTC+08:00 is named by its pointer, at
// any depth, in arrays too, in the order of sorted members; a correct
// pair and a plain value are not.
func TestISOMismatchesNamesEveryPointer(t *testing.T) {
	var v any
	doc := `{"b": [{"x": 1}, {"created_at": 1767225600, "created_at_iso": "2026-01-01 16:00:00(UTC+08:00)"}],
		"a": {"updated_at": 1767225600, "updated_at_iso": "2026-01-01 08:00:00(UTC+08:00)"},
		"submit_at": 1767225600, "submit_at_iso": "2026-01-01 09:00:00(UTC+08:00)", "name": "n"}`
	dec := json.NewDecoder(strings.NewReader(doc))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	got := ISOMismatches("", v)
	var ptrs []string
	for _, m := range got {
		ptrs = append(ptrs, m[:strings.Index(m, ":")])
	}
	if want := []string{"/b/1/created_at_iso", "/submit_at_iso"}; !slices.Equal(ptrs, want) {
		t.Errorf("mismatches at %v (%q), want %v", ptrs, got, want)
	}
}
