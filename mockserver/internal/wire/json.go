package wire

import (
	"bytes"
	"encoding/json"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/answer"
	"github.com/rtq-kit/rtq/mockserver/internal/state"
)

// getRecord's format=json (docs/contract.md §2.1 and §4.1): the record payload, members
// in the spec's order, built as structs and encoded once per record and
// status (the state caches the answer).

// jsonRecord is the record payload of format=json.
type jsonRecord struct {
	RecordID       int64              `json:"record_id"`
	RecordNumber   string             `json:"record_number"`
	RecordCode     string             `json:"record_code"`
	RecordURL      string             `json:"record_url"`
	SubmitAt       int64              `json:"submit_at"`
	SubmitAtISO    string             `json:"submit_at_iso"`
	SubmitMethod   string             `json:"submit_method"`
	Recorder       jsonRecorder       `json:"recorder"`
	TplGroups      []jsonGroup        `json:"tpl_groups"`
	Project        *jsonProject       `json:"project,omitempty"`
	QRCode         jsonQRCode         `json:"qrcode"`
	Org            jsonOrg            `json:"org"`
	RecordTemplate jsonTemplate       `json:"record_template"`
	Audit          *jsonAudit         `json:"audit,omitempty"`
	ProcessStatus  *jsonProcess       `json:"process_status,omitempty"`
	StateChanges   []jsonStateChange  `json:"state_changes,omitempty"`
	TrustedNotary  *jsonTrustedNotary `json:"trusted_notary,omitempty"`
}

type jsonRecorder struct {
	AuthID int64  `json:"auth_id"`
	UserID int64  `json:"user_id"`
	Name   string `json:"name"`
}

type jsonGroup struct {
	GroupID        int64       `json:"group_id"`
	GroupTitle     string      `json:"group_title"`
	ShowGroupTitle bool        `json:"show_group_title"`
	IsPageBreak    bool        `json:"is_page_break_group"`
	Fields         []jsonField `json:"fields"`
}

type jsonField struct {
	FieldID        int64       `json:"field_id"`
	FieldTitle     string      `json:"field_title"`
	FieldType      string      `json:"field_type"`
	FieldValue     any         `json:"field_value"`
	Options        jsonOptions `json:"options"`
	FieldDesc      string      `json:"field_desc,omitempty"`
	FieldShortName string      `json:"field_short_name,omitempty"`
	GroupID        int64       `json:"group_id"`
}

type jsonOptions struct {
	IsResult    bool `json:"is_result"`
	IsHighlight bool `json:"is_highlight"`
	IsHidden    bool `json:"is_hidden"`
	IsMasked    bool `json:"is_masked"`
}

type jsonProject struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Number string `json:"number"`
}

type jsonQRCode struct {
	ID         int64        `json:"id"`
	Name       string       `json:"name"`
	Type       int          `json:"type"`
	TypeText   string       `json:"type_text"`
	TemplateID int64        `json:"template_id"`
	QRCodeURL  string       `json:"qrcode_url"`
	Number     string       `json:"number"`
	CategoryID maybe[int64] `json:"category_id,omitzero"`
}

type jsonOrg struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Code    string `json:"code"`
	LogoURL string `json:"logo_url"`
}

type jsonTemplate struct {
	ID       *int64  `json:"id"`
	Name     *string `json:"name"`
	Type     *int    `json:"type"`
	TypeText *string `json:"type_text"`
	Number   *string `json:"number"`
}

type jsonAudit struct {
	Enabled           bool          `json:"enabled"`
	CurrentStageID    maybe[int64]  `json:"current_stage_id,omitzero"`
	CurrentStageTitle maybe[string] `json:"current_stage_title,omitzero"`
	Status            maybe[int]    `json:"status,omitzero"`
	StatusText        maybe[string] `json:"status_text,omitzero"`
	AuditorName       maybe[string] `json:"auditor_name,omitzero"`
}

type jsonProcess struct {
	Enabled bool          `json:"enabled"`
	Text    maybe[string] `json:"text,omitzero"`
	Color   maybe[string] `json:"color,omitzero"`
}

type jsonStateChange struct {
	State jsonState       `json:"state"`
	From  jsonStateOption `json:"from_state_option"`
	To    jsonStateOption `json:"to_state_option"`
}

type jsonState struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Number string `json:"number"`
}

type jsonStateOption struct {
	Name  string `json:"name"`
	Color string `json:"color"`
}

type jsonTrustedNotary struct {
	TxHash         string `json:"tx_hash"`
	EvidenceURL    string `json:"evidence_url"`
	NotarizedAt    int64  `json:"notarized_at"`
	NotarizedAtISO string `json:"notarized_at_iso"`
}

// marshal encodes without HTML escaping (description_html stays readable).
func marshal(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Only a scenario value encoding/json cannot encode gets here
		// (NaN, a channel); the loader never produces one.
		return []byte("null")
	}
	return bytes.TrimRight(b.Bytes(), "\n")
}

// recordJSON renders the record payload with masking applied.
func recordJSON(v state.RecordView) *jsonRecord {
	r := v.Rec
	out := &jsonRecord{
		RecordID: r.ID, RecordNumber: r.Number, RecordCode: r.Code, RecordURL: r.URL,
		SubmitAt: r.SubmitAt, SubmitAtISO: contract.ISO(r.SubmitAt), SubmitMethod: r.SubmitMethod,
		Recorder:       jsonRecorder{AuthID: r.Recorder.AuthID, UserID: r.Recorder.UserID, Name: recorderName(r)},
		TplGroups:      groupsJSON(r.Groups),
		QRCode:         qrcodeJSON(r),
		RecordTemplate: templateJSON(r.Form),
		Audit:          auditJSON(r),
		ProcessStatus:  processJSON(v),
		StateChanges:   changesJSON(v),
	}
	if r.Org != nil {
		out.Org = jsonOrg{ID: r.Org.ID, Name: r.Org.Name, Code: r.Org.Code, LogoURL: r.Org.LogoURL}
	}
	if p := r.Project; p != nil {
		out.Project = &jsonProject{ID: p.ID, Name: p.Name, Number: p.Number}
	}
	if n := r.Notary; n != nil {
		out.TrustedNotary = &jsonTrustedNotary{TxHash: n.TxHash, EvidenceURL: n.EvidenceURL,
			NotarizedAt: n.NotarizedAt, NotarizedAtISO: contract.ISO(n.NotarizedAt)}
	}
	return out
}

func recorderName(r *answer.Record) string {
	if r.Recorder.NameMasked && !r.Recorder.NamePremasked {
		return MaskName(r.Recorder.Name)
	}
	return r.Recorder.Name
}

func groupsJSON(groups []answer.Group) []jsonGroup {
	out := make([]jsonGroup, 0, len(groups))
	for _, g := range groups {
		jg := jsonGroup{GroupID: g.ID, GroupTitle: g.Title, ShowGroupTitle: g.ShowTitle,
			IsPageBreak: g.PageBreak, Fields: make([]jsonField, 0, len(g.Fields))}
		for _, f := range g.Fields {
			value, masked := fieldValue(f)
			jg.Fields = append(jg.Fields, jsonField{
				FieldID: f.ID, FieldTitle: f.Title, FieldType: f.Type, FieldValue: value,
				Options:   jsonOptions{IsResult: f.Result, IsHighlight: f.Highlight, IsHidden: f.Hidden, IsMasked: masked},
				FieldDesc: f.Desc, FieldShortName: f.ShortName, GroupID: g.ID,
			})
		}
		out = append(out, jg)
	}
	return out
}

// fieldValue is the value as it leaves the mock: masked when the field is
// masked and its value is a string (docs/contract.md §C8: the mock sets
// is_masked only on string values).
func fieldValue(f answer.Field) (any, bool) {
	if s, ok := f.Value.(string); ok && f.Masked {
		if f.Premasked { // recorded already masked: served as the service showed it
			return s, true
		}
		return MaskField(f.Type, s), true
	}
	return f.Value, false
}

func qrcodeJSON(r *answer.Record) jsonQRCode {
	q := r.QRCode
	if q == nil {
		return jsonQRCode{QRCodeURL: "https://invalid.example/q/0"}
	}
	return jsonQRCode{ID: q.ID, Name: q.Name, Type: q.Type, TypeText: q.TypeText, TemplateID: q.TemplateID,
		QRCodeURL: q.URL, Number: q.Number, CategoryID: maybeOf(q.CategoryID, r.Omits, "qrcode.category_id")}
}

func templateJSON(f *answer.Form) jsonTemplate {
	if f == nil {
		return jsonTemplate{}
	}
	return jsonTemplate{ID: &f.ID, Name: &f.Name, Type: &f.Type, TypeText: &f.TypeText, Number: &f.Number}
}

func auditJSON(r *answer.Record) *jsonAudit {
	a := r.Audit
	if a == nil {
		return nil
	}
	return &jsonAudit{Enabled: a.Enabled, CurrentStageID: maybeOf(a.StageID, r.Omits, "audit.current_stage_id"),
		CurrentStageTitle: maybeOf(a.StageTitle, r.Omits, "audit.current_stage_title"),
		Status:            maybeOf(a.Status, r.Omits, "audit.status"),
		StatusText:        maybeOf(a.StatusText, r.Omits, "audit.status_text"),
		AuditorName:       maybeOf(a.AuditorName, r.Omits, "audit.auditor_name")}
}

// processJSON shows a credential record's current certificate status
// (docs/contract.md §C6, KIT); other records show the scenario's block.
func processJSON(v state.RecordView) *jsonProcess {
	if v.Status != nil {
		name, color := v.Status.Name, v.Status.Color
		return &jsonProcess{Enabled: true, Text: maybe[string]{v: &name}, Color: maybe[string]{v: &color}}
	}
	p := v.Rec.Process
	if p == nil {
		return nil
	}
	return &jsonProcess{Enabled: p.Enabled, Text: maybeOf(p.Text, v.Rec.Omits, "process_status.text"),
		Color: maybeOf(p.Color, v.Rec.Omits, "process_status.color")}
}

func changesJSON(v state.RecordView) []jsonStateChange {
	out := make([]jsonStateChange, 0, len(v.Changes))
	for _, c := range v.Changes {
		out = append(out, jsonStateChange{
			State: jsonState{ID: c.StateID, Name: c.StateName, Number: c.StateNumber},
			From:  jsonStateOption{Name: c.From.Name, Color: c.From.Color},
			To:    jsonStateOption{Name: c.To.Name, Color: c.To.Color},
		})
	}
	if len(out) == 0 && v.Status == nil {
		return nil
	}
	return out
}
