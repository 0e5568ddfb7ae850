// Package state is the mock's domain: the state built from a scenario, the
// operations as plain methods, and what they change. It decides what
// to answer (which record, which page, which status) and returns it as
// values (view.go); package wire renders every answer and package fail
// builds every error. It knows nothing of HTTP nor of bytes: handlers
// decode a request into plain values, call a method here and hand what it
// returns to the encoder.
//
// Where the spec's sections live: getRecord and the rendered-answer cache
// in state.go (docs/contract.md §4.1); the certificate flow and its transitions in
// verify.go (docs/contract.md §3.1 and §4.2); getFormList in forms.go (docs/contract.md §4.3);
// templates/list and listQrcodes in templates.go, their page tokens and
// cursor walk in cursor.go, their time filters in timefilter.go (docs/contract.md §4.4
// and §4.5); reset in reset.go.
package state

import (
	"crypto/sha256"
	"errors"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver/internal/answer"
	"github.com/rtq-kit/rtq/mockserver/internal/fail"
	"github.com/rtq-kit/rtq/scenario"
)

// State is what one loaded scenario serves, split in two: an index built
// once from the scenario and never changed (keys, records, forms,
// templates, page-token key, and the answers rendered at the scenario's
// values), and the certificate statuses and state changes verifies made
// since, which are the State's own. Fresh gives another State sharing the
// index, which is how a namespace costs what its verifies change rather
// than a copy of the scenario. Replace builds a new State and swaps it in
// whole; Reset restores in place only the records a verify touched (see
// reset.go), so a reset costs what the verifies since the last one
// changed, not a rebuild of every index.
type State struct {
	*index
	certs Certs     // what verifies moved: mem, or a shared store's
	mem   *memCerts // certs when they are this process's memory, else nil
}

// index is the part of a State no request changes, shared by every State
// Fresh makes from it.
type index struct {
	sc          *scenario.Scenario
	keys        map[[32]byte]*scenario.Key
	records     map[int64]*recordEntry
	byCode      map[string]*recordEntry
	byURL       map[string]*recordEntry
	orgs        map[int64]*orgIndex
	tplByCoding map[string]*TemplateEntry
	tplByURL    map[string]*TemplateEntry
	tokenKey    []byte
	rules       *answer.ErrorRules
	macs        sync.Pool    // of hash.Hash keyed with tokenKey
	cached      atomic.Int64 // bytes of scenario answers kept, at most cacheBudget
}

// cacheBudget bounds the answers rendered at the scenario's values that an
// index keeps, for its State and every Fresh one together. A scenario of
// 100,000 records read in every format would otherwise keep gigabytes;
// past the budget answers are rendered per request instead.
const cacheBudget = 64 << 20

// ownBudget bounds the answers of moved records a State keeps on its own
// (a namespace's verifies), so that a hundred namespaces each moving
// thousands of records cost a hundred megabytes at most, not gigabytes.
const ownBudget = 1 << 20

// orgIndex holds one organization's lists in the order they are paged.
type orgIndex struct {
	forms    []*FormEntry            // ascending id
	byNumber map[string][]*FormEntry // exact number → forms, ascending id
	tpls     []*TemplateEntry        // ascending created_at, then id
}

// New indexes a scenario. seed, when non-zero, replaces the scenario's seed
// in the page-token key. The scenario is read, never modified.
func New(sc *scenario.Scenario, seed int64) (*State, error) {
	if sc == nil {
		return nil, errors.New("build state: no scenario")
	}
	n := len(sc.Records) // sized up front: growing three maps of 100,000 was a quarter of addRecord
	m := &memCerts{}
	st := &State{certs: m, mem: m, index: &index{sc: sc, keys: map[[32]byte]*scenario.Key{}, records: make(map[int64]*recordEntry, n),
		byCode: make(map[string]*recordEntry, n), byURL: make(map[string]*recordEntry, n), orgs: map[int64]*orgIndex{},
		tplByCoding: map[string]*TemplateEntry{}, tplByURL: map[string]*TemplateEntry{}}}
	for _, k := range sc.Keys {
		st.keys[sha256.Sum256([]byte(k.Secret))] = k
	}
	for _, r := range sc.Records {
		st.addRecord(r)
	}
	st.indexForms(sc.Forms)
	st.indexTemplates(sc.Templates)
	st.tokenKey = tokenKey(sc, seed)
	st.rules = rulesOf(sc)
	return st, nil
}

// Fresh is a new State of the same scenario at the scenario's values,
// whatever st's verifies moved. It shares st's index and the answers
// rendered from it, so it costs a few hundred bytes until its own verifies
// move records: a namespace is a Fresh state of the root's.
func (st *State) Fresh() *State {
	m := &memCerts{}
	return &State{index: st.index, certs: m, mem: m}
}

// With is a State of the same scenario whose verifies' moves are kept by
// certs (a store replicas share): the indexes and the answers rendered at
// the scenario's values stay shared in this process.
func (st *State) With(certs Certs) *State { return &State{index: st.index, certs: certs} }

// Scenario is the scenario this state was built from.
func (st *State) Scenario() *scenario.Scenario { return st.sc }

// ErrorRules are the scenario's rules for error answers (its status-line
// mode, a recorded service's wording and status lines), as the encoder
// reads them; nil: the kit's.
func (st *State) ErrorRules() *answer.ErrorRules { return st.rules }

func (ix *index) addRecord(r *scenario.Record) {
	e := &recordEntry{src: r, movable: Movable(r)}
	ix.records[r.ID] = e
	ix.byCode[r.Code] = e
	if r.URL != "" {
		ix.byURL[canonURL(r.URL)] = e
	}
}

func (st *State) org(id int64) *orgIndex {
	o := st.orgs[id]
	if o == nil {
		o = &orgIndex{byNumber: map[string][]*FormEntry{}}
		st.orgs[id] = o
	}
	return o
}

// message is the success message of an endpoint under the scenario: the
// recorded service's (scenario.Service) or the kit's.
func (st *State) message(endpoint string) string {
	return st.sc.Service.Message(endpoint, contract.KitSuccessMessage(endpoint))
}

// KeyBySecret finds the API key a client presented. The secret is hashed
// and looked up by digest, so the time taken does not depend on how much
// of a real secret a guess shares.
func (st *State) KeyBySecret(secret string) *scenario.Key {
	return st.keys[sha256.Sum256([]byte(secret))]
}

// orgID of a key; 0 (no organization) never matches an object.
func orgID(k *scenario.Key) int64 {
	if k == nil || k.Org == nil {
		return -1
	}
	return k.Org.ID
}

func sameOrg(k *scenario.Key, o *scenario.Org) bool { return o != nil && orgID(k) == o.ID }

// formats are getRecord's formats in the order of contract.Formats.
func formatIndex(name string) int {
	for i, f := range contract.Formats {
		if f.Name == name {
			return i
		}
	}
	return -1
}

// FormatNames lists the accepted formats for error details.
func FormatNames() string {
	names := make([]string, len(contract.Formats))
	for i, f := range contract.Formats {
		names[i] = f.Name
	}
	return strings.Join(names, ", ")
}

// GetRecord answers getRecord: the record with this id (when id > 0) and/or
// this URL (when url != ""), both if both are given, of the key's
// organization, rendered in format. Another organization's record is
// not found, exactly like a missing one.
// e is the request, for a Certs that journals it with its read (Early);
// nil when there is none.
func (st *State) GetRecord(key *scenario.Key, id int64, url, format string, e Early) (RecordAnswer, error) {
	fi := formatIndex(format)
	if fi < 0 {
		return RecordAnswer{}, fail.Param("format must be one of %s, got %s", FormatNames(), fail.Quote(format))
	}
	var rec *recordEntry
	switch {
	case id > 0 && url != "":
		if r := st.records[id]; r != nil && r == st.recordByURL(url) {
			rec = r
		}
	case id > 0:
		rec = st.records[id]
	default:
		rec = st.recordByURL(url)
	}
	if rec == nil || !sameOrg(key, rec.src.Org) {
		situation := scenario.SituationRecordNotFound
		if id <= 0 {
			situation = scenario.SituationRecordURLNotFound
		}
		return RecordAnswer{}, fail.RecordNotFound("no record with this record_id/record_url is visible to this key").In(situation)
	}
	a := RecordAnswer{Format: fi, st: st, entry: rec}
	if rec.movable {
		m, err := st.certs.Moved(rec.src, e)
		if err != nil {
			return RecordAnswer{}, err
		}
		a.moved = m
	}
	return a, nil
}

// recordByURL is how getRecord reads a record_url: the record's URL as
// the scenario has it, nothing trimmed or normalized, but for the scheme
// and host, which RFC 3986 reads without regard to case (docs/contract.md
// §C10, "Identifiers are exact": the code at the end is exact).
func (ix *index) recordByURL(url string) *recordEntry { return ix.byURL[canonURL(url)] }

// canonURL is the key of a URL in the indexes: its scheme and host in
// lower case, every other character as written. A string that is not an
// absolute URL is itself.
func canonURL(u string) string {
	i := strings.Index(u, "://")
	if i <= 0 || strings.ContainsAny(u[:i], "/?#") {
		return u
	}
	rest := u[i+3:]
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	return strings.ToLower(u[:i+3+end]) + rest[end:]
}

// certRecord is how verify reads a certificate_code: a record's code,
// else a record's full URL (docs/contract.md §4.2).
func (ix *index) certRecord(code string) *recordEntry {
	if rec := ix.byCode[code]; rec != nil {
		return rec
	}
	return ix.byURL[canonURL(code)]
}

// RecordIDByURL is the id of the record getRecord finds by this
// record_url, whatever its organization, or 0. Fault rules use it, so that
// a rule naming a record by URL matches a request naming it by id, and
// the two resolutions can never disagree.
func (st *State) RecordIDByURL(url string) int64 { return idOf(st.recordByURL(url)) }

// RecordIDByCertificate is the id of the record verify finds by this
// certificate_code (a code or a record URL), whatever its organization,
// or 0; for fault rules, as RecordIDByURL.
func (st *State) RecordIDByCertificate(code string) int64 { return idOf(st.certRecord(code)) }

func idOf(e *recordEntry) int64 {
	if e == nil {
		return 0
	}
	return e.src.ID
}

// sortedBy sorts entries ascending by (created, id).
func sortedBy[T any](s []T, created func(T) int64, id func(T) int64) {
	sort.SliceStable(s, func(i, j int) bool {
		ci, cj := created(s[i]), created(s[j])
		if ci != cj {
			return ci < cj
		}
		return id(s[i]) < id(s[j])
	})
}
