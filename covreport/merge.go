package covreport

import "slices"

// Merge joins the reports of sharded runs into one: counts add up, an
// entry is missing only when every shard missed it, unreachable only when
// every shard's scenario could not produce it, and each finding keeps the
// first shard's request. Dimensions are joined entry by entry, so shards
// of mocks serving different scenarios still join.
func Merge(reports ...Report) Report {
	out := Report{Namespace: "*", Findings: []Finding{}}
	if len(reports) == 1 {
		out.Namespace = reports[0].Namespace
	}
	for i := range reports {
		r := &reports[i]
		out.Calls += r.Calls
		out.Excluded.Admin += r.Excluded.Admin
		out.Excluded.Kit += r.Excluded.Kit
		out.Excluded.Overflow += r.Excluded.Overflow
		out.Shards += max(r.Shards, 1)
		for _, f := range r.Findings {
			out.addFinding(f)
		}
	}
	out.Dimensions.Each(func(name string, d *Dimension) {
		parts := make([]*Dimension, len(reports))
		for i := range reports {
			parts[i] = reports[i].Dimension(name)
		}
		*d = mergeDimension(parts)
	})
	return out
}

func (r *Report) addFinding(f Finding) {
	for i := range r.Findings {
		if r.Findings[i].Duty == f.Duty {
			r.Findings[i].Count += f.Count
			return
		}
	}
	r.Findings = append(r.Findings, f)
}

// mergeDimension joins one dimension of every shard.
func mergeDimension(parts []*Dimension) Dimension {
	var d Dimension
	unreachable := map[string]int{}
	for _, p := range parts {
		d.Entries = addEntries(d.Entries, p.Entries)
		d.Other = addEntries(d.Other, p.Other)
		for _, id := range p.Unreachable {
			unreachable[id]++
		}
	}
	for _, e := range d.Entries {
		if unreachable[e.ID] == len(parts) {
			d.Unreachable = append(d.Unreachable, e.ID)
		}
	}
	d.Finish()
	return d
}

// addEntries adds more to list, entry by entry (by id), keeping list's order.
func addEntries(list, more []Entry) []Entry {
	for _, e := range more {
		i := slices.IndexFunc(list, func(x Entry) bool { return x.ID == e.ID })
		if i < 0 {
			list = append(list, e)
			continue
		}
		list[i].Count += e.Count
	}
	return list
}
