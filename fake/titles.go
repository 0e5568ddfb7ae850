package fake

import "github.com/rtq-kit/rtq/contract"

// FieldTitle returns the Chinese title of a field type (its row of
// contract.FieldTypes), or 字段 for a type the spec does not list.
func FieldTitle(fieldType string) string {
	if ft, ok := contract.FieldTypeByName(fieldType); ok {
		return ft.Title
	}
	return "字段"
}
