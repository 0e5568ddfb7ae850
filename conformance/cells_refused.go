package conformance

import (
	"fmt"
	"maps"
	"strings"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/profile"
)

// The cells of a refused read. No key, a key nobody issued and another
// organization's key get none of our records (§5, §C2), whatever the
// request: every address a client writes (the id, the record's URL as
// the service gave it, that URL with its scheme and host in capitals,
// which RFC 3986 and §C10 read as the same record) and every format (the
// default, json, json-ld, markdown: a share page's route that renders
// markdown is a request like any other). The refusals the run sends of
// getRecord (auth.noKey, auth.badKey, auth.otherOrg) are the rows of a
// pairwise covering array over key, address and format, laid out by the
// seed: four rows for each of no key and the unknown key, and for each
// record of the profile one by id and one by URL with the other
// organization's key. Each answer is judged as a refusal, as before.

// refusedReadAddresses are the addresses of a refused read.
var refusedReadAddresses = []string{"id", "url", "url capitals"}

// refusedReadsPerProbe is how many refused reads no key and a key nobody
// issued each send.
const refusedReadsPerProbe = 4

// refusedReads are the cells of the refused reads: for "none" and "bad"
// their probe's, for the other organization's key two per profile record
// (index i of the profile's records: [2i] by id, [2i+1] by URL).
func refusedReads(seed uint64, p *profile.Profile) (probes map[string][]cell, otherOrg [][]cell) {
	probeURL := probeRecord(p).URL != ""
	objects := []string{"none", "bad"}
	for _, rec := range p.Records {
		objects = append(objects, fmt.Sprint(rec.ID, " id"), fmt.Sprint(rec.ID, " url"))
	}
	role := func(i int) string {
		if i < 2 {
			return objects[i]
		}
		return profile.RoleOtherOrg
	}
	cands := func(i int) []cell {
		var addrs []string
		switch {
		case i < 2 && probeURL:
			addrs = refusedReadAddresses
		case i < 2 || i%2 == 0:
			addrs = []string{"id"}
		case p.Records[(i-2)/2].URL != "":
			addrs = refusedReadAddresses[1:]
		}
		var out []cell
		for _, a := range addrs {
			for _, f := range cellFormats {
				out = append(out, cell{role(i), a, f})
			}
		}
		return out
	}
	n := func(i int) int {
		if i < 2 {
			return refusedReadsPerProbe
		}
		return 1
	}
	rows := coverEach(seed, objects, cands, n, func(i int, c cell) map[string]int {
		return keyFirst(pairsOf("key", c.role, "address", c.address, "format", formatName(c.format)))
	})
	probes = map[string][]cell{"none": rows[0], "bad": rows[1]}
	return probes, rows[2:]
}

// probeRecord is the record the probes of getRecord read: the first of
// the profile's with a URL, else the first.
func probeRecord(p *profile.Profile) profile.Record {
	for _, r := range p.Records {
		if r.URL != "" {
			return r
		}
	}
	if len(p.Records) > 0 {
		return p.Records[0]
	}
	return profile.Record{ID: 1}
}

// refusedReadBody is the request of a refused read's cell of rec.
func refusedReadBody(c cell, rec profile.Record) map[string]any {
	body := map[string]any{"record_id": rec.ID}
	switch c.address {
	case "url":
		body = map[string]any{"record_url": rec.URL}
	case "url capitals":
		body = map[string]any{"record_url": rules.CaseURL(rec.URL, strings.ToUpper)}
	}
	if c.format != "" {
		body["format"] = c.format
	}
	return body
}

// refusedListBodies are the getFormList requests of a key that gets
// nothing (no key, a key nobody issued): every filter a client sends (none,
// a number, a search key, both, from the profile's, picked by the seed),
// each on a first page or on a later one (page 2 at page_size 1), the
// two keys taking the pages in turn, so that every pair of key, filter
// and page is sent. A route that serves a number lookup or a search to
// anyone ("check a form by its number") is a way past the key.
func refusedListBodies(seed uint64, p *profile.Profile, role string) []map[string]any {
	filters := []map[string]any{{}}
	if ns := p.Forms.Numbers; len(ns) > 0 {
		filters = append(filters, map[string]any{"number": ns[pick(seed, "refused lists number", len(ns))]})
	}
	if ss := p.Forms.Searches; len(ss) > 0 {
		filters = append(filters, map[string]any{"search_key": ss[pick(seed, "refused lists search", len(ss))].Key})
	}
	if cs := p.Forms.Combined; len(cs) > 0 {
		c := cs[pick(seed, "refused lists both", len(cs))]
		filters = append(filters, map[string]any{"number": c.Number, "search_key": c.Key})
	}
	later := func(b map[string]any) map[string]any {
		b = maps.Clone(b)
		b["page"], b["page_size"] = 2, 1
		return b
	}
	if len(filters) == 1 { // no filter to turn over: each key asks both pages
		return []map[string]any{filters[0], later(filters[0])}
	}
	k := 0
	if role == "bad" {
		k = 1
	}
	turn := pick(seed, "refused lists pages", 2)
	out := make([]map[string]any, len(filters))
	for i, f := range filters {
		out[i] = maps.Clone(f)
		if (i+k+turn)%2 == 1 {
			out[i] = later(f)
		}
	}
	return out
}
