package recorder

import "github.com/rtq-kit/rtq/scenario"

// Merge folds a new recording into the scenario already in the file
// (docs/record.md): items are matched by id (organizations, projects,
// forms, QR codes, records, templates); a recorded item replaces the old
// one in place, a new one is appended, and what was not recorded again
// stays. What a reviewer added that a recording cannot know is kept: the
// file's name, seed, status mode and keys, each form's certificate flow,
// and each credential record's verify switches; the file's creation
// times of a listing whose new times are placeholders, when the file holds
// every item of it; and what the file kept of the service's own choices
// that this recording did not see again (mergeService).
// The listings whose times were kept leave built's Placeholders.
func Merge(old *scenario.Scenario, built *Built) *scenario.Scenario {
	rec := built.Scenario
	keepTimes(old.Templates, rec.Templates, &built.Placeholders, built.FilePlaceholders)
	out := &scenario.Scenario{Name: old.Name, Seed: old.Seed, HTTPStatus: old.HTTPStatus, Keys: old.Keys}
	if len(out.Keys) == 0 {
		out.Keys = rec.Keys
	}
	out.Orgs = mergeBy(old.Orgs, rec.Orgs, func(o *scenario.Org) int64 { return o.ID })
	out.Projects = mergeBy(old.Projects, rec.Projects, func(p *scenario.Project) int64 { return p.ID })
	keepFlows(old.Forms, rec.Forms)
	out.Forms = mergeBy(old.Forms, rec.Forms, func(f *scenario.Form) int64 { return f.ID })
	if rec.Service != nil && rec.Service.FormsInFileOrder {
		out.Forms = inServiceOrder(rec.Forms, out.Forms)
	}
	out.QRCodes = mergeBy(old.QRCodes, rec.QRCodes, func(q *scenario.QRCode) int64 { return q.ID })
	keepSwitches(old.Records, rec.Records)
	out.Records = mergeBy(old.Records, rec.Records, func(r *scenario.Record) int64 { return r.ID })
	out.Templates = mergeBy(old.Templates, rec.Templates, func(t *scenario.Template) int64 { return t.ID })
	out.Service = mergeService(old.Service, rec.Service, built)
	repointOrgs(out)
	return out
}

// repointOrgs makes every item name its organization as merged (a
// re-recorded organization may have a new code).
func repointOrgs(sc *scenario.Scenario) {
	byID := map[int64]*scenario.Org{}
	for _, o := range sc.Orgs {
		byID[o.ID] = o
	}
	fix := func(o **scenario.Org) {
		if *o != nil && byID[(*o).ID] != nil {
			*o = byID[(*o).ID]
		}
	}
	for _, k := range sc.Keys {
		fix(&k.Org)
	}
	for _, p := range sc.Projects {
		fix(&p.Org)
	}
	for _, f := range sc.Forms {
		fix(&f.Org)
	}
	for _, q := range sc.QRCodes {
		fix(&q.Org)
	}
	for _, r := range sc.Records {
		fix(&r.Org)
	}
	for _, t := range sc.Templates {
		fix(&t.Org)
	}
}

// keepFlows gives each re-recorded form the flow the file had for it
// (reviewed moves, terminal statuses), adding statuses newly seen.
func keepFlows(old, rec []*scenario.Form) {
	had := map[int64]*scenario.Flow{}
	for _, f := range old {
		if f.Flow != nil {
			had[f.ID] = f.Flow
		}
	}
	for _, f := range rec {
		prev := had[f.ID]
		if prev == nil {
			continue
		}
		if f.Flow != nil {
			for _, st := range f.Flow.Statuses {
				if prev.StatusByRef(st.Name) == nil {
					st.ID = nextStatusID(prev)
					prev.Statuses = append(prev.Statuses, st)
				}
			}
		}
		f.Flow = prev
	}
}

func nextStatusID(fl *scenario.Flow) int64 {
	id := int64(1)
	for _, s := range fl.Statuses {
		id = max(id, s.ID+1)
	}
	return id
}

// keepSwitches points re-recorded credential records at their form's
// (kept) flow by status name and keeps the verify switches the file set.
func keepSwitches(old, rec []*scenario.Record) {
	had := map[int64]*scenario.Certificate{}
	for _, r := range old {
		if r.Cert != nil {
			had[r.ID] = r.Cert
		}
	}
	for _, r := range rec {
		if r.Cert == nil || r.Form == nil || r.Form.Flow == nil {
			continue
		}
		if st := r.Form.Flow.StatusByRef(r.Cert.Status.Name); st != nil {
			r.Cert.Status = st
		}
		if prev := had[r.ID]; prev != nil {
			c := *prev
			c.Status = r.Cert.Status
			r.Cert = &c
		}
	}
}

// keepTimes gives re-recorded templates and sub-codes whose times are
// placeholders the times the file has for them, listing by listing, and
// only when the file holds every item of the listing: a listing's times
// come from one source, so its order stays whole. Times the file's header
// said are placeholders are not kept: they are no better than this
// recording's, and the warning must stay.
func keepTimes(old, rec []*scenario.Template, ph *Placeholders, file FilePlaceholders) {
	had := map[int64]*scenario.Template{}
	for _, t := range old {
		had[t.ID] = t
	}
	if ph.Templates && !file.Templates && len(rec) > 0 {
		all := true
		for _, t := range rec {
			all = all && had[t.ID] != nil
		}
		if all {
			for _, t := range rec {
				t.CreatedAt = had[t.ID].CreatedAt
			}
			ph.Templates = false
			ph.Kept++
		}
	}
	for _, t := range rec {
		prev := had[t.ID]
		if !ph.SubCodes[t.ID] || prev == nil || file.SubCodes {
			continue
		}
		at := map[int64]int64{}
		for _, s := range prev.SubCodes {
			at[s.ID] = s.CreatedAt
		}
		all := true
		for _, s := range t.SubCodes {
			_, ok := at[s.ID]
			all = all && ok
		}
		if all {
			for i := range t.SubCodes {
				t.SubCodes[i].CreatedAt = at[t.SubCodes[i].ID]
			}
			delete(ph.SubCodes, t.ID)
			ph.Kept++
		}
	}
}
