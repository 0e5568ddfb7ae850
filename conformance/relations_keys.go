package conformance

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"

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
	// Each record in json with every key; and in the cells the array
	// gives it (cells.go): the profile's records in the default format
	// with the read key, and each record once with another key in
	// another format, picked so that every key meets every format on a
	// record of every field type.
	others := otherFormats
	cells := t.recordCellsOf(recs, readers)
	type cellRead struct {
		c cell
		k *keyRead
	}
	type recordReads struct {
		id    int64
		json  []*keyRead
		read  []map[string]any // the read key's bodies (memoized reads)
		cells []cellRead
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
		for _, c := range cells[i] {
			rr.cells = append(rr.cells, cellRead{c, add(contract.GetRecord, c.role, cellBody(c, id, t.recordURL(id)))})
		}
		perRecord[i] = rr
	}
	// Another organization's records with each of our keys: none of them;
	// and each by its id written as a digit string (a lenient reading
	// that may take another path) with one of our keys, turning over the
	// keys: none of them either.
	ours := append([]string{profile.RoleRead}, readers...)
	turnS := pick(t.r.opts.Seed, "relation.keys digit ids", len(ours))
	for i, id := range t.r.prof.Foreign.RecordIDs {
		for _, role := range readers {
			add(contract.GetRecord, role, map[string]any{"record_id": id, "format": "json"})
		}
		add(contract.GetRecord, ours[(turnS+i)%len(ours)], map[string]any{"record_id": strconv.FormatInt(id, 10), "format": "json"})
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
	// Beside them: the other organization's records with its own key,
	// then each record by both members; each filter with each key.
	filters := t.keyFilters()
	var filterJobs []func(t *T)
	turnF := pick(t.r.opts.Seed, "relation.keys filters", max(1, len(readers)))
	for fi, f := range filters {
		for ri, role := range readers {
			if (fi+ri+turnF)%len(readers) != 0 {
				continue // one key a filter, turning over the filters
			}
			filterJobs = append(filterJobs, func(t *T) {
				var kw, rw walk
				t.each(2, func(t *T, i int) {
					if i == 0 {
						kw = t.walkForms(role, f)
					} else {
						rw = t.walkForms(profile.RoleRead, f)
					}
				})
				t.keyWalkAsRead(kw, rw, nil, "id", role, fmt.Sprintf("getFormList with %v", f))
			})
		}
	}
	extra := append([]func(t *T){func(t *T) {
		urls := t.theirRecords()
		both := t.bothAddresses(readers, t.r.prof.Foreign.RecordIDs, urls)
		// Beside them, each of its records by the URL its key was given,
		// alone (a share link of theirs): the rules hold the answer to
		// what it asked for.
		for _, u := range urls {
			if u != "" {
				both = append(both, &keyRead{ep: contract.GetRecord, role: profile.RoleOtherOrg, body: map[string]any{"record_url": u, "format": "json"}})
			}
		}
		t.each(len(both), func(t *T, i int) { t.post(both[i].ep, both[i].role, both[i].body) })
	}}, filterJobs...)
	// Every branch but the template walks may see what the writes
	// change: the check lets the writes go before them (gate.go).
	listings := len(reads) + len(perRecord) + 2 + len(extra)
	sees := func(i int) bool {
		switch {
		case i < len(reads):
			return t.r.gate.seesMoved(reads[i].ep.Name, reads[i].body)
		case i < len(reads)+len(perRecord):
			return t.r.gate.movedRecord(perRecord[i-len(reads)].id)
		}
		return i != len(reads)+len(perRecord)+1 && i != listings
	}
	t.eachHeld(listings+1, sees, func(t *T, i int) {
		switch {
		case i == listings:
			t.keyListings(readers)
		case i >= len(reads)+len(perRecord)+2:
			extra[i-len(reads)-len(perRecord)-2](t)
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
		for _, c := range rr.cells {
			t.sameCell(rr.id, c.c, base, c.k.x, true, "before the writes")
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

// sameAsRead fails when another key of ours reads a record otherwise
// than the read key where the contract makes both read it alike: both
// answered it, and a value both show disagrees (shownAlike).
func (t *T) sameAsRead(id int64, base *Exchange, k *keyRead) {
	a, b := payloadOf(base), payloadOf(k.x)
	pa, _ := a.(map[string]any)
	pb, _ := b.(map[string]any)
	if pa == nil || pb == nil {
		return // a refusal is the key's to give (§5); the rules judge it
	}
	if at := shownAlike(pa, pb, ""); at != "" {
		t.errorfPair(k.x, base, "record %d: the %s key reads %s otherwise than the read key", id, k.role, at)
	}
}

// shownAlike is where two keys' answers of one record disagree on a value
// both show ("" where they agree). A record's values are the record's,
// whatever key reads them (2.1.held): every value both answers show is
// the same. What each key is shown is not: §5 leaves a key's scope open,
// so a key that may see more may show more, an optional member the other
// leaves out (an audit block with enabled false, §C10, beside none) or a
// field's value in clear that the other masks (which fields are masked
// is KIT, §C8). Whether a member may be left out, and whether a masked
// value is masked enough, are the rules' to judge on each answer
// (2.1.schema, 2.1.fields, 2.1.masked), whatever key it was read with.
func shownAlike(a, b any, at string) string {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			return orRoot(at)
		}
		masked := isMaskedField(x) || isMaskedField(y)
		for _, k := range slices.Sorted(maps.Keys(keySetOf(x, y))) {
			va, inA := x[k]
			vb, inB := y[k]
			if !inA || !inB || masked && k == "field_value" {
				continue
			}
			if masked && k == "options" {
				va, vb = withoutMember(va, "is_masked"), withoutMember(vb, "is_masked")
			}
			if d := shownAlike(va, vb, joinPath(at, k)); d != "" {
				return d
			}
		}
		return ""
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return orRoot(at)
		}
		for i := range x {
			if d := shownAlike(x[i], y[i], fmt.Sprintf("%s[%d]", at, i)); d != "" {
				return d
			}
		}
		return ""
	}
	if !reflect.DeepEqual(a, b) {
		return orRoot(at)
	}
	return ""
}

// isMaskedField says whether m is a field whose value is shown masked.
func isMaskedField(m map[string]any) bool {
	opts, _ := m["options"].(map[string]any)
	return opts["is_masked"] == true
}

// withoutMember is v without its member k when v is an object.
func withoutMember(v any, k string) any {
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	out := maps.Clone(m)
	delete(out, k)
	return out
}

func joinPath(at, k string) string {
	if at == "" {
		return k
	}
	return at + "." + k
}

func orRoot(at string) string {
	if at == "" {
		return "the record"
	}
	return at
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

// The key dimension goes on past the reads above: every key the profile
// knows reads every read endpoint with the parameters that apply, and
// every answer is judged by the rules over every answer, as the read
// key's are.
//
//   - The other organization's own records, read with its own key, in
//     every format, and in json by the record_url it was given alone:
//     the profile lists them (foreign.record_ids) for our keys to be
//     refused, and they are records like ours for the key they belong
//     to (masking, the closed Record, the schema, the URL asked for).
//   - getFormList under each filter of the profile (number, search_key),
//     walked with the write and the limited key: what each lists is in
//     the read key's walk of the same filter, its total no larger.
//   - Every cursor listing (templates/list, listQrcodes of each profile
//     template) with each time bound alone and both, walked with the
//     write and the limited key: no item the read key's walk of the same
//     request does not hold, and every item of it that the key's own
//     unfiltered walk lists (keyWalkWithin); and listQrcodes of another organization's
//     coding (foreign.codings) with every key of ours, with and without
//     a window (C2.tenancy: no success), and with the other
//     organization's own key (its answers judged by the rules).
//   - A record addressed by both members: under the other
//     organization's key, record_id and record_url of one of our
//     records, of two of ours, our id beside its URL and its id beside
//     our URL (a service that looks one member up platform-wide and
//     compares the other shows ours); under our keys, our URL beside its
//     id and its URL beside our id, and one of our records by its id
//     beside its own URL in json-ld and markdown (the record and the
//     key picked by the seed). Whatever answers, the rules judge:
//     a success shows a record of another organization (C2.tenancy) or
//     not the record the request named (2.1.identity).
//
// The reads that may see what the writes change (getRecord of our
// records, getFormList) come first; then relation.keys lets the writes
// go and walks the template listings, which no write changes, in the
// background.

// otherFormats are the formats besides json a record is read in.
var otherFormats = []string{"markdown", "json-ld"}

// keyBounds are the time bounds of a listing's window a key walks it
// with: none, each alone, both.
func keyBounds(w *profile.Window) []map[string]any {
	out := []map[string]any{{}}
	if w != nil {
		out = append(out, map[string]any{"start_time": w.Start}, map[string]any{"end_time": w.End},
			map[string]any{"start_time": w.Start, "end_time": w.End})
	}
	return out
}

// theirRecords reads the other organization's records with its own key
// in every format, side by side, and says the record_url its json
// answer gives for each ("" when it gave none).
func (t *T) theirRecords() []string {
	ids := t.r.prof.Foreign.RecordIDs
	urls := make([]string, len(ids))
	if !t.hasKey(profile.RoleOtherOrg) {
		return urls
	}
	t.each(len(ids), func(t *T, i int) {
		t.each(1+len(otherFormats), func(t *T, j int) {
			f := "json"
			if j > 0 {
				f = otherFormats[j-1]
			}
			x := t.post(contract.GetRecord, profile.RoleOtherOrg, map[string]any{"record_id": ids[i], "format": f})
			if p, _ := payloadOf(x).(map[string]any); j == 0 && p != nil {
				urls[i], _ = p["record_url"].(string)
			}
		})
	})
	return urls
}

// bothAddresses are the requests that name a record by both members
// (see above), for each of our records: under the other organization's
// key, then under each of ours. theirs are another organization's
// record ids and the URLs its key was given for them.
func (t *T) bothAddresses(readers []string, theirIDs []int64, theirURLs []string) []*keyRead {
	recs := t.r.prof.Records
	var out []*keyRead
	add := func(role string, body map[string]any) {
		out = append(out, &keyRead{ep: contract.GetRecord, role: role, body: body})
	}
	turn := pick(t.r.opts.Seed, "relation.keys addresses", len(contract.Formats)*max(1, len(theirIDs)))
	// A record of ours by its id beside its own URL, with one of our
	// keys, in every format but json (which the keys' other reads by
	// both members ask for): the record and the key picked by the seed,
	// so that over seeds every record and key is sent.
	var withURL []profile.Record
	for _, rec := range recs {
		if rec.URL != "" {
			withURL = append(withURL, rec)
		}
	}
	if len(withURL) > 0 {
		ours := append([]string{profile.RoleRead}, readers...)
		rec := withURL[pick(t.r.opts.Seed, "relation.keys own addresses", len(withURL))]
		role := ours[pick(t.r.opts.Seed, "relation.keys own addresses key", len(ours))]
		for _, f := range otherFormats {
			add(role, map[string]any{"record_id": rec.ID, "record_url": rec.URL, "format": f})
		}
	}
	n := 0
	for i, rec := range recs {
		if rec.URL == "" || n == tenancyRecords {
			continue
		}
		n++
		// The format turns over the records and the pairs, and so does
		// the other organization's record beside ours.
		format := func(j int) string { return contract.Formats[(turn+i+j)%len(contract.Formats)].Name }
		if t.hasKey(profile.RoleOtherOrg) {
			add(profile.RoleOtherOrg, map[string]any{"record_id": rec.ID, "record_url": rec.URL, "format": format(0)})
			if next := recs[(i+1)%len(recs)]; next.ID != rec.ID && next.URL != "" {
				add(profile.RoleOtherOrg, map[string]any{"record_id": rec.ID, "record_url": next.URL, "format": format(1)})
			}
			if len(theirIDs) > 0 {
				j := (turn + i) % len(theirIDs)
				add(profile.RoleOtherOrg, map[string]any{"record_id": theirIDs[j], "record_url": rec.URL, "format": format(2)})
				if theirURLs[j] != "" {
					add(profile.RoleOtherOrg, map[string]any{"record_id": rec.ID, "record_url": theirURLs[j], "format": format(3)})
				}
			}
		}
		if n > 1 || len(theirIDs) == 0 {
			continue // our keys: one record of ours is enough
		}
		for ri, role := range append([]string{profile.RoleRead}, readers...) {
			j := (turn + ri) % len(theirIDs)
			add(role, map[string]any{"record_id": theirIDs[j], "record_url": rec.URL, "format": "json"})
			if theirURLs[j] != "" {
				add(role, map[string]any{"record_id": rec.ID, "record_url": theirURLs[j], "format": "json"})
			}
		}
	}
	return out
}

// keyFilters are the getFormList filters of the profile each key walks.
func (t *T) keyFilters() []map[string]any {
	var out []map[string]any
	p := t.r.prof
	for _, n := range p.Forms.Numbers {
		out = append(out, map[string]any{"number": n})
	}
	for _, s := range p.Forms.Searches {
		out = append(out, map[string]any{"search_key": s.Key})
	}
	return out
}

// keyWalkAsRead judges a walk another key of ours made of a listing
// against the read key's walk of the same request (keyWalkWhole, then
// keyWalkWithin). kall is the key's own unfiltered walk of the listing
// (nil where the run has none).
func (t *T) keyWalkAsRead(kw, rw walk, kall *walk, key, role, what string) {
	if t.keyWalkWhole(kw, role, what) {
		t.keyWalkWithin(kw, rw, kall, key, role, what)
	}
}

// keyWalkWhole judges what every walk owes whatever key sent it, and
// says whether the walk is whole enough to be compared: a first page
// refused is the key's to give (§5) and the rules' to judge; a walk
// that served its first page serves every page, and its total is the
// same on every page and the count of its items (§4.3, §4.4).
func (t *T) keyWalkWhole(kw walk, role, what string) bool {
	switch {
	case len(kw.pages) == 0 || keyRefused(kw):
		return false
	case kw.broken != "" && len(kw.pages) == 1:
		return false // the rules judge the answer
	}
	t.examinedWalks(kw)
	t.totalHolds(kw, fmt.Sprintf("%s, the %s key", what, role))
	return kw.broken == ""
}

// keyWalkWithin fails when another key of ours walks a listing to more
// than the read key's walk of the same request holds (an item the read
// key's does not, or a larger total), or to less than the read key's
// walk holds of what the key sees: a filter (a number, a search key, a
// time bound) selects by the item, whatever key asks, so the key's walk
// of a filter holds every item of the read key's walk of it that the
// key's own unfiltered walk (kall) holds. How the service reads a
// filter, a time bound's zone or its own second included, is one
// reading (§C5: the kit's), not one a key: only which items a key sees
// is the service's (§5).
func (t *T) keyWalkWithin(kw, rw walk, kall *walk, key, role, what string) {
	if kw.broken != "" || rw.broken != "" || len(kw.pages) == 0 || len(rw.pages) == 0 {
		return
	}
	ours := setOf(itemKeys(rw, key))
	for _, k := range itemKeys(kw, key) {
		if !ours[k] {
			t.errorfPair(pageHolding(kw, key, k), firstPage(rw), "%s: the %s key lists %s %s, which the read key's walk of the same request does not hold", what, role, key, k)
			return
		}
	}
	if len(kw.totals) > 0 && len(rw.totals) > 0 && kw.totals[0] > rw.totals[0] {
		t.errorfPair(firstPage(kw), firstPage(rw), "%s: the %s key's total is %d, more than the read key's %d", what, role, kw.totals[0], rw.totals[0])
		return
	}
	if kall == nil || kall.broken != "" || len(kall.pages) == 0 {
		return
	}
	sees, got := setOf(itemKeys(*kall, key)), setOf(itemKeys(kw, key))
	for _, k := range itemKeys(rw, key) {
		if sees[k] && !got[k] {
			t.errorfPair(firstPage(kw), pageHolding(rw, key, k), "%s: the %s key's walk leaves out %s %s, which the read key's walk of the same request lists and the %s key's unfiltered walk lists too (a filter selects by the item, whatever key asks)", what, role, key, k, role)
			return
		}
	}
}

// keyAll is role's unfiltered walk of listing l, at the size the read
// key's unfiltered walks are read at (shared with them where role is
// the read key).
func (t *T) keyAll(l listing, role string) walk {
	return t.walkCursor(l.ep, role, l.filter, contract.TemplatesMaxPageSize)
}

// keyListings walks, with every key but the read key, every cursor
// listing at each bound (see above), and listQrcodes of another
// organization's codings with every key; no write changes what they
// list.
func (t *T) keyListings(readers []string) {
	var jobs []func(t *T)
	ls := append(t.listingsOrNone(contract.TemplatesList), t.listingsOrNone(contract.ListQrcodes)...)
	var window *profile.Window
	turn := pick(t.r.opts.Seed, "relation.keys listings", 2)
	for li, l := range ls {
		bounds := keyBounds(l.window)
		for bi, b := range bounds {
			filter := maps.Clone(l.filter)
			maps.Copy(filter, b)
			// The sizes relation.cursor.window walks the read key's at,
			// so that the read key's walks are shared.
			size := contract.TemplatesMaxPageSize
			if len(b) == 2 {
				size = l.pageSize()
			}
			for ri, role := range readers {
				if len(bounds) > 1 && (li+bi+ri+turn)%2 != 0 {
					continue // half the pairs a listing, turning over the listings
				}
				jobs = append(jobs, func(t *T) {
					var kw, rw, kall walk
					t.each(3, func(t *T, i int) {
						switch i {
						case 0:
							kw = t.walkCursor(l.ep, role, filter, size)
						case 1:
							rw = t.walkCursor(l.ep, profile.RoleRead, filter, size)
						default:
							kall = t.keyAll(l, role)
						}
					})
					t.keyWalkAsRead(kw, rw, &kall, l.key, role, fmt.Sprintf("%s with %v", l.name, filter))
				})
			}
		}
		if window == nil {
			window = l.window
		}
	}
	roles := append([]string{profile.RoleRead}, readers...)
	if t.hasKey(profile.RoleOtherOrg) {
		roles = append(roles, profile.RoleOtherOrg)
	}
	bounds := keyBounds(window)
	for ci, c := range t.r.prof.Foreign.Codings {
		for ri, role := range roles {
			// One bound a key and coding, turning over the codings.
			{
				filter := withMember(bounds[(ci+ri+turn)%len(bounds)], "template", c)
				jobs = append(jobs, func(t *T) {
					if role == profile.RoleOtherOrg {
						t.walkCursor(contract.ListQrcodes, role, filter, contract.TemplatesMaxPageSize)
						return // its own: the rules judge every page
					}
					t.post(contract.ListQrcodes, role, withMember(filter, "page_size", contract.TemplatesMaxPageSize))
				})
			}
		}
	}
	t.each(len(jobs), func(t *T, i int) { jobs[i](t) })
}
