package scenario

import (
	neturl "net/url"
	"strconv"

	"github.com/rtq-kit/rtq/fake"
)

// auditTexts are the labels of audit.status (docs/contract.md §3.2).
var auditTexts = map[int]string{0: "待审核", 1: "审核通过", 2: "审核不通过"}

// DefaultSubmitMethod is submit_method when a record does not say.
const DefaultSubmitMethod = "扫码填写"

func (r *resolver) recordsOf(list []*recordDoc) {
	for _, d := range list {
		rec := r.record(d)
		if rec != nil {
			r.sc.Records = append(r.sc.Records, rec)
		}
	}
}

func (r *resolver) record(d *recordDoc) *Record {
	fk := r.itemFaker(saltRecord, d.ID)
	rec := &Record{ID: d.ID, Number: d.Number, Code: d.Code, SubmitMethod: d.SubmitMethod}
	if d.Form != nil {
		rec.Form = r.form(d.at.child("form"), *d.Form)
	}
	rec.Org = r.recordOrg(d, rec.Form)
	if d.Form == nil || rec.Form != nil { // a dangling form is reported once
		rec.QRCode = r.recordQR(d.at, d.QRCode, rec.Org, rec.Form)
	}
	rec.Project = r.recordProject(d, rec)
	r.recordIdentity(d.at, rec, fk, d.URL)
	rec.SubmitAt = r.timeOr(d.at.child("submit_at"), d.SubmitAt, fk.Time())
	if rec.SubmitMethod == "" {
		rec.SubmitMethod = DefaultSubmitMethod
	}
	rec.Recorder = recorder(d.Recorder, fk)
	rec.Groups = r.groups(d, fk)
	rec.Audit = audit(d.Audit)
	rec.Process = process(d.ProcessStatus)
	rec.StateChanges = stateChanges(d.StateChanges)
	rec.Notary = r.notary(d.at.child("trusted_notary"), d.Notary, rec, fk)
	rec.Omit = d.Omit
	rec.Shown = r.shown(d.at.child("shown"), d.Shown)
	if d.Certificate != nil {
		rec.Cert = r.certificate(d.at.child("certificate"), d.Certificate, rec.Form)
		if rec.Cert != nil && rec.Process == nil {
			rec.Process = certProcess(rec.Cert.Status)
		}
	}
	return rec
}

func (r *resolver) recordOrg(d *recordDoc, form *Form) *Org {
	if d.Org == "" && form != nil {
		return form.Org
	}
	org := r.org(d.at.child("org"), d.Org)
	if form != nil && form.Org != org {
		r.ps.add(d.at.child("form"), "form %d belongs to organization %q, not the record's %q", form.ID, form.Org.Code, org.Code)
	}
	return org
}

// recordQR resolves the record's QR code: the one named, else the first
// QR code of its form (or, without a form, of its organization).
func (r *resolver) recordQR(a at, id *int64, org *Org, form *Form) *QRCode {
	if id != nil {
		q, ok := r.qrcodes[*id]
		if !ok {
			r.ps.add(a.child("qrcode"), "QR code %d does not exist (%s)", *id, idRange("QR codes", len(r.qrcodes), keysOf(r.qrcodes)))
			return nil
		}
		if q.Form != nil && form != nil && q.Form != form {
			r.ps.add(a.child("qrcode"), "QR code %d is linked to form %d, not the record's form %d", q.ID, q.Form.ID, form.ID)
		}
		if q.Org != org {
			r.ps.add(a.child("qrcode"), "QR code %d belongs to organization %q, not %q", q.ID, q.Org.Code, org.Code)
		}
		return q
	}
	if form != nil {
		if q := r.firstQR[form.ID]; q != nil {
			return q
		}
		return r.autoQR(form.Org, form, form.Name+"二维码")
	}
	if q := r.orgQR[org.ID]; q != nil {
		return q
	}
	return r.autoQR(org, nil, "通用码")
}

// autoQR adds the QR code a record needs when the scenario links none to
// its form (or, for a record without a form, to its organization): writing
// a record should not require writing a QR code first. Its id follows the
// highest QR code id so far.
func (r *resolver) autoQR(org *Org, form *Form, name string) *QRCode {
	id := int64(1)
	for qid := range r.qrcodes {
		id = max(id, qid+1)
	}
	q := &QRCode{ID: id, Org: org, Name: name, TypeText: "普通码", Form: form, Number: "Q" + strconv.FormatInt(id, 10)}
	q.URL = "https://" + org.Host + "/q/" + q.Number
	r.qrcodes[id] = q
	r.indexQR(q)
	r.sc.QRCodes = append(r.sc.QRCodes, q)
	return q
}

func (r *resolver) recordProject(d *recordDoc, rec *Record) *Project {
	if d.Project != nil {
		return r.project(d.at.child("project"), d.Project, rec.Org)
	}
	if rec.Form != nil {
		return rec.Form.Project
	}
	return nil
}

// recordIdentity fills and checks id, number, code and URL. url is the
// record_url the scenario gives (a recording keeps the service's own);
// without one it is derived from the organization's host and the code.
func (r *resolver) recordIdentity(a at, rec *Record, fk *fake.Faker, url string) {
	if rec.Number == "" {
		rec.Number = "R" + strconv.FormatInt(rec.ID, 10)
	}
	if rec.Code == "" {
		rec.Code = recordCode("rc", rec.ID, fk)
	}
	rec.URL = "https://" + rec.Org.Host + "/r/" + rec.Code
	if url != "" {
		if u, err := neturl.Parse(url); err != nil || u.Scheme != "https" && u.Scheme != "http" || u.Host == "" {
			r.ps.add(a.child("url"), "url %q is not an absolute http(s) URL: a record_url is the record's full access URL", url)
		} else {
			rec.URL = url
		}
	}
	if r.recordURL[rec.URL] && !r.recordIDs[rec.ID] && (url != "" || !r.recordCode[rec.Code]) {
		r.ps.add(a.child("url"), "record url %q is used twice: getRecord and verify find a record by it", rec.URL)
	}
	r.recordURL[rec.URL] = true
	if r.recordIDs[rec.ID] {
		r.ps.add(a.child("id"), "record id %d is used twice: record ids are unique across all organizations", rec.ID)
	}
	// A clash of ids already explains a clash of the codes and numbers
	// derived from them: report it once.
	if r.recordCode[rec.Code] && !r.recordIDs[rec.ID] {
		r.ps.add(a.child("code"), "record code %q is used twice: codes are unique across all organizations", rec.Code)
	}
	numKey := strconv.FormatInt(rec.Org.ID, 10) + "\x00" + rec.Number
	if r.recordNums[numKey] && !r.recordIDs[rec.ID] {
		r.ps.add(a.child("number"), "record number %q is used twice in organization %q: numbers are unique per organization", rec.Number, rec.Org.Code)
	}
	r.recordIDs[rec.ID], r.recordCode[rec.Code], r.recordNums[numKey] = true, true, true
	r.maxRecord = max(r.maxRecord, rec.ID)
}

// recordCode derives a code from the id (unique by construction: the id
// part has a fixed width) plus four seeded characters, so codes are not
// guessable from neighbours.
func recordCode(prefix string, id int64, fk *fake.Faker) string {
	return string(appendCode(make([]byte, 0, len(prefix)+12), prefix, id, fk))
}

// appendCode appends recordCode's code to b (the same draws).
func appendCode(b []byte, prefix string, id int64, fk *fake.Faker) []byte {
	b = append(b, prefix...)
	var digits [16]byte
	d := strconv.AppendInt(digits[:0], id, 36)
	for i := len(d); i < 8; i++ {
		b = append(b, '0')
	}
	b = append(b, d...)
	return fk.AppendHex(b, 4)
}

func recorder(d *recorderDoc, fk *fake.Faker) Recorder {
	rc := Recorder{AuthID: fk.Between(10000, 99999), UserID: fk.Between(100000, 999999), Name: fk.Name()}
	if d == nil {
		return rc
	}
	if d.AuthID != nil {
		rc.AuthID = *d.AuthID
	}
	if d.UserID != nil {
		rc.UserID = *d.UserID
	}
	if d.Name != nil {
		rc.Name = *d.Name
	}
	rc.NameMasked = d.NameMasked || d.Premasked
	rc.NamePremasked = d.Premasked
	return rc
}

func audit(d *auditDoc) *Audit {
	if d == nil {
		return nil
	}
	a := &Audit{Enabled: d.Enabled == nil || *d.Enabled, Status: d.Status, StageID: d.StageID, StageTitle: d.StageTitle, AuditorName: d.Auditor, StatusText: d.StatusText}
	if a.StatusText == nil && a.Status != nil {
		t := auditTexts[*a.Status]
		a.StatusText = &t
	}
	return a
}

func process(d *processDoc) *ProcessStatus {
	if d == nil {
		return nil
	}
	return &ProcessStatus{Enabled: d.Enabled == nil || *d.Enabled, Text: d.Text, Color: d.Color}
}

// certProcess shows a credential record's certificate status as its
// process status (docs/contract.md §C6).
func certProcess(st *Status) *ProcessStatus {
	if st == nil {
		return nil
	}
	text, color := st.Name, st.Color
	return &ProcessStatus{Enabled: true, Text: &text, Color: &color}
}

func stateChanges(list []stateChangeDoc) []StateChange {
	out := make([]StateChange, 0, len(list))
	for _, d := range list {
		out = append(out, StateChange{StateID: d.State.ID, StateName: d.State.Name, StateNumber: d.State.Number,
			From: StateOption(d.From), To: StateOption(d.To)})
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

func (r *resolver) notary(a at, d *notaryDoc, rec *Record, fk *fake.Faker) *Notary {
	if d == nil {
		return nil
	}
	n := &Notary{TxHash: d.TxHash, EvidenceURL: d.EvidenceURL}
	if n.TxHash == "" {
		n.TxHash = "0x" + fk.Hex(64)
	}
	if n.EvidenceURL == "" {
		n.EvidenceURL = "https://" + rec.Org.Host + "/notary/" + rec.Code
	}
	n.NotarizedAt = r.timeOr(a.child("notarized_at"), d.NotarizedAt, rec.SubmitAt)
	return n
}

// certificate resolves the verify switches; the form must carry a flow.
func (r *resolver) certificate(a at, d *certDoc, form *Form) *Certificate {
	if form == nil || form.Flow == nil {
		what := "the record has no form"
		if form != nil {
			what = "form " + strconv.FormatInt(form.ID, 10) + " has no flow"
		}
		r.ps.add(a, "a credential record needs a form with a flow, but %s: add flow: to the form or remove certificate", what)
		return nil
	}
	if len(form.Flow.Statuses) == 0 {
		return nil
	}
	c := &Certificate{Status: form.Flow.Statuses[0], Verification: d.Verification == nil || *d.Verification,
		IdentityRequired: d.IdentityRequired, AuthCodeInvalid: d.AuthCodeInvalid, ForceFailure: d.ForceFailure}
	if d.Status != nil {
		if st := r.statusRef(a.child("status"), form.Flow, d.Status); st != nil {
			c.Status = st
		}
	}
	return c
}

// auditWith is the review block of a generated record with this status.
func auditWith(status int) *Audit {
	s, t := status, auditTexts[status]
	return &Audit{Enabled: true, Status: &s, StatusText: &t}
}
