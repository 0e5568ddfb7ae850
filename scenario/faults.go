package scenario

import "github.com/rtq-kit/rtq/fault"

// faultDoc is one item of faults:, in the shape of the fault package.
type faultDoc struct {
	at
	fault.Rule
}

// faultsOf checks the fault rules beyond what the schema says (a rule that
// does nothing, drop with a body; at most fault.DefaultMaxRules in all the
// files) and keeps them; a problem points at the
// member, so it carries its line and column.
func (r *resolver) faultsOf(docs []*faultDoc) {
	if room := fault.DefaultMaxRules - len(r.sc.Faults); len(docs) > room {
		r.ps.add(docs[max(room, 0)].at, "a scenario holds at most %d fault rules: every request walks them", fault.DefaultMaxRules)
		return
	}
	for _, d := range docs {
		d.ID, d.Source = "", ""
		ps := d.Problems()
		for _, p := range ps {
			where := d.at
			if p.Member != "" {
				where = where.child(p.Member)
			}
			r.ps.add(where, "%s", p.Message)
		}
		if len(ps) == 0 {
			r.sc.Faults = append(r.sc.Faults, d.Rule)
		}
	}
}
