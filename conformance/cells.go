package conformance

import (
	"fmt"
	"hash/fnv"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// The cells of a read. A statement that holds on the reads the run makes
// holds on every read: every key, every state an object is left in,
// every address, every format, the default beside its explicit value. A
// read is a cell of that product, and the product is too large to send
// whole, so the run sends a covering array of it (combinatorial testing:
// most faults of an interaction need two or three of its factors): rows
// picked so that every pair of values of two dimensions is sent on some
// row, and the triples a state makes with a format or an address too.
//
// The states live in the write phase only: after the writes the profile's
// reset puts every record back. So the cells of a state ride beside the
// read after a move (reread.go), which reads the moved record in json, by
// its id, with the read key: the canonical cell. Beside it, side by side,
// go the cells the array gives that move, each the same record in the
// same state with another key, address or format, and each is compared
// with the canonical cell: a cell our read key sends by another address
// or in the default format reads as the canonical one, every member
// equal, or the read between them was beside a move and they differ only
// where a move may change a record; a cell another key of ours sends
// agrees on every value both show (§5 leaves what a key sees open, so
// its refusal is its own); json-ld and markdown are judged by every rule
// over every answer and by relation.masked and relation.formats. The
// seed turns the array's rows over the moves; over seeds every cell is
// sent.

// A cell is one read of a record: the key, the address, the format
// ("" the default: no format member).
type cell struct {
	role, address, format string
}

// canonicalCell is the read every cell is compared with.
var canonicalCell = cell{role: profile.RoleRead, address: "id", format: "json"}

// cellAddresses and cellFormats are the values of two dimensions of a
// read; the keys are the roles the run has a key for.
var (
	cellAddresses = []string{"id", "url"}
	cellFormats   = []string{"", "json", "json-ld", "markdown"}
)

// cellsPerMove is how many cells beside its read after a move each move
// of the profile is given.
const cellsPerMove = 3

// moveState is one move of the profile's cases: what it leaves the
// record in, and how it got there.
type moveState struct {
	caseName string
	step     int
	status   string
	action   string
	role     string
	// settled says no move of the record goes beside the read after it
	// (the next step expects an error, or there is none, or the move's
	// key is not the write key: its read rides beside the move again).
	settled bool
}

// profileMoves are the moves of the profile's cases that name their
// record, in profile order: first those surely read after; then a write
// key's last move of a case, read after only where the planner gives its
// unit one (grantRereads), so that the array gives a state's cells to a
// move surely read where it can.
func profileMoves(p *profile.Profile) []moveState {
	var sure, maybe []moveState
	for _, c := range p.Cases {
		if c.RecordID == 0 {
			continue
		}
		for i, s := range c.Steps {
			if s.Expect.Status == "" || s.Concurrent > 1 {
				continue
			}
			m := moveState{caseName: c.Name, step: i, status: s.Expect.Status, action: s.Action, role: stepRole(s)}
			m.settled = m.role != profile.RoleWrite || i == len(c.Steps)-1 || c.Steps[i+1].Expect.Status == ""
			if i == len(c.Steps)-1 && m.role == profile.RoleWrite {
				maybe = append(maybe, m)
			} else {
				sure = append(sure, m)
			}
		}
	}
	return append(sure, maybe...)
}

// cellTuples are the tuples of dimension values a cell of a move covers,
// each with its weight: the pairs of key, address and format, and the
// triples of the state (a status, and the action that left it) with a
// format or an address. A state's triple with the default format or with
// the URL counts on the read key's cells only, which are compared with
// the canonical cell member by member (an action's with the URL only
// where no move goes beside the read, so that they are compared whole);
// json-ld and markdown are judged by the rules whatever the key, and
// json is the canonical cell's own.
func cellTuples(m moveState, c cell) map[string]int {
	out, f := pairTuples(c)
	out["status "+m.status+" key "+c.role] = 1
	strict := c.role == canonicalCell.role
	if f == "json-ld" || f == "markdown" || f == "default" && strict {
		out["status "+m.status+" format "+f] = 3
	}
	if c.address == "url" && strict {
		out["status "+m.status+" address url"] = 3
	}
	if c.address == "url" && strict && m.settled && (f == "json" || f == "default") {
		out["action "+m.action+" address url compared"] = 3
	}
	return out
}

// pairTuples are the pairs of key, address and format a cell covers,
// each of weight 1, and the name of its format ("default" for none).
func pairTuples(c cell) (map[string]int, string) {
	f := c.format
	if f == "" {
		f = "default"
	}
	return map[string]int{
		"key " + c.role + " address " + c.address: 1,
		"key " + c.role + " format " + f:          1,
		"address " + c.address + " format " + f:   1,
	}, f
}

// cellArray gives each move of the profile its cells (coverRows).
func cellArray(seed uint64, moves []moveState, roles []string) map[string][]cell {
	names := make([]string, len(moves))
	for i, m := range moves {
		names[i] = moveKey(m.caseName, m.step)
	}
	rows := coverRows(seed, names, cellCandidates(roles), cellsPerMove, func(i int, c cell) map[string]int { return cellTuples(moves[i], c) })
	out := map[string][]cell{}
	for i, n := range names {
		out[n] = rows[i]
	}
	return out
}

// cellCandidates are every cell of the roles but the canonical one.
func cellCandidates(roles []string) []cell {
	var out []cell
	for _, r := range roles {
		for _, a := range cellAddresses {
			for _, f := range cellFormats {
				if c := (cell{r, a, f}); c != canonicalCell {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// coverRows gives each object, in order, n cells among cands: greedily,
// each time the cell that covers the most weight of tuples (tuples says
// which an object's cell covers) that no cell before covered, ties
// broken in an order the seed picks per object (AETG's greedy
// construction of a covering array), so that over seeds each object gets
// each cell.
func coverRows[C comparable](seed uint64, objects []string, cands []C, n int, tuples func(i int, c C) map[string]int) [][]C {
	return coverEach(seed, objects, func(int) []C { return cands }, func(int) int { return n }, tuples)
}

// coverEach is coverRows where each object has its own candidates and
// its own number of rows: the objects of one array need not take the
// same values (a request by id has no URL to spell).
func coverEach[C comparable](seed uint64, objects []string, cands func(i int) []C, n func(i int) int, tuples func(i int, c C) map[string]int) [][]C {
	out := make([][]C, len(objects))
	covered := map[string]bool{}
	for oi, name := range objects {
		cs := cands(oi)
		if len(cs) == 0 {
			continue
		}
		tie := pick(seed, "cells "+name, len(cs))
		for range min(n(oi), len(cs)) {
			best, bestW := -1, -1
			for i := range cs {
				j := (tie + i) % len(cs)
				if slices.Contains(out[oi], cs[j]) {
					continue
				}
				w := 0
				for t, wt := range tuples(oi, cs[j]) {
					if !covered[t] {
						w += wt
					}
				}
				if w > bestW {
					best, bestW = j, w
				}
			}
			out[oi] = append(out[oi], cs[best])
			for t := range tuples(oi, cs[best]) {
				covered[t] = true
			}
		}
	}
	return out
}

// pairsOf are the pairs of values of a row of named factors, each of
// weight 1: what a pairwise covering array covers.
func pairsOf(factors ...string) map[string]int {
	out := map[string]int{}
	for i := 0; i+1 < len(factors); i += 2 {
		for j := i + 2; j+1 < len(factors); j += 2 {
			out[factors[i]+" "+factors[i+1]+" "+factors[j]+" "+factors[j+1]] = 1
		}
	}
	return out
}

// recordTuples are the tuples a cell of a record read before the writes
// covers: the pairs of key, address and format, and the triples of each
// field type the record holds, on a record that masks values or on one
// that masks none (and its having no form), with another
// key and a format that key's answer is judged in by the rules alone
// (json-ld, markdown). The read key's json-ld and markdown of every
// record are read by the record checks, and its default format after
// the writes (relAfterWrites).
func recordTuples(rec *profile.Record, c cell) map[string]int {
	out, f := pairTuples(c)
	if rec == nil || c.role == canonicalCell.role || f != "json-ld" && f != "markdown" {
		return out
	}
	masked := "shown"
	if len(rec.MaskedFields) > 0 {
		masked = "masked"
	}
	for _, ft := range rec.FieldTypes {
		out["type "+ft+" "+masked+" key "+c.role+" format "+f] = 2
	}
	if rec.FormID == nil {
		out["no form key "+c.role+" format "+f] = 2
	}
	return out
}

// recordCellsOf are the cells of each record relation.keys reads before
// the writes, beside the read key's json: one cell of another key per
// record, picked by the array (recordTuples), and on a record that masks
// values every format another key is judged in alone. (The default
// format of every record is read after the writes: relAfterWrites.)
func (t *T) recordCellsOf(recs []int64, readers []string) [][]cell {
	byID := map[int64]*profile.Record{}
	for i := range t.r.prof.Records {
		byID[t.r.prof.Records[i].ID] = &t.r.prof.Records[i]
	}
	var cands []cell
	for _, c := range cellCandidates(readers) {
		if c.address == "id" && c.format != "json" { // json: relKeys reads every record so, with every key; the cases' records' URLs are not known yet
			cands = append(cands, c)
		}
	}
	names := make([]string, len(recs))
	for i, id := range recs {
		names[i] = fmt.Sprint(id)
	}
	rows := coverRows(t.r.opts.Seed, names, cands, 1, func(i int, c cell) map[string]int { return recordTuples(byID[recs[i]], c) })
	// A record that masks values is read in every format every other
	// key may be judged in alone (t=3 over key, format and the records
	// masking applies to: C8.otherFormats holds per key and format).
	for i, id := range recs {
		if rec := byID[id]; rec != nil && len(rec.MaskedFields) > 0 {
			for _, c := range cands {
				if (c.format == "json-ld" || c.format == "markdown") && !slices.Contains(rows[i], c) {
					rows[i] = append(rows[i], c)
				}
			}
		}
	}
	// A record that masks values by its URL: each other key reads one,
	// picked by the seed, by its record_url in json or in the default
	// format (the seed picks which), so that the key meets the address
	// on a record masking applies to (a share link's path that renders
	// json without masking is a path like any other). The rules judge
	// the answer's masking; sameCell compares it with the read key's.
	var masked []int
	for i, id := range recs {
		if rec := byID[id]; rec != nil && len(rec.MaskedFields) > 0 && rec.URL != "" {
			masked = append(masked, i)
		}
	}
	if len(masked) > 0 {
		i := masked[pick(t.r.opts.Seed, "cells masked by url", len(masked))]
		for _, role := range readers {
			rows[i] = append(rows[i], cell{role, "url", []string{"", "json"}[pick(t.r.opts.Seed, "cells masked by url "+role, 2)]})
		}
	}
	return rows
}

func moveKey(caseName string, step int) string { return fmt.Sprintf("%s\x00%d", caseName, step) }

// cellsOf are the cells the run's array gives one move.
func (r *runner) cellsOf(caseName string, step int) []cell {
	r.cellsOnce.Do(func() {
		roles := []string{profile.RoleRead}
		for _, role := range readerRoles {
			if k := r.keys.KeyFor(role); k != "" && k != r.keys.Read {
				roles = append(roles, role)
			}
		}
		r.cells = cellArray(r.opts.Seed, profileMoves(r.prof), roles)
	})
	return r.cells[moveKey(caseName, step)]
}

// cellBody is the request of a cell of record id, whose URL is url (""
// when the run knows none: the cell then goes by id).
func cellBody(c cell, id int64, url string) map[string]any {
	body := map[string]any{"record_id": id}
	if c.address == "url" && url != "" {
		body = map[string]any{"record_url": hostSpelt(url, fmt.Sprint(id, c.role, c.format))}
	}
	if c.format != "" {
		body["format"] = c.format
	}
	return body
}

// hostSpelt is url as one client in two writes it: half of the cells (by
// a hash of what), the scheme and host in capitals. RFC 3986 reads them
// without regard to case and docs/contract.md §C10 holds a service to
// that, so the cell must read as the same record by id does; a service
// that looks its URLs up byte for byte answers it not found. The path is
// never touched: the code at its end is exact (§C10).
func hostSpelt(url, what string) string {
	h := fnv.New32a()
	h.Write([]byte(what))
	if h.Sum32()%2 == 0 {
		return url
	}
	return rules.CaseURL(url, strings.ToUpper)
}

// sameCell compares a cell's answer x with the canonical cell's, read
// side by side with it (see above). settled says no move of the record
// was sent beside the two reads.
func (t *T) sameCell(id int64, c cell, canon, x *Exchange, settled bool, when string) {
	if !isSuccess(canon) {
		return // the read after the move judges it
	}
	what := fmt.Sprintf("record %d %s: with the %s key, by %s, in %s", id, when, c.role, c.address, formatName(c.format))
	if !isSuccess(x) {
		if c.role == canonicalCell.role {
			t.errorfPair(x, canon, "%s it is %s, where the same key by id in json reads it", what, describe(x))
		}
		return
	}
	if c.format != "" && c.format != "json" {
		return // the rules over every answer judge it
	}
	a, _ := payloadOf(canon).(map[string]any)
	b, _ := payloadOf(x).(map[string]any)
	if a == nil || b == nil {
		return
	}
	if c.role != canonicalCell.role {
		if !settled {
			// A move beside the two reads may have landed between them:
			// what it may change is left out, and every other member is
			// still compared (the first difference found must not depend
			// on whether it landed). That is a top-level member a move
			// may change, and, anywhere in the record, an object that
			// shows a certificate status on both sides (a status shown
			// as a field of the record, §C6) or fields a move adds.
			a, b = withoutMoveMembers(a), withoutMoveMembers(b)
			b, _ = alignMoved(a, b, statusNames(t.r.prof)).(map[string]any)
		}
		if at := shownAlike(a, b, ""); at != "" {
			t.errorfPair(x, canon, "%s it reads %s otherwise than the read key by id in json", what, at)
		}
		return
	}
	names := statusNames(t.r.prof)
	for _, k := range slices.Sorted(maps.Keys(keySetOf(a, b))) {
		if reflect.DeepEqual(a[k], b[k]) || !settled && (contract.MoveMayChange(k) || showsStatusOnly(a[k], b[k], names)) {
			continue
		}
		t.errorfPair(x, canon, "%s its %s is not what the same key reads by id in json", what, k)
		return
	}
}

// formatName names a cell's format in a message.
func formatName(f string) string {
	if f == "" {
		return "the default format"
	}
	return f
}

// topMember is the first member of a path shownAlike gives.
func topMember(at string) string {
	for i := 0; i < len(at); i++ {
		if at[i] == '.' || at[i] == '[' {
			return at[:i]
		}
	}
	return at
}

// alignMoved is b with what a move may change inside a record taken from
// a, as showsStatusOnly allows it to differ: each object that names a
// status of the profile's flows on both sides, and each list b only adds
// fields to. What is left of b is what a has but for differences no move
// makes.
func alignMoved(a, b any, names map[string]bool) any {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			return b
		}
		if namesStatus(x, names) && namesStatus(y, names) {
			return x
		}
		out := make(map[string]any, len(y))
		for k, v := range y {
			if av, has := x[k]; has {
				v = alignMoved(av, v, names)
			}
			out[k] = v
		}
		return out
	case []any:
		y, ok := b.([]any)
		switch {
		case !ok:
			return b
		case len(x) != len(y) && addsFieldsOnly(x, y, names):
			return x
		case len(x) != len(y):
			return b
		}
		out := make([]any, len(y))
		for i := range y {
			out[i] = alignMoved(x[i], y[i], names)
		}
		return out
	}
	return b
}

// withoutMoveMembers is a record without the top-level members a move may
// change (contract.MoveMayChange).
func withoutMoveMembers(rec map[string]any) map[string]any {
	out := make(map[string]any, len(rec))
	for k, v := range rec {
		if !contract.MoveMayChange(k) {
			out[k] = v
		}
	}
	return out
}

// keyFirst is pairs with those of the key (the first factor, the object
// an array gives rows to) weighing more than the rest together.
func keyFirst(pairs map[string]int) map[string]int {
	for t := range pairs {
		if strings.HasPrefix(t, "key ") {
			pairs[t] = len(pairs)
		}
	}
	return pairs
}
