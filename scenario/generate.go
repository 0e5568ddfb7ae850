package scenario

import (
	"runtime"
	"slices"
	"strconv"
	"sync"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/fake"
)

// DefaultFieldTypes returns the fields of a generated record when the
// generator does not list any (a fresh slice: callers may change it).
func DefaultFieldTypes() []string { return []string{"name", "tel", "text", "date", "image"} }

var submitMethods = []string{"扫码填写", "扫码填写", "扫码填写", "手动添加", "批量导入"}

// recordPlan is everything a generated record shares with its siblings,
// resolved once; records are then made from (plan, index) alone, in
// parallel, each with its own seeded faker.
type recordPlan struct {
	seed     int64
	idStart  int64
	org      *Org
	form     *Form
	qr       *QRCode
	project  *Project
	prefix   string
	types    []string
	titles   []string
	nth      []int // nth[j]: the fields of types[j]'s type before field j (its value stream)
	masked   []bool
	from, to int64
	audit    *int
	cert     *Certificate
	// deferred, when non-nil, is the groups the plan's records share, their
	// values made on demand; nil when some field is masked (masking checks
	// need the real strings), and every record then holds its own values.
	deferred []Group
}

func (r *resolver) recordGenerators(list []*recordGenDoc) {
	for _, d := range list {
		plan, ok := r.recordPlan(d)
		if !ok || d.Count <= 0 {
			continue
		}
		recs := generateRecords(plan, r.capCount(d.Count))
		r.claimGenerated(d, plan, recs)
		r.sc.Records = append(r.sc.Records, recs...)
	}
}

func (r *resolver) recordPlan(d *recordGenDoc) (*recordPlan, bool) {
	p := &recordPlan{prefix: d.CodePrefix, audit: d.AuditStatus}
	before := len(r.ps.list)
	if d.Form != nil {
		p.form = r.form(d.at.child("form"), *d.Form)
	}
	rd := &recordDoc{at: d.at, Org: d.Org, QRCode: d.QRCode}
	p.org = r.recordOrg(rd, p.form)
	p.qr = r.recordQR(d.at, d.QRCode, p.org, p.form)
	if p.form != nil {
		p.project = p.form.Project
	}
	r.generators++ // the default stream: the generator's place in the scenario
	genSeed := int64(r.generators)
	if d.Seed != nil {
		genSeed = *d.Seed
	}
	p.seed = fake.Derive(r.seed, saltRecordGen<<48^genSeed)
	p.idStart = d.IDStart
	if p.idStart == 0 {
		p.idStart = r.maxRecord + 1
	}
	if p.prefix == "" {
		p.prefix = "g"
	}
	p.from, p.to = r.timeRange(d.at, "submit_from", d.SubmitFrom, "submit_to", d.SubmitTo, fake.EpochStart, fake.EpochEnd)
	r.planFields(d, p)
	if !slices.Contains(p.masked, true) {
		p.deferred = p.deferGroups()
	}
	if d.Certificate != nil {
		p.cert = r.certificate(d.at.child("certificate"), d.Certificate, p.form)
	}
	return p, len(r.ps.list) == before
}

func (r *resolver) planFields(d *recordGenDoc, p *recordPlan) {
	p.types = d.FieldTypes
	if p.types == nil {
		p.types = DefaultFieldTypes()
	}
	index, seen := map[string]int{}, map[string]int{}
	for i, t := range p.types {
		p.nth = append(p.nth, seen[t])
		seen[t]++
		if _, ok := contract.FieldTypeByName(t); !ok {
			r.ps.add(d.at.child("field_types").index(i), "unknown field type %q: %s", t, suggestType(t))
		}
		index[t] = i
		p.titles = append(p.titles, fake.FieldTitle(t))
	}
	p.masked = make([]bool, len(p.types))
	for i, t := range d.Masked {
		j, ok := index[t]
		switch {
		case !ok:
			r.ps.add(d.at.child("masked").index(i), "%q is not one of this generator's field_types (%v): add it there first", t, p.types)
		case !isStringType(t):
			r.ps.add(d.at.child("masked").index(i), "%s field cannot be masked: the mock masks string values only", article(t))
		default:
			p.masked[j] = true
		}
	}
}

// generateRecords makes count records from plan on every CPU. Record i
// depends only on (plan, i), so the result is the same on any machine.
func generateRecords(p *recordPlan, count int) []*Record {
	recs := make([]Record, count)
	out := make([]*Record, count)
	workers := min(runtime.GOMAXPROCS(0), max(1, count/1000))
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(lo, hi int) {
			defer wg.Done()
			fk := fake.New(0)
			var scratch []byte
			for i := lo; i < hi; i++ {
				fk.Reseed(fake.Derive(p.seed, int64(i)))
				scratch = p.fill(&recs[i], i, fk, scratch)
				out[i] = &recs[i]
			}
		}(count*w/workers, count*(w+1)/workers)
	}
	wg.Wait()
	return out
}

// fill makes record i of the plan with fk, seeded for i. A plan without
// masked fields leaves the values Deferred (see Record.FieldGroups): the
// values draw from their own streams, so nothing else changes.
func (p *recordPlan) fill(rec *Record, i int, fk *fake.Faker, scratch []byte) []byte {
	scratch = p.header(rec, i, fk, scratch)
	if p.deferred != nil {
		rec.Groups, rec.gen, rec.genIndex = p.deferred, p, i
	} else {
		rec.Groups = p.values(fk)
	}
	if p.audit != nil {
		rec.Audit = auditWith(*p.audit)
	}
	if p.cert != nil {
		c := *p.cert
		rec.Cert = &c
		rec.Process = certProcess(c.Status)
	}
	return scratch
}

// header fills everything of record i but its groups: the draws that
// come before the field values. Its strings (URL with the code inside,
// number, recorder name) share one allocation built in scratch, which it
// returns for the next record.
func (p *recordPlan) header(rec *Record, i int, fk *fake.Faker, scratch []byte) []byte {
	id := p.idStart + int64(i)
	b := append(append(append(scratch[:0], "https://"...), p.org.Host...), "/r/"...)
	codeAt := len(b)
	b = appendCode(b, p.prefix, id, fk)
	urlEnd := len(b)
	b = strconv.AppendInt(append(b, 'R'), id, 10)
	numEnd := len(b)
	*rec = Record{
		ID: id, Org: p.org, Form: p.form, QRCode: p.qr, Project: p.project,
		SubmitAt:     fk.Between(p.from, p.to),
		SubmitMethod: fk.Pick(submitMethods),
		Recorder:     Recorder{AuthID: fk.Between(10000, 99999), UserID: fk.Between(100000, 999999)},
	}
	b = fk.AppendName(b)
	s := string(b)
	rec.URL, rec.Code, rec.Number, rec.Recorder.Name = s[:urlEnd], s[codeAt:urlEnd], s[urlEnd:numEnd], s[numEnd:]
	return b
}

// values draws the field values of one record, each from its type's own
// stream (fake.TypeValue): they depend on the record's seed alone, not on
// fk's draws.
func (p *recordPlan) values(fk *fake.Faker) []Group {
	fields := make([]Field, len(p.types))
	for j, t := range p.types {
		fields[j] = Field{ID: 101 + int64(j), Title: p.titles[j], Type: t, Value: fk.TypeValue(t, p.nth[j]), Masked: p.masked[j]}
	}
	return []Group{{ID: 1, Title: "基本信息", ShowTitle: true, Fields: fields}}
}

// groupsOf makes record i's groups again, values and all, from its own
// seed, exactly as an eager load would have drawn them (values draw from
// their own streams, so the header need not be replayed).
func (p *recordPlan) groupsOf(i int) []Group {
	return p.values(fake.New(fake.Derive(p.seed, int64(i))))
}

// deferGroups is the groups every record of an unmasked plan shares: the
// fields without their values.
func (p *recordPlan) deferGroups() []Group {
	fields := make([]Field, len(p.types))
	for j, t := range p.types {
		fields[j] = Field{ID: 101 + int64(j), Title: p.titles[j], Type: t, Value: &Deferred{Type: t}}
	}
	return []Group{{ID: 1, Title: "基本信息", ShowTitle: true, Fields: fields}}
}

// claimGenerated checks generated ids, codes and numbers against those
// already taken and reports the first clash once per generator, not once
// per record. Generated ids are kept as one range per generator rather
// than 100,000 map entries: generators run after every written record.
func (r *resolver) claimGenerated(d *recordGenDoc, p *recordPlan, recs []*Record) {
	if len(recs) == 0 {
		return
	}
	own := genRange{p.idStart, p.idStart + int64(len(recs)) - 1}
	var overlapping []genRange
	for _, g := range r.genIDs {
		if g.lo <= own.hi && own.lo <= g.hi {
			overlapping = append(overlapping, g)
		}
	}
	clashID, clashCode, clashNum := false, false, false
	var key []byte
	for _, rec := range recs {
		taken := r.idTaken(rec.ID, overlapping)
		key = append(append(strconv.AppendInt(key[:0], rec.Org.ID, 10), 0), rec.Number...)
		if !clashID && taken {
			clashID = true
			r.ps.add(d.at.child("id_start"), "generated record id %d is already taken: set id_start above %d", rec.ID, r.maxRecord)
		}
		if !clashCode && r.recordCode[rec.Code] {
			clashCode = true
			r.ps.add(d.at.child("code_prefix"), "generated record code %q is already taken: choose another code_prefix", rec.Code)
		}
		// m[string(key)] looks up without allocating the key.
		if !clashNum && r.recordNums[string(key)] && !taken {
			clashNum = true
			r.ps.add(d.at.child("id_start"), "generated record number %q is already taken in organization %q: set id_start elsewhere", rec.Number, rec.Org.Code)
		}
	}
	r.genIDs = append(r.genIDs, own)
	r.maxRecord = max(r.maxRecord, own.hi)
}

// genRange is the ids [lo, hi] of one record generator.
type genRange struct{ lo, hi int64 }

// idTaken reports whether a written record or an earlier generator (one
// of overlapping, those whose range meets this generator's) has id.
func (r *resolver) idTaken(id int64, overlapping []genRange) bool {
	if r.recordIDs[id] {
		return true
	}
	for _, g := range overlapping {
		if g.lo <= id && id <= g.hi {
			return true
		}
	}
	return false
}

func (r *resolver) templateGenerators(list []*tplGenDoc) {
	for _, d := range list {
		org := r.org(d.at.child("org"), d.Org)
		r.generators++
		genSeed := int64(r.generators)
		if d.Seed != nil {
			genSeed = *d.Seed
		}
		fk := fake.New(fake.Derive(r.seed, saltTemplateGen<<48^genSeed))
		lo, hi := r.timeRange(d.at, "created_from", d.CreatedFrom, "created_to", d.CreatedTo, fake.EpochStart, fake.EpochEnd)
		start := d.IDStart
		if start == 0 {
			start = r.maxTpl + 1
		}
		prefix := d.CodingPrefix
		if prefix == "" {
			prefix = "t"
		}
		clash, subClash := false, false
		count := r.capCount(d.Count)
		for i := 0; i < count; i++ {
			id := start + int64(i)
			t := &Template{ID: id, Org: org, Name: fk.FormTitle() + "批次" + strconv.FormatInt(id, 10), Coding: recordCode(prefix, id, fk), CreatedAt: fk.Between(lo, hi)}
			t.URL = "https://" + org.Host + "/t/" + t.Coding
			if !clash && (r.tplIDs[id] || r.codings[t.Coding]) {
				clash = true
				r.ps.add(d.at.child("id_start"), "generated template %d (coding %q) is already taken: set id_start above %d or another coding_prefix", id, t.Coding, r.maxTpl)
			}
			r.tplIDs[id] = true
			t.SubCodes = r.genSubCodes(t, r.capCount(d.SubCodes), t.CreatedAt, max(t.CreatedAt, hi), fk)
			if !subClash {
				subClash = r.checkGeneratedCodings(d.at.child("sub_codes"), t.SubCodes)
			}
			r.sc.Templates = append(r.sc.Templates, t)
		}
		r.maxTpl = max(r.maxTpl, start+int64(count)-1)
	}
}
