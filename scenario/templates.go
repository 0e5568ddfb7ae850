package scenario

import (
	"slices"
	"strconv"

	"github.com/rtq-kit/rtq/fake"
)

// pendingSubCodes are generate_sub_codes blocks of written templates; they
// run after every written sub-code is known, so generated ids never clash.
type pendingSubCodes struct {
	a   at
	tpl *Template
	d   *subCodeGenDoc
}

func (r *resolver) templatesOf(list []*tplDoc) {
	for _, d := range list {
		fk := r.itemFaker(saltTemplate, d.ID)
		t := &Template{ID: d.ID, Org: r.org(d.at.child("org"), d.Org), Name: d.Name, Coding: d.Coding}
		if t.Coding == "" {
			t.Coding = recordCode("t", d.ID, fk)
		}
		t.URL = "https://" + t.Org.Host + "/t/" + t.Coding
		t.CreatedAt = r.timeOr(d.at.child("created_at"), d.Created, fk.Time())
		r.claimTemplate(d.at, t)
		for i, sd := range d.SubCodes {
			t.SubCodes = append(t.SubCodes, r.writtenSubCode(d.at.child("sub_codes").index(i), t, sd, i))
		}
		if d.Generate != nil {
			r.pending = append(r.pending, pendingSubCodes{d.at.child("generate_sub_codes"), t, d.Generate})
		}
		r.sc.Templates = append(r.sc.Templates, t)
	}
}

func (r *resolver) claimTemplate(a at, t *Template) {
	if r.tplIDs[t.ID] {
		r.ps.add(a.child("id"), "template id %d is used twice: ids are unique across all organizations", t.ID)
	}
	if r.codings[t.Coding] {
		r.ps.add(a.child("coding"), "coding %q is used twice: template and sub-code codings are unique", t.Coding)
	}
	r.tplIDs[t.ID], r.codings[t.Coding] = true, true
	r.maxTpl = max(r.maxTpl, t.ID)
}

func (r *resolver) writtenSubCode(a at, t *Template, d *subCodeDoc, i int) SubCode {
	fk := r.itemFaker(saltSubCode, d.ID)
	s := SubCode{ID: d.ID, Name: d.Name, Coding: d.Coding}
	if s.Name == "" {
		s.Name = t.Name + "-" + strconv.Itoa(i+1)
	}
	if s.Coding == "" {
		s.Coding = recordCode("s", d.ID, fk)
	}
	s.CreatedAt = r.timeOr(a.child("created_at"), d.CreatedAt, fk.Between(t.CreatedAt, fake.EpochEnd))
	if r.subIDs[s.ID] {
		r.ps.add(a.child("id"), "sub-code id %d is used twice: sub-code ids are unique", s.ID)
	}
	if r.codings[s.Coding] {
		r.ps.add(a.child("coding"), "coding %q is used twice: template and sub-code codings are unique", s.Coding)
	}
	r.subIDs[s.ID], r.codings[s.Coding] = true, true
	r.maxSub = max(r.maxSub, s.ID)
	return s
}

// flushSubCodes generates the sub-codes of written templates.
func (r *resolver) flushSubCodes() {
	for _, p := range r.pending {
		lo, hi := r.timeRange(p.a, "created_from", p.d.CreatedFrom, "created_to", p.d.CreatedTo, p.tpl.CreatedAt, max(p.tpl.CreatedAt, fake.EpochEnd))
		fk := r.itemFaker(saltSubCode, -p.tpl.ID)
		subs := r.genSubCodes(p.tpl, r.capCount(p.d.Count), lo, hi, fk)
		r.checkGeneratedCodings(p.a, subs)
		p.tpl.SubCodes = append(p.tpl.SubCodes, subs...)
	}
	r.pending = nil
}

// checkGeneratedCodings reports the first generated coding that a written
// template or sub-code already uses (generated ones are unique by
// construction: their fixed-width id part differs).
func (r *resolver) checkGeneratedCodings(a at, subs []SubCode) (clash bool) {
	for _, s := range subs {
		if r.codings[s.Coding] {
			r.ps.add(a, "generated coding %q is already written elsewhere: change that coding", s.Coding)
			return true
		}
	}
	return false
}

// genSubCodes makes n sub-codes with fresh ids, sorted by creation time.
func (r *resolver) genSubCodes(t *Template, n int, lo, hi int64, fk *fake.Faker) []SubCode {
	n = max(n, 0)
	out := make([]SubCode, n)
	times := make([]int64, n)
	for i := range times {
		times[i] = fk.Between(lo, hi)
	}
	slices.Sort(times)
	base := len(t.SubCodes)
	var b []byte
	for i := range out {
		r.maxSub++
		id := r.maxSub
		// Name and coding share one allocation: 100,000 sub-codes are common.
		b = strconv.AppendInt(append(append(b[:0], t.Name...), '-'), int64(base+i+1), 10)
		nameEnd := len(b)
		b = appendCode(b, "s", id, fk)
		s := string(b)
		out[i] = SubCode{ID: id, Name: s[:nameEnd], Coding: s[nameEnd:], CreatedAt: times[i]}
	}
	return out
}
