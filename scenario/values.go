package scenario

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/contract"
)

// A shape describes a JSON value small enough to check a written
// field_value against docs/contract.md §2.1 without a schema round trip, and to say in
// one phrase what to write instead. The source of a shape is its $defs
// schema in schemas/record.json: each model here is held equal to it,
// member by member (TestShapeModelsAreTheSchemas names the shape and
// where they differ).
type shape interface {
	check(v any) (path, reason string)
	describe() string
}

type prim string // "string", "integer", "number", "boolean"

type nullable struct{ s shape }
type arrayOf struct{ s shape }

// stringIn is a string from a fixed list.
type stringIn []string

// object lists members; a name ending in "?" is optional.
type object []member

type member struct {
	name string
	s    shape
}

var (
	tString  = prim("string")
	tInt     = prim("integer")
	tNumber  = prim("number")
	tBool    = prim("boolean")
	optionV  = object{{"option_text", tString}, {"option_id", tInt}}
	auditV   = object{{"audit_status", tInt}, {"audit_status_text", tString}, {"reason", tString}}
	imageV   = object{{"url", tString}, {"size", nullable{tInt}}, {"width", tInt}, {"height", tInt}, {"upload_time_iso?", tString}, {"ai_audit_result?", auditV}}
	columnV  = object{{"column_id", tInt}, {"column_title", tString}, {"column_type", tString}, {"value", object{{"text", nullable{tString}}, {"option_uuid", nullable{tString}}}}}
	editMedV = object{{"url", tString}, {"size?", nullable{tInt}}, {"width?", tInt}, {"height?", tInt}, {"duration?", tNumber},
		{"file_name?", tString}, {"translated_text?", nullable{tString}}, {"abstract_text?", nullable{tString}}, {"ai_audit_result?", auditV}}
	editV    = object{{"text_content", tString}, {"media_items", arrayOf{editMedV}}}
	ocrItemV = object{{"item_id", tInt}, {"item_title", tString}, {"value", tString}, {"unit", tString}, {"unit_enabled", tBool}}
)

// shapes maps each value shape of the contract to what it must look like.
var shapes = map[contract.ValueShape]shape{
	contract.ShapeString:   tString,
	contract.ShapeOption:   optionV,
	contract.ShapeNumber:   object{{"value", tNumber}, {"unit", tString}, {"unit_enabled", tBool}},
	contract.ShapeCheckbox: object{{"values", arrayOf{object{{"option_id", tInt}, {"option_text", tString}}}}},
	contract.ShapeChecklist: arrayOf{object{{"item_id", tInt}, {"item_title", tString}, {"value", object{
		{"option_id", tInt}, {"option_text", tString}, {"description", tString}, {"images", arrayOf{imageV}}}}}},
	contract.ShapeMatrix:         object{{"columns", arrayOf{columnV}}},
	contract.ShapeDynamicMatrix:  object{{"rows", arrayOf{object{{"columns", arrayOf{columnV}}}}}},
	contract.ShapeAddress:        object{{"address", tString}, {"lat", tNumber}, {"lng", tNumber}},
	contract.ShapeOwnerAddress:   object{{"province", tString}, {"city", tString}, {"district", tString}, {"street", tString}, {"detail", tString}, {"full_address", tString}},
	contract.ShapeChainedSelects: object{{"values", arrayOf{object{{"option_id", tInt}, {"option_text", tString}, {"level", tInt}}}}},
	contract.ShapeImages:         arrayOf{imageV},
	contract.ShapeAudio:          arrayOf{object{{"url", tString}, {"size", nullable{tInt}}, {"duration", tNumber}, {"translated_text?", nullable{tString}}, {"abstract_text?", nullable{tString}}, {"upload_time_iso?", tString}}},
	contract.ShapeVideo:          arrayOf{object{{"url", tString}, {"size", nullable{tInt}}, {"duration", tNumber}, {"upload_time_iso?", tString}}},
	contract.ShapeFile:           arrayOf{object{{"url", tString}, {"size", nullable{tInt}}, {"file_name", tString}, {"upload_time_iso?", tString}}},
	contract.ShapeDescription:    object{{"description_html", tString}},
	contract.ShapeOCR:            object{{"items", arrayOf{ocrItemV}}, {"image", nullable{imageV}}},
	contract.ShapeEditDiff:       arrayOf{object{{"field_id", tInt}, {"field_title", tString}, {"field_type", stringIn(contract.EditDiffFieldTypes)}, {"before_value", editV}, {"after_value", editV}}},
}

func (p prim) describe() string { return string(p) }
func (p prim) check(v any) (string, string) {
	ok := false
	switch p {
	case "string":
		_, ok = v.(string)
	case "boolean":
		_, ok = v.(bool)
	case "number":
		_, ok = v.(float64)
	case "integer":
		f, isNum := v.(float64)
		ok = isNum && f == float64(int64(f))
	}
	if !ok {
		return "", "want " + string(p) + ", got " + jsonKind(v)
	}
	return "", ""
}

func (n nullable) describe() string { return n.s.describe() + "|null" }
func (n nullable) check(v any) (string, string) {
	if v == nil {
		return "", ""
	}
	return n.s.check(v)
}

func (e stringIn) describe() string { return "one of " + strings.Join(e, ", ") }
func (e stringIn) check(v any) (string, string) {
	str, ok := v.(string)
	if !ok {
		return "", "want a string, got " + jsonKind(v)
	}
	for _, x := range e {
		if x == str {
			return "", ""
		}
	}
	return "", fmt.Sprintf("%q is not %s", str, e.describe())
}

func (a arrayOf) describe() string { return "[" + a.s.describe() + "]" }
func (a arrayOf) check(v any) (string, string) {
	list, ok := v.([]any)
	if !ok {
		return "", "want an array " + a.describe() + ", got " + jsonKind(v)
	}
	for i, e := range list {
		if p, r := a.s.check(e); r != "" {
			return "[" + strconv.Itoa(i) + "]" + p, r
		}
	}
	return "", ""
}

func (o object) describe() string {
	names := make([]string, len(o))
	for i, m := range o {
		names[i] = m.name
	}
	return "{" + strings.Join(names, ", ") + "}"
}

func (o object) check(v any) (string, string) {
	m, ok := v.(map[string]any)
	if !ok {
		return "", "want an object " + o.describe() + ", got " + jsonKind(v)
	}
	known := make(map[string]bool, len(o))
	for _, mem := range o {
		name, optional := strings.CutSuffix(mem.name, "?")
		known[name] = true
		e, present := m[name]
		if !present {
			if optional {
				continue
			}
			return "", fmt.Sprintf("missing %q: want %s", name, o.describe())
		}
		if p, r := mem.s.check(e); r != "" {
			return "." + name + p, r
		}
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if !known[k] {
			return "." + k, fmt.Sprintf("unknown member %q: want %s", k, o.describe())
		}
	}
	return "", ""
}

func jsonKind(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case float64:
		if v == float64(int64(v)) {
			return "an integer"
		}
		return "a number"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// checkValue says where and why v does not fit the field type ("" if it does).
func checkValue(fieldType string, v any) (path, reason string) {
	ft, ok := contract.FieldTypeByName(fieldType)
	if !ok {
		return "", ""
	}
	return shapeOf(ft).check(v)
}

// shapeOf is the model of ft's shape. A shape without one
// (TestEveryShapeHasItsModel names it) refuses every value, saying so,
// rather than crash.
func shapeOf(ft contract.FieldType) shape {
	if s, ok := shapes[ft.Shape]; ok {
		return s
	}
	return noModel(ft.Shape)
}

// noModel is the model of a shape scenario/values.go does not know.
type noModel contract.ValueShape

func (n noModel) describe() string { return "a value of shape " + string(n) }
func (n noModel) check(any) (string, string) {
	return "", "scenario/values.go has no model of value shape " + string(n)
}

// plainJSON turns json.Number (from the typed decode) into float64, so a
// written value has the same Go types as a generated one.
func plainJSON(v any) any {
	switch v := v.(type) {
	case json.Number:
		f, _ := v.Float64()
		return f
	case map[string]any:
		for k, e := range v {
			v[k] = plainJSON(e)
		}
		return v
	case []any:
		for i, e := range v {
			v[i] = plainJSON(e)
		}
		return v
	}
	return v
}

// isStringType reports whether a field type's value is a string, the only
// kind the mock masks.
func isStringType(fieldType string) bool {
	ft, ok := contract.FieldTypeByName(fieldType)
	return ok && ft.Shape == contract.ShapeString
}

// fieldTypeNames lists the field types of contract.FieldTypes.
func fieldTypeNames() []string {
	names := make([]string, len(contract.FieldTypes))
	for i, ft := range contract.FieldTypes {
		names[i] = ft.Name
	}
	return names
}
