package derive

import (
	"strings"

	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/scenario"
)

// maxHeldForms caps the forms whose project a derived profile holds: a
// form walk reads them all, and each costs a line of the profile.
const maxHeldForms = 500

// held states what the scenario holds for the records the profile lists
// and its cases name, and for our forms: every answer that shows one of
// them is held to it (profile.Held).
func (b *profileBuilder) held() {
	want := map[int64]bool{}
	for _, r := range b.p.Records {
		want[r.ID] = true
	}
	for _, c := range b.p.Cases {
		if c.RecordID != 0 {
			want[c.RecordID] = true
		}
	}
	h := &profile.Held{}
	for _, r := range b.ours() {
		if want[r.ID] {
			h.Records = append(h.Records, heldRecord(r))
		}
	}
	for _, f := range b.s.Forms {
		if f.Org != b.org || len(h.Forms) >= maxHeldForms {
			continue
		}
		hf := profile.HeldForm{ID: f.ID, Project: heldProject(f.Project)}
		hf.NoProject = hf.Project == nil
		h.Forms = append(h.Forms, hf)
	}
	if len(h.Records) > 0 || len(h.Forms) > 0 {
		b.p.Held = h
	}
}

func heldRecord(r *scenario.Record) profile.HeldRecord {
	at, org := r.SubmitAt, r.Org.ID
	hr := profile.HeldRecord{ID: r.ID, SubmitAt: &at, Number: r.Number, OrgID: &org, Project: heldProject(r.Project)}
	hr.NoProject = hr.Project == nil
	if r.Org != nil { // its id is OrgID
		hr.Org = &profile.HeldObject{Name: r.Org.Name, Code: r.Org.Code}
	}
	if r.Form != nil {
		id := r.Form.ID
		hr.Template = &profile.HeldObject{ID: &id, Name: r.Form.Name, Number: r.Form.Number}
	}
	for _, g := range r.Groups {
		for _, f := range g.Fields {
			// A value that holds a mask character is a masked form
			// already (a recording of a service holds what it showed):
			// there is no clear value to look for.
			if v, isString := f.Value.(string); f.Masked && isString && v != "" && !strings.ContainsAny(v, profile.DefaultMaskChars) {
				if m := profile.HeldMaskOf(f.ID, v); m.Length > 0 {
					hr.Masked = append(hr.Masked, m)
				}
			}
		}
	}
	return hr
}

func heldProject(p *scenario.Project) *profile.HeldProject {
	if p == nil {
		return nil
	}
	return &profile.HeldProject{ID: p.ID, Name: p.Name, Number: p.Number}
}
