package wire

import (
	"slices"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/fake"
	"github.com/rtq-kit/rtq/mockserver/internal/answer"
)

// TestEveryFieldTypeHasATextForm renders a faked value of every field
// type as json-ld and markdown show it: never empty, never a Go map dump.
func TestEveryFieldTypeHasATextForm(t *testing.T) {
	for seed := int64(1); seed <= 5; seed++ {
		fk := fake.New(seed)
		for _, ft := range contract.FieldTypes {
			text := fieldText(answer.Field{Type: ft.Name, Value: fk.FieldValue(ft.Name)})
			if strings.TrimSpace(text) == "" || strings.Contains(text, "map[") {
				t.Errorf("seed %d %s: text %q", seed, ft.Name, text)
			}
		}
	}
}

// TestEveryShapeHasATextForm: textByShape has the text form of every
// shape of contract.ValueShapes but the string one, and nothing else.
func TestEveryShapeHasATextForm(t *testing.T) {
	for _, s := range contract.ValueShapes {
		if _, ok := textByShape[s]; !ok && s != contract.ShapeString {
			t.Errorf("mockserver/internal/wire/fieldtext.go: textByShape has no text form of value shape %q (contract/fields.go)", s)
		}
	}
	for s := range textByShape {
		if s == contract.ShapeString || !slices.Contains(contract.ValueShapes, s) {
			t.Errorf("mockserver/internal/wire/fieldtext.go: textByShape has %q, not a shape it should render", s)
		}
	}
}

func TestTextForms(t *testing.T) {
	cases := []struct {
		typ   string
		value any
		want  string
	}{
		{"radio", map[string]any{"option_text": "其他[补充]", "option_id": 3.0}, "其他[补充]"},
		{"number", map[string]any{"value": 12.5, "unit": "kg", "unit_enabled": true}, "12.5 kg"},
		{"number", map[string]any{"value": 3.0, "unit": "kg", "unit_enabled": false}, "3"},
		{"checkbox", map[string]any{"values": []any{map[string]any{"option_text": "甲"}, map[string]any{"option_text": "乙"}}}, "甲、乙"},
		{"description", map[string]any{"description_html": "<p>a &amp; <b>b</b></p>"}, "a & b"},
		{"file", []any{map[string]any{"url": "https://x/f.pdf", "file_name": "f.pdf"}}, "f.pdf (https://x/f.pdf)"},
		{"owner_address", map[string]any{"full_address": "北京市"}, "北京市"},
		{"name", "张三", "张三"},
	}
	for _, c := range cases {
		if got := fieldText(answer.Field{Type: c.typ, Value: c.value}); got != c.want {
			t.Errorf("%s %v: %q, want %q", c.typ, c.value, got, c.want)
		}
	}
	if got := fieldText(answer.Field{Type: "name", Value: "张三", Masked: true}); got != "张*" {
		t.Errorf("masked text %q", got)
	}
}
