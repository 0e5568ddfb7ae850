// Package derive makes the conformance profile of a scenario: the facts a
// runner may assume about a mock serving it. It sits beside package discover,
// which makes a profile by asking a live service; package scenario only loads
// and validates scenarios and knows nothing of profiles.
package derive

import (
	"sort"
	"strings"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/scenario"
)

// resetPath is the mock's admin reset, which makes write cases repeatable.
const resetPath = "/__admin/reset"

// maxProfileTemplates caps the templates whose sub-codes the runner walks.
const maxProfileTemplates = 5

// maxProfileRecords caps how many records a derived profile lists; past it,
// records are picked to cover every field type and masking, then filled up
// in scenario order (each record costs the runner about ten requests).
const maxProfileRecords = 25

// FromScenario derives the conformance profile of a scenario: what a runner
// may assume about a mock serving it. "Our" organization is the one of the
// first read-only key; another organization's key and objects become the
// isolation facts.
func FromScenario(s *scenario.Scenario) *profile.Profile {
	p := &profile.Profile{Version: profile.Version, Name: s.Name, Reset: resetPath}
	b := &profileBuilder{s: s, p: p}
	b.keys()
	if b.org == nil {
		return p
	}
	b.records()
	b.foreign()
	b.forms()
	b.templates()
	b.flows()
	b.cases()
	b.held()
	return p
}

type profileBuilder struct {
	s       *scenario.Scenario
	p       *profile.Profile
	org     *scenario.Org
	limited *scenario.Key
	// steps are the steps of the moving cases given each record so far
	// (spread).
	steps map[*scenario.Record]int
}

// keys picks the organization the profile describes, that of the first
// read-only key or else of the first key that may read, and fills the key
// roles. keys.read is only ever a read-only key (the runner expects verify to
// refuse it), so a scenario whose keys all write still gets a full profile
// of its objects; the runner's --api-key then supplies the read key.
func (b *profileBuilder) keys() {
	var reader *scenario.Key
	for _, k := range b.s.Keys {
		if k.Read && !k.Write {
			reader = k
			b.p.Keys.Read = k.Secret
			break
		}
		if k.Read && reader == nil {
			reader = k
		}
	}
	if reader == nil {
		return
	}
	b.org = reader.Org
	for _, k := range b.s.Keys {
		switch {
		case k.Org != b.org && k.Read && b.p.Keys.OtherOrg == "":
			b.p.Keys.OtherOrg = k.Secret
		case k.Org == b.org && k.Write && k.Forms == nil && b.p.Keys.Write == "":
			b.p.Keys.Write = k.Secret
		case k.Org == b.org && k.Write && k.Forms != nil && b.limited == nil:
			b.p.Keys.Limited, b.limited = k.Secret, k
		}
	}
}

func (b *profileBuilder) ours() []*scenario.Record {
	var out []*scenario.Record
	for _, r := range b.s.Records {
		if r.Org == b.org {
			out = append(out, r)
		}
	}
	return out
}

func (b *profileBuilder) records() {
	for _, r := range pickRecords(b.ours()) {
		pr := profile.Record{ID: r.ID, URL: r.URL}
		seen := map[string]bool{}
		for _, g := range r.Groups {
			for _, f := range g.Fields {
				if !seen[f.Type] {
					seen[f.Type] = true
					pr.FieldTypes = append(pr.FieldTypes, f.Type)
				}
				if _, isString := f.Value.(string); f.Masked && isString {
					pr.MaskedFields = append(pr.MaskedFields, f.ID)
				}
			}
		}
		if r.Form != nil {
			id := r.Form.ID
			pr.FormID = &id
		}
		b.p.Records = append(b.p.Records, pr)
	}
}

// pickRecords keeps every record when there are few; otherwise the first
// records that together hold every field type, masked values, a record
// without a form and a credential record, in scenario order.
func pickRecords(all []*scenario.Record) []*scenario.Record {
	if len(all) <= maxProfileRecords {
		return all
	}
	types, masked, noForm, cred := map[string]bool{}, false, false, false
	var out []*scenario.Record
	for _, r := range all {
		useful := (!masked && hasMasked(r)) || (!noForm && r.Form == nil) || (!cred && r.Cert != nil)
		for _, g := range r.Groups {
			for _, f := range g.Fields {
				useful = useful || !types[f.Type]
			}
		}
		if !useful || len(out) >= maxProfileRecords {
			continue
		}
		out = append(out, r)
		masked, noForm, cred = masked || hasMasked(r), noForm || r.Form == nil, cred || r.Cert != nil
		for _, g := range r.Groups {
			for _, f := range g.Fields {
				types[f.Type] = true
			}
		}
	}
	return fillUp(out, all)
}

// fillUp adds records of all not yet picked, in order, up to the cap.
func fillUp(picked, all []*scenario.Record) []*scenario.Record {
	in := map[*scenario.Record]bool{}
	for _, r := range picked {
		in[r] = true
	}
	for _, r := range all {
		if len(picked) >= maxProfileRecords {
			break
		}
		if !in[r] {
			picked = append(picked, r)
		}
	}
	return picked
}

func hasMasked(r *scenario.Record) bool {
	for _, g := range r.Groups {
		for _, f := range g.Fields {
			if f.Masked {
				return true
			}
		}
	}
	return false
}

func (b *profileBuilder) foreign() {
	f := &b.p.Foreign
	for _, r := range b.s.Records {
		if r.Org != b.org && len(f.RecordIDs) < 5 {
			f.RecordIDs = append(f.RecordIDs, r.ID)
			if to := foreignNext(r); to != "" {
				f.Next = append(f.Next, profile.ForeignNext{RecordID: r.ID, Status: to})
			}
		}
	}
	for _, fm := range b.s.Forms {
		if fm.Org != b.org && len(f.FormIDs) < 5 {
			f.FormIDs = append(f.FormIDs, fm.ID)
		}
	}
	for _, t := range b.s.Templates {
		if t.Org != b.org && len(f.Codings) < 5 {
			f.Codings = append(f.Codings, t.Coding)
		}
	}
}

// foreignNext is the status the other organization's key moves its own
// credential r to with set_next_certificate_status, from a reset: ""
// when r is no credential that may move on (docs/contract.md §C6: a
// switch of the record's own, a status that forbids or ends) or whose
// status has more than one move out.
func foreignNext(r *scenario.Record) string {
	if r.Cert == nil || r.Form == nil || r.Form.Flow == nil || r.Cert.Status == nil || blocker(r) != 0 {
		return ""
	}
	if st := r.Cert.Status; !st.ForbidsVerification && !st.Terminal && len(st.Next) == 1 {
		return st.Next[0].Name
	}
	return ""
}

func (b *profileBuilder) forms() {
	var ours []*scenario.Form
	for _, f := range b.s.Forms {
		if f.Org == b.org {
			ours = append(ours, f)
		}
	}
	total := len(ours)
	b.p.Forms.Total = &total
	for i, f := range ours {
		if i < 5 {
			b.p.Forms.Numbers = append(b.p.Forms.Numbers, f.Number)
			b.p.Forms.IDs = append(b.p.Forms.IDs, f.ID)
		}
	}
	keys := map[string]bool{}
	for _, f := range ours {
		key := searchKeyOf(f.Name)
		if key == "" || keys[key] || len(keys) >= 3 {
			continue
		}
		keys[key] = true
		n := hitCount(b.s.Service, ours, key)
		b.p.Forms.Searches = append(b.p.Forms.Searches, profile.Search{Key: key, Count: &n})
	}
	b.p.Forms.Combined = combined(b.s.Service, ours)
}

// combined pairs the first form's number with a key its name holds (one
// form comes back) and with a key only other forms hold (none comes back).
func combined(svc *scenario.Service, ours []*scenario.Form) []profile.Combined {
	if len(ours) == 0 || ours[0].Number == "" {
		return nil
	}
	f := ours[0]
	var out []profile.Combined
	if key := searchKeyOf(f.Name); key != "" {
		out = append(out, profile.Combined{Number: f.Number, Key: key, Count: hitCount(svc, []*scenario.Form{f}, key)})
	}
	for _, g := range ours[1:] {
		if key := searchKeyOf(g.Name); key != "" && !hits(svc, f, key) {
			return append(out, profile.Combined{Number: f.Number, Key: key, Count: 0})
		}
	}
	return out
}

// hits is the scenario's reading of search_key: a recorded service's
// (service.search), else the kit's, a case-insensitive substring of name,
// note or number.
func hits(svc *scenario.Service, f *scenario.Form, key string) bool {
	rule := svc.Searches()
	if rule == nil {
		rule = &scenario.KitSearch
	}
	return rule.Read(key).Matches(f.Name, f.Note, f.Number)
}

func hitCount(svc *scenario.Service, forms []*scenario.Form, key string) int {
	n := 0
	for _, f := range forms {
		if hits(svc, f, key) {
			n++
		}
	}
	return n
}

// searchKeyOf is the first two characters of a name: short enough to hit
// more than one form sometimes, long enough to filter.
func searchKeyOf(name string) string {
	r := []rune(strings.TrimSpace(name))
	if len(r) < 2 {
		return ""
	}
	return string(r[:2])
}

func (b *profileBuilder) templates() {
	var times []int64
	var codings []string
	for _, t := range b.s.Templates {
		if t.Org != b.org {
			continue
		}
		times, codings = append(times, t.CreatedAt), append(codings, t.Coding)
		if len(b.p.Templates.Items) >= maxProfileTemplates {
			continue
		}
		n := len(t.SubCodes)
		item := profile.Template{TplID: t.ID, Coding: t.Coding, URL: t.URL, SubCodes: &n}
		sub := make([]timed, len(t.SubCodes))
		for i, sc := range t.SubCodes {
			sub[i] = timed{sc.CreatedAt, sc.Coding}
		}
		item.Window = window(sub)
		b.p.Templates.Items = append(b.p.Templates.Items, item)
	}
	total := len(times)
	b.p.Templates.Total = &total
	all := make([]timed, len(times))
	for i := range times {
		all[i] = timed{times[i], codings[i]}
	}
	b.p.Templates.Window = window(all)
}

type timed struct {
	at     int64
	coding string
}

// window picks a creation-time filter over about the middle half of items,
// with the total it must give (RFC 3339 in UTC+08:00). Both bounds lie
// strictly between creation times, never on one: whether a target's bounds
// are inclusive is its own choice, and the window gives the same items
// either way.
func window(items []timed) *profile.Window {
	if len(items) < 3 {
		return nil
	}
	sorted := append([]timed(nil), items...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].at < sorted[j].at })
	lo, hi := cutNear(sorted, len(sorted)/4), cutNear(sorted, (3*len(sorted))/4+1)
	w := &profile.Window{Start: rfc3339(lo), End: rfc3339(hi)}
	for _, it := range items {
		if it.at > lo && it.at < hi {
			w.Total++
			w.Codings = append(w.Codings, it.coding)
		}
	}
	return w
}

// cutNear returns a whole second strictly between two neighbouring
// creation times of sorted, at the gap nearest to index i that is at least
// two seconds wide (the gap before sorted[i]); before the first or after
// the last item when no inner gap is wide enough.
func cutNear(sorted []timed, i int) int64 {
	for d := 0; d < len(sorted); d++ {
		for _, k := range []int{i - d, i + d} {
			if k >= 1 && k < len(sorted) && sorted[k].at-sorted[k-1].at >= 2 {
				return sorted[k-1].at + (sorted[k].at-sorted[k-1].at)/2
			}
		}
	}
	if i <= len(sorted)/2 {
		return sorted[0].at - 30
	}
	return sorted[len(sorted)-1].at + 30
}

func rfc3339(unix int64) string { return time.Unix(unix, 0).In(contract.Zone).Format(time.RFC3339) }

func (b *profileBuilder) flows() {
	for _, f := range b.s.Forms {
		if f.Org != b.org || f.Flow == nil {
			continue
		}
		pf := profile.Flow{FormID: f.ID}
		for _, st := range f.Flow.Statuses {
			ps := profile.Status{ID: st.ID, Name: st.Name, Terminal: st.Terminal}
			if f.Flow.Verification && !st.ForbidsVerification {
				for _, n := range st.Next {
					ps.Next = append(ps.Next, n.Name)
				}
			}
			pf.Statuses = append(pf.Statuses, ps)
		}
		b.p.Flows = append(b.p.Flows, pf)
	}
}
