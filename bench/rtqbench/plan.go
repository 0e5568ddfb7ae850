package main

import (
	"context"
	"fmt"

	"github.com/rtq-kit/rtq/scenario"
)

// buildPlan picks, from the scenario the mock serves, the records, forms,
// template and credential each mix uses, and checks every mix's first
// request on the running mock before any load is sent.
func buildPlan(ctx context.Context, base string, sc *scenario.Scenario) (*plan, error) {
	read, err := keySecret(sc, "rtq-demo-read", false)
	if err != nil {
		return nil, err
	}
	write, err := keySecret(sc, "rtq-demo-write", true)
	if err != nil {
		return nil, err
	}
	sizes, err := measureRecords(ctx, base, read.Secret, sc, read.Org)
	if err != nil {
		return nil, err
	}
	p := &plan{readKey: read.Secret, writeKey: write.Secret,
		small: sizes[0], typical: closest(sizes, typicalSize), large: sizes[len(sizes)-1]}
	p.typicalBody, err = post(ctx, base, pathGetRecord, p.readKey, recordBody(p.typical.id, ""))
	if err != nil {
		return nil, err
	}
	p.mixes = append(p.recordMixes(), listMixes(sc, read)...)
	if m, ok := verifyMix(sc, write); ok {
		p.mixes = append(p.mixes, m)
	}
	for i, m := range p.mixes {
		if m.mixedStatus {
			continue
		}
		answer, err := post(ctx, base, m.path, m.key, m.bodies[0])
		if err != nil {
			return nil, fmt.Errorf("mix %s: first request: %w", m.name, err)
		}
		if m.script == "post.lua" {
			p.mixes[i].answer = answer
		}
	}
	return p, nil
}

func recordBody(id int64, format string) string {
	if format == "" {
		return fmt.Sprintf(`{"record_id":%d}`, id)
	}
	return fmt.Sprintf(`{"record_id":%d,"format":%q}`, id, format)
}

// mixGetRecord is the mix the targets are set on.
const mixGetRecord = "getRecord-json"

func (p *plan) recordMixes() []mix {
	one := func(name string, r recordSize, format, about string) mix {
		return mix{name: name, path: pathGetRecord, script: "post.lua", key: p.readKey,
			bodies: []string{recordBody(r.id, format)}, about: about}
	}
	return []mix{
		one(mixGetRecord, p.typical, "", fmt.Sprintf("record %d, %d B answer (closest to 6.7 KB)", p.typical.id, p.typical.size)),
		one("getRecord-json-small", p.small, "", fmt.Sprintf("record %d, %d B answer", p.small.id, p.small.size)),
		one("getRecord-json-large", p.large, "", fmt.Sprintf("record %d, %d B answer", p.large.id, p.large.size)),
		one("getRecord-markdown", p.typical, "markdown", fmt.Sprintf("record %d as markdown", p.typical.id)),
	}
}

// listMixes are the paged reads: form-list pages in turn, and cursor walks
// over the template list and over the sub-codes of the biggest template.
func listMixes(sc *scenario.Scenario, key *scenario.Key) []mix {
	forms := 0
	for _, f := range sc.Forms {
		if f.Org == key.Org {
			forms++
		}
	}
	pages := min(max((forms+9)/10, 1), 20)
	var bodies []string
	for i := 1; i <= pages; i++ {
		bodies = append(bodies, fmt.Sprintf(`{"page":%d,"page_size":10}`, i))
	}
	out := []mix{
		{name: "getFormList", path: pathFormList, script: "cycle.lua", key: key.Secret, bodies: bodies,
			about: fmt.Sprintf("pages 1..%d of %d forms, 10 a page", pages, forms)},
		{name: "templates-walk", path: pathTemplates, script: "walk.lua", key: key.Secret,
			bodies: []string{`{"page_size":20}`}, about: "cursor walk, 20 a page"},
	}
	var big *scenario.Template
	for _, t := range sc.Templates {
		if t.Org == key.Org && (big == nil || len(t.SubCodes) > len(big.SubCodes)) {
			big = t
		}
	}
	if big != nil {
		out = append(out, mix{name: "listQrcodes-walk", path: pathListQRCodes, script: "walk.lua",
			key: key.Secret, bodies: []string{fmt.Sprintf(`{"template":%q,"page_size":20}`, big.Coding)},
			about: fmt.Sprintf("cursor walk over %s's %d sub-codes, 20 a page", big.Coding, len(big.SubCodes))})
	}
	return out
}

// verifyMix moves credential records to their next status, each move sent
// twice: the first of a pair succeeds, the second fails with 100326
// (already there). The default scenario's flows have no cycle, so after
// one pass over the records a POST /__admin/reset puts them back; the mix
// is verify's success and failure paths plus, once per pass, a reset.
func verifyMix(sc *scenario.Scenario, key *scenario.Key) (mix, bool) {
	recs := verifiable(sc, key, 20)
	if len(recs) == 0 {
		return mix{}, false
	}
	m := mix{name: "verify", path: pathVerify, script: "cycle.lua", key: key.Secret, mixedStatus: true}
	for _, r := range recs {
		to := fmt.Sprintf(`{"certificate_code":%q,"action_type":"set_certificate_status","to_certificate_status":%q}`,
			r.Code, r.Cert.Status.Next[0].Name)
		m.bodies = append(m.bodies, to, to)
	}
	m.bodies = append(m.bodies, "/__admin/reset {}")
	m.about = fmt.Sprintf("%d records to their next status, each move twice (one 100326), then a reset", len(recs))
	return m, true
}

// verifiable finds up to limit credential records of key's organization
// that verify can move: every switch of docs/contract.md §C6 checks 5-12 set
// to pass.
func verifiable(sc *scenario.Scenario, key *scenario.Key, limit int) []*scenario.Record {
	var out []*scenario.Record
	for _, r := range sc.Records {
		if len(out) >= limit {
			break
		}
		c := r.Cert
		if r.Org != key.Org || c == nil || r.Form == nil || r.Form.Flow == nil || !r.Form.Flow.Verification {
			continue
		}
		if !c.Verification || c.IdentityRequired || c.AuthCodeInvalid || c.ForceFailure {
			continue
		}
		if r.Audit != nil && r.Audit.Enabled && (r.Audit.Status == nil || *r.Audit.Status != 1) {
			continue
		}
		if c.Status != nil && !c.Status.ForbidsVerification && !c.Status.Terminal && len(c.Status.Next) > 0 {
			out = append(out, r)
		}
	}
	return out
}
