package scenario

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/goccy/go-yaml"
)

// Marshal writes a scenario as YAML with everything spelled out: every
// default applied, every generated record, template and value written, so
// loading the output gives the same scenario whatever the seed (a fixed
// point: load → Marshal → load). It is how a captured or edited scenario
// is saved.
func Marshal(sc *Scenario) ([]byte, error) {
	data, err := marshalJSON(sc)
	if err != nil {
		return nil, err
	}
	out, err := yaml.JSONToYAML(data)
	if err != nil {
		return nil, fmt.Errorf("marshal scenario: %w", err)
	}
	return out, nil
}

// marshalJSON is Marshal's document as JSON: the same content, without the
// costly conversion to YAML, for comparing two scenarios.
func marshalJSON(sc *Scenario) ([]byte, error) {
	d := &document{Name: &sc.Name, Seed: &sc.Seed}
	mode := string(sc.HTTPStatus)
	d.HTTPStatus = &mode
	for _, o := range sc.Orgs {
		d.Orgs = append(d.Orgs, &orgDoc{ID: o.ID, Name: o.Name, Code: o.Code, Host: o.Host, LogoURL: o.LogoURL})
	}
	for _, k := range sc.Keys {
		d.Keys = append(d.Keys, keyOut(k))
	}
	for _, p := range sc.Projects {
		d.Projects = append(d.Projects, &projectDoc{ID: p.ID, Org: p.Org.Code, Name: p.Name, Number: p.Number})
	}
	for _, f := range sc.Forms {
		d.Forms = append(d.Forms, formOut(f))
	}
	for _, q := range sc.QRCodes {
		d.QRCodes = append(d.QRCodes, qrOut(q))
	}
	for _, r := range sc.Records {
		d.Records = append(d.Records, recordOut(r))
	}
	for _, t := range sc.Templates {
		d.Templates = append(d.Templates, templateOut(t))
	}
	for _, f := range sc.Faults {
		d.Faults = append(d.Faults, &faultDoc{Rule: f})
	}
	if s := sc.Service; s != nil {
		d.Service = &serviceDoc{Messages: s.Messages, ErrorDetail: s.DetailIn, DetailJoin: s.DetailJoin, ErrorStatusOther: s.OtherErrorStatus,
			IntegerStrings: s.IntegerStrings}
		for ep, byCode := range s.ErrorMessages {
			if d.Service.ErrorMessages == nil {
				d.Service.ErrorMessages = map[string]map[string]string{}
			}
			d.Service.ErrorMessages[ep] = map[string]string{}
			for code, m := range byCode {
				d.Service.ErrorMessages[ep][strconv.Itoa(code)] = m
			}
		}
		if s.FormsInFileOrder {
			d.Service.FormOrder = "file"
		}
		if q := s.Search; q != nil {
			d.Service.Search = &searchDoc{Match: q.Match, Case: "ignore", Trim: q.Trim, Fields: q.Fields, Order: "list"}
			if q.CaseExact {
				d.Service.Search.Case = "exact"
			}
			if q.NameFirst {
				d.Service.Search.Order = "name_first"
			}
		}
		if s.NewestFirst {
			d.Service.ListOrder = "newest_first"
		}
		for code, st := range s.StatusByCode {
			if d.Service.HTTPStatus == nil {
				d.Service.HTTPStatus = map[string]int{}
			}
			d.Service.HTTPStatus[strconv.Itoa(code)] = st
		}
		for _, rp := range s.Replay {
			d.Service.Replay = append(d.Service.Replay, &replayDoc{Endpoint: rp.Endpoint, Request: rp.Request, Status: rp.Status, Body: string(rp.Body)})
		}
		for _, e := range s.Errors {
			d.Service.Errors = append(d.Service.Errors, &errorDoc{Endpoint: e.Endpoint, Situation: e.Situation, Status: e.Status, Body: string(e.Body)})
		}
	}
	data, err := json.Marshal(d)
	if err != nil {
		return nil, fmt.Errorf("marshal scenario: %w", err)
	}
	return data, nil
}

func keyOut(k *Key) *keyDoc {
	kd := &keyDoc{Name: k.Name, Secret: k.Secret, Org: k.Org.Code, Scopes: []string{}, Forms: k.Forms}
	if k.Read {
		kd.Scopes = append(kd.Scopes, "read")
	}
	if k.Write {
		kd.Scopes = append(kd.Scopes, "write")
	}
	return kd
}

func formOut(f *Form) *formDoc {
	fd := &formDoc{ID: f.ID, Org: f.Org.Code, Name: f.Name, Type: &f.Type, TypeText: &f.TypeText, Number: f.Number, Note: f.Note,
		CreatedAt: f.CreatedAt, UpdatedAt: f.UpdatedAt, ActiveAt: f.ActiveAt}
	if f.Project != nil {
		fd.Project = &f.Project.ID
	}
	if f.Flow != nil {
		fl := &flowDoc{ID: f.Flow.ID, Number: f.Flow.Number, Verification: &f.Flow.Verification}
		for _, s := range f.Flow.Statuses {
			sd := &statusDoc{ID: s.ID, Name: s.Name, Color: s.Color, Terminal: s.Terminal, ForbidsVerification: s.ForbidsVerification}
			for _, n := range s.Next {
				sd.Next = append(sd.Next, n.ID)
			}
			fl.Statuses = append(fl.Statuses, sd)
		}
		fd.Flow = fl
	}
	return fd
}

func qrOut(q *QRCode) *qrcodeDoc {
	qd := &qrcodeDoc{ID: q.ID, Org: q.Org.Code, Name: q.Name, Type: q.Type, TypeText: &q.TypeText, URL: q.URL, Number: q.Number, CategoryID: q.CategoryID}
	if q.Form != nil {
		qd.Form = &q.Form.ID
	}
	return qd
}

func recordOut(r *Record) *recordDoc {
	rd := &recordDoc{ID: r.ID, Org: r.Org.Code, Number: r.Number, Code: r.Code, SubmitAt: r.SubmitAt, SubmitMethod: r.SubmitMethod,
		Recorder: &recorderDoc{AuthID: &r.Recorder.AuthID, UserID: &r.Recorder.UserID, Name: &r.Recorder.Name, NameMasked: r.Recorder.NameMasked, Premasked: r.Recorder.NamePremasked}}
	if r.URL != "https://"+r.Org.Host+"/r/"+r.Code {
		rd.URL = r.URL // a derived URL is left out: it follows the host and code
	}
	if r.Form != nil {
		rd.Form = &r.Form.ID
	}
	if r.QRCode != nil {
		rd.QRCode = &r.QRCode.ID
	}
	if r.Project != nil {
		rd.Project = &r.Project.ID
	}
	groups := r.FieldGroups()
	rd.Groups = make([]*groupDoc, 0, len(groups))
	for _, g := range groups {
		rd.Groups = append(rd.Groups, groupOut(g))
	}
	if a := r.Audit; a != nil {
		rd.Audit = &auditDoc{Enabled: &a.Enabled, Status: a.Status, StatusText: a.StatusText, StageID: a.StageID, StageTitle: a.StageTitle, Auditor: a.AuditorName}
	}
	if p := r.Process; p != nil {
		rd.ProcessStatus = &processDoc{Enabled: &p.Enabled, Text: p.Text, Color: p.Color}
	}
	for _, c := range r.StateChanges {
		sc := stateChangeDoc{From: stateOptionDoc(c.From), To: stateOptionDoc(c.To)}
		sc.State.ID, sc.State.Name, sc.State.Number = c.StateID, c.StateName, c.StateNumber
		rd.StateChanges = append(rd.StateChanges, sc)
	}
	if n := r.Notary; n != nil {
		rd.Notary = &notaryDoc{TxHash: n.TxHash, EvidenceURL: n.EvidenceURL, NotarizedAt: n.NotarizedAt}
	}
	rd.Omit = r.Omit
	if s := r.Shown; s != nil {
		rd.Shown = &shownDoc{Markdown: s.Markdown}
		if s.JSONLD != nil {
			ld := string(s.JSONLD)
			rd.Shown.JSONLD = &ld
		}
	}
	if c := r.Cert; c != nil {
		rd.Certificate = &certDoc{Status: c.Status.ID, Verification: &c.Verification, IdentityRequired: c.IdentityRequired,
			AuthCodeInvalid: c.AuthCodeInvalid, ForceFailure: c.ForceFailure}
	}
	return rd
}

func groupOut(g Group) *groupDoc {
	gd := &groupDoc{ID: g.ID, Title: g.Title, ShowTitle: &g.ShowTitle, PageBreak: g.PageBreak, Fields: make([]*fieldDoc, 0, len(g.Fields))}
	for _, f := range g.Fields {
		gd.Fields = append(gd.Fields, &fieldDoc{ID: f.ID, Title: f.Title, Type: f.Type, Value: f.Value, Desc: f.Desc, ShortName: f.ShortName,
			Result: f.Result, Highlight: f.Highlight, Hidden: f.Hidden, Masked: f.Masked, Premasked: f.Premasked})
	}
	return gd
}

func templateOut(t *Template) *tplDoc {
	td := &tplDoc{ID: t.ID, Org: t.Org.Code, Name: t.Name, Coding: t.Coding, Created: t.CreatedAt}
	for _, s := range t.SubCodes {
		td.SubCodes = append(td.SubCodes, &subCodeDoc{ID: s.ID, Name: s.Name, Coding: s.Coding, CreatedAt: s.CreatedAt})
	}
	return td
}
