package state

import (
	"github.com/rtq-kit/rtq/mockserver/internal/answer"
	"github.com/rtq-kit/rtq/scenario"
)

// Where the scenario's types become the mock's own view of an answer
// (package answer), the only values the encoder reads: a record when a
// view of it is made (its field values are made on demand for a generated
// record, so they are converted then too), the list items and the error
// rules when the index is built.

// ViewOf is a record at a status and with state changes, as the encoder
// renders it; a store that keeps what verifies moved makes its views here.
func ViewOf(rec *scenario.Record, status *scenario.Status, changes []scenario.StateChange) RecordView {
	b := &recordBox{}
	v := RecordView{Rec: b.record(rec), Changes: changesOf(changes)}
	if status != nil {
		b.status = answer.Status{Name: status.Name, Color: status.Color}
		v.Status = &b.status
	}
	return v
}

// recordBox holds a record's view and the blocks it points to, made in
// one allocation: a record is converted each time it is rendered afresh.
type recordBox struct {
	rec         answer.Record
	org         answer.Org
	form        answer.Form
	formProject answer.Project
	project     answer.Project
	qrcode      answer.QRCode
	audit       answer.Audit
	process     answer.Process
	notary      answer.Notary
	shown       answer.Shown
	status      answer.Status
}

func (b *recordBox) record(r *scenario.Record) *answer.Record {
	out := &b.rec
	*out = answer.Record{ID: r.ID, Number: r.Number, Code: r.Code, URL: r.URL, SubmitAt: r.SubmitAt,
		SubmitMethod: r.SubmitMethod, Omit: r.Omit,
		Recorder: answer.Recorder{AuthID: r.Recorder.AuthID, UserID: r.Recorder.UserID, Name: r.Recorder.Name,
			NameMasked: r.Recorder.NameMasked, NamePremasked: r.Recorder.NamePremasked},
		Groups: groupsOf(r.FieldGroups())}
	if o := r.Org; o != nil {
		b.org = answer.Org{ID: o.ID, Name: o.Name, Code: o.Code, LogoURL: o.LogoURL}
		out.Org = &b.org
	}
	if f := r.Form; f != nil {
		b.form = formValue(f, &b.formProject)
		out.Form = &b.form
	}
	if p := r.Project; p != nil {
		b.project = answer.Project{ID: p.ID, Name: p.Name, Number: p.Number}
		out.Project = &b.project
	}
	if q := r.QRCode; q != nil {
		b.qrcode = answer.QRCode{ID: q.ID, Name: q.Name, Type: q.Type, TypeText: q.TypeText, URL: q.URL,
			Number: q.Number, CategoryID: q.CategoryID}
		if q.Form != nil {
			b.qrcode.TemplateID = q.Form.ID
		}
		out.QRCode = &b.qrcode
	}
	if a := r.Audit; a != nil {
		b.audit = answer.Audit{Enabled: a.Enabled, StageID: a.StageID, StageTitle: a.StageTitle,
			Status: a.Status, StatusText: a.StatusText, AuditorName: a.AuditorName}
		out.Audit = &b.audit
	}
	if p := r.Process; p != nil {
		b.process = answer.Process{Enabled: p.Enabled, Text: p.Text, Color: p.Color}
		out.Process = &b.process
	}
	if n := r.Notary; n != nil {
		b.notary = answer.Notary{TxHash: n.TxHash, EvidenceURL: n.EvidenceURL, NotarizedAt: n.NotarizedAt}
		out.Notary = &b.notary
	}
	if s := r.Shown; s != nil {
		b.shown = answer.Shown{JSONLD: s.JSONLD, Markdown: s.Markdown}
		out.Shown = &b.shown
	}
	return out
}

// groupsOf converts groups, the fields of all of them in one slice.
func groupsOf(groups []scenario.Group) []answer.Group {
	n := 0
	for _, g := range groups {
		n += len(g.Fields)
	}
	out, fields := make([]answer.Group, len(groups)), make([]answer.Field, 0, n)
	for i, g := range groups {
		from := len(fields)
		for _, f := range g.Fields {
			fields = append(fields, answer.Field{ID: f.ID, Title: f.Title, Type: f.Type, Desc: f.Desc, ShortName: f.ShortName,
				Value: f.Value, Result: f.Result, Highlight: f.Highlight, Hidden: f.Hidden,
				Masked: f.Masked, Premasked: f.Premasked})
		}
		out[i] = answer.Group{ID: g.ID, Title: g.Title, ShowTitle: g.ShowTitle, PageBreak: g.PageBreak,
			Fields: fields[from:len(fields):len(fields)]}
	}
	return out
}

// formValue is a form as answers show it; its project, if any, is
// written to *project.
func formValue(f *scenario.Form, project *answer.Project) answer.Form {
	out := answer.Form{ID: f.ID, Name: f.Name, Type: f.Type, TypeText: f.TypeText, Number: f.Number, Note: f.Note,
		CreatedAt: f.CreatedAt, UpdatedAt: f.UpdatedAt, ActiveAt: f.ActiveAt}
	if p := f.Project; p != nil {
		*project = answer.Project{ID: p.ID, Name: p.Name, Number: p.Number}
		out.Project = project
	}
	return out
}

// formOf is formValue for getFormList's entries, made once an index.
func formOf(f *scenario.Form) *answer.Form {
	box := &struct {
		form    answer.Form
		project answer.Project
	}{}
	box.form = formValue(f, &box.project)
	return &box.form
}

func changesOf(changes []scenario.StateChange) []answer.Change {
	if len(changes) == 0 {
		return nil
	}
	out := make([]answer.Change, len(changes))
	for i, c := range changes {
		out[i] = answer.Change{StateID: c.StateID, StateName: c.StateName, StateNumber: c.StateNumber,
			From: answer.Status(c.From), To: answer.Status(c.To)}
	}
	return out
}

// rulesOf are the scenario's rules for error answers; nil when it keeps
// the kit's throughout.
func rulesOf(sc *scenario.Scenario) *answer.ErrorRules {
	svc := sc.Service
	always200 := sc.HTTPStatus == scenario.StatusAlways200
	if svc == nil && !always200 {
		return nil
	}
	r := &answer.ErrorRules{Always200: always200}
	if svc == nil {
		return r
	}
	r.Messages, r.StatusByCode, r.OtherStatus, r.Join = svc.ErrorMessages, svc.StatusByCode, svc.OtherErrorStatus, svc.DetailJoin
	for ep, where := range svc.DetailIn {
		if where == scenario.DetailInMessage {
			if r.InMessage == nil {
				r.InMessage = map[string]bool{}
			}
			r.InMessage[ep] = true
		}
	}
	for _, e := range svc.Errors {
		r.Caught = append(r.Caught, answer.Caught{Endpoint: e.Endpoint, Situation: e.Situation,
			Status: e.Status, Code: e.Code, Body: e.Body})
	}
	return r
}
