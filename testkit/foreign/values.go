package foreign

import (
	"fmt"
	"strings"
)

// Field values of every field type, built as the specification shapes them
// (§2.1). asNull picks how optional members without a value are written.

var ocrTypes = []string{"ocr_id_card", "ocr_bank_card", "ocr_vehicle_license", "ocr_driving_license",
	"ocr_car_number", "ocr_car_vin", "ocr_business_license", "ocr_way_bill", "ocr_special_operate",
	"ocr_general_cert", "ocr_degree_cert", "ocr_diploma_cert", "ocr_dashboard_mile", "ocr_electric_meter",
	"ocr_water_meter", "ocr_hygrother_mograp", "ocr_gas_meter", "ocr_pressure_meter", "ocr_general_meter",
	"ocr_digital_meter", "ocr_roll_meter", "ocr_pointer_meter", "ocr_liquid_column_meter"}

const cdn = "https://cdn.foreign.example/u/"

// image is an ImageItem; review adds ai_audit_result, withTime upload_time_iso.
func image(n int, review bool, withTime bool) obj {
	var size any = int64(20480 + n*1024)
	if n%4 == 3 {
		size = nil
	}
	it := o("url", fmt.Sprintf("%simg-%d.jpg", cdn, n), "size", size, "width", 1080, "height", 1440)
	if withTime {
		it = append(it, member{"upload_time_iso", "2026-01-08 09:1" + fmt.Sprint(n%10) + ":00(UTC+08:00)"})
	}
	if review {
		it = append(it, member{"ai_audit_result", o("audit_status", 2, "audit_status_text", "不通过", "reason", "画面模糊")})
	}
	return it
}

func option(id int, text string) obj { return o("option_text", text, "option_id", id) }

func column(id int, title, typ string, text any, uuid any) obj {
	return o("column_id", id, "column_title", title, "column_type", typ, "value", o("text", text, "option_uuid", uuid))
}

func ocrValue(typ string, n int, withImage bool) obj {
	items := []any{o("item_id", 1, "item_title", "识别结果", "value", fmt.Sprintf("%s-%d", typ[4:], n), "unit", "", "unit_enabled", false)}
	if n%2 == 0 {
		items = append(items, o("item_id", 2, "item_title", "读数", "value", fmt.Sprint(120+n), "unit", "kWh", "unit_enabled", true))
	}
	var img any
	if withImage {
		img = image(n, false, false)
	}
	return o("items", items, "image", img)
}

func editValue(text string, media []any) obj {
	if media == nil {
		media = []any{}
	}
	return o("text_content", text, "media_items", media)
}

// valueOf gives the field_value of one field type, n varying the content.
func valueOf(typ string, n int, asNull bool) any {
	switch typ {
	case "sex":
		return option(1, "男")
	case "radio":
		return option(9, "其他[夜班]")
	case "number":
		return o("value", 36.5, "unit", "℃", "unit_enabled", true)
	case "checkbox":
		return o("values", []any{o("option_id", 1, "option_text", "灭火器"), o("option_id", 3, "option_text", "应急灯")})
	case "checklist":
		return []any{o("item_id", 1, "item_title", "通道畅通", "value",
			o("option_id", 1, "option_text", "合格", "description", "", "images", []any{})),
			o("item_id", 2, "item_title", "标识清晰", "value",
				o("option_id", 2, "option_text", "不合格", "description", "标识褪色", "images", []any{image(n+1, false, false)}))}
	case "matrix":
		return o("columns", []any{column(1, "姓名", "text", "周一", nil), column(2, "性别", "radio", "女", "u-7f3a")})
	case "dynamic_matrix":
		return o("rows", []any{
			o("columns", []any{column(1, "设备", "text", "空压机", nil), column(2, "日期", "date", "2026-01-08", nil)}),
			o("columns", []any{column(1, "设备", "text", "冷干机", nil), column(2, "日期", "date", nil, nil)})})
	case "address":
		return o("address", "上海市浦东新区张江路 88 号", "lat", 31.2049, "lng", 121.5902)
	case "owner_address":
		return o("province", "上海市", "city", "上海市", "district", "浦东新区", "street", "张江镇",
			"detail", "科苑路 399 号 2 栋", "full_address", "上海市浦东新区张江镇科苑路 399 号 2 栋")
	case "chained_selects":
		return o("values", []any{o("option_id", 10, "option_text", "华东", "level", 1),
			o("option_id", 11, "option_text", "上海", "level", 2), o("option_id", 12, "option_text", "浦东", "level", 3)})
	case "image":
		return []any{image(n, true, true), image(n+1, false, false)}
	case "signature":
		return []any{image(n+5, false, true)}
	case "audio":
		a := o("url", cdn+"rec.m4a", "size", 88211, "duration", 12.5).optional(asNull, "translated_text", nil).optional(asNull, "abstract_text", nil)
		b := o("url", cdn+"memo.m4a", "size", nil, "duration", 3, "translated_text", "设备运转正常", "abstract_text", "正常",
			"upload_time_iso", "2026-01-08 09:30:00(UTC+08:00)")
		return []any{a, b}
	case "video":
		return []any{o("url", cdn+"walk.mp4", "size", 1048576, "duration", 31.2)}
	case "file":
		return []any{o("url", cdn+"report.pdf", "size", 52001, "file_name", "巡检报告.pdf", "upload_time_iso", "2026-01-08 09:40:00(UTC+08:00)"),
			o("url", cdn+"list.xlsx", "size", nil, "file_name", "清单.xlsx")}
	case "description":
		return o("description_html", "<p>请按<b>顺序</b>检查 &amp; 记录</p>")
	case "sub_qrcode_edit_diff":
		return []any{
			o("field_id", 301, "field_title", "位置", "field_type", "text", "before_value", editValue("一楼", nil), "after_value", editValue("二楼", nil)),
			o("field_id", 302, "field_title", "照片", "field_type", "image",
				"before_value", editValue("", []any{o("url", cdn+"old.jpg", "size", 1024, "width", 640, "height", 480)}),
				"after_value", editValue("", []any{o("url", cdn+"new.jpg", "size", nil, "width", 640, "height", 480)}))}
	}
	if len(typ) > 4 && typ[:4] == "ocr_" {
		return ocrValue(typ, n, n%3 != 1)
	}
	return stringValues[typ]
}

var stringValues = map[string]any{
	"name": "欧阳建华", "tel": "13812345678", "identity": "110101199003071234", "recorder": "李建国",
	"job_number": "JN-0042", "text": "二号车间东侧 *A区*", "textarea": "第一行\n第二行 # 备注", "date": "2026-01-08",
	"time": "14:30", "customer_name": "赵敏", "customer_mobile": "13987654321", "customer_number": "C-2026-0007",
	"carnumber": "沪A12345",
}

// fieldTitles are the titles of the all-types record's fields.
var fieldTitles = map[string]string{
	"name": "姓名", "tel": "手机号", "identity": "身份证号", "recorder": "填写人", "job_number": "工号",
	"text": "位置", "textarea": "备注", "date": "日期", "time": "时间", "customer_name": "客户姓名",
	"customer_mobile": "客户手机", "customer_number": "客户编号", "carnumber": "车牌号", "sex": "性别",
	"radio": "班次", "number": "体温", "checkbox": "器材", "checklist": "检查清单", "matrix": "值班表",
	"dynamic_matrix": "设备清单", "address": "定位", "owner_address": "住址", "chained_selects": "区域",
	"image": "现场照片", "signature": "签名", "audio": "语音", "video": "视频", "file": "附件",
	"description": "说明", "sub_qrcode_edit_diff": "子码变更",
}

func titleOf(typ string) string {
	if t, ok := fieldTitles[typ]; ok {
		return t
	}
	return "识别-" + typ[4:]
}

// valueBugs rewrites a field value as a bug of one field type's
// serializer does; without such a bug it returns v as it is.
func (s *Server) valueBugs(typ string, v any) any {
	switch {
	case typ == "number" && s.opts.has(BugB3NumberValueString):
		return withMember(v, "value", func(x any) any { return fmt.Sprint(x) })
	case typ == "chained_selects" && s.opts.has(BugB3ChainedLevelZero):
		return withMember(v, "values", func(l any) any {
			return eachObj(l, func(e obj) obj {
				return withMember(e, "level", func(n any) any { return n.(int) - 1 }).(obj)
			})
		})
	case typ == "file" && s.opts.has(BugB3FileNameNoExt):
		return eachObj(v, func(e obj) obj {
			return withMember(e, "file_name", func(n any) any {
				name := n.(string)
				if i := strings.LastIndexByte(name, '.'); i > 0 {
					return name[:i]
				}
				return name
			}).(obj)
		})
	case typ == "dynamic_matrix" && s.opts.has(BugB3DynamicUUIDEmpty):
		return withMember(v, "rows", func(rows any) any {
			return eachObj(rows, func(row obj) obj {
				return withMember(row, "columns", func(cols any) any {
					return eachObj(cols, func(c obj) obj {
						return withMember(c, "value", func(val any) any {
							return withMember(val, "option_uuid", func(u any) any {
								if u == nil {
									return ""
								}
								return u
							})
						}).(obj)
					})
				}).(obj)
			})
		})
	case typ == "sub_qrcode_edit_diff" && s.opts.has(BugB3DiffMediaAllMembers):
		return eachObj(v, func(item obj) obj {
			if item.get("field_type") != "image" {
				return item
			}
			all := func(side any) any {
				return withMember(side, "media_items", func(l any) any {
					return eachObj(l, func(m obj) obj {
						return append(append(obj(nil), m...), member{"duration", nil}, member{"file_name", nil})
					})
				})
			}
			return withMember(withMember(item, "before_value", all), "after_value", all).(obj)
		})
	case typ == "signature" && s.opts.has(BugB3SignatureNoSize):
		return eachObj(v, func(img obj) obj {
			var out obj
			for _, m := range img {
				if m.key != "width" && m.key != "height" {
					out = append(out, m)
				}
			}
			return out
		})
	}
	return v
}

// withMember is a copy of the object v with the member key rewritten by
// fn; v unchanged when it is not an object.
func withMember(v any, key string, fn func(any) any) any {
	ob, ok := v.(obj)
	if !ok {
		return v
	}
	out := make(obj, len(ob))
	for i, m := range ob {
		if m.key == key {
			m.val = fn(m.val)
		}
		out[i] = m
	}
	return out
}

// eachObj is a copy of the array v with each object element rewritten.
func eachObj(v any, fn func(obj) obj) any {
	l, ok := v.([]any)
	if !ok {
		return v
	}
	out := make([]any, len(l))
	for i, e := range l {
		if ob, isObj := e.(obj); isObj {
			e = fn(ob)
		}
		out[i] = e
	}
	return out
}
