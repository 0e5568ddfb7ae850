package foreign

// The frontend examples (examples/frontend) are written against the
// default data of rtq's mock: its demo keys, the record page of record
// 110001 (a credential pending verification, heading "R110001: 待核验")
// and a verify of its certificate to 已核验. Options.Examples adds data
// with those names to this service's own, written here from what the
// examples send and show, never read from the mock, so that the same
// browser suite can run against this service with bugs switched on.
const (
	// ExamplesReadKey is the read key the examples' app sends.
	ExamplesReadKey = "rtq-demo-read"
	// ExamplesWriteKey is the write key the examples' tests verify with.
	ExamplesWriteKey = "rtq-demo-write"
	// ExamplesRecord is the credential record the examples open.
	ExamplesRecord = 110001
	// ExamplesCertificate is its certificate code, pending 待核验.
	ExamplesCertificate = "demo-cert-a-pending-01"
	// ExamplesHome is the record the app's home page opens.
	ExamplesHome = 100001

	examplesForm = 5034
)

// addExamples adds the examples' keys, a form with the flow 待核验 →
// 已核验 → 已归档 (or 已作废), their credential record on it, and the
// home page's plain record.
func addExamples(d *dataset) {
	d.keys = append(d.keys, apiKey{secret: ExamplesReadKey, org: OrgID},
		apiKey{secret: ExamplesWriteKey, org: OrgID, write: true})
	fm := &form{id: examplesForm, org: OrgID, name: "设备合格证", number: "FX-C04", note: "出厂合格证核验",
		typ: 0, created: at(8, 8, 0), updated: at(8, 9, 0), active: at(8, 10, 0), verification: true,
		flow: &flow{id: 43, number: "HX-43", name: "合格证核验", statuses: []*status{
			{id: 61, name: "待核验", color: "#FAAD14", next: []string{"已核验", "已作废"}},
			{id: 62, name: "已核验", color: "#52C41A", next: []string{"已归档", "已作废"}},
			{id: 63, name: "已归档", color: "#8C8C8C", terminal: true},
			{id: 64, name: "已作废", color: "#F5222D", forbids: true, terminal: true},
		}}}
	d.forms = append(d.forms, fm)
	home := plain(ExamplesHome, formByID(d.forms, 5001), field{id: 271, title: "巡检人", typ: "name", masked: true, value: "赵明"},
		field{id: 272, title: "结果", typ: "radio"})
	home.number, home.qr.id = "R100001", 30001
	cred := plain(ExamplesRecord, fm, field{id: 281, title: "持证人", typ: "name", value: "刘洋"},
		field{id: 282, title: "身份证号", typ: "identity", masked: true})
	cred.number, cred.code, cred.qr.id = "R110001", ExamplesCertificate, 30002
	cred.cert = &cert{start: "待核验", verification: true, approved: true}
	d.records = append(d.records, home, cred)
}
