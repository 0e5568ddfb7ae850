package contract

// ValueShape is the shape of field_value that a field_type carries
// (docs/contract.md §2.1, "Shape of field_value by field_type"). Several types share one
// shape; the table below is the whole mapping.
type ValueShape string

// The shapes of field_value.
const (
	ShapeString         ValueShape = "string"
	ShapeOption         ValueShape = "option"          // {option_text, option_id}
	ShapeNumber         ValueShape = "number"          // {value, unit, unit_enabled}
	ShapeCheckbox       ValueShape = "checkbox"        // {values: [{option_id, option_text}]}
	ShapeChecklist      ValueShape = "checklist"       // [{item_id, item_title, value{...}}]
	ShapeMatrix         ValueShape = "matrix"          // {columns: [MatrixColumn]}
	ShapeDynamicMatrix  ValueShape = "dynamic_matrix"  // {rows: [{columns}]}
	ShapeAddress        ValueShape = "address"         // {address, lat, lng}
	ShapeOwnerAddress   ValueShape = "owner_address"   // {province, city, ...}
	ShapeChainedSelects ValueShape = "chained_selects" // {values: [{option_id, option_text, level}]}
	ShapeImages         ValueShape = "images"          // [ImageItem]
	ShapeAudio          ValueShape = "audio"           // [{url, size, duration, ...}]
	ShapeVideo          ValueShape = "video"           // [{url, size, duration}]
	ShapeFile           ValueShape = "file"            // [{url, size, file_name}]
	ShapeDescription    ValueShape = "description"     // {description_html}
	ShapeOCR            ValueShape = "ocr"             // {items: [...], image: ImageItem|null}
	ShapeEditDiff       ValueShape = "edit_diff"       // [SubQrcodeEditChangeItem]
)

// FieldType is one allowed field_type with the shape of its value.
type FieldType struct {
	Name  string
	Shape ValueShape
}

// FieldTypes lists all 53 field types in the spec's order. Coverage reports
// count against this list.
var FieldTypes = []FieldType{
	{"name", ShapeString}, {"tel", ShapeString}, {"recorder", ShapeString},
	{"identity", ShapeString}, {"job_number", ShapeString}, {"text", ShapeString},
	{"textarea", ShapeString}, {"date", ShapeString}, {"time", ShapeString},
	{"customer_name", ShapeString}, {"customer_mobile", ShapeString},
	{"customer_number", ShapeString}, {"carnumber", ShapeString},
	{"sex", ShapeOption}, {"radio", ShapeOption},
	{"number", ShapeNumber},
	{"checkbox", ShapeCheckbox},
	{"checklist", ShapeChecklist},
	{"matrix", ShapeMatrix},
	{"dynamic_matrix", ShapeDynamicMatrix},
	{"address", ShapeAddress},
	{"owner_address", ShapeOwnerAddress},
	{"chained_selects", ShapeChainedSelects},
	{"image", ShapeImages}, {"signature", ShapeImages},
	{"audio", ShapeAudio},
	{"video", ShapeVideo},
	{"file", ShapeFile},
	{"description", ShapeDescription},
	{"ocr_id_card", ShapeOCR}, {"ocr_bank_card", ShapeOCR},
	{"ocr_vehicle_license", ShapeOCR}, {"ocr_driving_license", ShapeOCR},
	{"ocr_car_number", ShapeOCR}, {"ocr_car_vin", ShapeOCR},
	{"ocr_business_license", ShapeOCR}, {"ocr_way_bill", ShapeOCR},
	{"ocr_special_operate", ShapeOCR}, {"ocr_general_cert", ShapeOCR},
	{"ocr_degree_cert", ShapeOCR}, {"ocr_diploma_cert", ShapeOCR},
	{"ocr_dashboard_mile", ShapeOCR}, {"ocr_electric_meter", ShapeOCR},
	{"ocr_water_meter", ShapeOCR}, {"ocr_hygrother_mograp", ShapeOCR},
	{"ocr_gas_meter", ShapeOCR}, {"ocr_pressure_meter", ShapeOCR},
	{"ocr_general_meter", ShapeOCR}, {"ocr_digital_meter", ShapeOCR},
	{"ocr_roll_meter", ShapeOCR}, {"ocr_pointer_meter", ShapeOCR},
	{"ocr_liquid_column_meter", ShapeOCR},
	{"sub_qrcode_edit_diff", ShapeEditDiff},
}

// FieldTypeByName finds a field type; ok is false for a name the spec does
// not list.
func FieldTypeByName(name string) (FieldType, bool) {
	for _, ft := range FieldTypes {
		if ft.Name == name {
			return ft, true
		}
	}
	return FieldType{}, false
}

// EditDiffFieldTypes are the field types a SubQrcodeEditChangeItem may name
// (docs/contract.md §2.1); media types carry media_items, the rest text_content.
var EditDiffFieldTypes = []string{
	"text", "textarea", "number", "date", "time", "radio", "checkbox",
	"address", "image", "signature", "audio", "video", "file",
}

// RecordTemplateTypes are the allowed record_template.type values besides
// null (docs/contract.md §2.1).
var RecordTemplateTypes = []int{0, 1, 2, 3, 7, 12, 13, 21, 22}

// AuditStatuses are audit.status values (docs/contract.md §3.2): 0 pending, 1 approved,
// 2 rejected.
var AuditStatuses = []int{0, 1, 2}

// AuditApproved is the audit status that allows verification.
const AuditApproved = 1

// AIAuditStatuses are ai_audit_result.audit_status values (docs/contract.md §3.4).
var AIAuditStatuses = []int{0, 1, 2, 3, 4}
