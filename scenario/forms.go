package scenario

import (
	"encoding/json"
	"strconv"
	"strings"
)

// formTypeTexts are the Chinese labels of record_template.type (docs/contract.md §2.1).
var formTypeTexts = map[int]string{
	0: "普通表单", 1: "普通表单", 2: "普通表单",
	3:  "保密承诺系统表单",
	7:  "手动变更码状态系统表单",
	12: "申请加入身份组表单",
	13: "子码编辑记录系统表单",
	21: "码留言系统表单",
	22: "码协作记录系统表单",
}

// DefaultStatusColor is the colour of a status written without one.
const DefaultStatusColor = "#1890FF"

func (r *resolver) formsOf(list []*formDoc) {
	for _, d := range list {
		if _, dup := r.forms[d.ID]; dup {
			r.ps.add(d.at.child("id"), "form id %d is used twice: form ids are unique across all organizations", d.ID)
			continue
		}
		f := &Form{ID: d.ID, Org: r.org(d.at.child("org"), d.Org), Name: d.Name, Number: d.Number, Note: d.Note}
		if d.Type != nil {
			f.Type = *d.Type
		}
		f.TypeText = formTypeTexts[f.Type]
		if d.TypeText != nil {
			f.TypeText = *d.TypeText
		}
		if f.Number == "" {
			f.Number = "F" + strconv.FormatInt(d.ID, 10)
		}
		numKey := strconv.FormatInt(f.Org.ID, 10) + "\x00" + f.Number
		if r.formNums[numKey] {
			r.ps.add(d.at.child("number"), "form number %q is used twice in organization %q: numbers are unique per organization", f.Number, f.Org.Code)
		}
		r.formNums[numKey] = true
		f.Project = r.project(d.at.child("project"), d.Project, f.Org)
		r.formTimes(d, f)
		if d.Flow != nil {
			f.Flow = r.flow(d.at.child("flow"), d.Flow)
		}
		r.forms[d.ID] = f
		r.sc.Forms = append(r.sc.Forms, f)
	}
}

func (r *resolver) formTimes(d *formDoc, f *Form) {
	fk := r.itemFaker(saltForm, d.ID)
	f.CreatedAt = r.timeOr(d.at.child("created_at"), d.CreatedAt, fk.Time())
	f.UpdatedAt = r.timeOr(d.at.child("updated_at"), d.UpdatedAt, f.CreatedAt)
	f.ActiveAt = r.timeOr(d.at.child("active_at"), d.ActiveAt, 0)
	if f.UpdatedAt < f.CreatedAt {
		r.ps.add(d.at.child("updated_at"), "updated_at is before created_at: a form is updated after it is created")
	}
}

// flow resolves statuses first, then their next moves by name or id.
func (r *resolver) flow(a at, d *flowDoc) *Flow {
	fl := &Flow{ID: d.ID, Number: d.Number, Verification: d.Verification == nil || *d.Verification}
	if fl.Number == "" {
		fl.Number = "FL" + strconv.FormatInt(d.ID, 10)
	}
	for _, other := range r.sc.Forms {
		if other.Flow != nil && other.Flow.ID == d.ID {
			r.ps.add(a.child("id"), "flow id %d is already the flow of form %d: flow ids are unique", d.ID, other.ID)
		}
	}
	names, ids := map[string]bool{}, map[int64]bool{}
	for i, sd := range d.Statuses {
		sa := a.child("statuses").index(i)
		if names[sd.Name] {
			r.ps.add(sa.child("name"), "status %q is listed twice: names are unique within a flow", sd.Name)
		}
		if ids[sd.ID] {
			r.ps.add(sa.child("id"), "status id %d is listed twice: ids are unique within a flow", sd.ID)
		}
		names[sd.Name], ids[sd.ID] = true, true
		st := &Status{ID: sd.ID, Name: sd.Name, Color: sd.Color, Terminal: sd.Terminal, ForbidsVerification: sd.ForbidsVerification}
		if st.Color == "" {
			st.Color = DefaultStatusColor
		}
		fl.Statuses = append(fl.Statuses, st)
	}
	for i, sd := range d.Statuses {
		sa := a.child("statuses").index(i)
		for j, ref := range sd.Next {
			to := r.statusRef(sa.child("next").index(j), fl, ref)
			if to == fl.Statuses[i] {
				r.ps.add(sa.child("next").index(j), "status %q names itself in next: a move changes the status", sd.Name)
				continue
			}
			if to != nil {
				fl.Statuses[i].Next = append(fl.Statuses[i].Next, to)
			}
		}
	}
	return fl
}

// statusRef finds a status by name or id; a miss is a problem listing the
// statuses that exist.
func (r *resolver) statusRef(a at, fl *Flow, ref any) *Status {
	var key string
	switch v := ref.(type) {
	case string:
		key = v
	case json.Number:
		key = v.String()
	default:
		r.ps.add(a, "a status is named by its name or id, got %v", ref)
		return nil
	}
	if st := fl.StatusByRef(key); st != nil {
		return st
	}
	names := make([]string, len(fl.Statuses))
	for i, st := range fl.Statuses {
		names[i] = st.Name
	}
	hint := ""
	if best := closest(key, names); best != "" {
		hint = ": did you mean " + quote(best) + "?"
	}
	r.ps.add(a, "status %q does not exist in flow %d (statuses are %s)%s", key, fl.ID, statusList(fl), hint)
	return nil
}

func statusList(fl *Flow) string {
	parts := make([]string, len(fl.Statuses))
	for i, s := range fl.Statuses {
		parts[i] = s.Name + " (" + strconv.FormatInt(s.ID, 10) + ")"
	}
	return strings.Join(parts, ", ")
}

// form resolves a form id.
func (r *resolver) form(a at, id int64) *Form {
	f, ok := r.forms[id]
	if !ok {
		r.ps.add(a, "form %d does not exist (%s)", id, idRange("forms", len(r.forms), keysOf(r.forms)))
		return nil
	}
	return f
}

func (r *resolver) qrcodesOf(list []*qrcodeDoc) {
	for _, d := range list {
		if _, dup := r.qrcodes[d.ID]; dup {
			r.ps.add(d.at.child("id"), "QR code id %d is used twice: ids are unique", d.ID)
			continue
		}
		q := &QRCode{ID: d.ID, Name: d.Name, Type: d.Type, TypeText: "普通码", URL: d.URL, Number: d.Number, CategoryID: d.CategoryID}
		if d.TypeText != nil {
			q.TypeText = *d.TypeText
		}
		if d.Form != nil {
			q.Form = r.form(d.at.child("form"), *d.Form)
		}
		q.Org = r.qrOrg(d, q.Form)
		if q.Number == "" {
			q.Number = "Q" + strconv.FormatInt(d.ID, 10)
		}
		if q.URL == "" {
			q.URL = "https://" + q.Org.Host + "/q/" + q.Number
		}
		r.qrcodes[d.ID] = q
		r.indexQR(q)
		r.sc.QRCodes = append(r.sc.QRCodes, q)
	}
}

func (r *resolver) qrOrg(d *qrcodeDoc, form *Form) *Org {
	if d.Org == "" && form != nil {
		return form.Org
	}
	org := r.org(d.at.child("org"), d.Org)
	if form != nil && form.Org != org {
		r.ps.add(d.at.child("form"), "form %d belongs to organization %q, not the QR code's %q", form.ID, form.Org.Code, org.Code)
	}
	return org
}

func (r *resolver) indexQR(q *QRCode) {
	if q.Form != nil {
		if _, ok := r.firstQR[q.Form.ID]; !ok {
			r.firstQR[q.Form.ID] = q
		}
		return
	}
	if _, ok := r.orgQR[q.Org.ID]; !ok {
		r.orgQR[q.Org.ID] = q
	}
}
