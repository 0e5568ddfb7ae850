package fault

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Source values of Rule.Source.
const (
	FromScenario = "scenario" // the scenario's faults: list; back on every reset
	FromFlag     = "flag"     // rtq mock --fault
	FromAdmin    = "admin"    // POST /__admin/faults
)

// Request is what a rule can match on. The body members are read only
// when a rule that names one is reached: Fill, when set, fills them once
// from Body. A caller that keeps the Request in a reused place and passes
// a plain function as Fill and a pointer as Records makes a miss allocate
// nothing.
type Request struct {
	Endpoint        string
	Key             string
	Body            []byte
	RecordID        int64
	RecordURL       string
	CertificateCode string
	Fill            func(*Request)
	// Records resolves the names of records against the state the request
	// sees; nil compares names only as written.
	Records Records
	filled  bool
	urlRec  int64 // the record RecordURL names, 0 when none or unresolved
	certRec int64 // the record CertificateCode names, likewise
}

// Records tells which record a name stands for, the way the server reads
// that name in a request, so that a rule naming a record one way (an id, a
// URL, a code) matches a request naming the same record another way. The
// methods answer the record's id, 0 when the name names no record.
type Records interface {
	RecordIDByURL(url string) int64          // a getRecord record_url
	RecordIDByCertificate(code string) int64 // a verify certificate_code: code or record URL
}

// Action is what a hit rule asks of the server.
type Action struct {
	RuleID string
	Delay  time.Duration // before the answer, or spread over a dribbled body
	Error  *Error
	Drop   bool
	Body   string
}

// Status is a rule in force and what it did so far.
type Status struct {
	Rule
	Hits    int  `json:"hits"`
	Expired bool `json:"expired,omitempty"` // times reached: it no longer applies
}

type entry struct {
	Rule
	num     uint64
	rng     *rand.Rand
	hits    int
	expired bool
}

// Set is the rules in force and their draws. Rules apply in order (the
// scenario's first, then the runtime ones as they were added); the first
// that matches and whose draw hits decides. Every draw comes from a
// generator per rule seeded with the set's seed and the rule's number, so
// the same seed and the same sequence of requests give the same faults.
// With no rule in force, Match is one atomic load.
type Set struct {
	seed     uint64
	max      int          // rules in force at most (WithMax)
	n        atomic.Int32 // len(rules): the fast path reads it without the lock
	mu       sync.Mutex
	rules    []*entry
	scenario []Rule // the scenario's rules with their ids, to re-arm on Reset
	next     uint64
}

// DefaultMaxRules bounds the rules in force in one set (the scenario's,
// the flag's and the admin API's together). Every request that reaches
// the fault step walks the rules in order, so their number is its cost:
// 120,000 posted rules slowed getRecord from 0.6 to 8 ms; at this bound a
// request costs a few microseconds more at worst (docs/mock.md, Fault
// rules). A scenario may hold as many.
const DefaultMaxRules = 256

// NewSet returns an empty set whose draws derive from seed, holding at
// most DefaultMaxRules rules.
func NewSet(seed int64) *Set { return &Set{seed: uint64(seed), max: DefaultMaxRules} }

// WithMax bounds the rules in force to n (n <= 0: DefaultMaxRules) and
// returns s; call it before the set is shared.
func (s *Set) WithMax(n int) *Set {
	if n <= 0 {
		n = DefaultMaxRules
	}
	s.max = n
	return s
}

// Max is the most rules the set holds.
func (s *Set) Max() int { return s.max }

func (s *Set) newEntry(r Rule, num uint64) *entry {
	return &entry{Rule: r, num: num, rng: rand.New(rand.NewPCG(s.seed, num))}
}

// add numbers r and appends it; the caller holds mu.
func (s *Set) add(r Rule, source string) Rule {
	s.next++
	r.ID, r.Source = "f"+strconv.FormatUint(s.next, 10), source
	s.rules = append(s.rules, s.newEntry(r, s.next))
	return r
}

func (s *Set) publish() { s.n.Store(int32(len(s.rules))) }

// Add validates every rule, then adds them all (or none) and returns them
// with their ids. name(i) names rule i in an error ("rule 2", "--fault 1").
func (s *Set) Add(rules []Rule, source string, name func(i int) string) ([]Rule, error) {
	for i := range rules {
		if err := rules[i].Validate(name(i)); err != nil {
			return nil, err
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.room(len(rules)); err != nil {
		return nil, err
	}
	out := make([]Rule, len(rules))
	for i, r := range rules {
		out[i] = s.add(r, source)
	}
	s.publish()
	return out, nil
}

// Check validates every rule and tells whether they fit beside the rules
// in force, without adding them: for rules a shared store numbers and
// adds (Sync).
func (s *Set) Check(rules []Rule, name func(i int) string) error {
	for i := range rules {
		if err := rules[i].Validate(name(i)); err != nil {
			return err
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.room(len(rules))
}

// room is nil when n more rules fit; the caller holds mu.
func (s *Set) room(n int) error {
	if total := len(s.rules) + n; total > s.max {
		return fmt.Errorf("%d fault rules would be in force, more than the %d a mock holds (%d are, %d added): "+
			"remove some (DELETE /__admin/faults/{id}, or DELETE /__admin/faults for all), or raise the bound with rtq mock --max-fault-rules N",
			total, s.max, len(s.rules), n)
	}
	return nil
}

// Sync makes the rules of source exactly rules, each with the ID it
// carries (a letter and a number), in that order after every other rule:
// how the rules a store shared by replicas holds are put in force in
// each. A rule already in force under the same ID keeps its hits and
// draws.
func (s *Set) Sync(source string, rules []Rule) {
	s.mu.Lock()
	defer s.mu.Unlock()
	old := map[string]*entry{}
	kept := make([]*entry, 0, len(s.rules)+len(rules))
	for _, e := range s.rules {
		if e.Source == source {
			old[e.ID] = e
		} else {
			kept = append(kept, e)
		}
	}
	for _, r := range rules {
		r.Source = source
		if e := old[r.ID]; e != nil {
			kept = append(kept, e)
			continue
		}
		var num uint64
		if len(r.ID) > 1 {
			num, _ = strconv.ParseUint(r.ID[1:], 10, 64)
		}
		kept = append(kept, s.newEntry(r, num))
	}
	s.rules = kept
	s.publish()
}

// SetScenario replaces the scenario's rules (a new scenario was loaded);
// runtime rules stay. The rules were validated when the scenario loaded.
func (s *Set) SetScenario(rules []Rule) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.scenario = s.scenario[:0]
	for _, r := range rules {
		s.next++
		r.ID, r.Source = "f"+strconv.FormatUint(s.next, 10), FromScenario
		s.scenario = append(s.scenario, r)
	}
	s.rearm()
}

// Reset puts the scenario's rules back as loaded (removed ones too, hits
// and draws from the start); runtime rules are left as they are.
func (s *Set) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rearm()
}

// rearm rebuilds the list: the scenario's rules fresh, then the runtime
// ones untouched. The caller holds mu.
func (s *Set) rearm() {
	rules := make([]*entry, 0, len(s.scenario)+len(s.rules))
	for _, r := range s.scenario {
		num, _ := strconv.ParseUint(r.ID[1:], 10, 64)
		rules = append(rules, s.newEntry(r, num))
	}
	for _, e := range s.rules {
		if e.Source != FromScenario {
			rules = append(rules, e)
		}
	}
	s.rules = rules
	s.publish()
}

// Remove takes the rule id out; false when no rule has that id. A
// scenario's rule comes back on the next reset.
func (s *Set) Remove(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, e := range s.rules {
		if e.ID == id {
			s.rules = append(s.rules[:i:i], s.rules[i+1:]...)
			s.publish()
			return true
		}
	}
	return false
}

// Clear removes every runtime rule (flag and admin); the scenario's stay.
func (s *Set) Clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	kept := s.rules[:0:0]
	for _, e := range s.rules {
		if e.Source == FromScenario {
			kept = append(kept, e)
		}
	}
	s.rules = kept
	s.publish()
}

// List is the rules in force, in the order they apply.
func (s *Set) List() []Status {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Status, len(s.rules))
	for i, e := range s.rules {
		out[i] = Status{Rule: e.Rule, Hits: e.hits, Expired: e.expired}
	}
	return out
}

// Empty reports, without locking, that no rule is in force.
func (s *Set) Empty() bool { return s.n.Load() == 0 }

// Match decides what happens to req: nil when no rule hits.
func (s *Set) Match(req *Request) *Action {
	if s.n.Load() == 0 {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, e := range s.rules {
		if e.expired || !e.matches(req) {
			continue
		}
		if e.Rate > 0 && e.Rate < 1 && e.rng.Float64() >= e.Rate {
			continue
		}
		e.hits++
		if e.Times > 0 && e.hits >= e.Times {
			e.expired = true
		}
		return e.action()
	}
	return nil
}

func (e *entry) matches(req *Request) bool {
	if (e.Endpoint != "" && e.Endpoint != req.Endpoint) || (e.Key != "" && e.Key != req.Key) {
		return false
	}
	if !e.needsBody() {
		return true
	}
	req.fill()
	return e.matchesRecord(req) && e.matchesCertificate(req)
}

// fill reads the body members and resolves them to records, once.
func (req *Request) fill() {
	if req.filled {
		return
	}
	req.filled = true
	if req.Fill != nil {
		req.Fill(req)
	}
	if req.Records == nil {
		return
	}
	if req.RecordURL != "" {
		req.urlRec = req.Records.RecordIDByURL(req.RecordURL)
	}
	if req.CertificateCode != "" {
		req.certRec = req.Records.RecordIDByCertificate(req.CertificateCode)
	}
}

// matchesRecord: the rule's record_id and record_url each name the record
// the request names by record_id or record_url, as written or resolved.
func (e *entry) matchesRecord(req *Request) bool {
	if e.RecordID != 0 && e.RecordID != req.RecordID && e.RecordID != req.urlRec {
		return false
	}
	if e.RecordURL == "" || e.RecordURL == req.RecordURL {
		return true
	}
	if req.Records == nil {
		return false
	}
	id := req.Records.RecordIDByURL(e.RecordURL)
	return id != 0 && (id == req.RecordID || id == req.urlRec)
}

// matchesCertificate: the rule's certificate_code names the record the
// request's certificate_code names, as written or resolved.
func (e *entry) matchesCertificate(req *Request) bool {
	if e.CertificateCode == "" || e.CertificateCode == req.CertificateCode {
		return true
	}
	if req.Records == nil {
		return false
	}
	id := req.Records.RecordIDByCertificate(e.CertificateCode)
	return id != 0 && id == req.certRec
}

// action draws the jitter and says what to do.
func (e *entry) action() *Action {
	d := time.Duration(e.DelayMS) * time.Millisecond
	if e.JitterMS > 0 {
		d += time.Duration(e.rng.IntN(e.JitterMS+1)) * time.Millisecond
	}
	return &Action{RuleID: e.ID, Delay: d, Error: e.Error, Drop: e.Drop, Body: e.Body}
}
