package recorder

import (
	"encoding/json"
	"strings"

	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/scenario"
)

// recordPayload is getRecord's format=json payload (docs/contract.md §2.1) as the
// upstream gave it. Field values stay plain JSON.
type recordPayload struct {
	RecordID     int64  `json:"record_id"`
	RecordNumber string `json:"record_number"`
	RecordCode   string `json:"record_code"`
	RecordURL    string `json:"record_url"`
	SubmitAt     int64  `json:"submit_at"`
	SubmitMethod string `json:"submit_method"`
	Recorder     struct {
		AuthID int64  `json:"auth_id"`
		UserID int64  `json:"user_id"`
		Name   string `json:"name"`
	} `json:"recorder"`
	TplGroups []struct {
		GroupID        int64  `json:"group_id"`
		GroupTitle     string `json:"group_title"`
		ShowGroupTitle bool   `json:"show_group_title"`
		IsPageBreak    bool   `json:"is_page_break_group"`
		Fields         []struct {
			FieldID    int64  `json:"field_id"`
			FieldTitle string `json:"field_title"`
			FieldType  string `json:"field_type"`
			FieldValue any    `json:"field_value"`
			Options    struct {
				IsResult    bool `json:"is_result"`
				IsHighlight bool `json:"is_highlight"`
				IsHidden    bool `json:"is_hidden"`
				IsMasked    bool `json:"is_masked"`
			} `json:"options"`
			FieldDesc      string `json:"field_desc"`
			FieldShortName string `json:"field_short_name"`
		} `json:"fields"`
	} `json:"tpl_groups"`
	Project *project `json:"project"`
	QRCode  struct {
		ID         int64  `json:"id"`
		Name       string `json:"name"`
		Type       int    `json:"type"`
		TypeText   string `json:"type_text"`
		TemplateID int64  `json:"template_id"`
		URL        string `json:"qrcode_url"`
		Number     string `json:"number"`
		CategoryID *int64 `json:"category_id"`
	} `json:"qrcode"`
	Org struct {
		ID      int64  `json:"id"`
		Name    string `json:"name"`
		Code    string `json:"code"`
		LogoURL string `json:"logo_url"`
	} `json:"org"`
	RecordTemplate struct {
		ID       *int64  `json:"id"`
		Name     *string `json:"name"`
		Type     *int    `json:"type"`
		TypeText *string `json:"type_text"`
		Number   *string `json:"number"`
	} `json:"record_template"`
	Audit *struct {
		Enabled    bool    `json:"enabled"`
		StageID    *int64  `json:"current_stage_id"`
		StageTitle *string `json:"current_stage_title"`
		Status     *int    `json:"status"`
		StatusText *string `json:"status_text"`
		Auditor    *string `json:"auditor_name"`
	} `json:"audit"`
	ProcessStatus *struct {
		Enabled bool    `json:"enabled"`
		Text    *string `json:"text"`
		Color   *string `json:"color"`
	} `json:"process_status"`
	StateChanges []struct {
		State struct {
			ID     int64  `json:"id"`
			Name   string `json:"name"`
			Number string `json:"number"`
		} `json:"state"`
		From scenario.StateOption `json:"from_state_option"`
		To   scenario.StateOption `json:"to_state_option"`
	} `json:"state_changes"`
	TrustedNotary *struct {
		TxHash      string `json:"tx_hash"`
		EvidenceURL string `json:"evidence_url"`
		NotarizedAt int64  `json:"notarized_at"`
	} `json:"trusted_notary"`
}

func parseRecord(data []byte) (*recordPayload, error) {
	p := &recordPayload{}
	if err := json.Unmarshal(data, p); err != nil {
		return nil, err
	}
	return p, nil
}

// buildRecord makes the scenario record of a payload. Masked values are
// kept exactly as shown (Premasked): never unmasked, never guessed.
func (b *builder) buildRecord(p *recordPayload) *scenario.Record {
	r := &scenario.Record{ID: p.RecordID, Org: b.org, Number: p.RecordNumber, Code: p.RecordCode, URL: p.RecordURL,
		SubmitAt: p.SubmitAt, SubmitMethod: p.SubmitMethod,
		Recorder: scenario.Recorder{AuthID: p.Recorder.AuthID, UserID: p.Recorder.UserID, Name: p.Recorder.Name}}
	// A recorder name holding a mask character is already masked.
	if strings.ContainsAny(p.Recorder.Name, profile.DefaultMaskChars) {
		r.Recorder.NameMasked, r.Recorder.NamePremasked = true, true
	}
	r.Form = b.recordForm(p)
	r.QRCode = b.qrcode(p, r.Form)
	if p.Project != nil {
		r.Project = b.project(p.Project)
	}
	for _, g := range p.TplGroups {
		sg := scenario.Group{ID: g.GroupID, Title: g.GroupTitle, ShowTitle: g.ShowGroupTitle, PageBreak: g.IsPageBreak, Fields: []scenario.Field{}}
		for _, f := range g.Fields {
			sf := scenario.Field{ID: f.FieldID, Title: f.FieldTitle, Type: f.FieldType, Value: f.FieldValue,
				Desc: f.FieldDesc, ShortName: f.FieldShortName, Result: f.Options.IsResult,
				Highlight: f.Options.IsHighlight, Hidden: f.Options.IsHidden}
			if _, isString := f.FieldValue.(string); f.Options.IsMasked && isString {
				sf.Masked, sf.Premasked = true, true
			}
			sg.Fields = append(sg.Fields, sf)
		}
		r.Groups = append(r.Groups, sg)
	}
	if a := p.Audit; a != nil {
		r.Audit = &scenario.Audit{Enabled: a.Enabled, StageID: a.StageID, StageTitle: a.StageTitle,
			Status: a.Status, StatusText: a.StatusText, AuditorName: a.Auditor}
	}
	if ps := p.ProcessStatus; ps != nil {
		r.Process = &scenario.ProcessStatus{Enabled: ps.Enabled, Text: ps.Text, Color: ps.Color}
	}
	for _, c := range p.StateChanges {
		r.StateChanges = append(r.StateChanges, scenario.StateChange{StateID: c.State.ID, StateName: c.State.Name,
			StateNumber: c.State.Number, From: c.From, To: c.To})
	}
	if n := p.TrustedNotary; n != nil {
		r.Notary = &scenario.Notary{TxHash: n.TxHash, EvidenceURL: n.EvidenceURL, NotarizedAt: n.NotarizedAt}
	}
	b.certificate(p, r)
	return r
}
