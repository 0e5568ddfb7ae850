package conformance

import (
	"context"
	"errors"
	"fmt"
	"path"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// phase orders checks: the reads, then the writes (state-changing, in
// rounds of units, plan.go and writeplan.go), then the post checks, which
// look at everything seen, then the last ones, which send nothing and
// judge every answer of the run, the post checks' own reads included (run
// beside them, what they saw would depend on --concurrency).
type phase int

const (
	phaseRead phase = iota
	phaseWrite
	phasePost
	phaseLast
)

// Check is one conformance check: a value in the table.
type Check struct {
	ID       string
	Endpoint string
	Section  string
	Severity Severity
	// Statements are the ids of the SPEC statements the check asserts
	// (statements.go).
	Statements []string
	phase      phase
	// static marks a read check that sends only template listings, which
	// no verify changes: it may overlap the writes (plan.go).
	static bool
	// letsGo marks a read check whose requests all go through its last
	// call of T.eachHeld (t.records is one): it lets the writes go once
	// the branches that may see what they change are done (gate.go).
	letsGo bool
	// chain, when set, is how many requests one after the other the
	// check's longest chain takes (against the default mock): its
	// requests queue for a slot as that far down their chain (slots.go),
	// so that a long chain of the background starts when the run does
	// and ends beside the writes, not after them, where the checks after
	// the writes would wait for it.
	chain int
	run   func(t *T)
	// plan, instead of run, makes a write check's units (writeplan.go).
	plan func(t *T) writePlan
}

// runner is the state of one run shared by all checks.
type runner struct {
	opts    Options
	prof    *profile.Profile
	keys    profile.Keys
	client  *client
	schemas validator
	cov     *coverage
	ctSeen  *contentTypes
	memo    *memo
	same    *sameReads // reads alike sent once (sameread.go)
	// verdicts are the schema verdicts by body (memo.go).
	verdicts verdicts
	moves    *moves
	answers  *answers
	setup    setupState
	slots    *slots
	gate     *readGate
	chain    chainMax
	// resets counts the profile's resets begun and ended: a walk that
	// sees it move went on across a reset (walk.go).
	resets atomic.Int64
	// cells are the cells of a read each move of the profile's cases
	// gets (cells.go), made once.
	cellsOnce sync.Once
	cells     map[string][]cell
	done      atomic.Int64
	total     int
	// ff stops the run at its first must failure (Options.FailFast).
	ff *failFast
	// trace, when set, notes every request (trace.go).
	trace *tracer
	// writeLoad is, while the write checks plan, the requests one after
	// the other the units planned so far send on each key (writeplan.go):
	// a check free to choose its credential takes the least loaded.
	writeLoad map[string]int
}

// Run runs every selected check against opts.BaseURL and returns the
// report, never nil: a run that could not start or complete says why in
// Report.Status and Report.Reason. The error is non-nil only when no run
// was possible: ErrUnreachable when nothing answers, ErrConfig for unusable
// options. A cancelled ctx (a signal) or opts.Deadline stops the run: the
// report then holds what finished, status interrupted, and nothing that was
// cut short counts as a failure of the target. opts.FailFast stops it at
// its first must failure: status fail, and the reason names the failure.
func Run(ctx context.Context, opts Options) (*Report, error) {
	rep := NewReport(opts, time.Now())
	r, err := newRunner(opts)
	if err != nil {
		return rep.Stop(StatusError, err.Error()), err
	}
	defer r.client.close()
	runCtx, cancel := ctx, context.CancelFunc(func() {})
	if opts.Deadline > 0 {
		runCtx, cancel = context.WithTimeoutCause(ctx, opts.Deadline, fmt.Errorf("the --deadline of %v passed", opts.Deadline))
	}
	defer cancel()
	if err := r.probe(runCtx); err != nil {
		if runCtx.Err() != nil {
			return rep.Stop(StatusInterrupted, stopReason(runCtx)), nil
		}
		return rep.Stop(StatusUnreachable, err.Error()), err
	}
	if !r.opts.PlainRequests {
		r.learnTheirs(runCtx)
	}
	checks := r.selected()
	r.total = len(checks)
	runCtx, stop := r.withFailFast(runCtx, checks)
	defer stop(nil)
	if r.ff != nil {
		r.answers.broke = r.ff.failed
	}
	rep.Checks = append(rep.Checks, r.reported(r.runAll(runCtx, checks))...)
	r.answers.judgeBetween()
	rep.Checks = append(rep.Checks, r.answers.findings(r.opts.BaseURL, r.selectedID, func(f Finding) Finding {
		return sanitize(f, r.client.svc.Scrubber())
	})...)
	rep.CountAnswers(r.answers.counts())
	polite := r.client.svc.Politeness()
	rep.Plan = &Plan{Concurrency: r.opts.Concurrency, LongestChain: r.chain.get(), SlowDowns: polite.Asked, WaitedMS: polite.Waited.Milliseconds(),
		Requests: r.client.svc.Calls()}
	rep.Coverage = r.cov.report(r.prof)
	fast := stoppedFast(runCtx)
	switch setupErr := r.setup.failed(); {
	case fast:
		// Finish makes it a failure; if the failure that stopped it is
		// not in the report after all (an answer a later move showed to
		// depend on the clock), the run is no verdict: interrupted.
		rep.Reason = stopReason(runCtx)
	case runCtx.Err() != nil:
		rep.Status, rep.Reason = StatusInterrupted, stopReason(runCtx)
	case setupErr != nil:
		rep.Status, rep.Reason = StatusSetupFailed, setupErr.Error()
	}
	if err := r.setup.failed(); err != nil && !fast {
		rep.SetupFailures = []string{err.Error()}
	}
	rep.Finish(time.Now())
	if fast && rep.Status == StatusPass {
		rep.Status = StatusInterrupted
	}
	return rep, nil
}

// stopReason says what stopped a run: the context's cause (a signal, the
// deadline) when it has one.
func stopReason(ctx context.Context) string {
	cause := context.Cause(ctx)
	if cause == nil {
		cause = ctx.Err()
	}
	return cause.Error()
}

func newRunner(opts Options) (*runner, error) {
	if opts.BaseURL == "" {
		return nil, fmt.Errorf("%w: --base-url is required", ErrConfig)
	}
	if opts.Timeout <= 0 {
		opts.Timeout = 10 * time.Second
	}
	if opts.SetupTimeout <= 0 {
		opts.SetupTimeout = defaultSetupTimeout
	}
	opts.SetupTimeout = min(opts.SetupTimeout, opts.Timeout)
	if opts.Concurrency <= 0 {
		opts.Concurrency = DefaultConcurrency
	}
	if opts.Seed == 0 {
		opts.Seed = DefaultSeed
	}
	prof := opts.Profile
	if prof == nil {
		prof = &profile.Profile{Version: profile.Version}
	}
	keys := prof.Keys
	if opts.ReadKey != "" {
		keys.Read = opts.ReadKey
	}
	if opts.WriteKey != "" {
		keys.Write = opts.WriteKey
	}
	if keys.Read == "" {
		return nil, fmt.Errorf("%w: no read key: give --api-key (or RTQ_API_KEY), or keys.read in the profile", ErrConfig)
	}
	for _, g := range append(append([]string{}, opts.Only...), opts.Skip...) {
		if _, err := path.Match(g, ""); err != nil {
			return nil, fmt.Errorf("%w: bad GLOB %q: %v", ErrConfig, g, err)
		}
	}
	set, err := loadSchemas()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrConfig, err)
	}
	r := &runner{opts: opts, prof: prof, keys: keys, schemas: set, cov: newCoverage(), ctSeen: &contentTypes{}, memo: newMemo(), same: &sameReads{}, moves: newMoves(),
		slots: newSlots(opts.Concurrency), trace: newTracerFromEnv()}
	r.answers = newAnswers(prof, set)
	// A read key that is also a write key (a scenario with one read-write
	// key) is no proof of anything about write scope.
	r.answers.env.ReadKeyWrites = r.readKeyWrites()
	r.answers.validate = r.validate
	r.client = newClient(opts.BaseURL, opts.Timeout, opts.Rate, opts.Concurrency, opts.Access, keys.Read, keys.Write, keys.Limited, keys.OtherOrg, opts.AdminToken)
	r.client.observe = r.observe
	r.client.seed = opts.Seed
	r.client.plain = opts.PlainRequests
	r.client.site = siteOf(prof)
	if r.client.seed == 0 {
		r.client.seed = DefaultSeed
	}
	r.client.site.run = runTag(r.client.seed)
	r.client.keyOf, r.client.issued = keys.KeyFor, r.issued
	return r, nil
}

// probe fails fast with ErrUnreachable when nothing answers at the target:
// no connection at all, one that cannot be made (TLS, a proxy, a gateway
// that wants a header: a *svcclient.ConnectError says which flag fixes
// it), or no answer from two different endpoints within
// the time-out (one slow endpoint is a finding, not an unreachable target).
func (r *runner) probe(ctx context.Context) error {
	var last error
	for _, ep := range []contract.Endpoint{contract.GetFormList, contract.TemplatesList} {
		pctx, cancel := context.WithTimeout(ctx, r.opts.Timeout)
		// The probe is the runner's own call, not an answer a check
		// asked for: the rules judge none of it (answers.judge).
		x := r.client.quietAs(pctx, ep, "read", r.keys.Read, map[string]any{}, &wireForm{})
		r.ctSeen.add(x)
		r.cov.observe(ep, x)
		cancel()
		if d := r.client.connectError(x); d != nil {
			return fmt.Errorf("%w: %s: %w", ErrUnreachable, r.opts.BaseURL, d)
		}
		switch {
		case x.Err == nil || errors.Is(x.Err, errTooLarge):
			return nil
		case unreachable(x.Err):
			return fmt.Errorf("%w: %s: %v", ErrUnreachable, r.opts.BaseURL, x.Err)
		case retryable(ctx, x.Err):
			return nil // a broken connection: something answers, badly
		}
		last = x.Err
	}
	return fmt.Errorf("%w: %s: no answer within %v: %v", ErrUnreachable, r.opts.BaseURL, r.opts.Timeout, last)
}

func (r *runner) observe(ep contract.Endpoint, x *Exchange) {
	r.observeAt(&ep, x)
}

// observeAt is observe of an answer to a request to ep, or to a path of
// no operation (nil): the rules that concern every answer judge it too.
func (r *runner) observeAt(ep *contract.Endpoint, x *Exchange) {
	r.ctSeen.add(x)
	if ep != nil {
		r.cov.observe(*ep, x)
	}
	r.answers.judge(ep, x)
	if d := x.refusedDressed; d != nil {
		r.ctSeen.add(d)
		r.answers.judge(ep, d)
	}
}

// selected returns the checks that --only and --skip leave. A finding of
// the rules over every answer (answers.<statement>) is judged on what
// every check reads, so selecting one runs every check --skip leaves;
// only the selected findings are reported (reported).
func (r *runner) selected() []Check {
	feeds := false
	for _, s := range rules.Statements() {
		feeds = feeds || len(r.opts.Only) > 0 && r.selectedID(answerPrefix+s)
	}
	var out []Check
	for _, c := range allChecks(r.opts.Seed) {
		if len(r.opts.Only) > 0 && !matchAny(r.opts.Only, c.ID) && !feeds {
			continue
		}
		if matchAny(r.opts.Skip, c.ID) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// reported keeps the findings --only and --skip select: a check run only
// for the answers it reads reports none of its own.
func (r *runner) reported(fs []Finding) []Finding {
	out := fs[:0]
	for _, f := range fs {
		if r.selectedID(f.ID) {
			out = append(out, f)
		}
	}
	return out
}

// selectedID says whether --only and --skip leave a finding's id.
func (r *runner) selectedID(id string) bool {
	return (len(r.opts.Only) == 0 || matchAny(r.opts.Only, id)) && !matchAny(r.opts.Skip, id)
}

func matchAny(globs []string, id string) bool {
	for _, g := range globs {
		if ok, _ := path.Match(g, id); ok {
			return true
		}
	}
	return false
}

// skip reports a check that did not run and counts it as done.
func (r *runner) skip(c Check, msg string) Finding {
	r.progress()
	return skipped(c, msg)
}

// progress tells Options.Progress that one more check is done.
func (r *runner) progress() {
	n := r.done.Add(1)
	if r.opts.Progress != nil {
		r.opts.Progress(int(n), r.total)
	}
}

func skipped(c Check, msg string) Finding {
	return Finding{ID: c.ID, Endpoint: c.Endpoint, Severity: c.Severity, Status: Skip, Spec: c.Section, Statements: c.Statements, Message: msg}
}

func summarize(fs []Finding) Summary {
	s := Summary{Total: len(fs)}
	for _, f := range fs {
		switch f.Status {
		case Pass:
			s.Passed++
		case Fail:
			s.Failed++
		case Skip:
			s.Skipped++
		}
	}
	return s
}

// allChecks is the whole table, in the spec's order of topics.
func allChecks(seed uint64) []Check {
	var all []Check
	for _, group := range [][]Check{
		transportChecks(), wireChecks(seed), recordChecks(), authChecks(), formListChecks(),
		templateChecks(), relationChecks(), pagingChecks(), filterChecks(), timeChecks(), windowChecks(), verifyReadChecks(), negativeChecks(seed), generatedChecks(seed), verifyWriteChecks(), matrixChecks(seed), valueWriteChecks(), postChecks(),
	} {
		all = append(all, group...)
	}
	for i := range all {
		all[i].Statements = statementsOf(all[i].ID)
		ep, _ := contract.EndpointNamed(all[i].Endpoint)
		all[i].static = all[i].phase == phaseRead && staticEndpoint(ep)
	}
	return all
}

// CheckIDs lists every check id with its section and severity, for docs and
// for tests that name checks.
func CheckIDs() []Check {
	return allChecks(DefaultSeed)
}

// FindingIDs lists every id a report may hold a finding under, with its
// section and severity: each check's, and answers.<statement> for every
// statement a rule judges on every answer (answers.go). --only and --skip
// choose among these: a finding the report names can be selected.
func FindingIDs() []Check {
	out := CheckIDs()
	judged := map[string]bool{}
	for _, s := range rules.Statements() {
		judged[s] = true
	}
	for _, s := range statementTable {
		if judged[s.ID] {
			out = append(out, Check{ID: answerPrefix + s.ID, Endpoint: "*", Section: strings.TrimPrefix(s.Section, "§"), Severity: s.Severity})
		}
	}
	return out
}

// short cuts a body for a message.
func short(b []byte) string {
	s := strings.ToValidUTF8(string(b), "?")
	if len(s) > 120 {
		s = s[:120] + "…"
	}
	return s
}

// readKeyWrites says the key the run calls "read" is also a key that may
// write (a target with one read-write key): nothing about write scope can
// be learnt from it, by a check or by a rule.
func (r *runner) readKeyWrites() bool {
	return r.keys.Read == r.keys.Write || r.keys.Read == r.keys.Limited
}
