package scenario

import (
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/fake"
)

// groups resolves a record's groups; fields: is shorthand for one untitled
// group. Missing values are generated from the record's own faker.
func (r *resolver) groups(d *recordDoc, fk *fake.Faker) []Group {
	vals := fk.Values()
	if d.Fields != nil && d.Groups != nil {
		r.ps.add(d.at.child("fields"), "write either groups or fields (one untitled group), not both")
	}
	if d.Groups == nil && d.Fields != nil {
		g := &groupDoc{ID: 1, Fields: d.Fields}
		return []Group{r.group(d.at.child("fields"), g, 0, vals, true)}
	}
	out := make([]Group, 0, len(d.Groups))
	seen := map[int64]bool{}
	for i, gd := range d.Groups {
		ga := d.at.child("groups").index(i)
		g := r.group(ga.child("fields"), gd, i, vals, false)
		if seen[g.ID] {
			r.ps.add(ga.child("id"), "group id %d is used twice in this record", g.ID)
		}
		seen[g.ID] = true
		out = append(out, g)
	}
	return out
}

// group resolves one group; fa is the path of its field list. Missing
// values are drawn per field type (vals), so adding a field moves no other
// value.
func (r *resolver) group(fa at, d *groupDoc, i int, vals *fake.Values, shorthand bool) Group {
	g := Group{ID: d.ID, Title: d.Title, ShowTitle: d.Title != "", PageBreak: d.PageBreak}
	if g.ID == 0 {
		g.ID = int64(i + 1)
	}
	if d.ShowTitle != nil {
		g.ShowTitle = *d.ShowTitle
	}
	seen := map[int64]bool{}
	g.Fields = make([]Field, 0, len(d.Fields))
	for j, fd := range d.Fields {
		a := fa.index(j)
		f := r.field(a, fd, g.ID*100+int64(j+1), vals)
		if seen[f.ID] {
			r.ps.add(a.child("id"), "field id %d is used twice in this group", f.ID)
		}
		seen[f.ID] = true
		g.Fields = append(g.Fields, f)
	}
	return g
}

func (r *resolver) field(a at, d *fieldDoc, defID int64, vals *fake.Values) Field {
	f := Field{ID: d.ID, Title: d.Title, Type: d.Type, Desc: d.Desc, ShortName: d.ShortName,
		Result: d.Result, Highlight: d.Highlight, Hidden: d.Hidden, Masked: d.Masked || d.Premasked, Premasked: d.Premasked}
	if f.ID == 0 {
		f.ID = defID
	}
	if f.Title == "" {
		f.Title = fake.FieldTitle(d.Type)
	}
	if _, ok := contract.FieldTypeByName(d.Type); !ok {
		r.ps.add(a.child("type"), "unknown field type %q: %s", d.Type, suggestType(d.Type))
		return f
	}
	if d.Masked && !isStringType(d.Type) {
		r.ps.add(a.child("masked"), "%s field cannot be masked: the mock masks string values only (name, tel, identity, text, ...)", article(d.Type))
	}
	if d.Premasked && (!isStringType(d.Type) || d.Value == nil) {
		r.ps.add(a.child("premasked"), "premasked needs a string value as the service showed it (a string field type with value: set)")
	}
	if d.Value == nil {
		f.Value = vals.Next(d.Type)
		return f
	}
	f.Value = plainJSON(d.Value)
	if p, reason := checkValue(d.Type, f.Value); reason != "" {
		r.ps.add(a.child("value"), "value%s does not fit field type %s: %s (or leave value out to have one generated)", p, d.Type, reason)
	}
	return f
}

// suggestType names the closest field types, or points at the list.
func suggestType(got string) string {
	names := fieldTypeNames()
	if best := closest(got, names); best != "" {
		return "did you mean " + quote(best) + "?"
	}
	return "see the field types in docs/scenarios.md (e.g. name, tel, text, image)"
}
