package foreign

import (
	"encoding/json"
	"strings"
)

// The profile is written here as plain JSON (the format of rtq's profile
// package, version 1) so that this package imports nothing of rtq.

type profileDoc struct {
	Version   int             `json:"version"`
	Name      string          `json:"name"`
	Reset     string          `json:"reset,omitempty"`
	Keys      map[string]any  `json:"keys"`
	Records   []profileRecord `json:"records"`
	Foreign   map[string]any  `json:"foreign"`
	Forms     map[string]any  `json:"forms"`
	Templates map[string]any  `json:"templates"`
	Flows     []profileFlow   `json:"flows"`
	Cases     []profileCase   `json:"cases"`
	Masking   map[string]any  `json:"masking"`
	Held      *heldDoc        `json:"held,omitempty"`
}

type profileRecord struct {
	ID           int64    `json:"id"`
	URL          string   `json:"url"`
	FieldTypes   []string `json:"field_types"`
	MaskedFields []int64  `json:"masked_fields,omitempty"`
	FormID       *int64   `json:"form_id,omitempty"`
}

type profileFlow struct {
	FormID   int64           `json:"form_id"`
	Statuses []profileStatus `json:"statuses"`
}

type profileStatus struct {
	ID       int64    `json:"id"`
	Name     string   `json:"name"`
	Next     []string `json:"next,omitempty"`
	Terminal bool     `json:"terminal,omitempty"`
}

type profileCase struct {
	Name     string        `json:"name"`
	Kind     string        `json:"kind"`
	Code     string        `json:"certificate_code"`
	RecordID int64         `json:"record_id,omitempty"`
	FormID   int64         `json:"form_id,omitempty"`
	Start    string        `json:"start,omitempty"`
	Steps    []profileStep `json:"steps"`
}

type profileStep struct {
	Key        string         `json:"key,omitempty"`
	Action     string         `json:"action"`
	To         string         `json:"to,omitempty"`
	From       string         `json:"from,omitempty"`
	TplID      *int64         `json:"tpl_id,omitempty"`
	Concurrent int            `json:"concurrent,omitempty"`
	Expect     map[string]any `json:"expect"`
}

// Profile is the conformance profile of the data set (JSON, the format
// `rtq conform --profile` reads): what a run may assume about the service.
// Its facts are counted from the data set, never from the service's own
// answers, so a bug cannot bend them.
func (s *Server) Profile() []byte {
	d := s.data
	p := profileDoc{Version: 1, Name: "foreign service", Reset: s.opts.ResetPath,
		Keys: map[string]any{"read": ReadKey, "write": WriteKey, "limited": LimitedKey, "other_org": OtherOrgKey},
		Foreign: map[string]any{"record_ids": []int64{900001, 910001}, "form_ids": []int64{6001, 6002}, "codings": []string{"xlt0001"},
			"next": []map[string]any{{"record_id": 910001, "status": "已用"}}},
		Masking: map[string]any{"chars": "*"},
	}
	if s.opts.is(VariantB3MaskBullets) {
		p.Masking["chars"] = maskBullet
	}
	if s.opts.is(VariantA4MixedMaskChars) {
		p.Masking["chars"] = "*" + variantA4PhoneMask
	}
	if s.opts.Examples {
		p.Keys["read"], p.Keys["write"] = ExamplesReadKey, ExamplesWriteKey
	}
	for _, r := range d.records {
		if r.org == OrgID && (r.cert == nil || r.id == 810013 || r.id == ExamplesRecord) {
			p.Records = append(p.Records, s.profileRecord(r))
		}
	}
	p.Forms = profileForms(d, s.opts.is(VariantA4SystemFormsHidden))
	p.Templates = s.profileTemplates()
	for _, id := range []int64{certForm, limitedForm, examplesForm} {
		if f := formByID(d.forms, id); f != nil {
			p.Flows = append(p.Flows, profileFlowOf(f))
		}
	}
	p.Cases = profileCases(d, s.opts.is(VariantB3TargetBeforeState))
	p.Held = s.held(&p)
	b, _ := json.MarshalIndent(p, "", "  ")
	return b
}

func (s *Server) profileRecord(r *record) profileRecord {
	pr := profileRecord{ID: r.id, URL: s.data.recordURL(r)}
	seen := map[string]bool{}
	for _, g := range r.groups {
		for _, f := range g.fields {
			if !seen[f.typ] {
				seen[f.typ] = true
				pr.FieldTypes = append(pr.FieldTypes, f.typ)
			}
			if _, isStr := f.value.(string); f.masked && (isStr || f.value == nil && stringValues[f.typ] != nil) {
				pr.MaskedFields = append(pr.MaskedFields, f.id)
			}
		}
	}
	if r.form != nil {
		id := r.form.id
		pr.FormID = &id
	}
	return pr
}

// contains is the plain reading of search_key: a case-insensitive substring.
func contains(f *form, key string) bool {
	return strings.Contains(strings.ToLower(f.name+"\x00"+f.note+"\x00"+f.number), strings.ToLower(key))
}

func profileForms(d *dataset, ordinaryOnly bool) map[string]any {
	var ids []int64
	var own []*form
	for _, f := range d.forms {
		if f.org == OrgID && (!ordinaryOnly || f.typ <= 2) {
			ids = append(ids, f.id)
			own = append(own, f)
		}
	}
	count := func(pred func(*form) bool) int {
		n := 0
		for _, f := range own {
			if pred(f) {
				n++
			}
		}
		return n
	}
	var searches []map[string]any
	for _, key := range []string{"巡检", "night", "FX-C0"} {
		k := key
		searches = append(searches, map[string]any{"search_key": k, "count": count(func(f *form) bool { return contains(f, k) })})
	}
	var combined []map[string]any
	for _, c := range [][2]string{{"FX-001", "巡检"}, {"FX-002", "巡检"}, {"FX-C01", "会员"}} {
		num, key := c[0], c[1]
		combined = append(combined, map[string]any{"number": num, "search_key": key,
			"count": count(func(f *form) bool { return f.number == num && contains(f, key) })})
	}
	return map[string]any{"total": len(own), "ids": ids, "numbers": []string{"FX-001", "FX-C01", "fx-001"},
		"searches": searches, "combined": combined}
}

// The windows of the profile, as a client writes them.
const (
	windowStart = "2026-01-05T00:00:00+08:00"
	windowEnd   = "2026-01-12 23:59:59"
	subStart    = "2026-01-06"
	subEnd      = "2026-01-09T12:00:00+08:00"
)

func (s *Server) profileTemplates() map[string]any {
	var own []*template
	for _, t := range s.data.templates {
		if t.org == OrgID {
			own = append(own, t)
		}
	}
	lo, hi := at(5, 0, 0), at(12, 23, 59)+59
	var codings []string
	for _, t := range own {
		if t.created >= lo && t.created <= hi {
			codings = append(codings, t.coding)
		}
	}
	items := []map[string]any{}
	for _, t := range own[:3] {
		it := map[string]any{"tpl_id": t.id, "coding": t.coding, "url": s.data.templateURL(t), "sub_codes": len(t.subs)}
		if len(t.subs) > 10 {
			slo, shi := at(6, 0, 0), at(9, 12, 0)
			var in []string
			for _, c := range t.subs {
				if c.created >= slo && c.created <= shi {
					in = append(in, c.coding)
				}
			}
			it["window"] = map[string]any{"start_time": subStart, "end_time": subEnd, "total": len(in), "codings": in}
		}
		items = append(items, it)
	}
	start, end := windowStart, windowEnd
	if s.opts.is(VariantA4RFC3339Only) {
		start, end = a4RFC3339(windowStart), a4RFC3339(windowEnd)
		for _, it := range items {
			if w, ok := it["window"].(map[string]any); ok {
				w["start_time"], w["end_time"] = a4RFC3339(subStart), a4RFC3339(subEnd)
			}
		}
	}
	if s.opts.is(VariantA7QrcodesRFC3339Only) {
		for _, it := range items {
			if w, ok := it["window"].(map[string]any); ok {
				w["start_time"], w["end_time"] = a4RFC3339(subStart), a4RFC3339(subEnd)
			}
		}
	}
	return map[string]any{"total": len(own), "items": items,
		"window": map[string]any{"start_time": start, "end_time": end, "total": len(codings), "codings": codings}}
}

func profileFlowOf(f *form) profileFlow {
	pf := profileFlow{FormID: f.id}
	for _, st := range f.flow.statuses {
		pf.Statuses = append(pf.Statuses, profileStatus{ID: st.id, Name: st.name, Next: st.next, Terminal: st.terminal})
	}
	return pf
}

func ok(status string) map[string]any { return map[string]any{"status": status} }
func code(n int) map[string]any       { return map[string]any{"error_code": n} }

const (
	set  = "set_certificate_status"
	next = "set_next_certificate_status"
)

// profileCases are the verify cases of the data set; targetFirst gives
// the codes of a service that checks the target before the current status
// (§C6: the order is KIT), where the end of a flow and a forbidding status
// without moves answer 100326.
func profileCases(d *dataset, targetFirst bool) []profileCase {
	stateCode := 100324
	if targetFirst {
		stateCode = 100326
	}
	c := func(name, kind string, id int64, steps ...profileStep) profileCase {
		var r *record
		for _, x := range d.records {
			if x.id == id {
				r = x
			}
		}
		return profileCase{Name: name, Kind: kind, Code: r.code, RecordID: id, FormID: r.form.id, Start: r.cert.start, Steps: steps}
	}
	wrongTpl := int64(5001)
	off := c("form without verification", "error", 830001, profileStep{Action: next, Expect: code(100321)})
	off.FormID, off.Start = 0, "" // the profile has flows only of forms that verify
	return []profileCase{
		c("move to 已核销", "move", 810001, profileStep{Action: set, To: "已核销", Expect: ok("已核销")},
			profileStep{Action: set, To: "已归档", Expect: ok("已归档")}),
		c("repeat", "repeat", 810002, profileStep{Action: set, To: "已核销", Expect: ok("已核销")},
			profileStep{Action: set, To: "已核销", Expect: code(100326)}),
		c("next to the end", "next", 810003, profileStep{Action: next, Expect: ok("已核销")},
			profileStep{Action: next, Expect: ok("已归档")}, profileStep{Action: next, Expect: code(stateCode)}),
		c("concurrent", "concurrent", 810004, profileStep{Action: set, To: "已核销", Concurrent: 4, Expect: ok("已核销")}),
		c("not approved", "error", 810005, profileStep{Action: set, To: "已核销", Expect: code(100322)}),
		c("verification off", "error", 810006, profileStep{Action: set, To: "已核销", Expect: code(100321)}),
		c("identity", "error", 810007, profileStep{Action: next, Expect: code(100329)}),
		c("authorization expired", "error", 810008, profileStep{Action: next, Expect: code(100327)}),
		c("generic failure", "error", 810009, profileStep{Action: set, To: "已核销", Expect: code(100319)}),
		c("scope, from and target", "error", 810010,
			profileStep{Action: set, To: "已核销", TplID: &wrongTpl, Expect: code(100323)},
			profileStep{Action: set, To: "已核销", From: "已核销", Expect: code(100324)},
			profileStep{Action: set, To: "已归档", Expect: code(100326)},
			profileStep{Action: set, To: "不存在的状态", Expect: code(100326)},
			profileStep{Action: "cancel", Expect: code(100325)},
			profileStep{Action: set, Expect: code(100301)},
			profileStep{Action: set, To: "12", From: "11", Expect: ok("已核销")}),
		c("limited key, other form", "error", 810011, profileStep{Key: "limited", Action: next, Expect: code(100328)}),
		c("forbidden status", "error", 810012, profileStep{Action: set, To: "已归档", Expect: code(stateCode)}),
		c("void", "move", 810014, profileStep{Action: set, To: "已作废", Expect: ok("已作废")}),
		c("limited key, own form", "move", 820001, profileStep{Key: "limited", Action: set, To: "已注销", Expect: ok("已注销")}),
		off,
	}
}
