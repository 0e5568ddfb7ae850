package conformance

import (
	"strings"

	"github.com/rtq-kit/rtq/contract"
)

// negativeChecks turn the generated negative cases into checks: one must
// check per case (the answer is the endpoint's JSON error shape with code
// other than 0), and one should check per endpoint (no such answer is a
// server error, HTTP 5xx). Which code, error_code and HTTP status come back
// is the target's choice (docs/contract.md §C1 and §C4), never asserted.
func negativeChecks(seed uint64) []Check {
	cases, err := negativeCases(seed)
	if err != nil {
		return []Check{{ID: "negative.generate", Endpoint: "*", Section: "4", Severity: Must,
			run: func(t *T) { t.Errorf(nil, "%v", err) }}}
	}
	var out []Check
	for _, c := range cases {
		out = append(out, Check{ID: c.id, Endpoint: c.ep.Name, Section: c.ep.Section, Severity: c.severity(), run: negativeRun(c)})
	}
	for _, ep := range contract.Endpoints {
		out = append(out, Check{ID: "negative." + opName(ep) + ".notServerError", Endpoint: ep.Name, Section: "7",
			Severity: Should, run: notServerError(ep, cases)})
	}
	return out
}

// severity of a case: must, except for bytes that are not UTF-8. RFC 8259
// requires UTF-8, yet common decoders repair such bytes (Go's encoding/json
// does): a lenient reading like "123" for 123, so a success is a should
// failure there, never a must one.
func (c negCase) severity() Severity {
	if strings.HasSuffix(c.id, ".notUTF8") {
		return Should
	}
	return Must
}

// negativeBase is the valid body a case breaks: the auth probe's harmless
// body (probeBody), which already names a certificate code no target holds
// and a current status no record has, so no verify negative body can move
// a status on any target, correct or not: they need the write key (else the
// permission failure answers first) but not --allow-writes. getRecord's
// adds the format and, without a profile record, a record no target holds.
func (t *T) negativeBase(ep contract.Endpoint) map[string]any {
	body := t.probeBody(ep)
	if ep == contract.GetRecord {
		if len(t.r.prof.Records) == 0 {
			body["record_id"] = int64(unknownRecordID)
		}
		body["format"] = "json"
	}
	return body
}

// sendNegative sends a case once per run; nil when it cannot be sent.
func (t *T) sendNegative(c negCase) *Exchange {
	role := "read"
	if c.ep == contract.Verify {
		if !t.hasKey("write") {
			return nil
		}
		role = "write"
	}
	return t.once("negative "+c.id, func(t *T) any {
		return t.post(c.ep, role, c.bodyFor(heldValues(t.r.prof, c.ep))(t.negativeBase(c.ep)))
	}).(*Exchange)
}

func negativeRun(c negCase) func(t *T) {
	return func(t *T) {
		x := t.sendNegative(c)
		if x == nil {
			t.Skipf("needs a write key (--write-key or keys.write): without one, verify refuses the caller first")
			return
		}
		t.show(x)
		if obj := t.errorAnswer(x, c.ep, c.what); obj != nil {
			t.Notef("%s: code %v, error_code %v, HTTP %d", c.what, obj["code"], obj["error_code"], x.Status)
		}
	}
}

// notServerError: a client's mistake is answered as one, not as a failure
// of the server (should: the spec fixes the error body, not the status line).
func notServerError(ep contract.Endpoint, cases []negCase) func(t *T) {
	return func(t *T) {
		sent := 0
		for _, c := range cases {
			if c.ep != ep {
				continue
			}
			x := t.sendNegative(c)
			if x == nil || x.Err != nil {
				continue
			}
			sent++
			if x.Status >= 500 {
				t.Errorf(x, "%s: HTTP %d, a server error for the client's mistake", c.what, x.Status)
			}
		}
		if sent == 0 && !t.failed() {
			t.Skipf("no negative request of %s was answered", ep.Name)
		}
	}
}
