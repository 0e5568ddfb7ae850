package foreign

import (
	"fmt"
	"time"
)

// The organizations and keys of the data set.
const (
	OrgID      = 7001
	OtherOrgID = 7002

	ReadKey     = "fx-read-3b8c"
	WriteKey    = "fx-write-91d2"
	LimitedKey  = "fx-limited-5e07"
	OtherOrgKey = "fx-other-c4a9"
)

// Forms with a certificate flow.
const (
	certForm    = 5031 // the flow 待核销 → 已核销 → 已归档, 待核销 → 已作废
	limitedForm = 5032 // the only form LimitedKey may verify
)

var zone = time.FixedZone("UTC+08:00", 8*3600)

// at is a creation time in January 2026, UTC+08:00.
func at(day, hour, minute int) int64 {
	return time.Date(2026, time.January, day, hour, minute, 0, 0, zone).Unix()
}

func build(examples bool) *dataset {
	d := &dataset{
		orgs: []org{
			{OrgID, "华东质检中心", "hdzj", "qa.foreign.example", "https://cdn.foreign.example/logo/hdzj.png"},
			{OtherOrgID, "西岭物业", "xlwy", "xl.foreign.example", "https://cdn.foreign.example/logo/xlwy.png"},
		},
		keys: []apiKey{
			{secret: ReadKey, org: OrgID},
			{secret: WriteKey, org: OrgID, write: true},
			{secret: LimitedKey, org: OrgID, write: true, forms: []int64{limitedForm}},
			{secret: OtherOrgKey, org: OtherOrgID, write: true},
		},
	}
	d.forms = buildForms()
	d.records = buildRecords(d)
	d.templates = buildTemplates()
	if examples {
		addExamples(d)
	}
	return d
}

var formNames = []string{"设备巡检表", "消防安全检查", "食堂卫生记录", "访客登记", "车辆出入登记",
	"电表抄表记录", "水表抄表记录", "员工体温登记", "仓库盘点表", "设备维修单",
	"保密承诺书", "码状态变更单", "加入身份组申请", "子码编辑记录", "码留言",
	"码协作记录", "绿化养护记录", "电梯维保记录", "高空作业审批", "危化品领用登记",
	"配电房巡检", "安全培训签到", "夜间巡逻记录", "停车场巡查"}

var formNotes = []string{"每日巡检使用", "月度检查", "仅限管理员", "Night shift 夜班", "年度盘点", "外包巡检", "临时", "维保单位填写"}

var formTypes = []int{0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 3, 7, 12, 13, 21, 22, 0, 1, 2, 0, 1, 2, 0, 1}

func buildForms() []*form {
	proj := &project{3001, "二号厂区", "PRJ-002"}
	var out []*form
	for i, name := range formNames {
		f := &form{id: int64(5001 + i), org: OrgID, name: name, number: fmt.Sprintf("FX-%03d", i+1),
			typ: formTypes[i], created: at(1+i%20, 9, i), updated: at(1+i%20+(i*7)%9, 10, i)}
		if i%3 == 0 {
			f.note = formNotes[(i/3)%len(formNotes)]
		}
		if i%4 != 3 {
			f.active = at(2+i%20+(i*5)%7, 11, i)
		}
		if i%2 == 0 {
			f.project = proj
		}
		out = append(out, f)
	}
	// number FX-001A exists so that a number filter matching a prefix shows.
	out = append(out, &form{id: 5025, org: OrgID, name: "巡检补充表", number: "FX-001A", note: "补录",
		typ: 0, created: at(21, 9, 0), updated: at(22, 9, 0)})
	out = append(out, &form{id: 5026, org: OrgID, name: "巡检小结", number: "fx-001", note: "",
		typ: 0, created: at(22, 9, 0), updated: at(23, 9, 0)})
	cf := &form{id: certForm, org: OrgID, name: "会员卡核销", number: "FX-C01", note: "会员权益",
		typ: 0, created: at(5, 8, 0), updated: at(6, 8, 0), active: at(7, 8, 0), verification: true,
		flow: &flow{id: 41, number: "HX-41", name: "核销状态", statuses: []*status{
			{id: 11, name: "待核销", color: "#FAAD14", next: []string{"已核销", "已作废"}},
			{id: 12, name: "已核销", color: "#52C41A", next: []string{"已归档"}},
			{id: 13, name: "已归档", color: "#8C8C8C", terminal: true},
			{id: 14, name: "已作废", color: "#F5222D", forbids: true, terminal: true},
		}}}
	lf := &form{id: limitedForm, org: OrgID, name: "培训证书", number: "FX-C02", note: "",
		typ: 0, created: at(6, 8, 0), updated: at(6, 9, 0), verification: true,
		flow: &flow{id: 42, number: "HX-42", name: "证书核验", statuses: []*status{
			{id: 21, name: "有效", color: "#52C41A", next: []string{"已注销"}},
			{id: 22, name: "已注销", color: "#8C8C8C", terminal: true},
		}}}
	off := &form{id: 5033, org: OrgID, name: "停车券", number: "FX-C03", note: "",
		typ: 0, created: at(7, 8, 0), updated: at(7, 9, 0), verification: false, flow: cf.flow}
	out = append(out, cf, lf, off)
	out = append(out, &form{id: 6001, org: OtherOrgID, name: "业主报修", number: "XL-001", note: "",
		typ: 0, created: at(3, 8, 0), updated: at(4, 8, 0)})
	out = append(out, &form{id: 6002, org: OtherOrgID, name: "门禁卡核销", number: "XL-C01", note: "",
		typ: 0, created: at(3, 8, 0), updated: at(4, 8, 0), verification: true, flow: &flow{id: 51, number: "XL-51",
			name: "核销状态", statuses: []*status{{id: 31, name: "未用", color: "#FAAD14", next: []string{"已用"}},
				{id: 32, name: "已用", color: "#52C41A", terminal: true}}}})
	return out
}

func formByID(forms []*form, id int64) *form {
	for _, f := range forms {
		if f.id == id {
			return f
		}
	}
	return nil
}

func buildTemplates() []*template {
	var out []*template
	names := []string{"设备码", "消防栓码", "车位码", "工位码", "资产码", "门禁码"}
	for i := 0; i < 27; i++ {
		t := &template{id: int64(9101 + i), org: OrgID, name: fmt.Sprintf("%s-%02d", names[i%len(names)], i+1),
			coding: fmt.Sprintf("fxt%04d", 3100+i*7), created: at(1+i, 10+i%5, i)}
		out = append(out, t)
	}
	// two templates created in the same second: order ties broken by id.
	out[5].created = out[4].created
	for i := 0; i < 45; i++ {
		out[0].subs = append(out[0].subs, subcode{id: int64(70001 + i), name: fmt.Sprintf("设备码-%03d", i+1),
			coding: fmt.Sprintf("fxs%05d", 40000+i*3), created: at(2+i/3, 8+i%3, i)})
	}
	for i := 0; i < 3; i++ {
		out[1].subs = append(out[1].subs, subcode{id: int64(71001 + i), name: fmt.Sprintf("消防栓-%d", i+1),
			coding: fmt.Sprintf("fxs%05d", 50000+i), created: at(4, 9, i)})
	}
	out = append(out, &template{id: 9201, org: OtherOrgID, name: "西岭车位码", coding: "xlt0001", created: at(5, 9, 0),
		subs: []subcode{{id: 72001, name: "车位-1", coding: "xls00001", created: at(5, 10, 0)}}})
	return out
}
