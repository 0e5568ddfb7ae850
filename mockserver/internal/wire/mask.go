package wire

import (
	"strings"

	"github.com/rtq-kit/rtq/contract"
)

// Masking (docs/contract.md §C8): what a masked value shows of itself, by
// field type. Every format masks through here, and so does the journal.

// MaskField masks a string value of the given field type, by the rule of
// its row of the field-type table (contract.FieldTypes; the general rule
// for a type the table does not list).
func MaskField(fieldType, v string) string {
	ft, _ := contract.FieldTypeByName(fieldType)
	return mask(ft.Mask, v)
}

// MaskName masks a person's name: first character kept (张*, 欧***).
func MaskName(v string) string { return mask(contract.MaskName, v) }

// mask applies a rule. Counting is in runes, so Chinese names keep one
// character, not one byte. A value too short for its rule falls back to the
// general rule, which never shows more than half of a value of three or more.
func mask(kind contract.MaskRule, v string) string {
	r := []rune(v)
	n := len(r)
	switch {
	case n == 1:
		return "*" // a value of one character has no share to show: all of it would be in clear
	case kind == contract.MaskName && n > 0:
		return keep(r, 1, 0)
	case kind == contract.MaskPhone && n >= 8:
		return keep(r, 3, 4)
	case kind == contract.MaskIdentity && n >= 9:
		return keep(r, 4, 4)
	case n == 0:
		return v
	case n <= 2:
		return keep(r, 1, 0)
	default:
		return keep(r, 1, 1)
	}
}

// keep shows head runes and tail runes and one '*' per hidden rune.
func keep(r []rune, head, tail int) string {
	var b strings.Builder
	b.WriteString(string(r[:head]))
	b.WriteString(strings.Repeat("*", len(r)-head-tail))
	b.WriteString(string(r[len(r)-tail:]))
	return b.String()
}
