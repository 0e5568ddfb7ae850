package conformance

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// Relations of live traffic: what no single answer of a client shows,
// judged between the answers the traffic happens to hold. Each is kept
// apart per space (a namespace of the mock) and per key (by a salted
// hash, never the key), and remembers only fixed windows: the least
// recently used entry is forgotten first (liveWindows).
//
//   - relation.live.sameRecord: the same getRecord request answered twice
//     reads the same, save what a verify that came between may change on
//     the record it moved (its status members; in a format other than
//     json, anything: such reads are not compared).
//   - relation.live.formPages.disjoint and .total: the pages of one walk
//     of getFormList (one filter and page_size, any page) hold no form
//     twice, and each says the same total.
//   - relation.live.cursorPages.disjoint and .total: the pages of one
//     cursor walk (templates/list, listQrcodes; a page_token the previous
//     page gave) hold no item twice, and each says the same total; a
//     walk seen from its first page to its last holds total items.
//   - relation.live.cursorPages.lastToken: the page that completes a walk
//     seen from its first page gives no next_page_token.
//   - relation.live.verifyVisible: a read of a record after a verify moved
//     it shows the new status in process_status.text (info: a KIT choice
//     of the mock, as the runner's verify.visible).
//   - relation.live.masked: no answer of a record (any format) shows in
//     clear a value the record's json answer masked, by the runner's own
//     comparison (maskRef, relation.masked).
//   - relation.live.labels: a code shows one label across every json
//     answer of every record, and review statuses different labels
//     (live_labels.go).
//   - relation.live.formats: every instant an answer of a record in
//     json-ld or markdown writes, under any name or in its text, is one
//     the record's json answer showed (the runner's relation.formats,
//     the same code).
type liveRelation struct {
	id, endpoint, section string
	severity              Severity
	statements            []string
}

// liveRelationTable lists the relations, in the order a report shows them.
var liveRelationTable = []liveRelation{
	{relSameRecord, contract.GetRecord.Name, "3.1", Should, []string{"3.1.move"}},
	{relFormDisjoint, contract.GetFormList.Name, "4.3", Must, []string{"4.3.disjoint"}},
	{relFormTotal, contract.GetFormList.Name, "4.3", Must, []string{"4.3.total"}},
	{relCursorDisjoint, "*", "4.4", Must, []string{"4.4.disjoint"}},
	{relCursorTotal, "*", "4.4", Must, []string{"4.4.total"}},
	{relCursorLastToken, "*", "4.4", Must, []string{"4.4.lastToken"}},
	{relVerifyVisible, contract.GetRecord.Name, "3.1", Info, []string{"3.1.move"}},
	{relMaskedLive, contract.GetRecord.Name, "2.1", Must, []string{"2.1.masked", "C8.otherFormats"}},
	{relLabelsLive, contract.GetRecord.Name, "2.1", Must, []string{"2.1.labels"}},
	{relFormatsLive, contract.GetRecord.Name, "2.1", Must, []string{"2.1.held"}},
	{relWindowsLive, "*", "4.4", Must, []string{"4.4.window", "4.4.totalFilter"}},
	{relFoundLive, "*", "4.1", Must, []string{"4.1.byUrl", "4.5.byUrl", "4.5.unknownTemplate"}},
	{relByURLLive, contract.GetRecord.Name, "4.1", Must, []string{"4.1.byUrl"}},
	{relVerifyRepeat, contract.Verify.Name, "7", Should, []string{"7.repeat", "7.conditions"}},
}

const (
	relSameRecord      = "relation.live.sameRecord"
	relFormDisjoint    = "relation.live.formPages.disjoint"
	relFormTotal       = "relation.live.formPages.total"
	relCursorDisjoint  = "relation.live.cursorPages.disjoint"
	relCursorTotal     = "relation.live.cursorPages.total"
	relCursorLastToken = "relation.live.cursorPages.lastToken"
	relVerifyVisible   = "relation.live.verifyVisible"
	relMaskedLive      = "relation.live.masked"
	relLabelsLive      = "relation.live.labels"
	relFormatsLive     = "relation.live.formats"
	relVerifyRepeat    = "relation.live.verifyRepeat"
	relWindowsLive     = "relation.live.windows"
	relFoundLive       = "relation.live.found"
	relByURLLive       = "relation.live.byUrl"
)

// The windows of the relations (docs/conformance.md, "Judging live
// traffic"): how many reads, walks, page tokens and moved records they
// remember, and how many items of one walk. With these bounds what they
// keep stays under a few megabytes whatever the traffic.
const (
	liveReads     = 4096
	liveWalks     = 256
	liveTokens    = 1024
	liveMoves     = 1024
	liveWalkItems = 1000
	liveMasks     = 512
)

// relResult is one relation judged on one exchange: problem "" when it holds.
type relResult struct {
	id, problem string
	// req is the request to show, when it is not the exchange's that
	// completed the relation (a verify judged when a read came after).
	req *Request
}

type liveRelations struct {
	reads  *lru[[32]byte, recordRead]
	forms  *lru[[32]byte, *liveWalk]
	tokens *lru[[32]byte, *liveWalk]
	// moves are, per space and record, how often a verify moved the
	// record and the status it moved to last (not yet seen by a read).
	moves *lru[recordKey, recordMove]
	// spaceGen counts, per space, the verifies that moved something: a
	// read whose record is not known is compared only while it holds.
	spaceGen map[string]int
	// masks are, per space, key and record, what its json answer masked.
	masks *lru[[32]byte, liveMask]
	chars string
	// statuses are the status names of the profile's flows: after a
	// move, an object of the record that shows one before and after may
	// change (showsStatusOnly, as the runner's relation).
	statuses map[string]bool
	// names are, per space, the record a record_code or record_url names
	// (as a json read gave them); facts what a json read of a record
	// gave of it; verifies the last verify success of each record, until
	// a read after it judged it (rules.SuccessData).
	names    *lru[nameKey, int64]
	facts    *lru[recordKey, rules.Facts]
	verifies *lru[recordKey, verifyAwaiting]
	// unnamed are the verify successes whose certificate_code no read
	// had named yet, by that code or URL: the first read it names judges
	// them.
	unnamed *lru[nameKey, verifyAwaiting]
	// held are the masked values the profile holds, by record.
	held map[int64]profile.HeldRecord
	// labels are the labels each code showed, per space.
	labels *liveLabels
	// instants are, per space and record, the instants its json answers
	// showed (relation.live.formats).
	instants *lru[recordKey, []rules.Instant]
	// windows are the profile's time windows (relation.live.windows).
	profWindows windowFacts
	// found is what exists (relation.live.found).
	found *liveFound
	// byAddress are, per space, key, record and format, the last read and
	// how it was addressed (relation.live.byUrl).
	byAddress *lru[[32]byte, addressedRead]
	// verifyNames are, per space, the record each certificate_code's last
	// verify success moved, and statusOf what the successes said of each
	// record's status (relation.live.verifyRepeat).
	verifyNames *lru[nameKey, int64]
	statusOf    *lru[recordKey, recordStatus]
}

type nameKey struct {
	space, name string
}

func (k nameKey) spaceOf() string { return k.space }

// nameOf is the key of name in space: a URL in rules.CanonURL's form,
// so that a credential named with its host in capitals is the one named
// in lower case.
func nameOf(space, name string) nameKey { return nameKey{space, rules.CanonURL(name)} }

// verifyAwaiting is a verify success waiting for a read of its record: what
// it said of the record, the record its certificate_code named (0: no
// read named it), and its request, scrubbed, to show.
type verifyAwaiting struct {
	facts       rules.Facts
	named       int64
	certificate string
	req         Request
}

type liveMask struct {
	space string
	ref   *maskRef
	// forms are, for each value ref masks (by its index), the masked
	// forms of it the record's answers showed, each once (at most
	// liveFormsPerValue): what they show together is judged as the
	// runner's relation.masked judges it (unionLeak).
	forms map[int][][]rune
}

// liveFormsPerValue bounds the masked forms remembered of one value: a
// value has as many as the formats that mask it their own way.
const liveFormsPerValue = 8

type recordKey struct {
	space string
	id    int64
}

func (k recordKey) spaceOf() string { return k.space }

// spaced is a key of what is remembered of one space, so that a reset
// of the space can drop it.
type spaced interface {
	comparable
	spaceOf() string
}

type recordMove struct {
	gen    int
	status string
	seen   bool
}

// recordRead is what is remembered of a getRecord answer: hashes, never
// the body.
type recordRead struct {
	space         string
	id            int64
	gen, spaceGen int
	json          bool
	full, reduced [32]byte
	fields        map[string][32]byte // recordHashes
	what          string
}

// liveWalk is one walk of pages: its total and, by a hash of each item's
// key, the page that held it.
type liveWalk struct {
	space string
	total int64
	okTot bool
	pages int
	items map[uint64]int
	// fromStart: the walk's first page was asked without a page_token and
	// every item had its id, so that items holds every item of the walk
	// (cursor walks only).
	fromStart bool
}

// newLiveRelations remembers nothing yet; chars are the mask characters,
// statuses the status names of the profile's flows (none without one),
// held the records the profile holds values of (profile.Held).
func newLiveRelations(chars string, statuses map[string]bool, held map[int64]profile.HeldRecord) *liveRelations {
	return &liveRelations{reads: newLRU[[32]byte, recordRead](liveReads), forms: newLRU[[32]byte, *liveWalk](liveWalks),
		tokens: newLRU[[32]byte, *liveWalk](liveTokens), moves: newLRU[recordKey, recordMove](liveMoves), spaceGen: map[string]int{},
		masks: newLRU[[32]byte, liveMask](liveMasks), chars: chars, statuses: statuses,
		names: newLRU[nameKey, int64](liveReads), facts: newLRU[recordKey, rules.Facts](liveReads), verifies: newLRU[recordKey, verifyAwaiting](liveMoves), unnamed: newLRU[nameKey, verifyAwaiting](liveMoves), held: held, labels: newLiveLabels(), instants: newLRU[recordKey, []rules.Instant](liveReads),
		verifyNames: newLRU[nameKey, int64](liveMoves), byAddress: newLRU[[32]byte, addressedRead](liveReads), statusOf: newLRU[recordKey, recordStatus](liveMoves)}
}

// windows are the bounds, for the report.
func (l *liveRelations) windows() map[string]int {
	return map[string]int{"reads": liveReads, "walks": liveWalks, "page_tokens": liveTokens, "moved_records": liveMoves,
		"items_per_walk": liveWalkItems, "masked_records": liveMasks, "record_facts": liveReads, "verified_records": liveMoves,
		"label_codes": liveLabelCodes, "verified_statuses": liveMoves, "record_instants": liveReads}
}

// forget drops what is remembered of space.
func (l *liveRelations) forget(space string) {
	l.reads.removeIf(func(r recordRead) bool { return r.space == space })
	l.masks.removeIf(func(m liveMask) bool { return m.space == space })
	dropSpace(l.names, space)
	dropSpace(l.unnamed, space)
	dropSpace(l.facts, space)
	dropSpace(l.verifies, space)
	dropSpace(l.instants, space)
	l.labels.forget(space)
	if l.found != nil {
		l.found.forget(space)
	}
	l.reset(space)
}

// reset: space is back at the state its service started from (the
// mock's /__admin/reset): walks and page tokens may list otherwise, and
// a record may read otherwise than before in what a verify changes (its
// status), and in nothing else; what a record is (its facts, its
// masks) holds as before. A read remembered from before the reset is
// compared with a read after it as with a read after a move
// (resetGen).
func (l *liveRelations) reset(space string) {
	l.forms.removeIf(func(w *liveWalk) bool { return w.space == space })
	l.tokens.removeIf(func(w *liveWalk) bool { return w.space == space })
	dropSpace(l.moves, space)
	dropSpace(l.statusOf, space)
	dropSpace(l.verifyNames, space)
	l.reads.update(func(r recordRead) recordRead {
		if r.space == space {
			r.gen = resetGen
		}
		return r
	})
	if l.spaceGen[space] > 0 || len(l.spaceGen) < liveMoves {
		l.spaceGen[space]++
	}
}

// spaces are the spaces something is remembered of.
func (l *liveRelations) spaces() map[string]bool {
	out := map[string]bool{}
	for s := range l.spaceGen {
		out[s] = true
	}
	for _, e := range l.reads.byKey {
		out[e.Value.(*lruEntry[[32]byte, recordRead]).val.space] = true
	}
	for k := range l.moves.byKey {
		out[k.space] = true
	}
	for _, m := range []*lru[[32]byte, *liveWalk]{l.forms, l.tokens} {
		for _, e := range m.byKey {
			out[e.Value.(*lruEntry[[32]byte, *liveWalk]).val.space] = true
		}
	}
	return out
}

// resetGen is the move count of a read made before a reset: no count a
// read after it has.
const resetGen = -1

// dropSpace forgets everything m remembers of space.
func dropSpace[K spaced, V any](m *lru[K, V], space string) {
	for k := range m.byKey {
		if k.spaceOf() == space {
			m.remove(k)
		}
	}
}

// observe judges the relations x completes, and remembers what later
// exchanges are judged against.
func (l *liveRelations) observe(ob Observed, x *Exchange, key [8]byte, req Request) []relResult {
	obj, _ := x.Doc.(map[string]any)
	code, isInt := intOf(obj["code"])
	success := obj != nil && isInt && code == 0
	var found []relResult
	if l.found != nil {
		found = l.found.judge(ob.Space, ob.Endpoint, x, obj, key)
	}
	return append(found, l.observeEndpoint(ob, x, key, req, obj, success)...)
}

// observeEndpoint judges the relations of x's endpoint.
func (l *liveRelations) observeEndpoint(ob Observed, x *Exchange, key [8]byte, req Request, obj map[string]any, success bool) []relResult {
	switch ob.Endpoint {
	case contract.Verify:
		out := l.verifyRepeat(ob.Space, x, obj, success)
		l.verified(ob.Space, obj, success)
		if success {
			return append(out, l.verifySuccess(ob.Space, x, req)...)
		}
		return out
	case contract.GetRecord:
		if success {
			return append(l.read(ob.Space, x, obj, key), l.readFacts(ob.Space, x)...)
		}
	case contract.GetFormList:
		if success {
			return l.formPage(ob.Space, x, obj, key)
		}
	case contract.TemplatesList, contract.ListQrcodes:
		if success {
			out := l.cursorPage(ob.Space, ob.Endpoint, x, obj, key)
			data, _ := obj["data"].(map[string]any)
			if r, judged := l.profWindows.judge(ob.Endpoint, x, data); judged {
				out = append(out, r)
			}
			return out
		}
	}
	return nil
}

// verified notes a verify: a success moved its record; an answer that is
// no verdict at all (not JSON, no code) may have moved anything.
func (l *liveRelations) verified(space string, obj map[string]any, success bool) {
	if _, isInt := intOf(obj["code"]); !isInt {
		l.forget(space)
		return
	}
	if !success {
		return
	}
	data, _ := obj["data"].(map[string]any)
	l.bumpSpace(space)
	id, ok := intOf(data["record_id"])
	if !ok {
		return
	}
	k := recordKey{space, id}
	m, _ := l.moves.get(k)
	status, _ := data["certificate_status"].(string)
	l.moves.put(k, recordMove{gen: m.gen + 1, status: status})
}

// verifySuccess judges a verify success against what a read gave of
// the record its certificate_code names (rules.SuccessData), and keeps
// it to judge against the next read of that record.
func (l *liveRelations) verifySuccess(space string, x *Exchange, req Request) []relResult {
	v, certificate, ok := rules.VerifiedFacts(ruleExchange(&contract.Verify, x))
	if !ok {
		return nil
	}
	named, _ := l.names.get(nameOf(space, certificate))
	id := named
	if id == 0 {
		id = v.ID
	}
	w := verifyAwaiting{facts: v, named: named, certificate: certificate, req: req}
	l.verifies.put(recordKey{space, id}, w)
	if named == 0 && certificate != "" {
		l.unnamed.put(nameOf(space, certificate), w)
	}
	if r, known := l.facts.get(recordKey{space, id}); known {
		return []relResult{successData(rules.DescribesRecord(v, named, r), nil)}
	}
	return nil
}

// readFacts remembers what a json read gives of its record and the
// names it goes by, and judges against it the verify success of the
// record that no read has judged since (a verify may not change them:
// a read after it shows what the verify said, or the verify did not
// describe the record it saved).
func (l *liveRelations) readFacts(space string, x *Exchange) []relResult {
	f, code, url, ok := rules.ReadFacts(ruleExchange(&contract.GetRecord, x))
	if !ok {
		return nil
	}
	for _, name := range []string{code, url} {
		if name != "" {
			l.names.put(nameOf(space, name), f.ID)
		}
	}
	k := recordKey{space, f.ID}
	l.facts.put(k, f)
	for _, name := range []string{code, url} {
		if v, waiting := l.unnamed.get(nameOf(space, name)); name != "" && waiting {
			l.unnamed.remove(nameOf(space, name))
			l.verifies.remove(recordKey{space, v.facts.ID})
			return []relResult{successData(rules.DescribesRecord(v.facts, f.ID, f), &v.req)}
		}
	}
	v, waiting := l.verifies.get(k)
	if !waiting {
		return nil
	}
	l.verifies.remove(k)
	l.unnamed.remove(nameOf(space, v.certificate))
	return []relResult{successData(rules.DescribesRecord(v.facts, v.named, f), &v.req)}
}

// successData is the verdict of rules.SuccessData on one verify.
func successData(problems []string, req *Request) relResult {
	r := relResult{id: answerPrefix + rules.SuccessData, req: req}
	if len(problems) > 0 {
		r.problem = strings.Join(problems, "; ")
	}
	return r
}

func (l *liveRelations) bumpSpace(space string) {
	if _, known := l.spaceGen[space]; known || len(l.spaceGen) < liveMoves {
		l.spaceGen[space]++
	}
}

// read judges a getRecord success against the last answer to the same
// request, and against the last move of its record.
func (l *liveRelations) read(space string, x *Exchange, obj map[string]any, key [8]byte) []relResult {
	p := x.Params()
	canon, _ := json.Marshal(p)
	rk := hashOf("read", space, string(key[:]), string(canon))
	data, _ := obj["data"].(map[string]any)
	format, _ := data["format"].(string)
	rec, isJSON := data["data"].(map[string]any)
	id, known := intOf(rec["record_id"])
	if !known {
		id, known = intOf(p["record_id"])
	}
	cur := recordRead{space: space, id: id, spaceGen: l.spaceGen[space], json: isJSON && (format == "" || format == "json"),
		what: fmt.Sprintf("record %d", id)}
	cur.reduced, cur.full, cur.fields = recordHashes(data, l.statuses)
	if !known {
		cur.id, cur.what = -1, "the record"
	}
	mv, moved := l.moves.get(recordKey{space, id})
	if known && moved {
		cur.gen = mv.gen
	}
	var out []relResult
	if before, ok := l.reads.get(rk); ok {
		changed := before.gen != cur.gen || (!known && before.spaceGen != cur.spaceGen)
		switch {
		case !changed && before.full != cur.full:
			out = append(out, relResult{id: relSameRecord, problem: fmt.Sprintf("%s reads differently the second time, and no verify through this proxy moved it between", cur.what)})
		case changed && cur.json && before.json && !sameBeyondMove(before, cur):
			out = append(out, relResult{id: relSameRecord, problem: fmt.Sprintf("%s reads differently after a verify moved it beyond what a verify changes (its status members)", cur.what)})
		case !changed || cur.json && before.json:
			out = append(out, relResult{id: relSameRecord})
		}
	}
	l.reads.put(rk, cur)
	if p != nil {
		out = append(out, l.addressed(space, p, key, id, known, cur)...)
	}
	if known {
		out = append(out, l.masked(space, key, id, cur.json, data)...)
		out = append(out, l.formatInstants(space, id, cur.json, data["data"])...)
	}
	if cur.json {
		out = append(out, l.labels.judge(space, id, rec)...)
	}
	if known && moved && !mv.seen && cur.json && mv.status != "" {
		if text, enabled := shownStatus(rec); enabled {
			problem := ""
			if text != mv.status {
				problem = fmt.Sprintf("record %d: after a verify moved it to %q, process_status.text is %v (a KIT choice of the mock; never required)", id, mv.status, text)
			}
			out = append(out, relResult{id: relVerifyVisible, problem: problem})
		}
		mv.seen = true
		l.moves.put(recordKey{space, id}, mv)
	}
	return out
}

// masked remembers what a json answer of a record masks, and judges
// every answer of the record (any format) against it.
func (l *liveRelations) masked(space string, key [8]byte, id int64, isJSON bool, data map[string]any) []relResult {
	mk := hashOf("mask", space, string(key[:]), fmt.Sprint(id))
	if rec, ok := data["data"].(map[string]any); ok && isJSON {
		if _, seen := l.masks.get(mk); !seen {
			if ref := maskRefOf(rec, l.chars, l.held[id].Masked); !ref.empty() {
				l.masks.put(mk, liveMask{space: space, ref: ref, forms: map[int][][]rune{}})
			}
		}
	}
	m, ok := l.masks.get(mk)
	if !ok {
		return nil
	}
	if v, leaked := m.ref.leak(data["data"], l.chars); leaked {
		return []relResult{{id: relMaskedLive, problem: fmt.Sprintf("record %d field %d: its json answer masks it (%s), this answer shows it in clear", id, v.field, string(v.value))}}
	}
	return []relResult{{id: relMaskedLive, problem: l.maskUnion(id, m, data["data"])}}
}

// formatInstants remembers the instants a json answer of a record
// shows, and judges an answer in another format against them: every
// instant it writes, away from now (formatNow), is one of them.
func (l *liveRelations) formatInstants(space string, id int64, isJSON bool, payload any) []relResult {
	k := recordKey{space, id}
	if isJSON {
		if _, isObject := payload.(map[string]any); isObject {
			known, _ := l.instants.get(k)
			for _, in := range rules.PayloadInstants(payload) {
				if !slices.ContainsFunc(known, func(o rules.Instant) bool { return o.Unix == in.Unix && o.Step == in.Step }) && len(known) < liveInstantsPerRecord {
					known = append(known, in)
				}
			}
			l.instants.put(k, known)
		}
		return nil
	}
	known, ok := l.instants.get(k)
	if !ok || len(known) == 0 || payload == nil {
		return nil
	}
	p := rules.UnknownInstant(awayFromNow(rules.PayloadInstants(payload), time.Now()), known)
	if p != "" {
		p = fmt.Sprintf("record %d: this answer writes %s", id, p)
	}
	return []relResult{{id: relFormatsLive, problem: p}}
}

// liveInstantsPerRecord bounds the instants remembered of one record:
// a record shows a few (its submission, its uploads).
const liveInstantsPerRecord = 64

// maskUnion adds the masked forms an answer shows of each value the
// record's json masks to those its earlier answers showed, and says
// what they give away together ("" when no more than one mask allows).
func (l *liveRelations) maskUnion(id int64, m liveMask, payload any) string {
	texts := maskedStrings(payload, l.chars)
	if len(texts) == 0 {
		return ""
	}
	for i, v := range m.ref.masked {
		mv := rules.Normalised(v.value, l.chars)
		for _, s := range texts {
			for _, f := range formsOf(mv, s, l.chars) {
				known := slices.ContainsFunc(m.forms[i], func(g []rune) bool { return string(g) == string(f) })
				if !known && len(m.forms[i]) < liveFormsPerValue {
					m.forms[i] = append(m.forms[i], f)
				}
			}
		}
		if leak := unionLeak(mv, m.forms[i], l.chars); leak != "" {
			return fmt.Sprintf("record %d field %d: its json answer masks it as %s, its answers show it as %q: together they show %s, more than any one mask allows", id, v.field, string(v.value), runeStrings(m.forms[i]), leak)
		}
	}
	return ""
}

func runeStrings(rs [][]rune) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = string(r)
	}
	return out
}

// recordHashes are the hashes of a getRecord answer's data whole (full)
// and without what a verify may change (reduced, and fields). What a
// verify may change: the members of contract.MoveMayChange, an object
// that shows a status of statuses (in the reduced hash it stands as one
// placeholder whatever it holds), and fields the move adds to the
// record's groups (§C6 leaves how a record shows a move to the
// service): every field object (one with a field_id and a field_type)
// is hashed apart under its field_id, so that a read after a move may
// hold fields the read before did not, and must hold every field it
// did, as it was. statuses are fixed for the observer's life, so two
// hashes of one record always leave out the same objects.
func recordHashes(data map[string]any, statuses map[string]bool) (reduced, full [32]byte, fields map[string][32]byte) {
	rec, ok := data["data"].(map[string]any)
	if !ok {
		h := hashJSON(data)
		return h, h, nil
	}
	r := make(map[string]any, len(rec))
	for k, v := range rec {
		if !contract.MoveMayChange(k) {
			r[k] = v
		}
	}
	out := make(map[string]any, len(data))
	for k, v := range data {
		out[k] = v
	}
	var rest any = r
	if len(statuses) > 0 {
		rest = withoutStatusObjects(r, statuses)
	}
	fields = map[string][32]byte{}
	out["data"] = fieldsApart(rest, fields)
	return hashJSON(out), hashJSON(data), fields
}

// fieldsApart is v without its field objects, each hashed into fields
// under its field_id (and its rank among fields of the same id).
func fieldsApart(v any, fields map[string][32]byte) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = fieldsApart(e, fields)
		}
		return out
	case []any:
		out := make([]any, 0, len(x))
		for _, e := range x {
			if m, isObject := e.(map[string]any); isObject && isField(m) {
				id := fmt.Sprint(m["field_id"])
				n := 0
				for _, taken := fields[id+"#"+strconv.Itoa(n)]; taken; _, taken = fields[id+"#"+strconv.Itoa(n)] {
					n++
				}
				fields[id+"#"+strconv.Itoa(n)] = hashJSON(m)
				continue
			}
			out = append(out, fieldsApart(e, fields))
		}
		return out
	}
	return v
}

// isField says whether m is a field of a record's group (§2.1).
func isField(m map[string]any) bool {
	_, id := m["field_id"]
	_, typ := m["field_type"]
	return id && typ
}

// sameBeyondMove says whether after reads as before in everything a
// verify may not change: its reduced hash, every field before held, and
// no field added under the id of one it held.
func sameBeyondMove(before, after recordRead) bool {
	if before.reduced != after.reduced {
		return false
	}
	ids := map[string]bool{}
	for k, h := range before.fields {
		if after.fields[k] != h {
			return false
		}
		id, _, _ := strings.Cut(k, "#")
		ids[id] = true
	}
	for k := range after.fields {
		if _, held := before.fields[k]; !held {
			if id, _, _ := strings.Cut(k, "#"); ids[id] {
				return false
			}
		}
	}
	return true
}

// statusShown stands in a reduced hash for an object that shows a status.
const statusShown = "\x00status"

// withoutStatusObjects is v with every object that names a status of
// statuses (a string member equal to one) replaced by statusShown.
func withoutStatusObjects(v any, statuses map[string]bool) any {
	switch x := v.(type) {
	case map[string]any:
		if namesStatus(x, statuses) {
			return statusShown
		}
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = withoutStatusObjects(e, statuses)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = withoutStatusObjects(e, statuses)
		}
		return out
	}
	return v
}

// formPage judges a getFormList page against the other pages of its walk.
func (l *liveRelations) formPage(space string, x *Exchange, obj map[string]any, key [8]byte) []relResult {
	p := x.Params()
	filter := make(map[string]any, len(p))
	for k, v := range p {
		if k != "page" {
			filter[k] = v
		}
	}
	canon, _ := json.Marshal(filter)
	wk := hashOf("forms", space, string(key[:]), string(canon))
	data, _ := obj["data"].(map[string]any)
	info, _ := data["page"].(map[string]any)
	page, _ := intOf(info["current_page"])
	total, okTotal := intOf(info["total"])
	w, ok := l.forms.get(wk)
	if !ok {
		w = &liveWalk{space: space, total: total, okTot: okTotal, items: map[uint64]int{}}
		l.forms.put(wk, w)
	}
	return w.page(int(page), total, okTotal, listOf(data), "id", "form", relFormDisjoint, relFormTotal, ok)
}

// cursorPage judges a page of a cursor walk against the pages before it.
func (l *liveRelations) cursorPage(space string, ep contract.Endpoint, x *Exchange, obj map[string]any, key [8]byte) []relResult {
	p := x.Params()
	token, _ := p["page_token"].(string)
	data, _ := obj["data"].(map[string]any)
	total, okTotal := intOf(data["total"])
	var w *liveWalk
	cont := false
	if token != "" {
		w, cont = l.tokens.get(hashOf("token", space, string(key[:]), ep.Name, token))
	}
	if !cont {
		w = &liveWalk{space: space, total: total, okTot: okTotal, items: map[uint64]int{}, fromStart: token == ""}
	}
	itemKey := "tpl_id"
	if ep == contract.ListQrcodes {
		itemKey = "id"
	}
	out := w.page(w.pages+1, total, okTotal, listOf(data), itemKey, "item", relCursorDisjoint, relCursorTotal, cont)
	for _, it := range listOf(data) {
		if m, _ := it.(map[string]any); m == nil || m[itemKey] == nil {
			w.fromStart = false
		}
	}
	next, _ := data["next_page_token"].(string)
	if next != "" {
		l.tokens.put(hashOf("token", space, string(key[:]), ep.Name, next), w)
	}
	// The page that completes a walk seen from its first page is its
	// last: it gives no token (a token there leads to an empty page).
	if held := int64(len(w.items)); next != "" && w.fromStart && held < liveWalkItems && okTotal && w.okTot && total == w.total && held >= total {
		out = append(out, relResult{id: relCursorLastToken, problem: fmt.Sprintf("page %d completes the walk's %d items and still gives a next_page_token", w.pages, total)})
	} else if next != "" && w.fromStart && okTotal {
		out = append(out, relResult{id: relCursorLastToken})
	}
	// A walk seen from its first page to its last holds total items
	// (counted once each, so that a page asked again counts once).
	if held := int64(len(w.items)); next == "" && w.fromStart && held < liveWalkItems && okTotal && w.okTot && total == w.total && held != total {
		out = append(out, relResult{id: relCursorTotal, problem: fmt.Sprintf("the walk's %d pages hold %d items; each said total %d", w.pages, held, total)})
	}
	return out
}

// page adds a page (number n) to the walk; compare says an earlier page
// of the walk was seen, so that the relations are judged.
func (w *liveWalk) page(n int, total int64, okTotal bool, list []any, itemKey, noun, disjointID, totalID string, compare bool) []relResult {
	var out []relResult
	if compare && okTotal && w.okTot {
		problem := ""
		if total != w.total {
			problem = fmt.Sprintf("page %d says total %d; an earlier page of the same walk said %d", n, total, w.total)
		}
		out = append(out, relResult{id: totalID, problem: problem})
	}
	w.pages = max(w.pages, n)
	problem := ""
	// onPage: an item twice on one page is on "two pages" of the walk as
	// much as on pages 1 and 2, and needs no other page to show it.
	onPage := make(map[uint64]bool, len(list))
	doubled := false
	for _, it := range list {
		m, _ := it.(map[string]any)
		if m[itemKey] == nil {
			continue
		}
		k := fmt.Sprint(m[itemKey])
		h := fnv.New64a()
		h.Write([]byte(k))
		hk := h.Sum64()
		if onPage[hk] {
			doubled = true
			if problem == "" {
				problem = fmt.Sprintf("%s %s is twice on page %d of one walk", noun, k, n)
			}
			continue
		}
		onPage[hk] = true
		if at, seen := w.items[hk]; seen && at != n {
			if problem == "" {
				problem = fmt.Sprintf("%s %s is on page %d and on page %d of one walk", noun, k, at, n)
			}
			continue
		}
		if len(w.items) < liveWalkItems {
			w.items[hk] = n
		}
	}
	if compare || doubled {
		out = append(out, relResult{id: disjointID, problem: problem})
	}
	return out
}

func listOf(data map[string]any) []any {
	l, _ := data["list"].([]any)
	return l
}

// hashOf is a fixed-size key of its parts.
func hashOf(parts ...string) [32]byte {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:%s", len(p), p)
	}
	var out [32]byte
	copy(out[:], h.Sum(nil))
	return out
}

// hashJSON hashes a decoded document (object members in order of name).
func hashJSON(v any) [32]byte {
	b, _ := json.Marshal(v)
	return sha256.Sum256(b)
}
