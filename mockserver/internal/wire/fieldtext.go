package wire

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/answer"
)

// fieldText is the text form of a field's value as json-ld and markdown
// show it (docs/contract.md §C7), masked when the field is masked. Every
// shape has its form in textByShape (TestEveryShapeHasATextForm): there is
// no fallback that would dump the value as JSON.
func fieldText(f answer.Field) string {
	v, _ := fieldValue(f)
	if s, ok := v.(string); ok {
		return s
	}
	ft, _ := contract.FieldTypeByName(f.Type)
	if fn, ok := textByShape[ft.Shape]; ok {
		return fn(v)
	}
	return ""
}

// textByShape turns each value shape of docs/contract.md §2.1 but the
// string one into one line of text.
var textByShape = map[contract.ValueShape]func(any) string{
	contract.ShapeOption: func(v any) string { return str(obj(v)["option_text"]) },
	contract.ShapeNumber: func(v any) string {
		m := obj(v)
		if unit := str(m["unit"]); unit != "" && m["unit_enabled"] == true {
			return num(m["value"]) + " " + unit
		}
		return num(m["value"])
	},
	contract.ShapeCheckbox:       func(v any) string { return joinKey(list(obj(v)["values"]), "option_text", "、") },
	contract.ShapeChainedSelects: func(v any) string { return joinKey(list(obj(v)["values"]), "option_text", " / ") },
	contract.ShapeChecklist:      checklistText,
	contract.ShapeMatrix:         func(v any) string { return columnsText(obj(v)["columns"]) },
	contract.ShapeDynamicMatrix:  dynamicMatrixText,
	contract.ShapeAddress:        func(v any) string { return str(obj(v)["address"]) },
	contract.ShapeOwnerAddress:   func(v any) string { return str(obj(v)["full_address"]) },
	contract.ShapeImages:         func(v any) string { return joinKey(list(v), "url", ", ") },
	contract.ShapeAudio:          func(v any) string { return joinKey(list(v), "url", ", ") },
	contract.ShapeVideo:          func(v any) string { return joinKey(list(v), "url", ", ") },
	contract.ShapeFile:           fileText,
	contract.ShapeDescription:    func(v any) string { return stripHTML(str(obj(v)["description_html"])) },
	contract.ShapeOCR:            func(v any) string { return ocrText(obj(v)["items"]) },
	contract.ShapeEditDiff:       editDiffText,
}

func obj(v any) map[string]any { m, _ := v.(map[string]any); return m }
func list(v any) []any         { l, _ := v.([]any); return l }

func str(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return ""
}

func num(v any) string {
	switch n := v.(type) {
	case float64:
		return strconv.FormatFloat(n, 'f', -1, 64)
	case nil:
		return ""
	default:
		return fmt.Sprint(n)
	}
}

func joinKey(items []any, key, sep string) string {
	parts := make([]string, 0, len(items))
	for _, it := range items {
		if s := str(obj(it)[key]); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, sep)
}

func checklistText(v any) string {
	parts := []string{}
	for _, it := range list(v) {
		m := obj(it)
		parts = append(parts, str(m["item_title"])+": "+str(obj(m["value"])["option_text"]))
	}
	return strings.Join(parts, "; ")
}

func columnsText(v any) string {
	parts := []string{}
	for _, c := range list(v) {
		m := obj(c)
		parts = append(parts, str(m["column_title"])+": "+str(obj(m["value"])["text"]))
	}
	return strings.Join(parts, "; ")
}

func dynamicMatrixText(v any) string {
	rows := []string{}
	for _, r := range list(obj(v)["rows"]) {
		rows = append(rows, columnsText(obj(r)["columns"]))
	}
	return strings.Join(rows, " | ")
}

func fileText(v any) string {
	parts := []string{}
	for _, it := range list(v) {
		m := obj(it)
		if name := str(m["file_name"]); name != "" {
			parts = append(parts, name+" ("+str(m["url"])+")")
		} else {
			parts = append(parts, str(m["url"]))
		}
	}
	return strings.Join(parts, ", ")
}

func ocrText(v any) string {
	parts := []string{}
	for _, it := range list(v) {
		m := obj(it)
		s := str(m["item_title"]) + ": " + str(m["value"])
		if unit := str(m["unit"]); unit != "" && m["unit_enabled"] == true {
			s += " " + unit
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

func editDiffText(v any) string {
	parts := []string{}
	for _, it := range list(v) {
		m := obj(it)
		parts = append(parts, str(m["field_title"])+": "+diffSide(m["before_value"])+" → "+diffSide(m["after_value"]))
	}
	return strings.Join(parts, "; ")
}

func diffSide(v any) string {
	m := obj(v)
	if t := str(m["text_content"]); t != "" {
		return t
	}
	return joinKey(list(m["media_items"]), "url", ", ")
}

var tagRE = regexp.MustCompile(`<[^>]*>`)

// stripHTML keeps the text of rich-text HTML for one-line renderings.
func stripHTML(s string) string {
	s = tagRE.ReplaceAllString(s, " ")
	r := strings.NewReplacer("&nbsp;", " ", "&lt;", "<", "&gt;", ">", "&quot;", `"`, "&#39;", "'", "&amp;", "&")
	return strings.Join(strings.Fields(r.Replace(s)), " ")
}
