package conformance

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/schemas"
)

const (
	maxMessages = 3
	maxProblems = 20
)

// badKey is an API key no target issues.
const badKey = "rtq-conform-not-a-key-7f3a9c"

// T is handed to a check: it sends requests and collects failures, like
// testing.T. A failure never stops the check early unless the check returns.
type T struct {
	ctx      context.Context
	r        *runner
	check    Check
	failures []string
	problems []string
	req      *Request
	skip     string
	notes    []string
	// statements, when set, replace the check's cited statements in its
	// finding (profile.findings fails under the statements it saw broken).
	statements []string
	// noWindow counts listings a time check found no window for: when
	// none had one, the check is skipped.
	noWindow int
	// shown is a request a passing finding shows too (negative tests list
	// the body they sent whatever the outcome).
	shown *Request
	// depth is how many requests, one after the other, the run's plan has
	// made before this point of the check (branch.go).
	depth int
	// prio is where the check's requests queue for a slot (slots.go);
	// lift, in a shared read's branches, raises it to the priority of
	// those who wait for the read (T.once).
	prio priority
	lift *lift
	// turns, when set, names whose turns its requests take for a slot
	// (slots.go): a shared read's own, not its check's.
	turns string
	// hold, for a read the writes wait for, lets them go (gate.go).
	hold *gateHold
	// unit is the place of a write unit in the run's plan (0 elsewhere),
	// and ran whether it ran (a case can skip).
	unit int
	ran  bool
	// again says the write unit saw its target broken where the order of
	// side-by-side requests decides the answers (rowsAtOnce): the run
	// runs it again from a reset, alone, with alone set.
	again bool
	// reread is the read after the last move of the unit, to be sent
	// beside its next request (runCase); rereadLast says the planner
	// gave the unit a request of its own for it after its last step.
	reread     *moveRead
	rereadLast bool
	// caseStep is 1 + the index of the profile case's step this branch
	// sends (runCase), 0 elsewhere: a move of a case step gets its cells.
	caseStep int
	// alone says the unit runs by itself, every request one at a time.
	alone bool
	// walking says a cursor walk sends the requests (walkCursorOnce):
	// never shared with reads alike (sameReads).
	walking bool
}

// show makes x's request part of the finding even when the check passes.
func (t *T) show(x *Exchange) {
	req := x.Req
	t.shown = &req
}

// post sends a request with the key of role ("none": no Authorization,
// "bad": a key no target knows).
func (t *T) post(ep contract.Endpoint, role string, body any) *Exchange {
	x := t.send(ep, role, body)
	t.r.observe(ep, x)
	return x
}

// send is post without observing the answer (client.send).
func (t *T) send(ep contract.Endpoint, role string, body any) *Exchange {
	return t.sendAs(ep, role, body, nil)
}

// sendAs is send with the request's headers written in form (nil: the
// form the seed picks for the request, wireforms.go).
func (t *T) sendAs(ep contract.Endpoint, role string, body any, form *wireForm) *Exchange {
	key := ""
	switch role {
	case "none":
	case "bad":
		key = badKey
	default:
		key = t.r.keys.KeyFor(role)
	}
	if t.check.static && !staticEndpoint(ep) {
		panic(fmt.Sprintf("runner bug: %s reads only what no verify changes, yet it sent %s", t.check.ID, ep.Name))
	}
	if t.hold.released() && t.r.gate.seesMoved(ep.Name, body) {
		panic(fmt.Sprintf("runner bug: %s let the writes go, yet it sent %s %v, which may see what they change", t.check.ID, ep.Name, body))
	}
	o := t.r.client.request(ep, role, body, form)
	if k, ok := t.sameReadKey(ep, body, o.req); ok {
		return t.sendShared(k, ep, body, o, key)
	}
	return t.sendNow(ep, body, o, key)
}

// sendNow sends o, made by client.request of body, with key, in a slot.
func (t *T) sendNow(ep contract.Endpoint, body any, o outgoing, key string) *Exchange {
	queued := time.Now()
	release := t.slot()
	defer release()
	t.depth++
	sent := time.Now()
	x := t.r.client.exchange(t.ctx, ep, o, key)
	if t.r.trace != nil {
		t.r.trace.request(t, fmt.Sprintf("%s sees=%v key=%s req=%x", ep.Name, t.r.gate.seesMoved(ep.Name, body), o.req.Key, traceHash(x.Req)), queued, sent, time.Now())
	}
	return x
}

// traceHash names a request in the trace: alike requests, alike names.
func traceHash(req Request) [sha256.Size]byte {
	return sha256.Sum256(fmt.Appendf(nil, "%#v", req))
}

// hasKey says whether the profile or flags gave a key for role.
func (t *T) hasKey(role string) bool { return t.r.keys.KeyFor(role) != "" }

// Errorf records a failure shown by x (nil when no request is involved).
func (t *T) Errorf(x *Exchange, format string, args ...any) {
	t.failures = append(t.failures, fmt.Sprintf(format, args...))
	if x != nil && t.req == nil {
		req := x.Req
		t.req = &req
	}
}

// problem adds a "pointer: rule" line to the finding.
func (t *T) problem(format string, args ...any) {
	if len(t.problems) < maxProblems {
		t.problems = append(t.problems, fmt.Sprintf(format, args...))
	}
}

// Skipf marks the check skipped (the check should return after it).
func (t *T) Skipf(format string, args ...any) { t.skip = fmt.Sprintf(format, args...) }

// Notef adds an informational note to a passing finding.
func (t *T) Notef(format string, args ...any) {
	t.notes = append(t.notes, fmt.Sprintf(format, args...))
}

// statementIDs are the statements the check's finding cites.
func (t *T) statementIDs() []string {
	if len(t.statements) > 0 {
		return t.statements
	}
	return t.check.Statements
}

func (t *T) failed() bool { return len(t.failures) > 0 }

func (t *T) finding() (f Finding) {
	c := t.check
	f = Finding{ID: c.ID, Endpoint: c.Endpoint, Severity: c.Severity, Spec: c.Section, Statements: c.Statements, Status: Pass}
	if len(t.statements) > 0 {
		f.Statements = t.statements
	}
	defer func() { f = sanitize(f, t.r.client.svc.Scrubber()) }()
	switch {
	case len(t.failures) > 0:
		f.Status, f.Request, f.Problems = Fail, t.req, t.problems
		f.Curl = curlLine(t.r.opts.BaseURL, t.req)
		msgs := dedupe(t.failures)
		if len(msgs) > maxMessages {
			msgs = append(msgs[:maxMessages:maxMessages], fmt.Sprintf("and %d more", len(msgs)-maxMessages))
		}
		f.Message = strings.Join(msgs, "; ")
	case t.skip != "":
		f.Status, f.Message = Skip, t.skip
	default:
		f.Message = strings.Join(t.notes, "; ")
		f.Request = t.shown
	}
	return f
}

// object returns x's body as a JSON object, recording a failure when the
// exchange failed or the body is something else (HTML, garbage, empty).
func (t *T) object(x *Exchange) map[string]any {
	switch {
	case x.Err != nil:
		t.Errorf(x, "no answer: %v", x.Err)
		return nil
	case x.DecodeErr != nil:
		t.Errorf(x, "answer is not JSON (HTTP %d, %s): %q", x.Status, x.ContentType, short(x.Body))
		return nil
	}
	t.r.answers.examined(t.statementIDs(), x)
	m, ok := x.Doc.(map[string]any)
	if !ok {
		t.Errorf(x, "answer is JSON but not an object: %q", short(x.Body))
	}
	return m
}

// success asserts x is a success answer (code 0) valid against file and
// returns its data member; nil after a failure.
func (t *T) success(x *Exchange, file string) map[string]any {
	obj := t.object(x)
	if obj == nil {
		return nil
	}
	if code, ok := intOf(obj["code"]); !ok || code != 0 {
		t.Errorf(x, "want a success (code 0), got code %v error_code %v", obj["code"], obj["error_code"])
		return nil
	}
	if !t.valid(x, file) {
		return nil
	}
	data, _ := obj["data"].(map[string]any)
	return data
}

// errorAnswer asserts x is an error answer (code not 0) in ep's own error
// shape; it returns the body. The HTTP status is never asserted (KIT).
func (t *T) errorAnswer(x *Exchange, ep contract.Endpoint, why string) map[string]any {
	obj := t.object(x)
	if obj == nil {
		return nil
	}
	if code, ok := intOf(obj["code"]); ok && code == 0 {
		t.Errorf(x, "%s: want an error, got a success (code 0)", why)
		return nil
	}
	if !t.valid(x, errorFile(ep)) {
		return nil
	}
	return obj
}

// valid validates x's body against a schema file, recording every problem.
func (t *T) valid(x *Exchange, file string) bool {
	err := t.r.validate(file, x)
	if err == nil {
		return true
	}
	var ve *schemas.ValidationError
	if errors.As(err, &ve) {
		t.Errorf(x, "answer does not match schemas/%s (%d problem(s))", file, len(ve.Problems))
		for _, p := range ve.Problems {
			ptr := p.Pointer
			if ptr == "" {
				ptr = "/"
			}
			t.problem("%s: %s", ptr, p.Rule)
		}
		return false
	}
	t.Errorf(x, "validate against schemas/%s: %v", file, err)
	return false
}

func responseFile(ep contract.Endpoint) string { return ep.Name + ".response.json" }
func errorFile(ep contract.Endpoint) string    { return ep.Name + ".error.json" }

// validator is what the runner needs of schemas.Set.
type validator interface {
	Validate(file string, doc any) error
}

func loadSchemas() (validator, error) {
	set, err := schemas.Compile()
	if err != nil {
		return nil, fmt.Errorf("compile schemas: %w", err)
	}
	return set, nil
}

// intOf reads a JSON integer (rules.Int).
func intOf(v any) (int64, bool) { return rules.Int(v) }

// errorCode reads error_code of an answer; 0 when absent.
func errorCode(obj map[string]any) int64 {
	c, _ := intOf(obj["error_code"])
	return c
}
