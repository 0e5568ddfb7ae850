package foreign

import "fmt"

// Records of the data set.
const (
	allTypesRecord = 800001
	noFormRecord   = 800003
)

// credential is one credential record of the data set.
type credential struct {
	id   int64
	form int64
	c    cert
}

var credentials = []credential{
	{810001, certForm, cert{start: "待核销", verification: true, approved: true}},
	{810002, certForm, cert{start: "待核销", verification: true, approved: true}},
	{810003, certForm, cert{start: "待核销", verification: true, approved: true}},
	{810004, certForm, cert{start: "待核销", verification: true, approved: true}},
	{810005, certForm, cert{start: "待核销", verification: true, approved: false}},
	{810006, certForm, cert{start: "待核销", verification: false, approved: true}},
	{810007, certForm, cert{start: "待核销", verification: true, approved: true, identity: true}},
	{810008, certForm, cert{start: "待核销", verification: true, approved: true, authExpired: true}},
	{810009, certForm, cert{start: "待核销", verification: true, approved: true, fail: true}},
	{810010, certForm, cert{start: "待核销", verification: true, approved: true}},
	{810011, certForm, cert{start: "待核销", verification: true, approved: true}},
	{810012, certForm, cert{start: "已作废", verification: true, approved: true}},
	{810013, certForm, cert{start: "已核销", verification: true, approved: true}},
	{810014, certForm, cert{start: "待核销", verification: true, approved: true}},
	{820001, limitedForm, cert{start: "有效", verification: true, approved: true}},
	{830001, 5033, cert{start: "待核销", verification: true, approved: true}},
	{910001, 6002, cert{start: "未用", verification: true, approved: true}},
}

func buildRecords(d *dataset) []*record {
	f := func(id int64) *form { return formByID(d.forms, id) }
	out := []*record{allTypes(f(5001))}
	pending := plain(800002, f(5002), field{id: 201, title: "姓名", typ: "name", masked: true},
		field{id: 202, title: "班次", typ: "radio"}, field{id: 203, title: "照片", typ: "image", n: 20})
	pending.audit = &audit{status: 0, stage: "主管审核", auditor: ""}
	out = append(out, pending)
	noForm := plain(noFormRecord, nil, field{id: 211, title: "留言", typ: "text", value: "门口的灯坏了"})
	noForm.method = "手动添加"
	out = append(out, noForm)
	rejected := plain(800004, f(5003), field{id: 221, title: "位置", typ: "text", masked: true, value: "三号楼北门"},
		field{id: 222, title: "附件", typ: "file"})
	rejected.audit = &audit{status: 2, stage: "复核", auditor: "周*"}
	out = append(out, rejected)
	notarized := plain(800005, f(5006), field{id: 231, title: "读数", typ: "number"},
		field{id: 232, title: "电表", typ: "ocr_electric_meter", n: 4})
	notarized.notary = &notary{"0x9f2c51ab77e0d3", "https://notary.foreign.example/e/9f2c51", at(9, 10, 30)}
	out = append(out, notarized)
	pledge := plain(800006, f(5011), field{id: 241, title: "承诺人", typ: "name", masked: true, value: "孙丽"},
		field{id: 242, title: "签名", typ: "signature", n: 3})
	pledge.audit = &audit{status: 1, stage: "", auditor: "王芳"}
	out = append(out, pledge)
	for _, c := range credentials {
		r := plain(c.id, f(c.form), field{id: 251, title: "持卡人", typ: "name", masked: true, value: "陈静怡"},
			field{id: 252, title: "卡号", typ: "text", value: fmt.Sprintf("VIP-%d", c.id%1000)})
		cc := c.c
		r.cert = &cc
		r.code = fmt.Sprintf("hx%d", c.id)
		if !cc.approved {
			r.audit = &audit{status: 0, stage: "财务审核"}
		}
		if f(c.form).org == OtherOrgID {
			r.org = OtherOrgID
		}
		out = append(out, r)
	}
	other := plain(900001, f(6001), field{id: 261, title: "报修内容", typ: "textarea", value: "厨房漏水"})
	other.org = OtherOrgID
	out = append(out, other)
	return out
}

// plain is a record of the organization with one titled group of fields.
func plain(id int64, fm *form, fields ...field) *record {
	r := &record{id: id, org: OrgID, number: fmt.Sprintf("R2026%06d", id%1000000), code: fmt.Sprintf("fxr%d", id),
		submit: at(8, 9, int(id%50)), method: "扫码填写", recorder: "李建国", authID: 60000 + id%1000, userID: 61000 + id%1000,
		form: fm, qr: qrcode{id: id - 760000, name: "巡检点-" + itoa(id%1000), number: "QR" + itoa(id)},
		groups: []group{{id: 1, title: "填写内容", show: true, fields: fields}}}
	if fm != nil {
		r.project = fm.project
	}
	if id%2 == 0 {
		cat := int64(12)
		r.qr.category = &cat
	}
	return r
}

// allTypes holds one field of each type, masked strings,
// a hidden field, an untitled group and a page break.
func allTypes(fm *form) *record {
	r := plain(allTypesRecord, fm)
	id := int64(100)
	next := func(typ string, masked bool) field {
		id++
		return field{id: id, title: titleOf(typ), typ: typ, n: int(id % 17), masked: masked}
	}
	var basic, untitled, checks, media, ocr []field
	for _, t := range []string{"name", "tel", "identity", "recorder", "job_number", "customer_name", "customer_mobile", "customer_number", "carnumber", "sex"} {
		basic = append(basic, next(t, t == "name" || t == "tel" || t == "identity" || t == "customer_mobile"))
	}
	basic[5].masked = true // customer_name
	for _, t := range []string{"text", "textarea", "date", "time", "radio", "number", "checkbox"} {
		untitled = append(untitled, next(t, t == "number")) // a masked number stays in clear
	}
	untitled[1].desc = "多行备注"
	untitled[3].hidden = true
	untitled[4].result, untitled[4].highlight = true, true
	for _, t := range []string{"checklist", "matrix", "dynamic_matrix", "address", "owner_address", "chained_selects", "description"} {
		checks = append(checks, next(t, false))
	}
	for _, t := range []string{"image", "signature", "audio", "video", "file", "sub_qrcode_edit_diff"} {
		media = append(media, next(t, false))
	}
	for _, t := range ocrTypes {
		ocr = append(ocr, next(t, false))
	}
	r.groups = []group{
		{id: 11, title: "基本信息", show: true, fields: basic},
		{id: 12, title: "", show: false, fields: untitled},
		{id: 13, title: "", pageBreak: true},
		{id: 14, title: "检查项", show: true, fields: checks},
		{id: 15, title: "附件", show: true, fields: media},
		{id: 16, title: "识别结果", show: false, fields: ocr},
	}
	r.audit = nil
	return r
}
