package fake

// fieldTitles gives each field type the Chinese title a form would show.
var fieldTitles = map[string]string{
	"name": "姓名", "tel": "联系电话", "recorder": "记录人", "identity": "身份证号",
	"job_number": "工号", "text": "备注", "textarea": "情况说明", "date": "日期", "time": "时间",
	"customer_name": "客户姓名", "customer_mobile": "客户手机", "customer_number": "客户编号",
	"carnumber": "车牌号", "sex": "性别", "radio": "检查结果", "number": "数值",
	"checkbox": "检查项目", "checklist": "检查清单", "matrix": "人员信息", "dynamic_matrix": "人员名单",
	"address": "定位地址", "owner_address": "住址", "chained_selects": "所在地区", "image": "现场照片",
	"signature": "签名", "audio": "语音说明", "video": "现场视频", "file": "附件",
	"description": "填写说明", "ocr_id_card": "身份证识别", "ocr_bank_card": "银行卡识别",
	"ocr_vehicle_license": "行驶证识别", "ocr_driving_license": "驾驶证识别",
	"ocr_car_number": "车牌识别", "ocr_car_vin": "车架号识别", "ocr_business_license": "营业执照识别",
	"ocr_way_bill": "运单识别", "ocr_special_operate": "特种作业证识别", "ocr_general_cert": "证书识别",
	"ocr_degree_cert": "学位证识别", "ocr_diploma_cert": "毕业证识别", "ocr_dashboard_mile": "里程表读数",
	"ocr_electric_meter": "电表读数", "ocr_water_meter": "水表读数", "ocr_hygrother_mograp": "温湿度计读数",
	"ocr_gas_meter": "燃气表读数", "ocr_pressure_meter": "压力表读数", "ocr_general_meter": "仪表读数",
	"ocr_digital_meter": "数显表读数", "ocr_roll_meter": "滚轮表读数", "ocr_pointer_meter": "指针表读数",
	"ocr_liquid_column_meter": "液柱表读数", "sub_qrcode_edit_diff": "子码修改记录",
}

// FieldTitle returns the Chinese title of a field type, or 字段 for a type
// the spec does not list.
func FieldTitle(fieldType string) string {
	if t, ok := fieldTitles[fieldType]; ok {
		return t
	}
	return "字段"
}
