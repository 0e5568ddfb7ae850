package conformance

import (
	"fmt"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

func verifyCheck(id, section string, sev Severity, ph phase, run func(t *T)) Check {
	return Check{ID: id, Endpoint: contract.Verify.Name, Section: section, Severity: sev, phase: ph, run: run}
}

// verifyReadChecks are verify probes that cannot change state on any
// target: parameters are missing or invalid, the code does not exist, or
// the request asserts a current status no record has (neverStatus).
func verifyReadChecks() []Check {
	return []Check{
		verifyCheck("verify.params.missingCode", "7", Must, phaseRead, checkVerifyMissingCode),
		verifyCheck("verify.params.missingTo", "7", Must, phaseRead, checkVerifyMissingTo),
		verifyCheck("verify.params.badAction", "7", Must, phaseRead, checkVerifyBadAction),
		verifyCheck("verify.params.badTplId", "7", Must, phaseRead, checkVerifyBadTplID),
		verifyCheck("verify.unknownCode", "7", Must, phaseRead, checkVerifyUnknownCode),
		verifyCheck("verify.unknownCode.afterWrites", "7", Must, phasePost, checkUnknownCodeAfterWrites),
	}
}

// checkUnknownCodeAfterWrites: identifiers are exact whatever the
// service has seen (§C10). verify.unknownCode spells a credential's
// code otherwise before any write; a service that remembers the codes
// it found (a cache keyed by the code folded, a lookup table filled by
// a success) names a credential by another spelling only once it has
// verified it. So after the writes, every credential the run moved is
// sent its code in another letter case or in full width (the seed
// picks which, credential by credential, so that a run sends both) and
// its record's URL with its code so spelt or reshaped as it was not
// issued (afterWritesURLs), each with a from_certificate_status no record
// is in: 100320, as before.
func checkUnknownCodeAfterWrites(t *T) {
	var known, moved []string
	for _, c := range t.r.prof.Cases {
		known = append(known, c.Code)
	}
	seen := map[string]bool{}
	for _, c := range t.r.prof.Cases {
		if !seen[c.Code] && t.r.moves.movedBy(c.Code) != "" {
			seen[c.Code] = true
			moved = append(moved, c.Code)
		}
	}
	if len(moved) == 0 {
		t.Skipf("no credential was moved in this run (writes need --allow-writes)")
		return
	}
	var codes []string
	for i, code := range moved {
		if sp := spellings(code, setOf(known)); len(sp) > 0 {
			codes = append(codes, sp[(pick(t.r.opts.Seed, "unknown code after writes", len(sp))+i)%len(sp)])
		}
		if u := t.credentialURL(code); u != "" && u != code && i < 2 {
			if sp := afterWritesURLs(t.r.opts.Seed, u, setOf(known)); len(sp) > 0 {
				codes = append(codes, sp[(pick(t.r.opts.Seed, "unknown url after writes", len(sp))+i)%len(sp)])
			}
		}
	}
	t.each(len(codes), func(t *T, i int) {
		t.verifyError(fmt.Sprintf("certificate_code %q, a credential the run moved, spelt otherwise", codes[i]), map[string]any{
			"certificate_code": codes[i], "action_type": contract.ActionNextStatus, "from_certificate_status": neverStatus,
		}, contract.ErrInvalidCode)
	})
}

// afterWritesURLs are the forms of a moved credential's URL u the
// checks after the writes draw from: its code in another case or in
// full width (urlFoldings), and u in each class of urlClasses (on
// another host or scheme, without its scheme, protocol-relative, with
// user information, its path in the other case), each variant picked by
// the seed; none is one of ours (known).
func afterWritesURLs(seed uint64, u string, known map[string]bool) []string {
	out := urlFoldings(u, known)
	for _, c := range urlClasses {
		if f := c.form(u, pick(seed, "after writes url "+c.name, 1<<20)); f != "" && f != u && !known[f] {
			out = append(out, f)
		}
	}
	return out
}

// probeTarget is a certificate code for read-only probes: the first case
// that starts with a successful move, so that a missing or invalid
// parameter is the only thing wrong with the request.
func (t *T) probeTarget() string {
	for _, c := range t.r.prof.Cases {
		if len(c.Steps) > 0 && c.Steps[0].Expect.Status != "" {
			return c.Code
		}
	}
	return probeCode
}

// verifyError sends a verify probe with the write key and asserts an error
// in verify's shape with one of the codes.
func (t *T) verifyError(what string, body map[string]any, codes ...int64) {
	if !t.hasKey("write") {
		t.Skipf("needs a write key (--write-key or keys.write)")
		return
	}
	x := t.post(contract.Verify, "write", body)
	obj := t.errorAnswer(x, contract.Verify, what)
	if obj == nil {
		return
	}
	ec := errorCode(obj)
	for _, c := range codes {
		if ec == c {
			return
		}
	}
	t.Errorf(x, "%s: want error_code %v, got %d", what, codes, ec)
}

func checkVerifyMissingCode(t *T) {
	t.verifyError("certificate_code missing", map[string]any{
		"action_type": contract.ActionNextStatus, "from_certificate_status": neverStatus,
	}, contract.ErrInvalidParams)
}

func checkVerifyMissingTo(t *T) {
	t.verifyError("set_certificate_status without to_certificate_status", map[string]any{
		"certificate_code": t.probeTarget(), "action_type": contract.ActionSetStatus, "from_certificate_status": neverStatus,
	}, contract.ErrInvalidParams)
}

func checkVerifyBadAction(t *T) {
	t.verifyError("action_type not one of the two", map[string]any{
		"certificate_code": t.probeTarget(), "action_type": "rtq_conform_no_such_action", "from_certificate_status": neverStatus,
	}, contract.ErrInvalidAction, contract.ErrInvalidParams)
}

// checkVerifyBadTplID: a tpl_id that is no integer is 100301 (§7): a
// word, and identifiers of other kinds of ours written as strings
// (otherKindsFor: a form's number, a template's coding, a status's
// name), which a target that looks a string up elsewhere takes for a
// form.
func checkVerifyBadTplID(t *T) {
	tpls, whats := []string{"abc"}, []string{"tpl_id not an integer"}
	for _, id := range t.otherKindsFor("tpl_id") {
		tpls = append(tpls, id.v)
		whats = append(whats, fmt.Sprintf("tpl_id %q, %s (no integer)", id.v, id.what))
	}
	t.each(len(tpls), func(t *T, i int) {
		t.verifyError(whats[i], map[string]any{
			"certificate_code": t.probeTarget(), "action_type": contract.ActionNextStatus, "tpl_id": tpls[i], "from_certificate_status": neverStatus,
		}, contract.ErrInvalidParams)
	})
}

// checkVerifyUnknownCode: a code nobody issued names no record (100320),
// and so do one of ours spelt otherwise (another letter case, full
// width, a near form, two forms as people type them, typedforms.go,
// one with marks, its URL on another host or scheme, with its path in
// the other case, without its scheme, protocol-relative or with user
// information, spellings.go; the code and the URL with a NUL after
// them, tails.go: identifiers are exact, §C10) and an
// identifier of
// another kind of object of ours (otherKindsFor: a sub-code's or a
// template's coding, a tpl_id), and two strings a loose reading takes
// for absent (falsy.go: "0" and one the seed picks), which are codes
// that name no record, not a missing one. from_certificate_status names no
// status, so that a target that takes the spelling for our code still
// moves nothing: it answers what it checks after finding the record.
func checkVerifyUnknownCode(t *T) {
	codes := []string{probeCode}
	if own := t.probeTarget(); own != probeCode {
		var known []string
		for _, c := range t.r.prof.Cases {
			known = append(known, c.Code)
		}
		codes = append(codes, spellings(own, setOf(known))...)
		codes = append(codes, nearSpellings(t.r.opts.Seed, "certificate code", own, setOf(known), 1)...)
		if !strings.Contains(own, "://") {
			codes = append(codes, typedOne(t.r.opts.Seed, "certificate code", own, setOf(known), 2)...)
		}
		codes = append(codes, pastedForms(t.r.opts.Seed, "certificate code", own, setOf(known), false)...)
		codes = append(codes, tailStrings(t.r.opts.Seed, "certificate_code", own, setOf(known), 1)...)
		// The same record by its full URL (§4.2), spelt otherwise too.
		for _, c := range t.r.prof.Cases {
			if c.Code != own || c.RecordID == 0 {
				continue
			}
			for _, r := range t.r.prof.Records {
				if r.ID == c.RecordID && r.URL != "" && r.URL != own {
					codes = append(codes, urlFoldings(r.URL, setOf(known))...)
					codes = append(codes, urlNearForms(t.r.opts.Seed, "certificate url", r.URL, setOf(known), 1)...)
					codes = append(codes, pastedForms(t.r.opts.Seed, "certificate url", r.URL, setOf(known), false)...)
				}
			}
			break
		}
		// Its URL on another host, over http, with its path in the
		// other case (urlRespellings), and its code with marks
		// (markedOne).
		if u := t.credentialURL(own); u != "" {
			codes = append(codes, urlRespellings(t.r.opts.Seed, "certificate url", u, setOf(known), urlPerSite)...)
			codes = append(codes, tailStrings(t.r.opts.Seed, "certificate url", u, setOf(known), 1)...)
		}
		if !strings.Contains(own, "://") {
			codes = append(codes, markedOne(t.r.opts.Seed, "certificate code", own, setOf(known))...)
		}
	}
	spelt, whats := len(codes), []string{}
	for _, id := range t.otherKindsFor("certificate_code") {
		codes = append(codes, id.v)
		whats = append(whats, id.what)
	}
	others := len(codes)
	codes = append(codes, falsyOnes(t.r.opts.Seed, "certificate_code", t.takenBy("certificate_code"), 2)...)
	t.each(len(codes), func(t *T, i int) {
		what := "unknown certificate_code"
		switch {
		case i >= others:
			what = falsyWhat("certificate_code", codes[i])
		case i >= spelt:
			what = fmt.Sprintf("certificate_code %q, %s (no record code)", codes[i], whats[i-spelt])
		case i > 0:
			what = fmt.Sprintf("certificate_code %q, one of ours spelt otherwise", codes[i])
		}
		t.verifyError(what, map[string]any{
			"certificate_code": codes[i], "action_type": contract.ActionNextStatus, "from_certificate_status": neverStatus,
		}, contract.ErrInvalidCode)
	})
}

// credentialURL is the full URL of the record whose certificate code is
// code (code itself when it is a URL), or else of another credential of
// the profile (a case's record, or a record of a form with a flow), or
// else of any record: respelt, each names no record, so verify answers
// 100320 whatever record it respells; "" when the profile lists no
// record URL.
func (t *T) credentialURL(code string) string {
	if strings.Contains(code, "://") {
		return code
	}
	cases := map[int64]bool{}
	for _, c := range t.r.prof.Cases {
		cases[c.RecordID] = cases[c.RecordID] || c.Code == code
	}
	flows := map[int64]bool{}
	for _, f := range t.r.prof.Flows {
		flows[f.FormID] = true
	}
	rank := func(r profile.Record) int {
		own, isCase := cases[r.ID]
		switch {
		case own:
			return 3
		case isCase:
			return 2
		case r.FormID != nil && flows[*r.FormID]:
			return 1
		}
		return 0
	}
	url, best := "", -1
	for _, r := range t.r.prof.Records {
		if r.URL != "" && rank(r) > best {
			url, best = r.URL, rank(r)
		}
	}
	return url
}
