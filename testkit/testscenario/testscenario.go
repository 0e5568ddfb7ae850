// Package testscenario builds, in Go, a small scenario that holds every
// case the mock's tests need: two organizations, keys of every scope, forms
// to page through, a credential flow with a record for each verify error,
// a record with every field type, and templates with many sub-codes. It is
// deliberately independent of the YAML loader, so precise edge cases stay
// precise whatever the default scenario becomes.
package testscenario

import (
	"fmt"

	"github.com/rtq-kit/rtq/contract"

	"github.com/rtq-kit/rtq/scenario"
)

// Fixed facts tests refer to.
const (
	DemoOrg, OtherOrg = 1, 2

	ReadSecret, WriteSecret, LimitedSecret, OtherSecret = "rtq-demo-read", "rtq-demo-write", "rtq-demo-limited", "rtq-other-org"
	WriteOnlySecret                                     = "rtq-demo-write-only" // a key without read scope

	PlainForms      = 25   // ordinary forms of the demo org, ids 1001..1025
	CredForm        = 1100 // credential form with the flow
	CredFormOff     = 1101 // credential form with verification disabled
	LimitedForm     = 1102 // the only form the limited key may verify
	FullRecord      = 5001 // record with every field type
	DemoTemplates   = 45   // templates of the demo org
	BigTemplate     = "tplA000"
	BigTemplateSubs = 130
	OtherTemplate   = "tplB000"
	OtherRecord     = 5101
	OtherCert       = "C-O2"
	BaseTime        = 1767225600 // 2026-01-01 08:00:00 +08:00
	RawName         = "欧阳娜娜"
	RawPhone        = "13812345678"
	RawIdentity     = "110101199003071234"
	RawSecretText   = "机密文本内容"
	RawRecorder     = "司马相如"
)

// Statuses of the flow, by id.
const (
	StUnchecked = 1 // 未核验 → 已核验, 已作废
	StChecked   = 2 // 已核验 → 已归档
	StArchived  = 3 // 已归档, terminal
	StVoid      = 4 // 已作废, forbids verification
	StStuck     = 5 // 待定, no next status, not terminal
)

// Certificate codes, one per verify case.
const (
	CertOK, CertConc, CertRecordOff, CertFormOff = "C-OK", "C-CONC", "C-ROFF", "C-FOFF"
	CertUnapproved, CertIdentity, CertAuthCode   = "C-UNAPPR", "C-IDENT", "C-AUTH"
	CertVoid, CertArchived, CertStuck, CertForce = "C-VOID", "C-ARCH", "C-STUCK", "C-FORCE"
	CertLimited, PlainCode                       = "C-LIM", "R-PLAIN"
)

type builder struct {
	sc    *scenario.Scenario
	orgs  [3]*scenario.Org
	flows map[int64]*scenario.Flow
	next  int64
}

// Build returns a fresh scenario (callers may keep it; nothing mutates it).
func Build() *scenario.Scenario {
	b := &builder{sc: &scenario.Scenario{Name: "mock-tests", Seed: 7, HTTPStatus: scenario.StatusPerCode},
		flows: map[int64]*scenario.Flow{}, next: 6000}
	b.orgsAndKeys()
	b.forms()
	b.records()
	b.templates()
	return b.sc
}

func (b *builder) orgsAndKeys() {
	for i, host := range []string{"", "demo.rtq.test", "other.rtq.test"} {
		if i == 0 {
			continue
		}
		o := &scenario.Org{ID: int64(i), Name: fmt.Sprintf("组织%d", i), Code: fmt.Sprintf("ORG%d", i), Host: host,
			LogoURL: "https://" + host + "/logo.png"}
		b.orgs[i] = o
		b.sc.Orgs = append(b.sc.Orgs, o)
	}
	b.sc.Keys = []*scenario.Key{
		{Name: "demo-read", Secret: ReadSecret, Org: b.orgs[1], Read: true},
		{Name: "demo-write", Secret: WriteSecret, Org: b.orgs[1], Read: true, Write: true},
		{Name: "demo-limited", Secret: LimitedSecret, Org: b.orgs[1], Read: true, Write: true, Forms: []int64{LimitedForm}},
		{Name: "other-org", Secret: OtherSecret, Org: b.orgs[2], Read: true, Write: true},
		{Name: "demo-write-only", Secret: WriteOnlySecret, Org: b.orgs[1], Write: true},
	}
	b.sc.Projects = []*scenario.Project{{ID: 301, Org: b.orgs[1], Name: "示范项目", Number: "P-301"}}
}

func newFlow(id int64, verification bool) *scenario.Flow {
	st := func(id int64, name, color string) *scenario.Status {
		return &scenario.Status{ID: id, Name: name, Color: color}
	}
	un, ch, ar, vo, stk := st(StUnchecked, "未核验", "#999999"), st(StChecked, "已核验", "#00AA00"),
		st(StArchived, "已归档", "#0000AA"), st(StVoid, "已作废", "#AA0000"), st(StStuck, "待定", "#AAAA00")
	un.Next = []*scenario.Status{ch, vo}
	ch.Next = []*scenario.Status{ar}
	ar.Terminal = true
	vo.ForbidsVerification = true
	return &scenario.Flow{ID: id, Number: fmt.Sprintf("FLOW-%d", id), Verification: verification,
		Statuses: []*scenario.Status{un, ch, ar, vo, stk}}
}

func (b *builder) form(id int64, org *scenario.Org, name, number, note string, flow *scenario.Flow) *scenario.Form {
	f := &scenario.Form{ID: id, Org: org, Name: name, Type: 0, TypeText: "普通表单", Number: number, Note: note,
		CreatedAt: BaseTime + id, UpdatedAt: BaseTime + 2*id, Flow: flow}
	if id%2 == 0 {
		f.ActiveAt = BaseTime + 3*id
		f.Project = b.sc.Projects[0]
	}
	b.sc.Forms = append(b.sc.Forms, f)
	return f
}

func (b *builder) forms() {
	for i := int64(1); i <= PlainForms; i++ {
		note := ""
		if i%5 == 0 {
			note = "Alpha 备注"
		}
		b.form(1000+i, b.orgs[1], fmt.Sprintf("巡检表单%02d", i), fmt.Sprintf("F-%03d", i), note, nil)
	}
	b.form(CredForm, b.orgs[1], "合格证书", "CERT-1", "", newFlow(71, true))
	b.form(CredFormOff, b.orgs[1], "停用证书", "CERT-2", "", newFlow(72, false))
	b.form(LimitedForm, b.orgs[1], "限定证书", "CERT-3", "", newFlow(73, true))
	for i := int64(1); i <= 3; i++ {
		b.form(2000+i, b.orgs[2], fmt.Sprintf("他方表单%d", i), fmt.Sprintf("F-%03d", i), "Alpha", nil)
	}
	b.form(2100, b.orgs[2], "他方证书", "CERT-9", "", newFlow(79, true))
}

func (b *builder) formByID(id int64) *scenario.Form {
	for _, f := range b.sc.Forms {
		if f.ID == id {
			return f
		}
	}
	panic(fmt.Sprint("no form ", id))
}

// URL is the record URL of a code on an organization's host.
func URL(host, code string) string { return "https://" + host + "/r/" + code }

// TemplateURL is a template's full URL in the demo org.
func TemplateURL(coding string) string { return "https://demo.rtq.test/t/" + coding }

// RecordURL is a demo record's full URL.
func RecordURL(code string) string { return URL("demo.rtq.test", code) }

// AllFieldTypes lists the spec's field types, for coverage assertions.
func AllFieldTypes() []string {
	out := make([]string, len(contract.FieldTypes))
	for i, ft := range contract.FieldTypes {
		out[i] = ft.Name
	}
	return out
}
