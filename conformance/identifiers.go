package conformance

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

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
	kind    string // its kind's name in idKinds
}

// otherKindsFor are the identifiers of our objects that are no object of
// the kind param takes ("template", "certificate_code", "record_url",
// "number", "tpl_id"), none that is also an identifier of that kind:
// for template and certificate_code the kinds a lookup of several
// tables confuses most (a sub-code's coding, a tpl_id, a template's
// coding, a credential's code), then every other identifier of the
// kind of object param names (slotObjects), then otherKindsSampled more
// of the catalogue (idKinds), turned by the seed and the parameter.
func (t *T) otherKindsFor(param string) []namedID {
	return t.otherKindsFrom(param, idKinds)
}

// otherKindsFrom is otherKindsFor with the catalogue kinds.
func (t *T) otherKindsFrom(param string, kinds []idKind) []namedID {
	p := t.r.prof
	taken := t.takenBy(param)
	var out []namedID
	sent := map[string]bool{}
	add := func(kind, what, v string) {
		if v != "" && !taken[v] {
			taken[v] = true
			sent[kind] = true
			out = append(out, namedID{what, v, kind})
		}
	}
	if param == "template" || param == "certificate_code" {
		if sub, tpl := t.aSubCode(); sub != "" {
			add("sub-code coding", fmt.Sprintf("the coding of a sub-code of template %s", tpl), sub)
		}
		if items := p.Templates.Items; len(items) > 0 {
			tp := items[pick(t.r.opts.Seed, "other kinds template "+param, len(items))]
			add("template tpl_id", fmt.Sprintf("template %s's tpl_id as a string", tp.Coding), strconv.FormatInt(tp.TplID, 10))
			if param != "template" {
				add("template coding", "template "+tp.Coding+"'s coding", tp.Coding)
			}
		}
		if param != "certificate_code" {
			for _, c := range p.Cases {
				add("certificate code", "the certificate code of case "+c.Name, c.Code)
				break
			}
		}
	}
	// Every other identifier of the kind of object param names, on every
	// run: a lookup that also matches another column of the same rows
	// (a record's number or id for its code, a form's id or name for its
	// number, a template's name for its coding, a form's number for
	// tpl_id) serves an object where the contract gives nothing. Which
	// object's identifier goes is the seed's.
	for _, k := range kinds {
		if !slotObjects[param][k.object] || sent[k.name] || k.takenBy[param] {
			continue
		}
		if vs := t.kindValues(param, k, taken); len(vs) > 0 {
			v := vs[pick(t.r.opts.Seed, "other kinds of the object "+param+" "+k.name, len(vs))]
			add(k.name, fmt.Sprintf("%s %q", k.name, v), v)
		}
	}
	// The catalogue's other kinds, from the one the seed picks for
	// param: each kind with a value param does not take, the value
	// picked by the seed.
	n := otherKindsSampled[param]
	start := pick(t.r.opts.Seed, "other kinds sampled", len(kinds)) + otherKindsOffset(param)
	for i := 0; i < len(kinds) && n > 0; i++ {
		k := kinds[(start+i)%len(kinds)]
		if sent[k.name] || k.takenBy[param] {
			continue
		}
		vs := t.kindValues(param, k, taken)
		if len(vs) == 0 {
			continue
		}
		v := vs[pick(t.r.opts.Seed, "other kinds sampled "+param+" "+k.name, len(vs))]
		add(k.name, fmt.Sprintf("%s %q", k.name, v), v)
		n--
	}
	return out
}

// kindValues are the values of kind k that param may be sent: none it
// takes, none already sent, no integer for tpl_id (an integer may be a
// form's); for certificate_code, a record kind's values are those of the
// credentials (the cases' records) when the profile says which, the
// records a lookup of codes reads.
func (t *T) kindValues(param string, k idKind, taken map[string]bool) []string {
	var vs []string
	for _, v := range k.values(t) {
		if v != "" && !taken[v] && !(param == "tpl_id" && isInteger(v)) {
			vs = append(vs, v)
		}
	}
	if param != "certificate_code" || k.object != "record" || k.credential == nil {
		return vs
	}
	var creds []string
	for _, v := range k.credential(t) {
		if slices.Contains(vs, v) {
			creds = append(creds, v)
		}
	}
	if len(creds) > 0 {
		return creds
	}
	return vs
}

// slotObjects are, per parameter, the kinds of object it names: every
// other identifier of those objects goes in it on every run.
// certificate_code and record_url name a record; number a form; template
// a batch template; tpl_id the record's form (§C10), whose identifiers
// that are no integer it gets.
var slotObjects = map[string]map[string]bool{
	"template":         {"template": true},
	"certificate_code": {"record": true},
	"record_url":       {"record": true},
	"number":           {"form": true},
	"tpl_id":           {"form": true},
}

// otherKindsSlots are the parameters that name an object, and how many
// kinds of the catalogue each gets beyond its fixed ones and the other
// identifiers of the object it names (slotObjects). The seed picks
// one place in the catalogue for the run and each parameter takes the
// kinds from there on after those of the parameters before it, so that
// one run sends most kinds, each in some parameter, and over seeds every
// kind in every parameter.
var otherKindsSlots = []struct {
	param string
	n     int
}{{"template", 1}, {"certificate_code", 1}, {"record_url", 1}, {"number", 1}, {"tpl_id", 1}}

// otherKindsSampled is otherKindsSlots by parameter.
var otherKindsSampled = func() map[string]int {
	out := map[string]int{}
	for _, s := range otherKindsSlots {
		out[s.param] = s.n
	}
	return out
}()

// otherKindsOffset is where param's kinds start in the catalogue, after
// the run's start: after the kinds of the parameters before it.
func otherKindsOffset(param string) int {
	off := 0
	for _, s := range otherKindsSlots {
		if s.param == param {
			break
		}
		off += s.n
	}
	return off
}

// takenBy are the identifiers of the kind param takes, which name an
// object there: never sent as another kind.
func (t *T) takenBy(param string) map[string]bool {
	p := t.r.prof
	taken := map[string]bool{}
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
	case "record_url":
		for _, r := range p.Records {
			taken[r.URL] = true
		}
	case "number":
		for _, n := range p.Forms.Numbers {
			taken[n] = true
		}
		if p.Held != nil {
			for _, r := range p.Held.Records {
				if r.Template != nil {
					taken[r.Template.Number] = true
				}
			}
		}
	}
	return taken
}

// idKind is one kind of identifier the profile holds, the parameters
// that take it, and its values; read says the values are read off an
// answer (one request a run), not the profile. object is the kind of
// object it names (slotObjects); credential, for a record kind, are its
// values of the credentials alone.
type idKind struct {
	name       string
	takenBy    map[string]bool
	values     func(t *T) []string
	read       bool
	object     string
	credential func(t *T) []string
}

// idKinds is the catalogue of the identifiers of the profile, by kind:
// what the run can send in a parameter that takes another kind. A
// record's code is the last segment of its URL (§C10); a template's
// name is read off the templates listing, a sub-code's coding off
// listQrcodes, once a run.
var idKinds = []idKind{
	{"record id", nil, func(t *T) []string {
		var out []string
		for _, r := range t.r.prof.Records {
			out = append(out, strconv.FormatInt(r.ID, 10))
		}
		return out
	}, false, "record", credentialIDs},
	{"record code", map[string]bool{"certificate_code": true}, func(t *T) []string {
		var out []string
		for _, r := range t.r.prof.Records {
			if i := strings.LastIndexByte(r.URL, '/'); i >= 0 && strings.Contains(r.URL, "://") {
				out = append(out, r.URL[i+1:])
			}
		}
		return out
	}, false, "record", nil},
	{"record number", nil, func(t *T) []string {
		var out []string
		if h := t.r.prof.Held; h != nil {
			for _, r := range h.Records {
				out = append(out, r.Number)
			}
		}
		return out
	}, false, "record", credentialNumbers},
	{"record URL", map[string]bool{"certificate_code": true, "record_url": true}, func(t *T) []string {
		var out []string
		for _, r := range t.r.prof.Records {
			out = append(out, r.URL)
		}
		return out
	}, false, "record", nil},
	{"certificate code", map[string]bool{"certificate_code": true}, func(t *T) []string {
		var out []string
		for _, c := range t.r.prof.Cases {
			if !strings.Contains(c.Code, "://") {
				out = append(out, c.Code)
			}
		}
		return out
	}, false, "record", nil},
	{"form id", nil, func(t *T) []string { return idStrings(t.r.prof.Forms.IDs) }, false, "form", nil},
	{"form number", map[string]bool{"number": true}, func(t *T) []string { return t.r.prof.Forms.Numbers }, false, "form", nil},
	{"form name", nil, func(t *T) []string {
		var out []string
		if h := t.r.prof.Held; h != nil {
			for _, r := range h.Records {
				if r.Template != nil {
					out = append(out, r.Template.Name)
				}
			}
		}
		return out
	}, false, "form", nil},
	{"template tpl_id", nil, templatesEach(func(tp profile.Template) string { return strconv.FormatInt(tp.TplID, 10) }), false, "template", nil},
	{"template coding", map[string]bool{"template": true}, templatesEach(func(tp profile.Template) string { return tp.Coding }), false, "template", nil},
	{"template URL", map[string]bool{"template": true}, templatesEach(func(tp profile.Template) string { return tp.URL }), false, "template", nil},
	{"template name", nil, (*T).templateNames, true, "template", nil},
	{"sub-code coding", nil, func(t *T) []string {
		sub, _ := t.aSubCode()
		return []string{sub}
	}, true, "sub-code", nil},
	{"status id", nil, func(t *T) []string {
		var out []string
		for _, f := range t.r.prof.Flows {
			for _, s := range f.Statuses {
				out = append(out, strconv.FormatInt(s.ID, 10))
			}
		}
		return out
	}, false, "status", nil},
	{"status name", nil, func(t *T) []string {
		var out []string
		for _, f := range t.r.prof.Flows {
			for _, s := range f.Statuses {
				out = append(out, s.Name)
			}
		}
		return out
	}, false, "status", nil},
	{"another organization's template coding", nil, func(t *T) []string { return t.r.prof.Foreign.Codings }, false, "foreign", nil},
	{"another organization's record id", nil, func(t *T) []string { return idStrings(t.r.prof.Foreign.RecordIDs) }, false, "foreign", nil},
	{"another organization's form id", nil, func(t *T) []string { return idStrings(t.r.prof.Foreign.FormIDs) }, false, "foreign", nil},
}

// credentialIDs are the ids of the cases' records: the credentials.
func credentialIDs(t *T) []string {
	var out []string
	for _, c := range t.r.prof.Cases {
		if c.RecordID != 0 {
			out = append(out, strconv.FormatInt(c.RecordID, 10))
		}
	}
	return out
}

// credentialNumbers are the record numbers of the cases' records the
// profile holds.
func credentialNumbers(t *T) []string {
	ids := map[int64]bool{}
	for _, c := range t.r.prof.Cases {
		ids[c.RecordID] = true
	}
	var out []string
	if h := t.r.prof.Held; h != nil {
		for _, r := range h.Records {
			if ids[r.ID] {
				out = append(out, r.Number)
			}
		}
	}
	return out
}

// isInteger says whether v is written as a decimal integer.
func isInteger(v string) bool {
	_, err := strconv.ParseInt(v, 10, 64)
	return err == nil
}

// templateNames are the names of the templates on the first page of the
// read key's templates listing at the maximum page size, read once a
// run.
func (t *T) templateNames() []string {
	return t.listedTemplates("name")
}

// listedTemplates are the values of member (name, coding) of the
// templates on the first page of the read key's templates listing at
// the maximum page size, read once a run.
func (t *T) listedTemplates(member string) []string {
	body := map[string]any{"page_size": contract.TemplatesMaxPageSize}
	x := t.once(fmt.Sprintf("templates/list read %v", body), func(t *T) any {
		return t.post(contract.TemplatesList, profile.RoleRead, body)
	}).(*Exchange)
	var out []string
	if l := listedOf(x); l != nil {
		list, _ := l["list"].([]any)
		for _, it := range list {
			m, _ := it.(map[string]any)
			if n, _ := m[member].(string); n != "" {
				out = append(out, n)
			}
		}
	}
	return out
}

// unprofiledTemplates are n codings of our templates that the read key's
// templates listing gives and the profile does not list (nor its
// windows, nor the other organization's), from the one the seed picks
// for site on: the run asks a few of the templates it never names
// otherwise, and the rotation reaches every one over seeds.
func (t *T) unprofiledTemplates(site string, n int) []string {
	p := t.r.prof
	named := map[string]bool{}
	for _, tp := range p.Templates.Items {
		named[tp.Coding] = true
	}
	for _, c := range p.Foreign.Codings {
		named[c] = true
	}
	var others []string
	for _, c := range t.listedTemplates("coding") {
		if !named[c] && !slices.Contains(others, c) {
			others = append(others, c)
		}
	}
	if len(others) == 0 {
		return nil
	}
	start := pick(t.r.opts.Seed, "unprofiled templates "+site, len(others))
	var out []string
	for i := 0; i < min(n, len(others)); i++ {
		out = append(out, others[(start+i)%len(others)])
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

// templatesEach is a kind's values read off each template the profile
// lists.
func templatesEach(value func(profile.Template) string) func(t *T) []string {
	return func(t *T) []string {
		var out []string
		for _, tp := range t.r.prof.Templates.Items {
			out = append(out, value(tp))
		}
		return out
	}
}

// strangerTargets are the matrix's rows (relation.verify.matrix) whose
// target is a status from the wrong set: a status of another form's
// flow that this flow has under neither its name nor its id, named by
// name and by id, with set_certificate_status and nothing else (the
// target the only fault). It names no status the record can reach:
// 100326 (the target is invalid), or 100301 where a service reads an
// unknown status as a bad parameter. A service that looks a status up
// in every flow's table, not the record's, moves the record to a
// status its flow does not have. Two rows a run, the status turned by
// the seed over runs.
func strangerTargets(seed uint64, sub matrixSubject, flows []profile.Flow) []matrixRow {
	if sub.flow == nil || sub.status(sub.cur) == nil {
		return nil
	}
	own := map[string]bool{}
	for _, s := range sub.flow.Statuses {
		own[s.Name], own[strconv.FormatInt(s.ID, 10)] = true, true
	}
	var strangers []profile.Status
	for _, f := range flows {
		if f.FormID == sub.flow.FormID {
			continue
		}
		for _, s := range f.Statuses {
			if !own[s.Name] && !own[strconv.FormatInt(s.ID, 10)] {
				strangers = append(strangers, s)
			}
		}
	}
	if len(strangers) == 0 {
		return nil
	}
	st := strangers[pick(seed, "matrix stranger target", len(strangers))]
	want := func(x *Exchange) string {
		obj, _ := x.Doc.(map[string]any)
		switch ec := errorCode(obj); {
		case ec == contract.ErrInvalidTarget, ec == contract.ErrInvalidParams:
			return ""
		}
		if c, _ := intOf(obj["code"]); c == 0 && x.Err == nil {
			return fmt.Sprintf("a success, want error_code %d (or %d)", contract.ErrInvalidTarget, contract.ErrInvalidParams)
		}
		return fmt.Sprintf("%s, want error_code %d (or %d)", describe(x), contract.ErrInvalidTarget, contract.ErrInvalidParams)
	}
	var rows []matrixRow
	for _, byName := range []bool{true, false} {
		body := sub.moveBody(contract.ActionSetStatus, statusForm(st, byName), pick(seed, "matrix stranger address "+formName(byName), 2) == 1 && sub.url != "")
		what := fmt.Sprintf("set_certificate_status to %q, a status of another form's flow, %s", statusForm(st, byName), formName(byName))
		rows = append(rows, matrixRow{role: profile.RoleWrite, body: body, what: what + byURL(body, sub), want: want})
	}
	return rows
}
