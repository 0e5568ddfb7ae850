package conformance

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// transport.clientProfiles: the same request sent bare and as each real
// client writes it (clientprofiles.go) gets the same answer: the same
// code and the same data, for every endpoint, every client, and every
// key, covered pairwise. Every request of the run already goes as one
// client the seed picks, and the rules over every answer judge it; this
// relation adds what no single answer shows (a default page size, a
// masked value replaced by another, a record_url that is a URL all the
// same), and makes sure every client meets every endpoint on every run,
// whatever the seed picked for the run's other requests.
//
// The cells: each read endpoint × each client, with a key that turns
// through ours and the other organization's (by the seed, so that over
// seeds every key meets every client), one body per endpoint (getRecord
// of a record with masked values in its default format, the form list
// with its defaults, the template list, a template's sub-codes), sent
// bare once per key; and verify × each client with a key that must be
// refused (the read key from a browser's origin, whose Origin a service
// must not take for write permission; the other organization's key
// under a tenant header naming ours), which the rules over every answer
// judge (C2.writeScope, C2.tenancyVerify): a refusal is a refusal
// whatever its code, and no verify of it changes anything (its
// from_certificate_status names no status). About 50 requests, side by
// side.

// clientCell is one request of the relation: an endpoint, a key, a body,
// and the client it goes as (0: bare).
type clientCell struct {
	ep     contract.Endpoint
	role   string
	body   map[string]any
	client int
}

// clientReadBodies are the bodies of the read endpoints (nil: the
// endpoint is left out, its facts missing from the profile).
func clientReadBodies(p *profile.Profile, seed uint64) map[contract.Endpoint]map[string]any {
	out := map[contract.Endpoint]map[string]any{
		contract.GetFormList:   {},
		contract.TemplatesList: {},
	}
	var masked []profile.Record
	for _, rec := range p.Records {
		if len(rec.MaskedFields) > 0 {
			masked = append(masked, rec)
		}
	}
	if len(masked) == 0 {
		masked = p.Records
	}
	if len(masked) > 0 {
		out[contract.GetRecord] = map[string]any{"record_id": masked[pick(seed, "client profiles record", len(masked))].ID}
	}
	if len(p.Templates.Items) > 0 {
		out[contract.ListQrcodes] = map[string]any{"template": p.Templates.Items[pick(seed, "client profiles template", len(p.Templates.Items))].Coding}
	}
	return out
}

// hasLine says whether profile i adds a header named name.
func hasLine(i int, name string) bool {
	for _, l := range clientProfiles[i].lines {
		if n, _, _ := strings.Cut(l, ":"); strings.EqualFold(n, name) {
			return true
		}
	}
	return false
}

// clientCells are the relation's requests: the profiled ones, then the
// bare ones they are compared with.
func (t *T) clientCells() (profiled, bare []clientCell) {
	seed := t.r.opts.Seed
	var roles []string
	for _, r := range []string{profile.RoleRead, profile.RoleWrite, profile.RoleLimited, profile.RoleOtherOrg} {
		if t.hasKey(r) {
			roles = append(roles, r)
		}
	}
	if len(roles) == 0 {
		return nil, nil
	}
	bodies := clientReadBodies(t.r.prof, seed)
	seen := map[string]bool{}
	for _, ep := range contract.Endpoints {
		body, ok := bodies[ep]
		if ep.Write || !ok {
			continue
		}
		// Two keys per endpoint: the read key and one other, turned by
		// the seed, each client sent with one of them.
		other := roles[pick(seed, "client profiles key "+ep.Name, len(roles))]
		keys := []string{roles[0], other}
		if other == roles[0] {
			keys = keys[:1]
		}
		off := pick(seed, "client profiles turn "+ep.Name, len(keys))
		for i := 1; i < len(clientProfiles); i++ {
			role := keys[(i+off)%len(keys)]
			profiled = append(profiled, clientCell{ep, role, body, i})
			if !seen[ep.Name+" "+role] {
				seen[ep.Name+" "+role] = true
				bare = append(bare, clientCell{ep, role, body, 0})
			}
		}
	}
	if t.r.readKeyWrites() && !t.hasKey(profile.RoleOtherOrg) {
		return profiled, bare
	}
	code := probeCode
	if len(t.r.prof.Cases) > 0 {
		code = t.r.prof.Cases[0].Code
	}
	vbody := map[string]any{"certificate_code": code, "action_type": contract.ActionNextStatus, "from_certificate_status": neverStatus}
	for i := 1; i < len(clientProfiles); i++ {
		role := profile.RoleRead
		if (hasLine(i, "X-Tenant-ID") || !hasLine(i, "Origin") || t.r.readKeyWrites()) && t.hasKey(profile.RoleOtherOrg) {
			role = profile.RoleOtherOrg
		}
		if role == profile.RoleRead && (t.r.readKeyWrites() || !t.hasKey(role)) {
			continue
		}
		profiled = append(profiled, clientCell{contract.Verify, role, vbody, i})
	}
	return profiled, bare
}

// relClientProfiles sends the cells and compares each profiled read's
// answer with its bare one.
func relClientProfiles(t *T) {
	if t.r.client.plain {
		t.Skipf("--plain-requests: every request goes the usual way")
		return
	}
	profiled, bare := t.clientCells()
	if len(profiled) == 0 {
		t.Skipf("needs a key")
		return
	}
	cells := append(append([]clientCell{}, profiled...), bare...)
	envelopes := cellEnvelopes(t.r.opts.Seed, profiled)
	xs := make([]*Exchange, len(cells))
	t.each(len(cells), func(t *T, i int) {
		c := cells[i]
		f := wireForm{client: c.client, origins: true}
		if c.client != 0 {
			// The profiled request carries members a client adds too
			// (clientmembers.go), and a read goes in an envelope
			// (envelopes.go): ignored, they leave the answer as the
			// bare request's.
			f.dress = cellDress(t.r.opts.Seed, fmt.Sprintf("%s %s %d", c.ep.Name, c.role, c.client))
			f.envelope = envelopes[i]
		}
		xs[i] = t.sendAs(c.ep, c.role, c.body, &f)
	})
	for i, c := range cells {
		t.r.observe(c.ep, xs[i])
	}
	bareOf := map[string]*Exchange{}
	for i, c := range bare {
		bareOf[c.ep.Name+" "+c.role] = xs[len(profiled)+i]
	}
	for i, c := range profiled {
		usual := bareOf[c.ep.Name+" "+c.role]
		if usual == nil {
			continue // verify: the rules judge it
		}
		x := xs[i]
		got := t.jsonAnswer(x, "the request "+wireShown(x.Req))
		want, _ := usual.Doc.(map[string]any)
		if got == nil || want == nil || !acceptsJSON(x.Req) && !reflect.DeepEqual(got["code"], want["code"]) {
			// An Accept that refuses JSON may get an error (RFC 9110's
			// 406), in JSON all the same, which the rules judge.
			continue
		}
		gd, wd := withoutTokens(got["data"]), withoutTokens(want["data"])
		if !reflect.DeepEqual(got["code"], want["code"]) || !reflect.DeepEqual(got["error_code"], want["error_code"]) || !reflect.DeepEqual(gd, wd) {
			as := clientProfiles[c.client].name
			if x.Req.Envelope != "" {
				as += " in the envelope of " + x.Req.Envelope
			}
			t.errorfPair(x, usual, "%s with the %s key, sent as %s writes it, gets %s and %s; sent bare, %s: a header, a query string, a body's transport or a body member the contract gives no meaning changed the answer",
				c.ep.Name, c.role, as, codeText(got), clientDiff(gd, wd), codeText(want))
		}
	}
}

// withoutTokens is a listing's data less its next_page_token: a page
// token is opaque and may be issued anew for each request (§C5: KIT),
// so two requests of one page may get two tokens.
func withoutTokens(data any) any {
	m, ok := data.(map[string]any)
	if !ok {
		return data
	}
	if _, has := m["next_page_token"]; !has {
		return data
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		if k != "next_page_token" {
			out[k] = v
		}
	}
	return out
}

// codeText is an answer's code and error_code, for a finding.
func codeText(m map[string]any) string {
	if e, ok := m["error_code"]; ok {
		return fmt.Sprintf("code %v error_code %v", m["code"], e)
	}
	return fmt.Sprintf("code %v", m["code"])
}

// clientDiff names where two answers' data first differ, for a finding.
func clientDiff(got, want any) string {
	if p := firstDiff("data", got, want); p != "" {
		return p
	}
	return "data " + short(jsonOf(got))
}

// firstDiff is the path of the first member where got and want differ,
// with got's value there ("" when they are equal).
func firstDiff(path string, got, want any) string {
	switch g := got.(type) {
	case map[string]any:
		w, ok := want.(map[string]any)
		if !ok {
			break
		}
		for _, k := range memberNames(g, w) {
			if d := firstDiff(path+"."+k, g[k], w[k]); d != "" {
				return d
			}
		}
		return ""
	case []any:
		w, ok := want.([]any)
		if !ok || len(w) != len(g) {
			break
		}
		for i := range g {
			if d := firstDiff(fmt.Sprintf("%s[%d]", path, i), g[i], w[i]); d != "" {
				return d
			}
		}
		return ""
	}
	if reflect.DeepEqual(got, want) {
		return ""
	}
	return fmt.Sprintf("%s %s where bare it is %s", path, short(jsonOf(got)), short(jsonOf(want)))
}

// memberNames are the members of a and b, sorted.
func memberNames(a, b map[string]any) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range []map[string]any{a, b} {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	slices.Sort(out)
	return out
}

// cellEnvelopes are the envelopes (envelopes.go) the profiled reads go
// in, by their index in profiled: turned through the corpus from a
// place the seed picks, so that the reads of a run meet as many
// envelopes as there are reads and every envelope meets every read
// endpoint over seeds. Verify's cells go without one: they must be
// refused, which an envelope would only muddle.
func cellEnvelopes(seed uint64, profiled []clientCell) []int {
	out := make([]int, len(profiled))
	n := len(clientEnvelopes) - 1
	off, k := pick(seed, "client profiles envelopes", n), 0
	for i, c := range profiled {
		if c.ep.Write {
			continue
		}
		out[i] = 1 + (off+k)%n
		k++
	}
	return out
}
