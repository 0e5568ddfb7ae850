package conformance

import (
	"fmt"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// Probe values no target holds.
const (
	probeCode     = "rtq-conform-no-such-certificate-code"
	probeTemplate = "rtq-conform-no-such-template"
	// neverStatus guards read-only verify probes: a target that wrongly
	// accepted the request would still refuse to move from a status that
	// does not exist, so no probe can change state.
	neverStatus = "__rtq_conform_never__"
)

// opName is the last part of an endpoint name ("getRecord").
func opName(ep contract.Endpoint) string { return ep.Name[strings.IndexByte(ep.Name, '/')+1:] }

func authChecks() []Check {
	var out []Check
	for _, ep := range contract.Endpoints {
		out = append(out,
			Check{ID: "auth.noKey." + opName(ep), Endpoint: ep.Name, Section: "5", Severity: Must, run: authProbe(ep, "none")},
			Check{ID: "auth.badKey." + opName(ep), Endpoint: ep.Name, Section: "5", Severity: Must, run: authProbe(ep, "bad")},
		)
	}
	return append(out,
		Check{ID: "auth.readKey.verify", Endpoint: contract.Verify.Name, Section: "5", Severity: Must, run: checkReadKeyVerify},
		lettingGo(Check{ID: "auth.otherOrg.getRecord", Endpoint: contract.GetRecord.Name, Section: "5", Severity: Must, run: checkOtherOrgRecord}),
		Check{ID: "auth.otherOrg.formList", Endpoint: contract.GetFormList.Name, Section: "4.3", Severity: Must, run: checkOtherOrgForms},
		Check{ID: "auth.otherOrg.templates", Endpoint: contract.TemplatesList.Name, Section: "4.4", Severity: Must, run: checkOtherOrgTemplates},
		Check{ID: "auth.otherOrg.listQrcodes", Endpoint: contract.ListQrcodes.Name, Section: "4.5", Severity: Must, run: checkOtherOrgQrcodes},
	)
}

// probeBody is a harmless request for each endpoint: it names objects of
// the profile where it has some, and can never change state.
func (t *T) probeBody(ep contract.Endpoint) map[string]any {
	body, ok := probeBodies[ep]
	if !ok {
		panic("conformance/checks_auth.go: probeBodies has no row for " + ep.Name)
	}
	return body(t.r.prof)
}

// probeBodies has a row for every endpoint of contract.Endpoints
// (TestEveryEndpointHasAProbeBody): an endpoint without one would be
// probed with a body that names nothing.
var probeBodies = map[contract.Endpoint]func(p *profile.Profile) map[string]any{
	contract.GetRecord: func(p *profile.Profile) map[string]any {
		if len(p.Records) > 0 {
			return map[string]any{"record_id": p.Records[0].ID}
		}
		return map[string]any{"record_id": 1}
	},
	contract.Verify: func(*profile.Profile) map[string]any {
		return map[string]any{"certificate_code": probeCode, "action_type": contract.ActionNextStatus, "from_certificate_status": neverStatus}
	},
	contract.GetFormList:   func(*profile.Profile) map[string]any { return map[string]any{} },
	contract.TemplatesList: func(*profile.Profile) map[string]any { return map[string]any{} },
	contract.ListQrcodes: func(p *profile.Profile) map[string]any {
		if len(p.Templates.Items) > 0 {
			return map[string]any{"template": p.Templates.Items[0].Coding}
		}
		return map[string]any{"template": probeTemplate}
	},
}

// probeAddresses are, for an endpoint that takes an object, the probe's
// request with the object addressed each other way the contract allows:
// a template by its URL, a credential by its record's URL (a record's
// addresses are the cells of a refused read: cells_refused.go). No
// address is a way in without a key.
var probeAddresses = map[contract.Endpoint]func(p *profile.Profile) []map[string]any{
	contract.ListQrcodes: func(p *profile.Profile) []map[string]any {
		if len(p.Templates.Items) > 0 && p.Templates.Items[0].URL != "" {
			return []map[string]any{{"template": p.Templates.Items[0].URL}}
		}
		return nil
	},
	contract.Verify: func(p *profile.Profile) []map[string]any {
		for _, c := range p.Cases {
			for _, r := range p.Records {
				if r.ID == c.RecordID && r.URL != "" {
					return []map[string]any{{"certificate_code": r.URL, "action_type": contract.ActionNextStatus, "from_certificate_status": neverStatus}}
				}
			}
		}
		return nil
	},
}

// authProbe: without a key, or with a key nobody issued, no endpoint
// answers a success (docs/contract.md §5), however the request addresses
// its object (probeAddresses; getRecord's addresses and formats are the
// cells of a refused read) and whatever filter it carries (getFormList:
// refusedListBodies); verify, which needs write permission,
// answers an authentication or permission failure: code 401/403 or
// error_code 100328. That the answer uses the endpoint's own error shape
// is the kit's choice (docs/contract.md §C3), so a different shape is
// only noted.
func authProbe(ep contract.Endpoint, role string) func(t *T) {
	why := map[string]string{"none": "no Authorization", "bad": "unknown API key"}[role]
	return func(t *T) {
		bodies := []map[string]any{t.probeBody(ep)}
		if more, ok := probeAddresses[ep]; ok {
			bodies = append(bodies, more(t.r.prof)...)
		}
		addressed := len(bodies)
		bodies = append(bodies, t.laterPageBodies(ep)...)
		switch ep {
		case contract.GetRecord: // the cells of a refused read (cells_refused.go)
			probes, _ := refusedReads(t.r.opts.Seed, t.r.prof)
			rec := probeRecord(t.r.prof)
			bodies = nil
			for _, c := range probes[role] {
				bodies = append(bodies, refusedReadBody(c, rec))
			}
			addressed = len(bodies)
		case contract.GetFormList: // every filter, on a first page and a later one
			bodies, addressed = refusedListBodies(t.r.opts.Seed, t.r.prof, role), 0
		}
		t.each(len(bodies), func(t *T, i int) {
			what := why
			if i >= addressed {
				what = fmt.Sprintf("%s, %s", why, marshal(bodies[i]))
			} else if i > 0 {
				what = fmt.Sprintf("%s, the object addressed by %s", why, marshal(bodies[i]))
			}
			t.authFailure(t.post(ep, role, bodies[i]), ep, what)
		})
	}
}

// authFailure asserts an answer refuses the caller: not a success, and on
// verify code 401/403 or error_code 100328. A business answer (100328 on
// verify) is in the endpoint's error shape (SPEC); the shape of a 401/403
// answer is the kit's choice and only noted.
func (t *T) authFailure(x *Exchange, ep contract.Endpoint, why string) {
	obj := t.object(x)
	if obj == nil {
		return
	}
	code, ok := intOf(obj["code"])
	ec := errorCode(obj)
	switch {
	case !ok:
		t.Errorf(x, "%s: the answer has no integer code", why)
		return
	case code == 0:
		t.Errorf(x, "%s: want an error, got a success (code 0)", why)
		return
	case ep == contract.Verify && code != 401 && code != 403 && ec != contract.ErrNoPermission:
		t.Errorf(x, "%s: want an authentication failure (code 401/403 or error_code 100328), got code %d error_code %d", why, code, ec)
		return
	case code != 401 && code != 403:
		t.Notef("code is %d; the spec says authentication failures may come back as 401 or 403", code)
	}
	if ep == contract.Verify && code != 401 && code != 403 {
		t.valid(x, errorFile(ep))
	} else if err := t.r.validate(errorFile(ep), x); err != nil {
		t.Notef("the answer is not in %s's own error shape (a kit choice, docs/contract.md §C3)", ep.Name)
	}
}

// checkReadKeyVerify: verify needs a key with write permission (docs/contract.md §5).
// The request asserts a status no record has, so even a target that let
// the key through could not move anything.
func checkReadKeyVerify(t *T) {
	if t.r.readKeyWrites() {
		t.Skipf("no read-only key known: the read key is also a write key (give a read-only --api-key or keys.read to run this check)")
		return
	}
	code := probeCode
	if len(t.r.prof.Cases) > 0 {
		code = t.r.prof.Cases[0].Code
	}
	x := t.post(contract.Verify, "read", map[string]any{
		"certificate_code": code, "action_type": contract.ActionNextStatus, "from_certificate_status": neverStatus,
	})
	t.authFailure(x, contract.Verify, "verify with a read-only key")
}

// checkOtherOrgRecord: another organization's key sees none of our records.
func checkOtherOrgRecord(t *T) {
	if !t.hasKey("other_org") || len(t.r.prof.Records) == 0 {
		t.Skipf("needs keys.other_org and records in the profile")
		return
	}
	// By id and by URL, each in the address and format the cells of a
	// refused read give it (cells_refused.go).
	_, cells := refusedReads(t.r.opts.Seed, t.r.prof)
	t.recordsAt(func(t *T, ri int) {
		rec := t.r.prof.Records[ri]
		var bodies []map[string]any
		for _, cs := range cells[2*ri : 2*ri+2] {
			for _, c := range cs {
				bodies = append(bodies, refusedReadBody(c, rec))
			}
		}
		xs := make([]*Exchange, len(bodies))
		t.each(len(bodies), func(t *T, i int) { xs[i] = t.post(contract.GetRecord, "other_org", bodies[i]) })
		for i, x := range xs {
			t.refused(x, contract.GetRecord, fmt.Sprintf("record %d with another organization's key, %s", rec.ID, marshal(bodies[i])))
		}
	})
}

// checkOtherOrgForms: the form list holds only the caller's forms.
func checkOtherOrgForms(t *T) {
	p := t.r.prof
	ran := false
	if t.hasKey("other_org") && len(p.Forms.IDs) > 0 {
		ran = true
		t.noneListed(t.walkForms("other_org", nil), "id", idStrings(p.Forms.IDs), "another organization's key")
	}
	if len(p.Foreign.FormIDs) > 0 {
		ran = true
		t.noneListed(t.walkForms("read", nil), "id", idStrings(p.Foreign.FormIDs), "our read key")
	}
	if !ran {
		t.Skipf("needs keys.other_org with forms.ids, or foreign.form_ids")
	}
}

// checkOtherOrgTemplates: the template list holds only the caller's templates.
func checkOtherOrgTemplates(t *T) {
	p := t.r.prof
	var ours []string
	for _, tp := range p.Templates.Items {
		ours = append(ours, tp.Coding)
	}
	ran := false
	if t.hasKey("other_org") && len(ours) > 0 {
		ran = true
		t.noneListed(t.walkCursor(contract.TemplatesList, "other_org", map[string]any{}, 100), "coding", ours, "another organization's key")
	}
	if len(p.Foreign.Codings) > 0 {
		ran = true
		t.noneListed(t.walkCursor(contract.TemplatesList, "read", map[string]any{}, 100), "coding", p.Foreign.Codings, "our read key")
	}
	if !ran {
		t.Skipf("needs keys.other_org with templates.items, or foreign.codings")
	}
}

// noneListed fails when any item of a walk has member key in forbidden.
func (t *T) noneListed(w walk, key string, forbidden []string, who string) {
	bad := map[string]bool{}
	for _, f := range forbidden {
		bad[f] = true
	}
	for _, it := range w.items {
		if s := fmt.Sprint(it[key]); bad[s] {
			t.Errorf(w.last, "%s sees %s %s of another organization", who, key, s)
		}
	}
}

// checkOtherOrgQrcodes: a template of another organization is "not found
// or no access": code 404 (docs/contract.md §4.5), for every template of
// ours (the profile's, and a few of those our templates listing gives).
func checkOtherOrgQrcodes(t *T) {
	p := t.r.prof
	ran := false
	if t.hasKey("other_org") {
		for _, tp := range p.Templates.Items {
			ran = true
			t.want404(contract.ListQrcodes, t.post(contract.ListQrcodes, "other_org", map[string]any{"template": tp.Coding}), "template "+tp.Coding+" with another organization's key")
		}
		// Every template of ours, not only the profile's: a few of those
		// the read key's templates listing gives, the seed's each run.
		for _, c := range t.unprofiledTemplates("other org", unprofiledWalks) {
			ran = true
			t.want404(contract.ListQrcodes, t.post(contract.ListQrcodes, "other_org", map[string]any{"template": c}), "template "+c+" (ours, which the profile does not list) with another organization's key")
		}
	}
	for _, c := range p.Foreign.Codings {
		ran = true
		t.want404(contract.ListQrcodes, t.post(contract.ListQrcodes, "read", map[string]any{"template": c}), "template "+c+" of another organization")
	}
	if !ran {
		t.Skipf("needs keys.other_org with templates.items, or foreign.codings")
	}
}

// want404: x, a request of ep, is refused with code 404, in ep's own
// error shape.
func (t *T) want404(ep contract.Endpoint, x *Exchange, why string) {
	obj := t.errorAnswer(x, ep, why)
	if obj == nil {
		return
	}
	if c, _ := intOf(obj["code"]); c != 404 {
		t.Errorf(x, "%s: want code 404, got %d", why, c)
	}
}

func idStrings(ids []int64) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = fmt.Sprint(id)
	}
	return out
}

// refused asserts the caller gets nothing: not a success. A 401/403 answer
// is a permission failure whose body shape is the kit's choice (noted); any
// other error is a business error in the endpoint's own shape (SPEC).
func (t *T) refused(x *Exchange, ep contract.Endpoint, why string) {
	obj := t.object(x)
	if obj == nil {
		return
	}
	code, ok := intOf(obj["code"])
	switch {
	case !ok:
		t.Errorf(x, "%s: the answer has no integer code", why)
	case code == 0:
		t.Errorf(x, "%s: want an error, got a success (code 0)", why)
	case code == 401 || code == 403:
		if t.r.validate(errorFile(ep), x) != nil {
			t.Notef("%s: the %d answer is not in %s's own error shape (a kit choice)", why, code, ep.Name)
		}
	default:
		t.valid(x, errorFile(ep))
	}
}
