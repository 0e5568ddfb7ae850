package testscenario

import (
	"fmt"

	"github.com/rtq-kit/rtq/fake"
	"github.com/rtq-kit/rtq/scenario"
)

func ptr[T any](v T) *T { return &v }

func (b *builder) record(id int64, org *scenario.Org, code string, form *scenario.Form) *scenario.Record {
	r := &scenario.Record{ID: id, Org: org, Number: fmt.Sprintf("NO-%d", id), Code: code,
		URL: URL(org.Host, code), SubmitAt: BaseTime + id, SubmitMethod: "扫码填写",
		Recorder: scenario.Recorder{AuthID: 10 + id, UserID: 20 + id, Name: RawRecorder, NameMasked: true},
		Form:     form,
		QRCode: &scenario.QRCode{ID: 700 + id, Org: org, Name: "二维码", Type: 0, TypeText: "普通码", Form: form,
			URL: "https://" + org.Host + "/q/" + code, Number: "Q-" + code},
		Groups: []scenario.Group{{ID: 1, Title: "基本信息", ShowTitle: true, Fields: []scenario.Field{
			{ID: 1, Title: "姓名", Type: "name", Value: RawName, Masked: true},
		}}},
	}
	b.sc.Records = append(b.sc.Records, r)
	return r
}

// cert adds a credential record of form in status.
func (b *builder) cert(id int64, code string, formID int64, status int64, tweak func(*scenario.Record)) {
	f := b.formByID(formID)
	var st *scenario.Status
	for _, s := range f.Flow.Statuses {
		if s.ID == status {
			st = s
		}
	}
	r := b.record(id, f.Org, code, f)
	r.Cert = &scenario.Certificate{Status: st, Verification: true}
	r.Audit = &scenario.Audit{Enabled: true, Status: ptr(1), StatusText: ptr("已通过")}
	if tweak != nil {
		tweak(r)
	}
}

func (b *builder) records() {
	b.fullRecord()
	plain := b.record(5002, b.orgs[1], PlainCode, b.formByID(1001))
	plain.Recorder.NameMasked = false
	noForm := b.record(5003, b.orgs[1], "R-NOFORM", nil)
	noForm.Groups = nil
	b.cert(5010, CertOK, CredForm, StUnchecked, nil)
	b.cert(5011, CertConc, CredForm, StUnchecked, nil)
	b.cert(5012, CertRecordOff, CredForm, StUnchecked, func(r *scenario.Record) { r.Cert.Verification = false })
	b.cert(5013, CertFormOff, CredFormOff, StUnchecked, nil)
	b.cert(5014, CertUnapproved, CredForm, StUnchecked, func(r *scenario.Record) { r.Audit.Status, r.Audit.StatusText = ptr(0), ptr("待审核") })
	b.cert(5015, CertIdentity, CredForm, StUnchecked, func(r *scenario.Record) { r.Cert.IdentityRequired = true })
	b.cert(5016, CertAuthCode, CredForm, StUnchecked, func(r *scenario.Record) { r.Cert.AuthCodeInvalid = true })
	b.cert(5017, CertVoid, CredForm, StVoid, nil)
	b.cert(5018, CertArchived, CredForm, StArchived, nil)
	b.cert(5019, CertStuck, CredForm, StStuck, nil)
	b.cert(5020, CertForce, CredForm, StUnchecked, func(r *scenario.Record) { r.Cert.ForceFailure = true })
	b.cert(5021, CertLimited, LimitedForm, StUnchecked, nil)
	other := b.record(OtherRecord, b.orgs[2], "R-O2", b.formByID(2001))
	other.Recorder.NameMasked = false
	b.cert(5102, OtherCert, 2100, StUnchecked, nil)
}

// fullRecord holds every field type, masked fields of each masking rule, a
// hidden field, an untitled group, a page break, Markdown specials, audit,
// process status, a state change and a notary block.
func (b *builder) fullRecord() {
	r := b.record(FullRecord, b.orgs[1], "R-FULL", b.formByID(1002))
	r.Project = b.sc.Projects[0]
	vals := fake.New(99).Values()
	var all []scenario.Field
	for i, t := range AllFieldTypes() {
		all = append(all, scenario.Field{ID: int64(100 + i), Title: fake.FieldTitle(t), Type: t, Value: vals.Next(t),
			Result: i%7 == 0, Highlight: i%5 == 0})
	}
	r.Groups = []scenario.Group{
		{ID: 1, Title: "个人信息", ShowTitle: true, Fields: []scenario.Field{
			{ID: 1, Title: "姓名", Type: "name", Value: RawName, Masked: true, Desc: "本人姓名", ShortName: "xm"},
			{ID: 2, Title: "手机", Type: "tel", Value: RawPhone, Masked: true},
			{ID: 3, Title: "身份证", Type: "identity", Value: RawIdentity, Masked: true},
			{ID: 4, Title: "备注", Type: "text", Value: RawSecretText, Masked: true},
			{ID: 5, Title: "内部编号", Type: "text", Value: "HIDDEN-VALUE-42", Hidden: true},
			{ID: 6, Title: "说明*重点*", Type: "textarea", Value: "第一行 **粗** [链接](x) <b>\n# 第二行"},
		}},
		{ID: 2, Title: "", ShowTitle: false, Fields: []scenario.Field{
			{ID: 7, Title: "无标题组字段", Type: "text", Value: "untitled-value"},
		}},
		{ID: 3, Title: "分页", ShowTitle: false, PageBreak: true, Fields: []scenario.Field{}},
		{ID: 4, Title: "隐藏标题组", ShowTitle: false, Fields: []scenario.Field{
			{ID: 8, Title: "字段八", Type: "text", Value: "group-title-hidden"},
		}},
		{ID: 5, Title: "全部类型", ShowTitle: true, Fields: all},
	}
	r.Audit = &scenario.Audit{Enabled: true, StageID: ptr(int64(3)), StageTitle: ptr("终审"), Status: ptr(1),
		StatusText: ptr("已通过"), AuditorName: ptr("审核员")}
	r.Process = &scenario.ProcessStatus{Enabled: true, Text: ptr("处理中"), Color: ptr("#FF8800")}
	r.StateChanges = []scenario.StateChange{{StateID: 9, StateName: "流程", StateNumber: "S-9",
		From: scenario.StateOption{Name: "新建", Color: "#111111"}, To: scenario.StateOption{Name: "处理中", Color: "#222222"}}}
	r.Notary = &scenario.Notary{TxHash: "0xabc123", EvidenceURL: "https://notary.rtq.test/e/1", NotarizedAt: BaseTime + 99}
	r.QRCode.CategoryID = ptr(int64(12))
}

func (b *builder) templates() {
	for i := 0; i < DemoTemplates; i++ {
		coding := fmt.Sprintf("tplA%03d", i)
		t := &scenario.Template{ID: int64(9000 + i), Org: b.orgs[1], Name: fmt.Sprintf("批量模板%d", i), Coding: coding,
			URL: TemplateURL(coding), CreatedAt: BaseTime + int64(i/3)*86400} // three per day: ties on created_at
		if i == 0 {
			for j := 0; j < BigTemplateSubs; j++ {
				t.SubCodes = append(t.SubCodes, scenario.SubCode{ID: int64(100000 + j), Name: fmt.Sprintf("子码%d", j),
					Coding: fmt.Sprintf("sub%05d", j), CreatedAt: BaseTime + int64(j/2)*3600})
			}
		}
		b.sc.Templates = append(b.sc.Templates, t)
	}
	for i := 0; i < 3; i++ {
		coding := fmt.Sprintf("tplB%03d", i)
		b.sc.Templates = append(b.sc.Templates, &scenario.Template{ID: int64(9900 + i), Org: b.orgs[2], Name: "他方模板",
			Coding: coding, URL: "https://other.rtq.test/t/" + coding, CreatedAt: BaseTime,
			SubCodes: []scenario.SubCode{{ID: 200000 + int64(i), Name: "他方子码", Coding: fmt.Sprintf("osub%d", i), CreatedAt: BaseTime}}})
	}
}
