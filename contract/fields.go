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

// ValueShapes lists every shape. Each has its $defs value in
// schemas/record.json, its model in scenario/values.go, its generator in
// fake and its text form in the mock's encoder; a test in each of those
// packages names the file and the shape that has none.
var ValueShapes = []ValueShape{
	ShapeString, ShapeOption, ShapeNumber, ShapeCheckbox, ShapeChecklist,
	ShapeMatrix, ShapeDynamicMatrix, ShapeAddress, ShapeOwnerAddress,
	ShapeChainedSelects, ShapeImages, ShapeAudio, ShapeVideo, ShapeFile,
	ShapeDescription, ShapeOCR, ShapeEditDiff,
}

// FieldType is one allowed field_type: one row of the field-type table,
// everything the kit knows of a type that is not code. Adding a type is
// adding a row to FieldTypes (see docs/architecture.md, "Adding a field
// type"); tests name each other place that must follow.
type FieldType struct {
	Name  string
	Shape ValueShape
	// Title is the Chinese title a form shows for a field of this type,
	// used wherever the kit makes a field up (fake data, scenarios without
	// a title, edit diffs).
	Title string
	// Mask is how a masked string value of this type is shown (§C8).
	Mask MaskRule
}

// MaskRule is how much of a masked value stays visible (docs/contract.md
// §C8). A value too short for its rule gets the general one.
type MaskRule int

// The masking rules.
const (
	MaskGeneral  MaskRule = iota // first and last character kept (one for two or fewer)
	MaskName                     // first character kept: 张*, 欧***
	MaskPhone                    // first three and last four kept, from eight characters
	MaskIdentity                 // first four and last four kept, from nine characters
)

// FieldTypes is the field-type table: every field type of the spec, in the
// spec's order, with its shape, title and masking rule. Coverage reports
// count against it; the schema's lists and the docs table are checked
// against it by tests that name what is missing.
var FieldTypes = []FieldType{
	{"name", ShapeString, "姓名", MaskName},
	{"tel", ShapeString, "联系电话", MaskPhone},
	{"recorder", ShapeString, "记录人", MaskName},
	{"identity", ShapeString, "身份证号", MaskIdentity},
	{"job_number", ShapeString, "工号", MaskGeneral},
	{"text", ShapeString, "备注", MaskGeneral},
	{"textarea", ShapeString, "情况说明", MaskGeneral},
	{"date", ShapeString, "日期", MaskGeneral},
	{"time", ShapeString, "时间", MaskGeneral},
	{"customer_name", ShapeString, "客户姓名", MaskName},
	{"customer_mobile", ShapeString, "客户手机", MaskPhone},
	{"customer_number", ShapeString, "客户编号", MaskGeneral},
	{"carnumber", ShapeString, "车牌号", MaskGeneral},
	{"sex", ShapeOption, "性别", MaskGeneral},
	{"radio", ShapeOption, "检查结果", MaskGeneral},
	{"number", ShapeNumber, "数值", MaskGeneral},
	{"checkbox", ShapeCheckbox, "检查项目", MaskGeneral},
	{"checklist", ShapeChecklist, "检查清单", MaskGeneral},
	{"matrix", ShapeMatrix, "人员信息", MaskGeneral},
	{"dynamic_matrix", ShapeDynamicMatrix, "人员名单", MaskGeneral},
	{"address", ShapeAddress, "定位地址", MaskGeneral},
	{"owner_address", ShapeOwnerAddress, "住址", MaskGeneral},
	{"chained_selects", ShapeChainedSelects, "所在地区", MaskGeneral},
	{"image", ShapeImages, "现场照片", MaskGeneral},
	{"signature", ShapeImages, "签名", MaskGeneral},
	{"audio", ShapeAudio, "语音说明", MaskGeneral},
	{"video", ShapeVideo, "现场视频", MaskGeneral},
	{"file", ShapeFile, "附件", MaskGeneral},
	{"description", ShapeDescription, "填写说明", MaskGeneral},
	{"ocr_id_card", ShapeOCR, "身份证识别", MaskGeneral},
	{"ocr_bank_card", ShapeOCR, "银行卡识别", MaskGeneral},
	{"ocr_vehicle_license", ShapeOCR, "行驶证识别", MaskGeneral},
	{"ocr_driving_license", ShapeOCR, "驾驶证识别", MaskGeneral},
	{"ocr_car_number", ShapeOCR, "车牌识别", MaskGeneral},
	{"ocr_car_vin", ShapeOCR, "车架号识别", MaskGeneral},
	{"ocr_business_license", ShapeOCR, "营业执照识别", MaskGeneral},
	{"ocr_way_bill", ShapeOCR, "运单识别", MaskGeneral},
	{"ocr_special_operate", ShapeOCR, "特种作业证识别", MaskGeneral},
	{"ocr_general_cert", ShapeOCR, "证书识别", MaskGeneral},
	{"ocr_degree_cert", ShapeOCR, "学位证识别", MaskGeneral},
	{"ocr_diploma_cert", ShapeOCR, "毕业证识别", MaskGeneral},
	{"ocr_dashboard_mile", ShapeOCR, "里程表读数", MaskGeneral},
	{"ocr_electric_meter", ShapeOCR, "电表读数", MaskGeneral},
	{"ocr_water_meter", ShapeOCR, "水表读数", MaskGeneral},
	{"ocr_hygrother_mograp", ShapeOCR, "温湿度计读数", MaskGeneral},
	{"ocr_gas_meter", ShapeOCR, "燃气表读数", MaskGeneral},
	{"ocr_pressure_meter", ShapeOCR, "压力表读数", MaskGeneral},
	{"ocr_general_meter", ShapeOCR, "仪表读数", MaskGeneral},
	{"ocr_digital_meter", ShapeOCR, "数显表读数", MaskGeneral},
	{"ocr_roll_meter", ShapeOCR, "滚轮表读数", MaskGeneral},
	{"ocr_pointer_meter", ShapeOCR, "指针表读数", MaskGeneral},
	{"ocr_liquid_column_meter", ShapeOCR, "液柱表读数", MaskGeneral},
	{"sub_qrcode_edit_diff", ShapeEditDiff, "子码修改记录", MaskGeneral},
}

// FieldTypeByName finds a field type; ok is false for a name the spec does
// not list.
func FieldTypeByName(name string) (FieldType, bool) {
	i, ok := fieldTypeIndex[name]
	if !ok {
		return FieldType{}, false
	}
	return FieldTypes[i], true
}

// fieldTypeIndex finds a row of FieldTypes by name; built once, never
// written after (masking and rendering look types up per field).
var fieldTypeIndex = func() map[string]int {
	m := make(map[string]int, len(FieldTypes))
	for i, ft := range FieldTypes {
		m[ft.Name] = i
	}
	return m
}()

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
