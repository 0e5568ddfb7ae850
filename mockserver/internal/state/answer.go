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
	return RecordView{Rec: recordOf(rec), Status: statusOf(status), Changes: changesOf(changes)}
}

func recordOf(r *scenario.Record) *answer.Record {
	out := &answer.Record{ID: r.ID, Number: r.Number, Code: r.Code, URL: r.URL, SubmitAt: r.SubmitAt,
		SubmitMethod: r.SubmitMethod, Omit: r.Omit,
		Recorder: answer.Recorder{AuthID: r.Recorder.AuthID, UserID: r.Recorder.UserID, Name: r.Recorder.Name,
			NameMasked: r.Recorder.NameMasked, NamePremasked: r.Recorder.NamePremasked},
		Form: formOf(r.Form), Project: projectOf(r.Project), Groups: groupsOf(r.FieldGroups())}
	if o := r.Org; o != nil {
		out.Org = &answer.Org{ID: o.ID, Name: o.Name, Code: o.Code, LogoURL: o.LogoURL}
	}
	if q := r.QRCode; q != nil {
		out.QRCode = &answer.QRCode{ID: q.ID, Name: q.Name, Type: q.Type, TypeText: q.TypeText, URL: q.URL,
			Number: q.Number, CategoryID: q.CategoryID}
		if q.Form != nil {
			out.QRCode.TemplateID = q.Form.ID
		}
	}
	if a := r.Audit; a != nil {
		out.Audit = &answer.Audit{Enabled: a.Enabled, StageID: a.StageID, StageTitle: a.StageTitle,
			Status: a.Status, StatusText: a.StatusText, AuditorName: a.AuditorName}
	}
	if p := r.Process; p != nil {
		out.Process = &answer.Process{Enabled: p.Enabled, Text: p.Text, Color: p.Color}
	}
	if n := r.Notary; n != nil {
		out.Notary = &answer.Notary{TxHash: n.TxHash, EvidenceURL: n.EvidenceURL, NotarizedAt: n.NotarizedAt}
	}
	if s := r.Shown; s != nil {
		out.Shown = &answer.Shown{JSONLD: s.JSONLD, Markdown: s.Markdown}
	}
	return out
}

func groupsOf(groups []scenario.Group) []answer.Group {
	out := make([]answer.Group, len(groups))
	for i, g := range groups {
		fields := make([]answer.Field, len(g.Fields))
		for j, f := range g.Fields {
			fields[j] = answer.Field{ID: f.ID, Title: f.Title, Type: f.Type, Desc: f.Desc, ShortName: f.ShortName,
				Value: f.Value, Result: f.Result, Highlight: f.Highlight, Hidden: f.Hidden,
				Masked: f.Masked, Premasked: f.Premasked}
		}
		out[i] = answer.Group{ID: g.ID, Title: g.Title, ShowTitle: g.ShowTitle, PageBreak: g.PageBreak, Fields: fields}
	}
	return out
}

func formOf(f *scenario.Form) *answer.Form {
	if f == nil {
		return nil
	}
	return &answer.Form{ID: f.ID, Name: f.Name, Type: f.Type, TypeText: f.TypeText, Number: f.Number, Note: f.Note,
		CreatedAt: f.CreatedAt, UpdatedAt: f.UpdatedAt, ActiveAt: f.ActiveAt, Project: projectOf(f.Project)}
}

func projectOf(p *scenario.Project) *answer.Project {
	if p == nil {
		return nil
	}
	return &answer.Project{ID: p.ID, Name: p.Name, Number: p.Number}
}

func statusOf(s *scenario.Status) *answer.Status {
	if s == nil {
		return nil
	}
	return &answer.Status{Name: s.Name, Color: s.Color}
}

func changesOf(changes []scenario.StateChange) []answer.Change {
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
