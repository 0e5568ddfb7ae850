package conformance

import (
	"fmt"
	"maps"
	"reflect"
	"slices"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// The key dimension of the reads: every read the run makes with the read
// key is a read some other key of the profile may make too, and the rules
// over every answer hold whatever the key (a masked value stays masked,
// the Record stays closed, the default page size stays the default). So
// relation.keys reads again, with every other key the profile names, the
// records and listings the read key reads, and holds the answers to the
// read key's: the write key and the limited key see what the read key
// sees, alike, or less (§5 leaves their read scope open: a refusal is
// theirs to give), never more, and another organization's key sees none
// of ours whatever the body, an empty one included. The records are the
// profile's and those the run learns of from its cases (a case names a
// credential by record_id the profile need not list): the read key reads
// those in every format, so that every rule over every answer judges them.

// readerRoles are the keys of our organization, besides the read key, that
// may read: each reads again what the read key reads.
var readerRoles = []string{profile.RoleWrite, profile.RoleLimited}

// knownRecords are the records the run reads: the profile's, then those
// its cases name by record_id and the profile does not list, in order.
func (r *runner) knownRecords() []int64 {
	var out []int64
	seen := map[int64]bool{}
	for _, rec := range r.prof.Records {
		if !seen[rec.ID] {
			seen[rec.ID] = true
			out = append(out, rec.ID)
		}
	}
	for _, c := range r.prof.Cases {
		if c.RecordID != 0 && !seen[c.RecordID] {
			seen[c.RecordID] = true
			out = append(out, c.RecordID)
		}
	}
	return out
}

// otherReaders are the roles of readerRoles the run has a key for, other
// than the read key itself.
func (t *T) otherReaders() []string {
	var out []string
	for _, role := range readerRoles {
		if k := t.r.keys.KeyFor(role); k != "" && k != t.r.keys.Read {
			out = append(out, role)
		}
	}
	return out
}

// keyRead is one read of relation.keys: a request and, once sent, its answer.
type keyRead struct {
	ep   contract.Endpoint
	role string
	body any
	x    *Exchange
}

// relKeys reads, with every key but the read key, what the read key reads
// (see above), and compares.
func relKeys(t *T) {
	readers := t.otherReaders()
	recs := t.r.knownRecords()
	listed := map[int64]bool{}
	for _, rec := range t.r.prof.Records {
		listed[rec.ID] = true
	}
	var reads []*keyRead
	add := func(ep contract.Endpoint, role string, body any) *keyRead {
		k := &keyRead{ep: ep, role: role, body: body}
		reads = append(reads, k)
		return k
	}
	// Each record in json with every key; in one other format with one
	// key, the format and the key picked by the seed, turning over the
	// records so that every pair is sent every run.
	others := []string{"markdown", "json-ld"}
	turn := pick(t.r.opts.Seed, "relation.keys", max(1, 2*len(readers)))
	type recordReads struct {
		id    int64
		json  []*keyRead
		read  []map[string]any // the read key's bodies (memoized reads)
		other *keyRead
	}
	perRecord := make([]*recordReads, len(recs))
	for i, id := range recs {
		rr := &recordReads{id: id}
		rr.read = append(rr.read, map[string]any{"record_id": id, "format": "json"})
		if !listed[id] { // a case's record: every format with the read key
			for _, f := range others {
				rr.read = append(rr.read, map[string]any{"record_id": id, "format": f})
			}
		}
		for _, role := range readers {
			rr.json = append(rr.json, add(contract.GetRecord, role, map[string]any{"record_id": id, "format": "json"}))
		}
		if len(readers) > 0 {
			n := (turn + i) % (2 * len(readers))
			rr.other = add(contract.GetRecord, readers[n/2], map[string]any{"record_id": id, "format": others[n%2]})
		}
		perRecord[i] = rr
	}
	// Another organization's records with each of our keys: none of them.
	for _, id := range t.r.prof.Foreign.RecordIDs {
		for _, role := range readers {
			add(contract.GetRecord, role, map[string]any{"record_id": id, "format": "json"})
		}
	}
	// The listings without parameters with every key; another
	// organization's with an empty body too.
	formLists, tplLists := map[string]*keyRead{}, map[string]*keyRead{}
	listers := readers
	if t.hasKey(profile.RoleOtherOrg) {
		listers = append(slices.Clone(readers), profile.RoleOtherOrg)
		add(contract.GetFormList, profile.RoleOtherOrg, []byte{})
		add(contract.TemplatesList, profile.RoleOtherOrg, []byte{})
	}
	for _, role := range listers {
		formLists[role] = add(contract.GetFormList, role, map[string]any{})
		tplLists[role] = add(contract.TemplatesList, role, map[string]any{})
	}
	var readForms, readTpls *Exchange
	var formWalk, tplWalk walk
	// Every branch but the template walk may see what the writes change:
	// the check lets the writes go before it (gate.go).
	sees := func(i int) bool {
		switch {
		case i < len(reads):
			return t.r.gate.seesMoved(reads[i].ep.Name, reads[i].body)
		case i < len(reads)+len(perRecord):
			return t.r.gate.movedRecord(perRecord[i-len(reads)].id)
		}
		return i == len(reads)+len(perRecord)
	}
	t.eachHeld(len(reads)+len(perRecord)+2, sees, func(t *T, i int) {
		switch {
		case i < len(reads):
			reads[i].x = t.post(reads[i].ep, reads[i].role, reads[i].body)
		case i < len(reads)+len(perRecord):
			for _, b := range perRecord[i-len(reads)].read {
				t.getRecord(b)
			}
		case i == len(reads)+len(perRecord):
			readForms = t.once("getFormList read {}", func(t *T) any { return t.post(contract.GetFormList, profile.RoleRead, map[string]any{}) }).(*Exchange)
			formWalk = t.walkForms(profile.RoleRead, nil)
		default:
			readTpls = t.once("templates/list read {}", func(t *T) any { return t.post(contract.TemplatesList, profile.RoleRead, map[string]any{}) }).(*Exchange)
			tplWalk = t.walkCursor(contract.TemplatesList, profile.RoleRead, map[string]any{}, 100)
		}
	})
	for _, rr := range perRecord {
		base := t.getRecord(rr.read[0])
		for _, k := range rr.json {
			t.sameAsRead(rr.id, base, k)
		}
	}
	for role, k := range formLists {
		t.listedAsRead(k, readForms, formWalk, "id", role)
	}
	for role, k := range tplLists {
		t.listedAsRead(k, readTpls, tplWalk, "coding", role)
	}
	for _, k := range reads {
		if k.role == profile.RoleOtherOrg && k.ep.Name != contract.GetRecord.Name {
			t.listedAsRead(k, nil, map[string]walk{contract.GetFormList.Name: formWalk, contract.TemplatesList.Name: tplWalk}[k.ep.Name], map[string]string{contract.GetFormList.Name: "id", contract.TemplatesList.Name: "coding"}[k.ep.Name], k.role)
		}
	}
}

// sameAsRead fails when another key reads a record the read key reads
// otherwise: both answered it, and the payloads differ.
func (t *T) sameAsRead(id int64, base *Exchange, k *keyRead) {
	a, b := payloadOf(base), payloadOf(k.x)
	pa, _ := a.(map[string]any)
	pb, _ := b.(map[string]any)
	if pa == nil || pb == nil {
		return // a refusal is the key's to give (§5); the rules judge it
	}
	for _, m := range slices.Sorted(maps.Keys(keySetOf(pa, pb))) {
		if !reflect.DeepEqual(pa[m], pb[m]) {
			t.errorfPair(k.x, base, "record %d: the %s key reads %s otherwise than the read key", id, k.role, m)
			return
		}
	}
}

// listedAsRead judges a listing without parameters read with another key
// against the read key's: ours sees what the read key sees at the same
// defaults, or less (§5 leaves a key's scope open), another
// organization's key none of it. key names an item (id, coding).
func (t *T) listedAsRead(k *keyRead, read *Exchange, all walk, key, role string) {
	var w walk
	if w.add(k.x) == nil || all.broken != "" || len(all.items) == 0 {
		return // a refusal is the key's to give; the rules judge it
	}
	ours := map[string]bool{}
	for _, it := range all.items {
		ours[fmt.Sprint(it[key])] = true
	}
	for _, it := range w.items {
		s := fmt.Sprint(it[key])
		switch {
		case role == profile.RoleOtherOrg && ours[s]:
			t.errorfPair(k.x, firstPage(all), "another organization's key lists our %s %s", key, s)
			return
		case role != profile.RoleOtherOrg && !ours[s]:
			t.errorfPair(k.x, firstPage(all), "the %s key lists %s %s, which the read key's walk does not hold", role, key, s)
			return
		}
	}
	if role == profile.RoleOtherOrg || read == nil {
		return
	}
	var r walk
	if r.add(read) == nil {
		return
	}
	perPage := func(w walk) string {
		obj, _ := w.pages[0].Doc.(map[string]any)
		data, _ := obj["data"].(map[string]any)
		page, _ := data["page"].(map[string]any)
		return fmt.Sprint(page["per_page"])
	}
	if a, b := perPage(w), perPage(r); a != b {
		t.errorfPair(k.x, read, "without page_size the %s key gets per_page %s, the read key %s", role, a, b)
		return
	}
	if len(w.totals) > 0 && len(r.totals) > 0 && w.totals[0] > r.totals[0] {
		t.errorfPair(k.x, read, "the %s key's total is %d, more than the read key's %d: a key of ours sees no more than our organization holds", role, w.totals[0], r.totals[0])
		return
	}
	if len(w.items) > len(r.items) {
		t.errorfPair(k.x, read, "without page_size the %s key gets %d items on the first page, the read key %d", role, len(w.items), len(r.items))
		return
	}
}
