package derive

import (
	"fmt"
	"strconv"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
	"github.com/rtq-kit/rtq/scenario"
)

// This file derives the profile's credential cases (owned by the
// conformance work, beside derive.go). Expectations follow the contract's
// check order (docs/contract.md §C6) applied to the scenario's facts; the
// runner only compares answers with them.

// blocker is the error code a record's own switches give any valid move,
// 0 for a clean record (docs/contract.md §C6, checks 5, 6, 8, 9, 12).
func blocker(r *scenario.Record) int {
	switch {
	case !r.Form.Flow.Verification || !r.Cert.Verification:
		return contract.ErrNotEnabled
	case r.Audit != nil && r.Audit.Enabled && (r.Audit.Status == nil || *r.Audit.Status != contract.AuditApproved):
		return contract.ErrNotApproved
	case r.Cert.IdentityRequired:
		return contract.ErrIdentityNeeded
	case r.Cert.AuthCodeInvalid:
		return contract.ErrAuthCodeInvalid
	case r.Cert.ForceFailure:
		return contract.ErrVerifyFailed
	}
	return 0
}

// credentials are our organization's credential records, in scenario order.
func (b *profileBuilder) credentials() []*scenario.Record {
	var out []*scenario.Record
	for _, r := range b.ours() {
		if r.Cert != nil && r.Form != nil && r.Form.Flow != nil && r.Cert.Status != nil {
			out = append(out, r)
		}
	}
	return out
}

// cleanFor returns the first clean credential record of a form.
func (b *profileBuilder) cleanFor(f *scenario.Form) *scenario.Record {
	for _, r := range b.credentials() {
		if r.Form == f && blocker(r) == 0 {
			return r
		}
	}
	return nil
}

func (b *profileBuilder) cases() {
	b.errorCases()
	for _, f := range b.s.Forms {
		if f.Org != b.org || f.Flow == nil {
			continue
		}
		if r := b.cleanFor(f); r != nil {
			b.moveCases(r)
			b.nextCase(r)
		}
	}
	b.repeatAndConcurrent()
	b.dropUncoverable()
}

func (b *profileBuilder) add(c profile.Case) { b.p.Cases = append(b.p.Cases, c) }

// twins are the clean credentials of r's form in r's status, r first:
// records any case that moves r may move as well.
func (b *profileBuilder) twins(r *scenario.Record) []*scenario.Record {
	out := []*scenario.Record{r}
	for _, t := range b.credentials() {
		if t != r && t.Form == r.Form && t.Cert.Status == r.Cert.Status && blocker(t) == 0 {
			out = append(out, t)
		}
	}
	return out
}

// minTwins is how many records (r with its twins) spread wants before
// it spreads: with r and one twin (the test fixture's C-OK and C-CONC)
// the spread made the plan's longest chain differ between --concurrency
// 1 and 64 on four breaks of the fixture whose error units run again
// alone (e2e TestReportIsTheSameAtAnyConcurrency), which the runner's
// chain count must first be made to agree on.
const minTwins = 3

// spread is the record of the next moving case of r's form and status
// (steps long): the twin of r (twins) with the fewest steps of moving
// cases so far, the first of those in scenario order. A runner runs the
// cases of one record one after another, each from a reset, and those of
// different records side by side (docs/conformance.md, "Concurrency"):
// cases piled on one record make the write phase as long as all of their
// steps; spread over twins, as long as the twin with the most. r itself
// is left to the first move case and the error cases (firstMove): a
// runner's checks that need a move of their own take the first move
// case's record, so it already carries several.
func (b *profileBuilder) spread(r *scenario.Record, steps int) *scenario.Record {
	ts := b.twins(r)
	if len(ts) < minTwins {
		return r
	}
	ts = ts[1:]
	best := ts[0]
	for _, t := range ts {
		if b.steps[t] < b.steps[best] {
			best = t
		}
	}
	if b.steps == nil {
		b.steps = map[*scenario.Record]int{}
	}
	b.steps[best] += steps
	return best
}

func newCase(name, kind string, r *scenario.Record) profile.Case {
	return profile.Case{Name: name, Kind: kind, Code: r.Code, RecordID: r.ID, FormID: r.Form.ID, Start: r.Cert.Status.Name}
}

// anyMove is a request that would succeed on a clean record: to the first
// next status, or set_next when there is none.
func anyMove(r *scenario.Record) profile.Step {
	if st := r.Cert.Status; len(st.Next) > 0 {
		return profile.Step{Action: contract.ActionSetStatus, To: st.Next[0].Name}
	}
	return profile.Step{Action: contract.ActionNextStatus}
}

// moveCases: one case per allowed move of the record's flow, walking from
// the record's start status to the move's source first.
func (b *profileBuilder) moveCases(r *scenario.Record) {
	for i, st := range r.Form.Flow.Statuses {
		if st.ForbidsVerification {
			continue
		}
		path := pathTo(r.Cert.Status, st)
		if path == nil {
			continue
		}
		for j, n := range st.Next {
			t := r // the first move case (spread)
			if i != 0 || j != 0 {
				t = b.spread(r, len(path)+1)
			}
			c := newCase(fmt.Sprintf("move-%d-%d-%d", r.Form.ID, st.ID, n.ID), profile.KindMove, t)
			if i == 0 && j == 0 {
				c.Code = t.URL // the full access URL works as certificate_code too (docs/contract.md §4.2)
			}
			for _, p := range path {
				c.Steps = append(c.Steps, profile.Step{Action: contract.ActionSetStatus, To: p.Name, Expect: profile.Expect{Status: p.Name}})
			}
			to := n.Name
			if j == 0 {
				to = strconv.FormatInt(n.ID, 10) // a status may be named by its id (docs/contract.md §4.2)
			}
			c.Steps = append(c.Steps, profile.Step{Action: contract.ActionSetStatus, To: to, From: st.Name, Expect: profile.Expect{Status: n.Name}})
			b.add(c)
		}
	}
}

// pathTo is the shortest list of statuses to move through from a to z
// (empty when a is z, nil when z cannot be reached).
func pathTo(a, z *scenario.Status) []*scenario.Status {
	prev := map[*scenario.Status]*scenario.Status{a: nil}
	queue := []*scenario.Status{a}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		if cur == z {
			out := []*scenario.Status{}
			for s := z; s != a; s = prev[s] {
				out = append([]*scenario.Status{s}, out...)
			}
			return out
		}
		if cur.ForbidsVerification {
			continue
		}
		for _, n := range cur.Next {
			if _, seen := prev[n]; !seen {
				prev[n] = cur
				queue = append(queue, n)
			}
		}
	}
	return nil
}

// nextCase walks a record with set_next_certificate_status to the end of
// its flow, then once more: 100324 on a terminal status, else 100326.
func (b *profileBuilder) nextCase(r *scenario.Record) {
	c := newCase(fmt.Sprintf("next-%d", r.Form.ID), profile.KindNext, r)
	cur := r.Cert.Status
	for i := 0; i <= len(r.Form.Flow.Statuses); i++ {
		step := profile.Step{Action: contract.ActionNextStatus}
		switch {
		case cur.ForbidsVerification || cur.Terminal:
			step.Expect.ErrorCode = contract.ErrStatusForbids
		case len(cur.Next) == 0:
			step.Expect.ErrorCode = contract.ErrInvalidTarget
		default:
			cur = cur.Next[0]
			step.Expect.Status = cur.Name
		}
		c.Steps = append(c.Steps, step)
		if step.Expect.ErrorCode != 0 {
			break
		}
	}
	t := b.spread(r, len(c.Steps))
	c.Code, c.RecordID = t.Code, t.ID
	b.add(c)
}

// repeatAndConcurrent: the first clean record with a move is moved twice
// (the second is 100326), in another case by five requests at once, and in
// a third with every optional condition of docs/contract.md §3.1 given and met
// (from_certificate_status the current status, tpl_id its form, code_id
// its QR code).
func (b *profileBuilder) repeatAndConcurrent() {
	if r := b.withNext(); r != nil {
		st := r.Cert.Status
		mv := profile.Step{Action: contract.ActionSetStatus, To: st.Next[0].Name, Expect: profile.Expect{Status: st.Next[0].Name}}
		scoped := mv
		formID := r.Form.ID
		scoped.From, scoped.TplID = st.Name, &formID
		t := b.spread(r, 1)
		if t.QRCode != nil {
			qrID := t.QRCode.ID
			scoped.CodeID = &qrID
		}
		sc := newCase("move-scoped", profile.KindMove, t)
		sc.Steps = []profile.Step{scoped}
		b.add(sc)
		again := mv
		again.Expect = profile.Expect{ErrorCode: contract.ErrInvalidTarget}
		c := newCase("repeat", profile.KindRepeat, b.spread(r, 2))
		c.Steps = []profile.Step{mv, again}
		b.add(c)
		cc := newCase("concurrent", profile.KindConcurrent, b.spread(r, 1))
		mv.Concurrent = 5
		cc.Steps = []profile.Step{mv}
		b.add(cc)
	}
}

// dropUncoverable removes from the flows the moves no case exercises, so
// that full transition coverage is reachable against the mock.
func (b *profileBuilder) dropUncoverable() {
	covered := map[string]bool{}
	for _, c := range b.p.Cases {
		if c.Kind != profile.KindMove {
			continue
		}
		last := c.Steps[len(c.Steps)-1]
		covered[profile.TransitionName(c.FormID, last.From, last.Expect.Status)] = true
	}
	for i := range b.p.Flows {
		f := &b.p.Flows[i]
		for j := range f.Statuses {
			st := &f.Statuses[j]
			var keep []string
			for _, n := range st.Next {
				if covered[profile.TransitionName(f.FormID, st.Name, n)] {
					keep = append(keep, n)
				}
			}
			st.Next = keep
		}
	}
}
