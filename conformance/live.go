package conformance

import (
	"crypto/rand"
	"crypto/sha256"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/internal/svcclient"
	"github.com/rtq-kit/rtq/profile"
)

// Observer judges the exchanges of a client it did not plan: the traffic
// a proxy (rtq proxy) forwards between a real client and a service. Each
// answer is judged by the runner's own rules through judgeAnswer, the
// path the runner's answers take, so that an answer `rtq conform` fails
// is failed here under the same statement id; the relations that live
// traffic makes possible (the same record read twice, the pages of one
// walk, a read after a verify) are judged between exchanges
// (live_relations.go). What it keeps is bounded whatever the traffic: a
// count per statement, at most maxProblems examples of each, and fixed
// windows for the relations. It is safe for concurrent use.
type Observer struct {
	opts ObserverOptions
	prof *profile.Profile
	env  *rules.Env
	// roles are the keys the profile gives, by value, with their roles:
	// a client's key that is one of them is judged as that role.
	roles map[string]string
	salt  [16]byte
	// scrub removes the secrets the proxy knows of from everything shown
	// (each exchange's own key is scrubbed as it is observed).
	scrub *svcclient.Scrubber

	mu      sync.Mutex
	cov     *coverage
	tallies map[string]*tally
	rel     *liveRelations
	traffic Traffic
}

// ObserverOptions configure an Observer.
type ObserverOptions struct {
	// Target is the service's base URL: the report's target and the base
	// of every curl line it shows.
	Target string
	// Profile holds what the service holds (nil: the rules judge what they
	// can without it). A client key that is one of its keys is judged as
	// the role the profile gives it.
	Profile *profile.Profile
	// Secrets are scrubbed from the report besides each exchange's key
	// (the values of --header).
	Secrets []string
	// AllowWrites, Version, Insecure and Baseline are as in Options.
	AllowWrites bool
	Version     string
	Insecure    bool
	Baseline    *Baseline
	// Started is when the observation began (zero: now).
	Started time.Time
}

// Traffic says what an observer saw: the exchanges, those judged and why
// the others were not, the writes a proxy refused, and the endpoints the
// traffic reached and never reached.
type Traffic struct {
	Exchanges int `json:"exchanges"`
	Judged    int `json:"judged"`
	// NotJudged counts the exchanges left unjudged, by reason.
	NotJudged map[string]int `json:"not_judged"`
	// RefusedWrites counts the writes not forwarded (no --allow-writes).
	RefusedWrites int `json:"refused_writes"`
	// Endpoints counts the judged exchanges by endpoint; NeverReached
	// lists the endpoints no client called.
	Endpoints    map[string]int `json:"endpoints"`
	NeverReached []string       `json:"never_reached"`
	// Windows are the bounds of what the relations remember (see
	// docs/conformance.md, "Judging live traffic").
	Windows map[string]int `json:"windows"`
}

// Observed is one exchange of a live client, as a proxy saw it.
type Observed struct {
	Endpoint contract.Endpoint
	// Space is the path before the endpoint's (a namespace of the mock,
	// "/s/name", or ""): the relations keep each space apart.
	Space string
	// Method and Path are the request's, Path as the client sent it.
	Method, Path string
	// Authorization is the request's Authorization header ("" when it
	// sent none). It is used to find the key's role, to tell one
	// client's walks from another's (by a salted hash) and to scrub the
	// key from what is kept; it is never kept itself.
	Authorization string
	Request       []byte
	Status        int
	ContentType   string
	Body          []byte
}

// tally is what an observer keeps of one statement or relation: the
// answers judged, those broken, the first few examples.
type tally struct {
	judged, broken int
	examples       []example
}

func (t *tally) add(broken bool, e example) {
	t.judged++
	if !broken {
		return
	}
	t.broken++
	if len(t.examples) < maxProblems {
		t.examples = append(t.examples, e)
	}
}

// NewObserver returns an observer of traffic to opts.Target.
func NewObserver(opts ObserverOptions) (*Observer, error) {
	set, err := loadSchemas()
	if err != nil {
		return nil, err
	}
	prof := opts.Profile
	if prof == nil {
		prof = &profile.Profile{Version: profile.Version}
	}
	if opts.Started.IsZero() {
		opts.Started = time.Now()
	}
	o := &Observer{opts: opts, prof: prof, env: ruleEnv(prof, set), roles: map[string]string{}, cov: newCoverage(),
		tallies: map[string]*tally{},
		traffic: Traffic{NotJudged: map[string]int{}, Endpoints: map[string]int{}}}
	keys := prof.Keys
	for _, kr := range []struct{ key, role string }{{keys.Read, "read"}, {keys.Write, "write"}, {keys.Limited, "limited"}, {keys.OtherOrg, "other_org"}} {
		if _, taken := o.roles[kr.key]; kr.key != "" && !taken {
			o.roles[kr.key] = kr.role
		}
	}
	o.rel = newLiveRelations(o.env.MaskChars, statusNames(o.prof), o.env.HeldRecords)
	o.rel.profWindows = windowFactsOf(o.prof)
	o.rel.found = newLiveFound(o.prof)
	o.env.ReadKeyWrites = keys.Read == "" || keys.Read == keys.Write || keys.Read == keys.Limited
	_, _ = rand.Read(o.salt[:])
	o.scrub = svcclient.NewScrubber(append(append([]string(nil), opts.Secrets...), keys.Read, keys.Write, keys.Limited, keys.OtherOrg)...)
	return o, nil
}

// clientRole is the role a live request's key is judged as: "none"
// without an Authorization header, the profile's role for a key it
// gives, else "client" (a key the rules know nothing of).
func (o *Observer) clientRole(authorization string) string {
	if authorization == "" {
		return "none"
	}
	if role, ok := o.roles[bearer(authorization)]; ok {
		return role
	}
	return "client"
}

// bearer is the key of an Authorization header.
func bearer(h string) string {
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return strings.TrimSpace(h)
}

// keyID tells one key from another without keeping it: a salted hash,
// the salt drawn anew by each observer.
func (o *Observer) keyID(authorization string) [8]byte {
	h := sha256.New()
	h.Write(o.salt[:])
	h.Write([]byte(authorization))
	var id [8]byte
	copy(id[:], h.Sum(nil))
	return id
}

// Observe judges one exchange: by every rule of conformance/rules that
// applies to it, and by the relations it completes.
func (o *Observer) Observe(ob Observed) {
	x := &Exchange{Req: Request{Method: ob.Method, Path: ob.Path, Key: o.clientRole(ob.Authorization), Body: string(ob.Request)},
		Status: ob.Status, ContentType: ob.ContentType, Body: ob.Body}
	x.Doc, x.DecodeErr = decodeBody(x.Body)
	verdicts := judgeAnswer(o.env, &ob.Endpoint, x, nil)
	keyScrub := svcclient.NewScrubber(bearer(ob.Authorization), ob.Authorization)
	req := x.Req
	req.Body = keyScrub.String(req.Body)
	clean := func(problems []string) []string {
		out := make([]string, len(problems))
		for i, p := range problems {
			out[i] = keyScrub.String(p)
		}
		return out
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.traffic.Exchanges++
	o.traffic.Judged++
	o.traffic.Endpoints[ob.Endpoint.Name]++
	o.cov.observe(ob.Endpoint, x)
	for _, v := range verdicts {
		o.tallyOf(answerPrefix+v.Statement).add(len(v.Problems) > 0, example{req: req, problems: clean(v.Problems)})
	}
	for _, r := range o.rel.observe(ob, x, o.keyID(ob.Authorization), req) {
		shown := req
		if r.req != nil {
			shown = *r.req
		}
		o.tallyOf(r.id).add(r.problem != "", example{req: shown, problems: clean([]string{r.problem})})
	}
}

// Unjudged counts an exchange the observer did not judge, and why (an
// answer larger than the cap, a client that left before the end).
func (o *Observer) Unjudged(reason string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.traffic.Exchanges++
	o.traffic.NotJudged[reason]++
}

// RefusedWrite counts a write the proxy did not forward.
func (o *Observer) RefusedWrite() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.traffic.RefusedWrites++
}

// Forget drops what the relations remember of a space: a call the
// observer cannot judge may have changed anything in it (the mock's
// /__admin/reset, a verify whose outcome did not come back).
func (o *Observer) Forget(space string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if space == AllSpaces {
		o.rel = newLiveRelations(o.env.MaskChars, statusNames(o.prof), o.env.HeldRecords)
		o.rel.profWindows = windowFactsOf(o.prof)
		// What the profile says may hold in no space now.
		o.rel.found = newLiveFound(nil)
		return
	}
	o.rel.forget(space)
}

// Reset tells the relations that a space is back at the state its
// service started from (the mock's /__admin/reset): what a record is
// still holds, and a read from before is compared with one after as
// with a read after a move (only what a verify changes may differ).
func (o *Observer) Reset(space string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if space == AllSpaces {
		for s := range o.rel.spaces() {
			o.rel.reset(s)
		}
		return
	}
	o.rel.reset(space)
}

// AllSpaces makes Forget drop what is remembered of every space (the
// mock's own admin calls change what every namespace copies).
const AllSpaces = "*"

func (o *Observer) tallyOf(id string) *tally {
	t := o.tallies[id]
	if t == nil {
		t = &tally{}
		o.tallies[id] = t
	}
	return t
}

// Report is the report of everything observed so far, in the runner's
// shape: a finding per statement some answer was judged on (ids
// answers.<statement>, as the runner's), a finding per relation of live
// traffic, the answers each statement was evaluated on and what the
// traffic never reached. It may be called at any time, any number of
// times.
func (o *Observer) Report(now time.Time) *Report {
	o.mu.Lock()
	defer o.mu.Unlock()
	rep := &Report{Target: o.opts.Target, Writes: o.opts.AllowWrites, Version: o.opts.Version, Checks: []Finding{},
		StartedAt: o.opts.Started.UTC().Truncate(time.Millisecond), Insecure: o.opts.Insecure}
	counts := map[string]int{}
	for _, s := range statementTable {
		t := o.tallies[answerPrefix+s.ID]
		if t == nil {
			continue
		}
		counts[s.ID] = t.judged
		rep.Checks = append(rep.Checks, sanitize(answerFinding(o.opts.Target, s, t.judged, t.broken, shownOf(t)), o.scrub))
	}
	for _, r := range liveRelationTable {
		t := o.tallies[r.id]
		if t == nil {
			continue
		}
		f := Finding{ID: r.id, Endpoint: r.endpoint, Severity: r.severity, Spec: r.section, Statements: r.statements, Status: Pass}
		rep.Checks = append(rep.Checks, sanitize(exampleFinding(f, o.opts.Target, t.judged, t.broken, shownOf(t)), o.scrub))
		for _, s := range r.statements {
			counts[s] = max(counts[s], t.judged)
		}
	}
	rep.CountAnswers(counts)
	rep.Coverage = o.cov.report(o.prof)
	tr := o.traffic
	tr.NotJudged, tr.Endpoints = copyCounts(tr.NotJudged), copyCounts(tr.Endpoints)
	tr.NeverReached = []string{}
	for _, ep := range contract.Endpoints {
		if tr.Endpoints[ep.Name] == 0 {
			tr.NeverReached = append(tr.NeverReached, ep.Name)
		}
	}
	tr.Windows = o.rel.windows()
	rep.Traffic = &tr
	return rep.WithBaseline(o.opts.Baseline).Finish(now)
}

// shownOf is a tally's examples, the shortest request first (the
// smallest reproduction).
func shownOf(t *tally) []example {
	shown := append([]example(nil), t.examples...)
	sort.SliceStable(shown, func(i, j int) bool {
		return exampleKeyOf(shown[i].req, shown[i].problems) < exampleKeyOf(shown[j].req, shown[j].problems)
	})
	return shown
}

func copyCounts(m map[string]int) map[string]int {
	out := make(map[string]int, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
