package conformance

import (
	"fmt"
	"strconv"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// Identifiers of another kind. Each parameter that names an object takes
// one kind of object: listQrcodes' template a batch template's coding or
// URL (§4.5), verify's certificate_code a record code or the record's
// full URL (§4.2). The run knows identifiers of every kind of our
// objects: templates' codings and tpl_ids, their sub-codes' codings (the
// listQrcodes answer of a profile template), credentials' codes. Each
// one sent in a parameter that takes another kind names nothing there:
// a target that looks a value up in a table of several kinds (a
// sub-code's coding taken for a template, a tpl_id for a template's
// coding, a sub-code's coding for a credential) answers something where
// the contract gives "not found" (404; 100320).

// namedID is an identifier of one of our objects and what it names.
type namedID struct {
	what, v string
}

// otherKindsFor are the identifiers of our objects that are no object of
// the kind param takes ("template" or "certificate_code"): one of each
// kind the run knows, none that is also an identifier of that kind.
func (t *T) otherKindsFor(param string) []namedID {
	p := t.r.prof
	taken := map[string]bool{} // the identifiers of the kind param takes
	switch param {
	case "template":
		for _, tp := range p.Templates.Items {
			taken[tp.Coding], taken[tp.URL] = true, true
		}
		if w := p.Templates.Window; w != nil {
			for _, c := range w.Codings {
				taken[c] = true
			}
		}
	case "certificate_code":
		for _, c := range p.Cases {
			taken[c.Code] = true
		}
		for _, r := range p.Records {
			taken[r.URL] = true
		}
	}
	var out []namedID
	add := func(what, v string) {
		if v != "" && !taken[v] {
			taken[v] = true
			out = append(out, namedID{what, v})
		}
	}
	if sub, tpl := t.aSubCode(); sub != "" {
		add(fmt.Sprintf("the coding of a sub-code of template %s", tpl), sub)
	}
	if items := p.Templates.Items; len(items) > 0 {
		tp := items[pick(t.r.opts.Seed, "other kinds template "+param, len(items))]
		add(fmt.Sprintf("template %s's tpl_id as a string", tp.Coding), strconv.FormatInt(tp.TplID, 10))
		if param != "template" {
			add("template "+tp.Coding+"'s coding", tp.Coding)
		}
	}
	if param != "certificate_code" {
		for _, c := range p.Cases {
			add("the certificate code of case "+c.Name, c.Code)
			break
		}
	}
	return out
}

// aSubCode is the coding of a sub-code of the first profile template
// that lists one, and that template's coding ("" when none): the first
// page of its listing at the maximum page size, read once per run.
func (t *T) aSubCode() (coding, template string) {
	for _, tp := range t.r.prof.Templates.Items {
		if tp.SubCodes != nil && *tp.SubCodes == 0 {
			continue
		}
		canon := map[string]any{"template": tp.Coding, "page_size": contract.TemplatesMaxPageSize}
		x := t.once(fmt.Sprintf("listQrcodes read %v", canon), func(t *T) any {
			return t.post(contract.ListQrcodes, profile.RoleRead, canon)
		}).(*Exchange)
		if l := listedOf(x); l != nil {
			list, _ := l["list"].([]any)
			for _, it := range list {
				m, _ := it.(map[string]any)
				if c, _ := m["coding"].(string); c != "" {
					return c, tp.Coding
				}
			}
		}
		return "", ""
	}
	return "", ""
}
