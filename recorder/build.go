package recorder

import (
	"net/url"
	"slices"
	"sort"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/scenario"
)

// PlaceholderEpoch is the creation time given to recorded templates and
// sub-codes whose times were not probed (2020-01-01 00:00:00 UTC+08:00):
// the list answers carry no times, so each item gets this plus its
// position in the upstream's order, which keeps the order the mock serves
// them in identical to the upstream's. Time-filtered answers then differ
// from the upstream's (docs/record.md).
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
	// placeholders says which creation times are not the upstream's.
	placeholders Placeholders
	misordered   int
	// histories are records whose status history may be a certificate's,
	// taken or not once every record is built (flows.go).
	histories []*scenario.Record
}

// Placeholders says which creation times of a recording are placeholders
// rather than the upstream's, so a merge can keep the file's instead.
type Placeholders struct {
	Templates bool           // every template's own creation time
	SubCodes  map[int64]bool // template id → its sub-codes' times
	// Kept counts the listings whose times a merge took from the file.
	Kept int
}

// FilePlaceholders are the kinds of creation times a recording's file
// holds as placeholders (HeaderPlaceholders reads them from its header).
type FilePlaceholders struct {
	Templates bool // templates[].created_at
	SubCodes  bool // the sub-codes' of at least one template
}

// The header's words for placeholder times, which HeaderPlaceholders
// reads back from a file when it is recorded into again.
const (
	templatesPlaceholderNote = "templates[].created_at are placeholders "
	subCodesPlaceholderNote  = "sub_codes[].created_at of "
	placeholderWord          = " templates are placeholders "
)

// HeaderPlaceholders reads which creation times a recording's file holds
// as placeholders from the header rtq record wrote into it.
func HeaderPlaceholders(file []byte) FilePlaceholders {
	var fp FilePlaceholders
	for _, line := range strings.Split(string(file), "\n") {
		if !strings.HasPrefix(line, "#") {
			if strings.TrimSpace(line) == "" {
				continue
			}
			break // the header ends at the first line of YAML
		}
		fp.Templates = fp.Templates || strings.Contains(line, templatesPlaceholderNote)
		fp.SubCodes = fp.SubCodes || strings.Contains(line, subCodesPlaceholderNote) && strings.Contains(line, placeholderWord)
	}
	return fp
}

// Built is a recording made from a capture, before it is merged into a
// file and written.
type Built struct {
	Scenario     *scenario.Scenario
	Notes        []string // what the file's header tells the reviewer, times aside
	Placeholders Placeholders
	// ProbeBudgetSpent: --probe-times ran out of --max-requests, so the
	// header's advice for placeholder times is to raise that bound.
	ProbeBudgetSpent bool
	// FilePlaceholders says which times of the file recorded into were
	// placeholders, as its header said: a merge keeps the file's times
	// only when they are the upstream's, so the header's warning stays
	// for as long as the times are placeholders.
	FilePlaceholders FilePlaceholders
	misordered       int               // timed listings the upstream lists out of time order
	bounds           map[string]Bounds // how the upstream read its time bounds
}

// Build makes the scenario of everything captured. upstream is the base
// URL recorded from: its host is the organization's host when no record
// showed one.
func (c *Capture) Build(upstream string) Built {
	c.mu.Lock()
	defer c.mu.Unlock()
	b := &builder{c: c, forms: map[int64]*scenario.Form{}, projects: map[int64]*scenario.Project{}, qrcodes: map[int64]*scenario.QRCode{},
		placeholders: Placeholders{SubCodes: map[int64]bool{}}}
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
	b.takeHistories()
	b.siblings()
	b.buildTemplates()
	b.noteCredentials()
	byID := sort.SliceIsSorted(b.sc.Forms, func(i, j int) bool { return b.sc.Forms[i].ID < b.sc.Forms[j].ID })
	b.dialect(byID)
	b.errorCatalogue()
	b.searchRule()
	b.intStringsRule()
	b.sc.Keys = []*scenario.Key{
		{Name: "recorded-read", Secret: ReadKeySecret, Org: b.org, Read: true},
		{Name: "recorded-write", Secret: WriteKeySecret, Org: b.org, Read: true, Write: true},
	}
	if byID { // else the service's order, served as written (scenario.Service)
		sort.SliceStable(b.sc.Forms, func(i, j int) bool { return b.sc.Forms[i].ID < b.sc.Forms[j].ID })
	}
	bounds := make(map[string]Bounds, len(c.bounds))
	for k, v := range c.bounds {
		bounds[k] = v
	}
	return Built{Scenario: b.sc, Notes: b.notes, Placeholders: b.placeholders, misordered: b.misordered, bounds: bounds}
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

// buildTemplates makes the templates and sub-codes with their creation
// times: those ProbeTimes recovered, else placeholders in the upstream's
// order (PlaceholderEpoch). A listing takes recovered times only when
// every item of it has one, so its order stays consistent.
func (b *builder) buildTemplates() {
	tplTimed := len(b.c.tplOrder) > 0
	for _, coding := range b.c.tplOrder {
		if _, ok := b.c.tplTimes[b.c.tpls[coding].ID]; !ok {
			tplTimed = false
		}
	}
	misordered := 0
	for i, coding := range b.c.tplOrder {
		t := b.c.tpls[coding]
		st := &scenario.Template{ID: t.ID, Org: b.org, Name: t.Name, Coding: t.Coding,
			URL: "https://" + b.org.Host + "/t/" + t.Coding, CreatedAt: PlaceholderEpoch + int64(i)}
		if tplTimed {
			st.CreatedAt = b.c.tplTimes[t.ID]
		}
		subs, known := b.c.subs[coding], b.c.subTimes[coding]
		subTimed := true
		for _, s := range subs {
			if _, ok := known[s.ID]; !ok {
				subTimed = false
			}
		}
		for j, s := range subs {
			at := PlaceholderEpoch + int64(j)
			if subTimed {
				at = known[s.ID]
			}
			st.SubCodes = append(st.SubCodes, scenario.SubCode{ID: s.ID, Name: s.Name, Coding: s.Coding, CreatedAt: at})
		}
		if !subTimed {
			b.placeholders.SubCodes[t.ID] = true
		} else if !inTimeOrder(st.SubCodes, func(s scenario.SubCode) (int64, int64) { return s.CreatedAt, s.ID }) {
			misordered++
		}
		b.sc.Templates = append(b.sc.Templates, st)
	}
	b.placeholders.Templates = !tplTimed && len(b.c.tplOrder) > 0
	if tplTimed && !inTimeOrder(b.sc.Templates, func(t *scenario.Template) (int64, int64) { return t.CreatedAt, t.ID }) {
		misordered++
	}
	b.misordered = misordered
	if misordered > 0 && b.newestFirst() {
		b.misordered = 0
	}
}

// newestFirst turns the recording to newest first when every timed
// listing of two or more items came newest first, and none oldest first:
// the service's order, which the mock then keeps (service.list_order).
// Placeholder times are turned round with it, so untimed listings keep
// the service's order too.
func (b *builder) newestFirst() bool {
	newest := 0
	tplKey := func(t *scenario.Template) (int64, int64) { return t.CreatedAt, t.ID }
	subKey := func(s scenario.SubCode) (int64, int64) { return s.CreatedAt, s.ID }
	judge := func(asc, desc bool) bool {
		switch {
		case desc && !asc:
			newest++
		case !desc:
			return false
		}
		return true
	}
	if !b.placeholders.Templates && len(b.sc.Templates) > 1 && !judge(inTimeOrder(b.sc.Templates, tplKey), inTimeOrder(reversedCopy(b.sc.Templates), tplKey)) {
		return false
	}
	for _, t := range b.sc.Templates {
		if !b.placeholders.SubCodes[t.ID] && len(t.SubCodes) > 1 && !judge(inTimeOrder(t.SubCodes, subKey), inTimeOrder(reversedCopy(t.SubCodes), subKey)) {
			return false
		}
	}
	if newest == 0 {
		return false
	}
	if b.sc.Service == nil {
		b.sc.Service = &scenario.Service{}
	}
	b.sc.Service.NewestFirst = true
	n := len(b.sc.Templates)
	for i, t := range b.sc.Templates {
		if b.placeholders.Templates {
			t.CreatedAt = PlaceholderEpoch + int64(n-1-i)
		}
		if b.placeholders.SubCodes[t.ID] {
			for j := range t.SubCodes {
				t.SubCodes[j].CreatedAt = PlaceholderEpoch + int64(len(t.SubCodes)-1-j)
			}
		}
	}
	return true
}

func reversedCopy[T any](s []T) []T {
	out := slices.Clone(s)
	slices.Reverse(out)
	return out
}

// Header is what the file's header tells the reviewer: the notes, then
// which creation times are placeholders and where the recording cannot
// answer filters and pages as the upstream did.
func (bt *Built) Header() []string {
	why := "(2020-01-01 plus the position the upstream listed them at): list answers carry no times; rtq record --probe-times recovers them"
	if bt.ProbeBudgetSpent {
		why = "(2020-01-01 plus the position the upstream listed them at): --probe-times stopped at --max-requests before timing them; record again with a higher --max-requests (or 0: no bound)"
	}
	notes := append([]string(nil), bt.Notes...)
	if bt.Placeholders.Templates {
		notes = append(notes, templatesPlaceholderNote+why)
	}
	if n := len(bt.Placeholders.SubCodes); n > 0 {
		notes = append(notes, subCodesPlaceholderNote+itoa(int64(n))+placeholderWord+why)
	}
	if bt.Placeholders.Kept > 0 {
		notes = append(notes, "the creation times of "+itoa(int64(bt.Placeholders.Kept))+" listings were not probed this time and are the ones this file had")
	}
	if bt.misordered > 0 {
		notes = append(notes, "the upstream lists "+itoa(int64(bt.misordered))+" of the recorded listings in another order than creation time then id, the order the mock serves (docs/contract.md §C5): their unfiltered pages differ in order")
	}
	for _, e := range contract.Endpoints {
		ep := e.Name
		bd, ok := bt.bounds[ep]
		if !ok || bd.StartInclusive && bd.EndInclusive {
			continue
		}
		n := "the upstream reads the time filters of " + ep + " as " + bd.String() + "; the mock reads both as inclusive (docs/contract.md §C5), so a filter whose bound falls on a creation time answers differently"
		if bd.StartInclusive {
			n += " (no answer tells this reading from start_time exclusive and end_time inclusive; under that one the recorded times are a second early)"
		}
		notes = append(notes, n)
	}
	return notes
}

// inTimeOrder says whether items are sorted by creation time, then id.
func inTimeOrder[T any](items []T, key func(T) (int64, int64)) bool {
	for i := 1; i < len(items); i++ {
		t0, id0 := key(items[i-1])
		t1, id1 := key(items[i])
		if t1 < t0 || t1 == t0 && id1 < id0 {
			return false
		}
	}
	return true
}

// noteCredentials tells the reviewer when no recorded record was
// recognised as a credential record: the service's answers may show none
// the way rtq looks for (docs/record.md), and verify on the recording then
// answers 100320 until one is marked by hand.
func (b *builder) noteCredentials() {
	if len(b.sc.Records) == 0 {
		return
	}
	for _, r := range b.sc.Records {
		if r.Cert != nil {
			return
		}
	}
	b.notes = append(b.notes, "no recorded record was recognised as a credential record (rtq knows one by a verify the proxy forwarded with --allow-writes, by a certificate_status line in its markdown, or by state changes ending in its process status on two records of one form): to verify on the recording, mark one by hand, for example",
		"  forms: [{id: 2001, flow: {id: 1, statuses: [{id: 1, name: 待核销, color: \"#FAAD14\", next: [2]}, {id: 2, name: 已核销, color: \"#52C41A\", terminal: true}]}, ...}]",
		"  records: [{id: 100001, certificate: {status: 待核销}, ...}]",
		"  (docs/scenarios.md#recordscertificate-credential-records-and-verify-switches)")
}
