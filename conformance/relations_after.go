package conformance

import (
	"fmt"
	"maps"
	"reflect"
	"slices"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// What the run reads again right after its first move, beside the moved
// record with the read key (verify.visible's look): the same record with
// every other key (ours read it as the read key does, another
// organization's not at all), and the listing of the record's form, by
// its number, with the read key and another organization's key. A verify
// changes one record's status: the listing holds the same forms as
// before, each once, the same but for the times a move may touch, and
// those still name one instant with their _iso; another organization
// still sees none of it. relation.afterWrites judges them (afterLook).
//
// The rules over every answer judge the listing too, count it and fail
// what it breaks (a page read after a write holds to the paging rules as
// any other), but it is shown as a finding's example only when nothing
// else broke the statement, and then with its instants elided
// (Exchange.clocked): overlapped, other units move other records of the
// same form beside this one, and a time that changed with them would put
// the clock of each run in the report.

// formAfterMoveMayChange are the members of a Form a verify of one of its
// records may change.
var formAfterMoveMayChange = map[string]bool{
	"active_at": true, "active_at_iso": true, "updated_at": true, "updated_at_iso": true,
}

// afterMoveListing is the body of the form listing read after a move.
func afterMoveListing(number string) map[string]any {
	return map[string]any{"number": number, "page_size": contract.FormListMaxPageSize}
}

// afterMoveFormats are the formats besides json each other key of ours
// reads the moved record in (afterMoveReads).
var afterMoveFormats = []string{"json-ld", "markdown"}

// afterMoveReads are the bodies each other key reads the moved record
// with (roles in order): json by its id; and, for the write key, each
// format of afterMoveFormats by its URL (by its id when the read key's
// answer gives none), for another key of ours one of them, turning with
// the seed. A key's rendering of a moved record by URL goes by another
// path (a verification log's copy of the record, a cache keyed by the
// address) than its json by id; the reads in json-ld and markdown are
// judged by relation.formats (2.1.held: every instant they write is one
// of the record's, compared as instants) and the rules over every
// answer. Another organization's key reads ours by every address in
// every format in relation.tenancy: here json by id alone.
func afterMoveReads(seed uint64, roles []string, recordID int64, url string) [][]map[string]any {
	out := make([][]map[string]any, len(roles))
	turn := pick(seed, "after move format", len(afterMoveFormats))
	for i, role := range roles {
		out[i] = []map[string]any{{"record_id": recordID}}
		formats := afterMoveFormats
		switch role {
		case profile.RoleOtherOrg:
			continue
		case profile.RoleWrite:
		default:
			formats = afterMoveFormats[(turn+i)%len(afterMoveFormats):][:1]
		}
		for _, f := range formats {
			body := map[string]any{"record_url": url, "format": f}
			if url == "" {
				body = map[string]any{"record_id": recordID, "format": f}
			}
			out[i] = append(out[i], body)
		}
	}
	return out
}

// lookAround reads, right after the move look.x shows, the moved record
// with every other key (afterMoveReads) and its form's listing (see
// above). Nothing is observed here: observeLook hands the run's look to
// the rules.
func (t *T) lookAround(l *look, recordID int64) {
	roles := t.otherReaders()
	if t.hasKey(profile.RoleOtherOrg) {
		roles = append(roles, profile.RoleOtherOrg)
	}
	rec, _ := payloadOf(l.x).(map[string]any)
	url, _ := rec["record_url"].(string)
	var reads []*keyRead
	for i, bodies := range afterMoveReads(t.runSeed(), roles, recordID, url) {
		for _, b := range bodies {
			reads = append(reads, &keyRead{ep: contract.GetRecord, role: roles[i], body: b})
		}
	}
	tpl, _ := rec["record_template"].(map[string]any)
	number, _ := tpl["number"].(string)
	lists := []string{}
	if number != "" {
		lists = append(lists, profile.RoleRead)
		if t.hasKey(profile.RoleOtherOrg) {
			lists = append(lists, profile.RoleOtherOrg)
		}
	}
	l.others = reads
	l.lists = make([]*keyRead, len(lists))
	l.number = number
	t.each(len(reads)+len(lists), func(t *T, i int) {
		if i < len(reads) {
			k := reads[i]
			k.x = t.send(k.ep, k.role, k.body)
			return
		}
		k := &keyRead{ep: contract.GetFormList, role: lists[i-len(reads)], body: afterMoveListing(number)}
		k.x = t.send(k.ep, k.role, k.body)
		l.lists[i-len(reads)] = k
	})
}

// afterLook judges what the run read around its first move (lookAround).
func (t *T) afterLook(l *look, id int64) {
	for _, k := range l.others {
		if k.role == profile.RoleOtherOrg {
			if payloadOf(k.x) != nil {
				t.errorfPair(k.x, l.x, "record %d: right after its move, another organization's key reads it (%v)", id, k.body)
			}
			continue
		}
		if body, _ := k.body.(map[string]any); body["format"] == nil {
			t.sameAsRead(id, l.x, k) // json-ld and markdown: relation.formats
		}
	}
	if len(l.lists) == 0 {
		return
	}
	before := t.walkForms(profile.RoleRead, nil)
	if before.broken != "" {
		return // the walk checks report it
	}
	was := map[string]map[string]any{}
	for _, it := range before.items {
		if it["number"] == l.number {
			was[fmt.Sprint(it["id"])] = it
		}
	}
	for _, k := range l.lists {
		var w walk
		if w.add(k.x) == nil {
			continue // a refusal: the rules judge the read key's, and another organization's is its own
		}
		if k.role == profile.RoleOtherOrg {
			for _, it := range w.items {
				if was[fmt.Sprint(it["id"])] != nil {
					t.errorfPair(k.x, firstPage(before), "right after a move, another organization's key lists our form %v", it["id"])
					break
				}
			}
			continue
		}
		t.sameListingAfter(k.x, before, w, was)
	}
}

// sameListingAfter fails when the listing of the moved record's form (w,
// answered by x) is not the one before the move (was, from the walk
// before): each form once, the same forms, the same total, each the same
// but for the times a move may touch, which still agree with their _iso.
func (t *T) sameListingAfter(x *Exchange, before, w walk, was map[string]map[string]any) {
	seen := map[string]bool{}
	for _, it := range w.items {
		id := fmt.Sprint(it["id"])
		if seen[id] {
			t.errorfPair(x, firstPage(before), "right after a move, form %s is listed more than once", id)
			return
		}
		seen[id] = true
		old := was[id]
		if old == nil {
			t.errorfPair(x, firstPage(before), "right after a move, form %s is listed, which the walk before did not list under its number", id)
			return
		}
		for _, m := range slices.Sorted(maps.Keys(keySetOf(old, it))) {
			if !reflect.DeepEqual(old[m], it[m]) && !formAfterMoveMayChange[m] {
				t.errorfPair(x, pageHolding(before, "id", id), "form %s: %s changed right after a move of one of its records", id, m)
				return
			}
		}
		for m := range formAfterMoveMayChange {
			base, isISO := cutISO(m)
			if !isISO || reflect.DeepEqual(old[m], it[m]) && reflect.DeepEqual(old[base], it[base]) {
				continue
			}
			if len(rules.ISOMismatches("", map[string]any{base: it[base], m: it[m]})) > 0 {
				t.errorfPair(x, pageHolding(before, "id", id), "form %s: right after a move, %s and %s name different instants", id, base, m)
				return
			}
		}
	}
	if len(seen) != len(was) {
		t.errorfPair(x, firstPage(before), "right after a move, %d forms of its number are listed where the walk before listed %d", len(seen), len(was))
		return
	}
	if len(w.totals) > 0 && w.totals[0] != int64(len(was)) {
		t.errorfPair(x, firstPage(before), "right after a move, the listing of its form's number says a total other than the %d forms the walk before listed", len(was))
	}
}

// cutISO is the member an _iso member names, and whether m is one.
func cutISO(m string) (string, bool) {
	const suffix = "_iso"
	if len(m) > len(suffix) && m[len(m)-len(suffix):] == suffix {
		return m[:len(m)-len(suffix)], true
	}
	return m, false
}
