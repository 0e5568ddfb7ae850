// Package state is the mock's domain: the state built from a scenario, the
// five operations as plain methods, and what they change. It decides what
// to answer (which record, which page, which status) and leaves the bytes
// to package wire, which renders every answer and builds every error. It
// knows nothing of HTTP: handlers decode a request into plain values, call
// a method here and write what it returns.
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
	"github.com/rtq-kit/rtq/mockserver/internal/wire"
	"github.com/rtq-kit/rtq/scenario"
)

// State is everything one loaded scenario serves. The indexes are built once
// and never change; the only mutable parts are the certificate status and
// state changes of credential records, each under its record's lock.
// Replace builds a new State and swaps it in whole; Reset restores in place
// only the records a verify touched (see reset.go), so a reset costs what
// the verifies since the last one changed, not a rebuild of every index.
type State struct {
	sc          *scenario.Scenario
	keys        map[[32]byte]*scenario.Key
	records     map[int64]*Record
	byCode      map[string]*Record
	byURL       map[string]*Record
	orgs        map[int64]*orgIndex
	tplByCoding map[string]*tplEntry
	tplByURL    map[string]*tplEntry
	tokenKey    []byte
	macs        sync.Pool    // of hash.Hash keyed with tokenKey
	cached      atomic.Int64 // bytes of rendered bodies kept, at most cacheBudget
	touchMu     sync.Mutex   // guards touched
	touched     []*Record    // records a verify changed since New or the last Reset
	resetMu     sync.Mutex   // serializes Reset; guards spare
	spare       []*Record    // the last reset's list, reused as the next touched list
}

// cacheBudget bounds the rendered answers a state keeps. A scenario of
// 100,000 records read in every format would otherwise keep gigabytes;
// past the budget answers are rendered per request instead.
const cacheBudget = 64 << 20

// orgIndex holds one organization's lists in the order they are paged.
type orgIndex struct {
	forms    []*formEntry            // ascending id
	byNumber map[string][]*formEntry // exact number → forms, ascending id
	tpls     []*tplEntry             // ascending created_at, then id
}

// Record is a record plus its mutable certificate state and the answer
// bodies rendered from it, one per format, built on first use and dropped
// when verify or Reset changes the record. mu guards status, changes and
// touched; bodies are read without it (a body is never changed, only
// swapped whole).
type Record struct {
	src     *scenario.Record
	cached  *atomic.Int64 // the state's cache size
	mu      sync.Mutex
	status  *scenario.Status
	changes []scenario.StateChange
	touched bool // on the state's touched list
	bodies  [3]atomic.Pointer[[]byte]
}

// New indexes a scenario. seed, when non-zero, replaces the scenario's seed
// in the page-token key. The scenario is read, never modified.
func New(sc *scenario.Scenario, seed int64) (*State, error) {
	if sc == nil {
		return nil, errors.New("build state: no scenario")
	}
	n := len(sc.Records) // sized up front: growing three maps of 100,000 was a quarter of addRecord
	st := &State{sc: sc, keys: map[[32]byte]*scenario.Key{}, records: make(map[int64]*Record, n),
		byCode: make(map[string]*Record, n), byURL: make(map[string]*Record, n), orgs: map[int64]*orgIndex{},
		tplByCoding: map[string]*tplEntry{}, tplByURL: map[string]*tplEntry{}}
	for _, k := range sc.Keys {
		st.keys[sha256.Sum256([]byte(k.Secret))] = k
	}
	for _, r := range sc.Records {
		st.addRecord(r)
	}
	st.indexForms(sc.Forms)
	st.indexTemplates(sc.Templates)
	st.tokenKey = tokenKey(sc, seed)
	return st, nil
}

// Scenario is the scenario this state was built from.
func (st *State) Scenario() *scenario.Scenario { return st.sc }

// HTTPStatus is the scenario's status-line mode, per_code when unset.
func (st *State) HTTPStatus() scenario.HTTPStatusMode {
	if st.sc.HTTPStatus == "" {
		return scenario.StatusPerCode
	}
	return st.sc.HTTPStatus
}

func (st *State) addRecord(r *scenario.Record) {
	rec := &Record{src: r, cached: &st.cached, changes: append([]scenario.StateChange(nil), r.StateChanges...)}
	if r.Cert != nil {
		rec.status = r.Cert.Status
	}
	st.records[r.ID] = rec
	st.byCode[r.Code] = rec
	if r.URL != "" {
		st.byURL[r.URL] = rec
	}
}

func (st *State) org(id int64) *orgIndex {
	o := st.orgs[id]
	if o == nil {
		o = &orgIndex{byNumber: map[string][]*formEntry{}}
		st.orgs[id] = o
	}
	return o
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

// ValidFormat reports whether name is a getRecord format.
func ValidFormat(name string) bool { return formatIndex(name) >= 0 }

// body returns the rendered success body of a format, rendering it under
// the record's lock when verify has dropped it or it was never built.
func (r *Record) body(format int) []byte {
	if b := r.bodies[format].Load(); b != nil {
		return *b
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if b := r.bodies[format].Load(); b != nil {
		return *b
	}
	b := wire.RecordBody(format, wire.RecordView{Rec: r.src, Status: r.status, Changes: r.changes})
	if r.cached.Add(int64(len(b))) <= cacheBudget {
		r.bodies[format].Store(&b)
	} else {
		r.cached.Add(-int64(len(b)))
	}
	return b
}

// dropBodies forgets the rendered answers; the caller holds r.mu.
func (r *Record) dropBodies() {
	for i := range r.bodies {
		if b := r.bodies[i].Swap(nil); b != nil {
			r.cached.Add(-int64(len(*b)))
		}
	}
}

// GetRecord answers getRecord: the record with this id (when id > 0) and/or
// this URL (when url != ""), both if both are given, of the key's
// organization, rendered in format. Another organization's record is
// not found, exactly like a missing one.
func (st *State) GetRecord(key *scenario.Key, id int64, url, format string) ([]byte, error) {
	fi := formatIndex(format)
	if fi < 0 {
		return nil, wire.Param("format must be one of %s, got %s", FormatNames(), wire.Quote(format))
	}
	var rec *Record
	switch {
	case id > 0 && url != "":
		if r := st.records[id]; r != nil && r == st.byURL[url] {
			rec = r
		}
	case id > 0:
		rec = st.records[id]
	default:
		rec = st.byURL[url]
	}
	if rec == nil || !sameOrg(key, rec.src.Org) {
		return nil, wire.RecordNotFound("no record with this record_id/record_url is visible to this key")
	}
	return rec.body(fi), nil
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
