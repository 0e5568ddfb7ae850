package foreign

import (
	"fmt"
	"hash/fnv"
	"strings"
)

// The profile's held values (docs/conformance.md, held values): what the
// data set holds for the records the profile lists and its cases name,
// and for its forms, counted from the data set, never from an answer.
// A masked value is given by length and fingerprint, computed here by the
// profile format's own definition, not by rtq's code.

type heldDoc struct {
	Records []heldRecord `json:"records"`
	Forms   []heldForm   `json:"forms"`
}

type heldRecord struct {
	ID        int64          `json:"id"`
	SubmitAt  int64          `json:"submit_at"`
	Number    string         `json:"record_number"`
	OrgID     int64          `json:"org_id"`
	Org       map[string]any `json:"org,omitempty"`
	Template  map[string]any `json:"record_template,omitempty"`
	Project   map[string]any `json:"project,omitempty"`
	NoProject bool           `json:"no_project,omitempty"`
	Masked    []heldMask     `json:"masked,omitempty"`
}

type heldForm struct {
	ID        int64          `json:"id"`
	Project   map[string]any `json:"project,omitempty"`
	NoProject bool           `json:"no_project,omitempty"`
}

type heldMask struct {
	Field       int64  `json:"field_id"`
	Length      int    `json:"length"`
	Fingerprint string `json:"fingerprint"`
}

func (s *Server) held(p *profileDoc) *heldDoc {
	want := map[int64]bool{}
	for _, r := range p.Records {
		want[r.ID] = true
	}
	for _, c := range p.Cases {
		want[c.RecordID] = true
	}
	h := &heldDoc{}
	for _, r := range s.data.records {
		if r.org != OrgID || !want[r.id] {
			continue
		}
		hr := heldRecord{ID: r.id, SubmitAt: r.submit, Number: r.number, OrgID: r.org, Project: heldProjectOf(r.project), NoProject: r.project == nil}
		if og := s.data.org(r.org); og != nil {
			hr.Org = map[string]any{"name": og.name, "code": og.code} // its id is org_id
		}
		if r.form != nil {
			hr.Template = map[string]any{"id": r.form.id, "name": r.form.name, "number": r.form.number}
		}
		for _, g := range r.groups {
			for _, f := range g.fields {
				v := f.value
				if v == nil {
					v = valueOf(f.typ, f.n, false)
				}
				if str, isStr := v.(string); f.masked && isStr && str != "" {
					folded := foldValue(str)
					hr.Masked = append(hr.Masked, heldMask{f.id, len([]rune(folded)), fingerprint(folded)})
				}
			}
		}
		h.Records = append(h.Records, hr)
	}
	for _, f := range s.data.forms {
		if f.org == OrgID {
			h.Forms = append(h.Forms, heldForm{ID: f.id, Project: heldProjectOf(f.project), NoProject: f.project == nil})
		}
	}
	return h
}

func heldProjectOf(p *project) map[string]any {
	if p == nil {
		return nil
	}
	return map[string]any{"id": p.id, "name": p.name, "number": p.number}
}

// foldValue is a value as the profile format compares it: full-width
// forms as ASCII, the ideographic space a space, separators left out.
func foldValue(v string) string {
	var b strings.Builder
	for _, r := range v {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E:
			r -= 0xFEE0
		case r == 0x3000:
			r = ' '
		}
		if !strings.ContainsRune(" \t\u00a0-‐‑‒–—―.·・()（）/", r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func fingerprint(folded string) string {
	h := fnv.New64a()
	_, _ = h.Write([]byte(folded))
	return fmt.Sprintf("fnv1a64:%016x", h.Sum64())
}
