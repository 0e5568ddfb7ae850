package rules

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
)

// Rules of field values that JSON Schema does not express: the order of
// chained_selects values and the conditions between members of
// sub_qrcode_edit_diff items and matrix columns (docs/contract.md §2.1).

// mediaEditTypes are the sub_qrcode_edit_diff field types whose values are
// media: text_content is empty for them, media_items for the others.
var mediaEditTypes = map[string]bool{"image": true, "signature": true, "audio": true, "video": true, "file": true}

// mediaMemberTypes says which field types an edit media item member belongs
// to (docs/contract.md §2.1): a member on any other type is wrong.
var mediaMemberTypes = map[string]map[string]bool{
	"width":           {"image": true, "signature": true},
	"height":          {"image": true, "signature": true},
	"ai_audit_result": {"image": true, "signature": true},
	"duration":        {"audio": true, "video": true},
	"file_name":       {"file": true},
	"translated_text": {"audio": true},
	"abstract_text":   {"audio": true},
}

// nonChoiceColumns are matrix column types the spec names that offer no
// options: their option_uuid is null.
var nonChoiceColumns = map[string]bool{"text": true, "identity": true, "date": true, "owner_address": true}

// ValueRules are the rules of one field's value by field type that JSON
// Schema does not express: each returns what the value breaks.
var ValueRules = map[string]func(v any) []string{
	"chained_selects":      chainedSelectsOrder,
	"sub_qrcode_edit_diff": editDiffMembers,
	"matrix":               matrixMembers,
	"dynamic_matrix":       dynamicMatrixMembers,
	"file":                 fileNames,
}

// chainedSelectsOrder: values ordered by ascending level, starting at 1.
func chainedSelectsOrder(v any) []string {
	m, _ := v.(map[string]any)
	values, _ := m["values"].([]any)
	var out []string
	prev := int64(0)
	for i, e := range values {
		em, _ := e.(map[string]any)
		level, ok := Int(em["level"])
		switch {
		case !ok:
			continue // the schema check reports it
		case i == 0 && level != 1:
			out = append(out, fmt.Sprintf("values/0 has level %d; levels start at 1", level))
		case i > 0 && level <= prev:
			out = append(out, fmt.Sprintf("values/%d has level %d after level %d; values are ordered by ascending level", i, level, prev))
		}
		prev = level
	}
	return out
}

// editDiffMembers: text_content is empty for media fields and media_items
// empty for the others; a media item carries only the members of its type.
func editDiffMembers(v any) []string {
	items, _ := v.([]any)
	var out []string
	for i, it := range items {
		im, _ := it.(map[string]any)
		ft, _ := im["field_type"].(string)
		for _, side := range []string{"before_value", "after_value"} {
			val, _ := im[side].(map[string]any)
			text, _ := val["text_content"].(string)
			media, _ := val["media_items"].([]any)
			where := fmt.Sprintf("%d/%s", i, side)
			if mediaEditTypes[ft] && text != "" {
				out = append(out, fmt.Sprintf("%s: text_content is %q; it is empty for a media field (%s)", where, short(text), ft))
			}
			if !mediaEditTypes[ft] && len(media) > 0 {
				out = append(out, fmt.Sprintf("%s: %d media_items; they are empty for a %s field", where, len(media), ft))
			}
			for j, mi := range media {
				mm, _ := mi.(map[string]any)
				for _, k := range slices.Sorted(maps.Keys(mm)) {
					if types, ok := mediaMemberTypes[k]; ok && !types[ft] {
						out = append(out, fmt.Sprintf("%s/media_items/%d: %s does not belong to a %s item", where, j, k, ft))
					}
				}
			}
		}
	}
	return out
}

func matrixMembers(v any) []string {
	m, _ := v.(map[string]any)
	cols, _ := m["columns"].([]any)
	return columnMembers("columns", cols)
}

func dynamicMatrixMembers(v any) []string {
	m, _ := v.(map[string]any)
	rows, _ := m["rows"].([]any)
	var out []string
	for i, r := range rows {
		rm, _ := r.(map[string]any)
		cols, _ := rm["columns"].([]any)
		out = append(out, columnMembers(fmt.Sprintf("rows/%d/columns", i), cols)...)
	}
	return out
}

// columnMembers: option_uuid is null for a column that offers no options.
func columnMembers(where string, cols []any) []string {
	var out []string
	for i, c := range cols {
		cm, _ := c.(map[string]any)
		ct, _ := cm["column_type"].(string)
		val, _ := cm["value"].(map[string]any)
		if nonChoiceColumns[ct] && val["option_uuid"] != nil {
			out = append(out, fmt.Sprintf("%s/%d: option_uuid is %v; it is null for a %s column", where, i, val["option_uuid"], ct))
		}
	}
	return out
}

// extension is the end of a file name that names its type (".pdf").
var extension = regexp.MustCompile(`[^./\\]\.[A-Za-z0-9]{1,10}$`)

// fileNames: a file item's file_name carries its extension (docs/contract.md
// §2.1: "file_name string with its extension").
func fileNames(v any) []string {
	items, _ := v.([]any)
	var out []string
	for i, it := range items {
		im, _ := it.(map[string]any)
		if name, ok := im["file_name"].(string); ok && !extension.MatchString(name) {
			out = append(out, fmt.Sprintf("%d/file_name %q has no extension", i, short(name)))
		}
	}
	return out
}
