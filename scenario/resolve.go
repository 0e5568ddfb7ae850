package scenario

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/fake"
)

// resolver turns documents into a Scenario: defaults applied, references
// followed, uniqueness checked. Every problem is collected, none stops it.
type resolver struct {
	ps   *problems
	seed int64
	sc   *Scenario

	orgByCode  map[string]*Org
	orgIDs     map[int64]bool
	projects   map[int64]*Project
	forms      map[int64]*Form
	formNums   map[string]bool // org id + "\x00" + number
	qrcodes    map[int64]*QRCode
	firstQR    map[int64]*QRCode // by form id
	orgQR      map[int64]*QRCode // first QR code without a form, by org id
	recordIDs  map[int64]bool    // written records; generated ones are in genIDs
	genIDs     []genRange        // the id range of each record generator run so far
	recordCode map[string]bool
	recordURL  map[string]bool // record_urls of the records written out
	recordNums map[string]bool
	tplIDs     map[int64]bool
	codings    map[string]bool
	subIDs     map[int64]bool
	maxRecord  int64
	maxTpl     int64
	maxSub     int64
	pending    []pendingSubCodes
	limit      int
	// maxGenerated bounds what the generators may ask for (withinBudget).
	maxGenerated int64
	generators   int // generators seen so far, the default seed of the next
}

// capCount applies the generation limit of options.limit.
func (r *resolver) capCount(n int) int {
	if r.limit < 0 {
		return 0
	}
	if r.limit > 0 && n > r.limit {
		return r.limit
	}
	return max(n, 0)
}

// Seeds are mixed with a salt per kind of item, so form 7 and record 7 do
// not get the same generated data.
const (
	saltForm int64 = iota + 1
	saltRecord
	saltTemplate
	saltSubCode
	saltRecordGen
	saltTemplateGen
	saltRecorder
)

// itemFaker returns the faker of one item: the same item gets the same
// generated values whatever else the scenario holds.
func (r *resolver) itemFaker(salt, id int64) *fake.Faker {
	return fake.New(fake.Derive(r.seed, salt<<48^id))
}

func newResolver(ps *problems, seed int64) *resolver {
	return &resolver{
		ps: ps, seed: seed, sc: &Scenario{Seed: seed, HTTPStatus: StatusPerCode}, maxGenerated: MaxGenerated,
		orgByCode: map[string]*Org{}, orgIDs: map[int64]bool{}, projects: map[int64]*Project{},
		forms: map[int64]*Form{}, formNums: map[string]bool{}, qrcodes: map[int64]*QRCode{},
		firstQR: map[int64]*QRCode{}, orgQR: map[int64]*QRCode{},
		recordIDs: map[int64]bool{}, recordCode: map[string]bool{}, recordURL: map[string]bool{}, recordNums: map[string]bool{},
		tplIDs: map[int64]bool{}, codings: map[string]bool{}, subIDs: map[int64]bool{},
	}
}

// resolve runs every step in dependency order.
func (r *resolver) resolve(docs []*document) *Scenario {
	r.settings(docs)
	each(docs, func(d *document) { r.orgs(d.Orgs) })
	if len(r.sc.Orgs) == 0 && len(docs) > 0 {
		r.ps.add(at{file: firstSource(docs)}, "the scenario has no organization: add orgs: [{id, name, code, host}]")
		return r.sc
	}
	if !r.withinBudget(docs) {
		r.limit = -1 // check everything else, generate nothing
	}
	each(docs, func(d *document) { r.projectsOf(d.Projects) })
	each(docs, func(d *document) { r.formsOf(d.Forms) })
	each(docs, func(d *document) { r.keysOf(d.Keys) })
	each(docs, func(d *document) { r.qrcodesOf(d.QRCodes) })
	each(docs, func(d *document) { r.recordsOf(d.Records) })
	each(docs, func(d *document) { r.templatesOf(d.Templates) })
	r.flushSubCodes()
	each(docs, func(d *document) { r.recordGenerators(d.Generate.Records) })
	each(docs, func(d *document) { r.templateGenerators(d.Generate.Templates) })
	each(docs, func(d *document) { r.faultsOf(d.Faults) })
	r.service(docs)
	return r.sc
}

// MaxGenerated bounds the items (records, templates, sub-codes) one
// scenario may generate, so a typo in a count (or an upload to
// POST /__admin/scenario) cannot exhaust the mock's memory.
const MaxGenerated = 5_000_000

// withinBudget adds up what the generators ask for before any is run; a
// problem points at the largest request.
func (r *resolver) withinBudget(docs []*document) bool {
	total, biggest := int64(0), int64(-1)
	where := at{file: firstSource(docs)}
	count := func(a at, n int64) {
		total += n
		if n > biggest {
			biggest, where = n, a
		}
	}
	for _, d := range docs {
		for _, g := range d.Generate.Records {
			count(g.at, int64(r.capCount(g.Count)))
		}
		for _, g := range d.Generate.Templates {
			count(g.at, int64(r.capCount(g.Count))*(1+int64(r.capCount(g.SubCodes))))
		}
		for _, t := range d.Templates {
			if t.Generate != nil {
				count(t.at.child("generate_sub_codes"), int64(r.capCount(t.Generate.Count)))
			}
		}
	}
	if total > r.maxGenerated {
		r.ps.add(where, "the generators ask for %d items (records, templates and sub-codes), more than the %d one scenario may hold: lower the counts", total, r.maxGenerated)
		r.ps.overBudget = true
		return false
	}
	return true
}

func each(docs []*document, f func(*document)) {
	for _, d := range docs {
		f(d)
	}
}

func firstSource(docs []*document) *source {
	for _, d := range docs {
		if d.src != nil {
			return d.src
		}
	}
	return nil
}

// settings merges name, seed and http_status; two files may not disagree.
func (r *resolver) settings(docs []*document) {
	var name, mode string
	for _, d := range docs {
		root := at{file: d.src}
		if d.Name != nil {
			if name != "" && name != *d.Name {
				r.ps.add(root.child("name"), "name %q differs from %q in another file: keep one", *d.Name, name)
			}
			name = *d.Name
		}
		if d.HTTPStatus != nil {
			if mode != "" && mode != *d.HTTPStatus {
				r.ps.add(root.child("http_status"), "http_status %q differs from %q in another file: keep one", *d.HTTPStatus, mode)
			}
			mode = *d.HTTPStatus
		}
	}
	r.sc.Name = name
	if mode != "" {
		r.sc.HTTPStatus = HTTPStatusMode(mode)
	}
}

func (r *resolver) orgs(list []*orgDoc) {
	for _, o := range list {
		if r.orgIDs[o.ID] {
			r.ps.add(o.at.child("id"), "organization id %d is used twice: ids are unique", o.ID)
		}
		if _, dup := r.orgByCode[o.Code]; dup {
			r.ps.add(o.at.child("code"), "organization code %q is used twice: codes are unique", o.Code)
			continue
		}
		org := &Org{ID: o.ID, Name: o.Name, Code: o.Code, Host: o.Host, LogoURL: o.LogoURL}
		if org.LogoURL == "" {
			org.LogoURL = "https://" + o.Host + "/logo.png"
		}
		r.orgIDs[o.ID] = true
		r.orgByCode[o.Code] = org
		r.sc.Orgs = append(r.sc.Orgs, org)
	}
}

// org resolves an organization code; "" means the default (first) one.
func (r *resolver) org(a at, code string) *Org {
	if code == "" {
		return r.sc.Orgs[0]
	}
	if o, ok := r.orgByCode[code]; ok {
		return o
	}
	r.ps.add(a, "organization %q does not exist (organizations are %s)", code, r.orgCodes())
	return r.sc.Orgs[0]
}

func (r *resolver) orgCodes() string {
	codes := make([]string, len(r.sc.Orgs))
	for i, o := range r.sc.Orgs {
		codes[i] = o.Code
	}
	return strings.Join(codes, ", ")
}

func (r *resolver) projectsOf(list []*projectDoc) {
	for _, p := range list {
		if _, dup := r.projects[p.ID]; dup {
			r.ps.add(p.at.child("id"), "project id %d is used twice: ids are unique", p.ID)
			continue
		}
		pr := &Project{ID: p.ID, Org: r.org(p.at.child("org"), p.Org), Name: p.Name, Number: p.Number}
		if pr.Number == "" {
			pr.Number = "P" + strconv.FormatInt(p.ID, 10)
		}
		r.projects[p.ID] = pr
		r.sc.Projects = append(r.sc.Projects, pr)
	}
}

// project resolves a project id within an organization.
func (r *resolver) project(a at, id *int64, org *Org) *Project {
	if id == nil {
		return nil
	}
	p, ok := r.projects[*id]
	if !ok {
		r.ps.add(a, "project %d does not exist (%s)", *id, idRange("projects", len(r.projects), keysOf(r.projects)))
		return nil
	}
	if p.Org != org {
		r.ps.add(a, "project %d belongs to organization %q, not %q", *id, p.Org.Code, org.Code)
	}
	return p
}

func (r *resolver) keysOf(list []*keyDoc) {
	for _, k := range list {
		key := &Key{Name: k.Name, Secret: k.Secret, Org: r.org(k.at.child("org"), k.Org)}
		r.scopes(k, key)
		for i, id := range k.Forms {
			f, ok := r.forms[id]
			switch {
			case !ok:
				r.ps.add(k.at.child("forms").index(i), "form %d does not exist (%s)", id, idRange("forms", len(r.forms), keysOf(r.forms)))
			case f.Org != key.Org:
				r.ps.add(k.at.child("forms").index(i), "form %d belongs to organization %q, not the key's %q", id, f.Org.Code, key.Org.Code)
			}
			key.Forms = append(key.Forms, id)
		}
		if len(k.Forms) > 0 && !key.Write {
			r.ps.add(k.at.child("forms"), "forms limits writes, but key %q has no write scope: add write to scopes", k.Name)
		}
		r.checkKeyUnique(k)
		r.sc.Keys = append(r.sc.Keys, key)
	}
}

func (r *resolver) scopes(k *keyDoc, key *Key) {
	if k.Scopes == nil {
		key.Read = true
		return
	}
	for i, s := range k.Scopes {
		switch s {
		case "read":
			key.Read = true
		case "write":
			key.Write = true
		default:
			r.ps.add(k.at.child("scopes").index(i), "key %q scope %q is not one of read, write", k.Name, s)
		}
	}
}

func (r *resolver) checkKeyUnique(k *keyDoc) {
	for _, other := range r.sc.Keys {
		if other.Secret == k.Secret {
			r.ps.add(k.at.child("secret"), "key %q has the same secret as key %q: secrets are unique", k.Name, other.Name)
		}
		if other.Name == k.Name {
			r.ps.add(k.at.child("name"), "key name %q is used twice: names are unique (logs show them)", k.Name)
		}
	}
}

// idRange describes the ids that exist, for "does not exist" messages.
func idRange(what string, n int, ids []int64) string {
	if n == 0 {
		return "there are no " + what
	}
	lo, hi := ids[0], ids[0]
	for _, id := range ids {
		lo, hi = min(lo, id), max(hi, id)
	}
	if lo == hi {
		return fmt.Sprintf("%s are %d", what, lo)
	}
	return fmt.Sprintf("%s are %d-%d", what, lo, hi)
}

func keysOf[V any](m map[int64]V) []int64 {
	out := make([]int64, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
