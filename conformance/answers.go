package conformance

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// answers applies the rules of conformance/rules to every answer the run
// reads (runner.observe) and counts, per statement, the answers it was
// evaluated on: by a rule, or by a check that read the answer (T.object).
// What it reports does not depend on the order answers came in: counts
// are sets, and the failures shown are the smallest by request.
type answers struct {
	env *rules.Env
	// validate is the runner's validation, cached on the exchange, so
	// that an answer a check validated is not validated again.
	validate func(file string, x *Exchange) error
	mu       sync.Mutex
	// on holds, per statement, the answers it was evaluated on.
	on map[string]map[*Exchange]bool
	// ruled holds, per statement, the answers a rule judged.
	ruled map[string]map[*Exchange]bool
	// broken holds, per statement, each answer a rule found breaking it.
	broken map[string]map[*Exchange][]string
	// records are the getRecord answers of the run, in every format and
	// address, before and after writes: relation.masked compares them all.
	records []*Exchange
	// broke, when set, is told the answers.<statement> id of every
	// statement an answer breaks (failFast.failed).
	broke func(id string)
	// verifies are the verify answers of the run: the statements judged
	// between answers (judgeBetween) put each success beside the reads
	// of its record.
	verifies []*Exchange
}

// recordAnswers are the getRecord answers the run has read so far.
func (a *answers) recordAnswers() []*Exchange {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]*Exchange(nil), a.records...)
}

func newAnswers(p *profile.Profile, v validator) *answers {
	return &answers{env: ruleEnv(p, v), on: map[string]map[*Exchange]bool{},
		ruled: map[string]map[*Exchange]bool{}, broken: map[string]map[*Exchange][]string{}}
}

// ruleEnv is what the rules know of the run: the schemas and the profile.
func ruleEnv(p *profile.Profile, v validator) *rules.Env {
	env := &rules.Env{MaskChars: maskChars(p), Records: map[int64]rules.Record{}, Codes: map[string]bool{}}
	if v != nil {
		env.Validate = v.Validate
	}
	ours := rules.Objects{RecordIDs: map[int64]bool{}, RecordURLs: map[string]bool{}, FormIDs: map[int64]bool{}, Codings: map[string]bool{}, TemplateURLs: map[string]bool{}}
	for _, r := range p.Records {
		env.Records[r.ID] = rules.Record{URL: r.URL, FieldTypes: r.FieldTypes, MaskedFields: r.MaskedFields}
		ours.RecordIDs[r.ID] = true
		if r.URL != "" {
			ours.RecordURLs[rules.CanonURL(r.URL)] = true
		}
	}
	for _, id := range p.Forms.IDs {
		ours.FormIDs[id] = true
	}
	for _, t := range p.Templates.Items {
		ours.Codings[t.Coding] = true
		if t.URL != "" {
			ours.TemplateURLs[rules.CanonURL(t.URL)] = true
		}
	}
	for _, c := range p.Cases {
		env.Codes[c.Code] = true
	}
	heldEnv(env, p)
	theirs := rules.Objects{RecordIDs: map[int64]bool{}, FormIDs: map[int64]bool{}, Codings: map[string]bool{}}
	for _, id := range p.Foreign.RecordIDs {
		theirs.RecordIDs[id] = true
	}
	for _, id := range p.Foreign.FormIDs {
		theirs.FormIDs[id] = true
	}
	for _, c := range p.Foreign.Codings {
		theirs.Codings[c] = true
	}
	env.Ours, env.Theirs = ours, theirs
	return env
}

// judge applies every rule to one answer the run keeps.
func (a *answers) judge(ep *contract.Endpoint, x *Exchange) {
	if x.Err != nil {
		return
	}
	verdicts := judgeAnswer(a.env, ep, x, a.validate)
	if a.broke != nil {
		for _, v := range verdicts {
			if len(v.Problems) > 0 {
				a.broke(answerPrefix + v.Statement)
			}
		}
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	switch {
	case ep == nil:
	case ep.Name == contract.GetRecord.Name:
		a.records = append(a.records, x)
	case ep.Name == contract.Verify.Name:
		a.verifies = append(a.verifies, x)
	}
	for _, v := range verdicts {
		addTo(a.on, v.Statement, x)
		addTo(a.ruled, v.Statement, x)
		if len(v.Problems) > 0 {
			if a.broken[v.Statement] == nil {
				a.broken[v.Statement] = map[*Exchange][]string{}
			}
			a.broken[v.Statement][x] = append(a.broken[v.Statement][x], v.Problems...)
		}
	}
}

// examined counts x for the statements a check asserts when it reads x.
func (a *answers) examined(statements []string, x *Exchange) {
	if x == nil || x.Err != nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, s := range statements {
		addTo(a.on, s, x)
	}
}

func addTo(m map[string]map[*Exchange]bool, s string, x *Exchange) {
	if m[s] == nil {
		m[s] = map[*Exchange]bool{}
	}
	m[s][x] = true
}

// counts are the answers each statement was evaluated on.
func (a *answers) counts() map[string]int {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := map[string]int{}
	for s, xs := range a.on {
		out[s] = len(xs)
	}
	return out
}

// answerPrefix starts the id of a statement's finding over every answer.
const answerPrefix = "answers."

// findings are one finding per statement some rule judged: it fails when
// one answer broke it, and shows the smallest such request with what it
// broke; the statements selected is how --only and --skip choose.
func (a *answers) findings(base string, selected func(id string) bool, scrub func(Finding) Finding) []Finding {
	a.mu.Lock()
	defer a.mu.Unlock()
	var out []Finding
	for _, s := range statementTable {
		id := answerPrefix + s.ID
		n := len(a.ruled[s.ID])
		if n == 0 || !selected(id) {
			continue
		}
		broken := a.broken[s.ID]
		xs := make([]*Exchange, 0, len(broken))
		for x := range broken {
			xs = append(xs, x)
		}
		sortByExample(xs, func(x *Exchange) []string { return broken[x] })
		var shown []example
		for _, x := range xs {
			if len(shown) < maxProblems && !x.clocked {
				shown = append(shown, example{req: x.Req, problems: broken[x]})
			}
		}
		for _, x := range xs {
			// An answer read while other units move records (clocked)
			// breaks a rule as surely as any other: when it alone broke
			// it, it is the example, its times elided so that the
			// report stays the same at any concurrency.
			if len(shown) == 0 && x.clocked {
				shown = append(shown, example{req: x.Req, problems: unclocked(broken[x])})
			}
		}
		out = append(out, scrub(answerFinding(base, s, n, len(xs), shown)))
	}
	return out
}

// clockValues are the values in a problem's words that say when an
// answer was read: an instant written as a date and time, or as a Unix
// time in seconds or milliseconds.
var clockValues = regexp.MustCompile(`\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?(\.\d+)?(Z|[+-]\d{2}:?\d{2}|\(UTC[^)]*\))?|\b\d{9,13}\b`)

// unclocked are problems with the instants they quote elided: an answer
// read while other units move records holds times of that moment.
func unclocked(problems []string) []string {
	out := make([]string, len(problems))
	for i, p := range problems {
		out[i] = clockValues.ReplaceAllString(p, "…")
	}
	return out
}

// exampleKey orders failing answers: the shortest request first (the
// smallest reproduction), then by what it sent, headers of another form
// included (a request with the usual headers first: it is the plainer
// reproduction, and two requests of one body must never tie, or the
// example would depend on which came back first), and what it broke.
func exampleKey(x *Exchange, problems []string) string {
	return exampleKeyOf(x.Req, problems)
}

// sortByExample orders xs by exampleKey (with problems(x), or none when
// problems is nil), stable, each key made once: a key prints the whole
// request, and a sort would print each one at every comparison.
func sortByExample(xs []*Exchange, problems func(*Exchange) []string) {
	type keyed struct {
		key string
		x   *Exchange
	}
	ks := make([]keyed, len(xs))
	for i, x := range xs {
		var p []string
		if problems != nil {
			p = problems(x)
		}
		ks[i] = keyed{exampleKey(x, p), x}
	}
	slices.SortStableFunc(ks, func(a, b keyed) int { return strings.Compare(a.key, b.key) })
	for i, k := range ks {
		xs[i] = k.x
	}
}

func exampleKeyOf(r Request, problems []string) string {
	return fmt.Sprintf("%08d %s %q %q %s", len(r.Body), r, r.Authorization, r.ContentType, strings.Join(problems, "; "))
}

// example is one answer that broke a statement: the request that got it
// (no key) and what it broke.
type example struct {
	req      Request
	problems []string
}

// answerFinding is the finding of statement s over every answer it was
// judged on (n), broken by nBroken of them, of which shown are the
// examples. The runner and an observer of live traffic report by it alike.
func answerFinding(base string, s Statement, n, nBroken int, shown []example) Finding {
	f := Finding{ID: answerPrefix + s.ID, Endpoint: "*", Severity: s.Severity, Spec: s.Section, Statements: []string{s.ID}, Status: Pass}
	return exampleFinding(f, base, n, nBroken, shown)
}

// exampleFinding completes f, judged on n answers of which nBroken broke
// it: a failure when one did, showing the first of shown as the request
// a person reproduces (its curl line) and up to maxProblems of them.
func exampleFinding(f Finding, base string, n, nBroken int, shown []example) Finding {
	f.Status, f.Message = Pass, fmt.Sprintf("evaluated on %d answers", n)
	if nBroken == 0 || len(shown) == 0 {
		return f
	}
	first := shown[0]
	req := first.req
	f.Status, f.Request, f.Curl = Fail, &req, curlLine(base, &req)
	f.Message = fmt.Sprintf("%d of %d answers break it; the first: %s", nBroken, n, strings.Join(dedupe(first.problems), "; "))
	for _, e := range shown[:min(len(shown), maxProblems)] {
		f.Problems = append(f.Problems, fmt.Sprintf("%s: %s", e.req, strings.Join(dedupe(e.problems), "; ")))
	}
	return f
}

// heldEnv gives the rules the profile's held values (profile.Held) and
// the record each certificate_code the profile knows names.
func heldEnv(env *rules.Env, p *profile.Profile) {
	env.HeldRecords, env.HeldForms, env.CodeRecords = map[int64]profile.HeldRecord{}, map[int64]profile.HeldForm{}, map[string]int64{}
	for _, r := range p.Records {
		if r.URL != "" {
			env.CodeRecords[r.URL] = r.ID
		}
	}
	for _, c := range p.Cases {
		if c.RecordID != 0 {
			env.CodeRecords[c.Code] = c.RecordID
		}
	}
	if p.Held == nil {
		return
	}
	for _, r := range p.Held.Records {
		env.HeldRecords[r.ID] = r
	}
	for _, f := range p.Held.Forms {
		env.HeldForms[f.ID] = f
	}
}
