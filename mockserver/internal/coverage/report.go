package coverage

import (
	"sort"
	"strconv"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/covreport"
	"github.com/rtq-kit/rtq/scenario"
)

// Report renders the Space as the report GET /__admin/coverage answers,
// against sc, the scenario served: transitions are its flows', and the
// gaps it cannot fill are named (Unreachable).
func (sp *Space) Report(namespace string, sc *scenario.Scenario) covreport.Report {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	sp.init()
	r := covreport.Report{Namespace: namespace, Calls: sp.calls, Shards: 1,
		Excluded: covreport.Excluded{Admin: sp.admin, Kit: sp.kit, Overflow: sp.overflow}, Findings: []covreport.Finding{}}
	gaps := gapsOf(sc)
	d := &r.Dimensions
	for i, ep := range contract.Endpoints {
		d.Endpoints.Entries = append(d.Endpoints.Entries, covreport.Entry{ID: ep.Name, Count: sp.eps[i]})
		for j, p := range rowOf(params, i) {
			d.Parameters.Entries = append(d.Parameters.Entries, entry(ep.Name, p.id, sp.params[i][j]))
		}
		for j, a := range rowOf(errorsOf, i) {
			e := entry(ep.Name, a.id, sp.errs[i][j])
			d.Errors.Entries = append(d.Errors.Entries, e)
			if gaps[e.ID] {
				d.Errors.Unreachable = append(d.Errors.Unreachable, e.ID)
			}
		}
		for j, s := range rowOf(shapes, i) {
			e := entry(ep.Name, s.id, sp.shapes[i][j])
			d.Shapes.Entries = append(d.Shapes.Entries, e)
			if gaps[e.ID] {
				d.Shapes.Unreachable = append(d.Shapes.Unreachable, e.ID)
			}
		}
	}
	d.Errors.Other = sp.otherErrors()
	for i, ft := range contract.FieldTypes {
		d.FieldTypes.Entries = append(d.FieldTypes.Entries, covreport.Entry{ID: ft.Name, Count: sp.fields[i]})
		if gaps[ft.Name] {
			d.FieldTypes.Unreachable = append(d.FieldTypes.Unreachable, ft.Name)
		}
	}
	d.Transitions.Entries, d.Transitions.Other = sp.transitions(sc)
	d.Each(func(_ string, dim *covreport.Dimension) { dim.Finish() })
	for i, f := range sp.findings {
		if f.count > 0 {
			duty := covreport.Duties[i]
			r.Findings = append(r.Findings, covreport.Finding{Duty: duty.Name, Statement: duty.Statement,
				Message: duty.Message, Count: f.count, Request: f.example})
		}
	}
	return r
}

func entry(ep, id string, n int64) covreport.Entry {
	return covreport.Entry{ID: ep + " " + id, Count: n}
}

// otherErrors are the error answers outside the denominators, sorted.
func (sp *Space) otherErrors() []covreport.Entry {
	var out []covreport.Entry
	for k, n := range sp.other {
		id := strconv.Itoa(k.code)
		if k.errorCode != 0 {
			id = strconv.Itoa(k.errorCode) + "/" + id
		}
		out = append(out, entry(contract.Endpoints[k.ep].Name, id, n))
	}
	sort.Slice(out, func(a, b int) bool { return out[a].ID < out[b].ID })
	return out
}

// transitions are the scenario's moves, each form's flow's, with the
// count of each the client made; moves whose status before could not be
// told apart are among the others.
func (sp *Space) transitions(sc *scenario.Scenario) (entries, other []covreport.Entry) {
	entries = []covreport.Entry{}
	seen := map[moveKey]bool{}
	for _, f := range sc.Forms {
		if f.Flow == nil {
			continue
		}
		for _, from := range f.Flow.Statuses {
			for _, to := range from.Next {
				k := moveKey{f.ID, from, to}
				seen[k] = true
				entries = append(entries, covreport.Entry{ID: transitionName(f.ID, from.Name, to.Name), Count: sp.moves[k]})
			}
		}
	}
	for k, n := range sp.moves {
		if !seen[k] {
			from := "?"
			if k.from != nil {
				from = k.from.Name
			}
			other = append(other, covreport.Entry{ID: transitionName(k.form, from, k.to.Name), Count: n})
		}
	}
	sort.Slice(other, func(a, b int) bool { return other[a].ID < other[b].ID })
	return entries, other
}

// transitionName names a move as rtq conform's report does.
func transitionName(form int64, from, to string) string {
	return "form " + strconv.FormatInt(form, 10) + ": " + from + " -> " + to
}
