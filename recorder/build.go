package recorder

import (
	"net/url"
	"sort"

	"github.com/rtq-kit/rtq/scenario"
)

// PlaceholderEpoch is the creation time given to recorded templates and
// sub-codes (2020-01-01 00:00:00 UTC+08:00): the list answers carry no
// times, so each item gets this plus its position in the upstream's order,
// which keeps the order the mock serves them in identical to the
// upstream's. Time-filtered answers of the recording therefore differ from
// the upstream's (docs/record.md).
const PlaceholderEpoch = 1577808000

// Placeholder key secrets written into a recording: never the real key.
const (
	ReadKeySecret  = "rtq-recorded-read"
	WriteKeySecret = "rtq-recorded-write"
)

// builder turns a Capture into a scenario.
type builder struct {
	c        *Capture
	sc       *scenario.Scenario
	org      *scenario.Org
	forms    map[int64]*scenario.Form
	projects map[int64]*scenario.Project
	qrcodes  map[int64]*scenario.QRCode
	notes    []string // what the file's header tells the reviewer
}

// Build makes the scenario of everything captured. upstream is the base
// URL recorded from: its host is the organization's host when no record
// showed one.
func (c *Capture) Build(upstream string) (*scenario.Scenario, []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b := &builder{c: c, forms: map[int64]*scenario.Form{}, projects: map[int64]*scenario.Project{}, qrcodes: map[int64]*scenario.QRCode{}}
	b.sc = &scenario.Scenario{Name: "recorded from " + hostOf(upstream), Seed: 1, HTTPStatus: scenario.StatusPerCode}
	if c.errors200 > 0 && c.errorsPerCode == 0 {
		b.sc.HTTPStatus = scenario.StatusAlways200
	}
	b.buildOrg(upstream)
	for _, id := range c.formOrder {
		b.listedForm(c.forms[id])
	}
	for _, id := range c.recOrder {
		b.sc.Records = append(b.sc.Records, b.buildRecord(c.records[id]))
	}
	b.buildTemplates()
	b.sc.Keys = []*scenario.Key{
		{Name: "recorded-read", Secret: ReadKeySecret, Org: b.org, Read: true},
		{Name: "recorded-write", Secret: WriteKeySecret, Org: b.org, Read: true, Write: true},
	}
	sort.SliceStable(b.sc.Forms, func(i, j int) bool { return b.sc.Forms[i].ID < b.sc.Forms[j].ID })
	return b.sc, b.notes
}

func hostOf(base string) string {
	if u, err := url.Parse(base); err == nil && u.Hostname() != "" {
		return u.Hostname()
	}
	return "upstream.invalid"
}

// buildOrg takes the organization of the first record; without one, a
// placeholder the reviewer fills in.
func (b *builder) buildOrg(upstream string) {
	for _, id := range b.c.recOrder {
		p := b.c.records[id]
		b.org = &scenario.Org{ID: p.Org.ID, Name: p.Org.Name, Code: p.Org.Code, LogoURL: p.Org.LogoURL, Host: hostOf(p.RecordURL)}
		break
	}
	if b.org == nil || b.org.Code == "" {
		host := hostOf(upstream)
		b.org = &scenario.Org{ID: 1, Name: "recorded organization", Code: "recorded", Host: host, LogoURL: "https://" + host + "/logo.png"}
		b.notes = append(b.notes, "orgs[0] is a placeholder (no record was recorded, and only records show the organization): fill in id, name, code and host")
	}
	b.sc.Orgs = []*scenario.Org{b.org}
}

func (b *builder) project(p *project) *scenario.Project {
	if pr, ok := b.projects[p.ID]; ok {
		return pr
	}
	pr := &scenario.Project{ID: p.ID, Org: b.org, Name: p.Name, Number: p.Number}
	b.projects[p.ID] = pr
	b.sc.Projects = append(b.sc.Projects, pr)
	return pr
}

func (b *builder) listedForm(f *formItem) {
	sf := &scenario.Form{ID: f.ID, Org: b.org, Name: f.Name, Type: f.Type, TypeText: f.TypeText, Number: f.Number,
		Note: f.Note, CreatedAt: f.CreatedAt, UpdatedAt: f.UpdatedAt, ActiveAt: f.ActiveAt}
	if f.Project != nil {
		sf.Project = b.project(f.Project)
	}
	b.forms[f.ID] = sf
	b.sc.Forms = append(b.sc.Forms, sf)
}

// recordForm is the record's form: the listed one, else one made from
// record_template with placeholder times (the form list did not show it).
func (b *builder) recordForm(p *recordPayload) *scenario.Form {
	t := p.RecordTemplate
	if t.ID == nil {
		return nil
	}
	if f, ok := b.forms[*t.ID]; ok {
		return f
	}
	f := &scenario.Form{ID: *t.ID, Org: b.org, CreatedAt: PlaceholderEpoch, UpdatedAt: PlaceholderEpoch}
	f.Name, f.TypeText, f.Number = deref(t.Name), deref(t.TypeText), deref(t.Number)
	if t.Type != nil {
		f.Type = *t.Type
	}
	b.forms[f.ID] = f
	b.sc.Forms = append(b.sc.Forms, f)
	b.notes = append(b.notes, "form "+itoa(f.ID)+" was seen only in a record, not in the form list: its times, note and project are placeholders")
	return f
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func (b *builder) qrcode(p *recordPayload, form *scenario.Form) *scenario.QRCode {
	q := p.QRCode
	if sq, ok := b.qrcodes[q.ID]; ok {
		return sq
	}
	sq := &scenario.QRCode{ID: q.ID, Org: b.org, Name: q.Name, Type: q.Type, TypeText: q.TypeText, URL: q.URL,
		Number: q.Number, CategoryID: q.CategoryID}
	if q.TemplateID != 0 { // template_id names the QR code's form; 0: none
		sq.Form = form
		if f, ok := b.forms[q.TemplateID]; ok {
			sq.Form = f
		}
	}
	b.qrcodes[q.ID] = sq
	b.sc.QRCodes = append(b.sc.QRCodes, sq)
	return sq
}

// buildTemplates gives templates and sub-codes placeholder creation
// times in the upstream's order (PlaceholderEpoch).
func (b *builder) buildTemplates() {
	for i, coding := range b.c.tplOrder {
		t := b.c.tpls[coding]
		st := &scenario.Template{ID: t.ID, Org: b.org, Name: t.Name, Coding: t.Coding,
			URL: "https://" + b.org.Host + "/t/" + t.Coding, CreatedAt: PlaceholderEpoch + int64(i)}
		for j, s := range b.c.subs[coding] {
			st.SubCodes = append(st.SubCodes, scenario.SubCode{ID: s.ID, Name: s.Name, Coding: s.Coding,
				CreatedAt: PlaceholderEpoch + int64(j)})
		}
		b.sc.Templates = append(b.sc.Templates, st)
	}
	if len(b.c.tplOrder) > 0 {
		b.notes = append(b.notes, "templates[].created_at and sub_codes[].created_at are placeholders (2020-01-01 plus the position the upstream listed them at): list answers carry no times")
	}
}
