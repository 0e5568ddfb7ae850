package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/rtq-kit/rtq/conformance/rules"
	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// The members real clients add to a body. A request seldom carries only
// the members of §4: a multi-tenant SDK adds the organization or the
// project it was configured with, a browser SDK the page's language and
// the time zone Intl gives, a gateway client a request id, a trace id,
// a nonce, a timestamp and a signature, a mobile SDK its version and
// platform, a WeChat mini-program its appid, a console the sort and the
// "contains" toggle of its table, its export button download, a
// scanner app the operator's remark and an idempotency key. The
// contract names none of them: they are ignored (§C1, "Unknown request
// members", a KIT row: forward compatibility), so a service may refuse
// one (a parameter error in the endpoint's shape: 100301, or 400 where
// the shape has no error_code) or serve the request as if it were not
// there, and nothing else. The runner writes each request it sends as
// such a client writes it: the seed picks, from the request itself, a
// few members of different families (none of the endpoint's own, none
// the body already has) and a value of each, often the one that would
// change the answer if a service read it (the other organization's id,
// another time zone, false for a masking flag, a reversed order, one
// request_id and one idempotency_key for every request of the run, a
// page_token of another listing). Every answer is then judged by every
// rule over answers exactly as the bare request's would be, against the
// same profile; a request refused as a parameter error whose bare body
// is good input is asked again bare (client.quietAs), so that a strict
// service is judged on what it serves. transport.clientProfiles sends
// its profiled reads dressed too, and compares them with the bare ones:
// an ignored member leaves the answer as it is. --plain-requests sends
// every body bare.

// memberFamily is one family of members real clients add: each member
// with the values a client sends.
type memberFamily struct {
	name    string
	members []clientMember
}

// clientMember is one member and its values. A value that is one of the
// placeholders below is filled in per request (memberValue).
type clientMember struct {
	name   string
	values []any
}

// The placeholders of member values.
const (
	// otherOrgValue is an organization that is not the key's: ours for
	// the other organization's key, another for ours.
	otherOrgValue = "{other_org}"
	// otherOrgText is that organization's id as a string, or its code.
	otherOrgText = "{other_org_text}"
	// runRequestID and runIdempotency are one value for every request
	// of the run: a service that keys answers by them alone answers one
	// request with another's answer.
	runRequestID   = "{run_request_id}"
	runIdempotency = "{run_idempotency_key}"
	// runNonce is a value of the request's own.
	runNonce = "{nonce}"
)

// otherToken is a page token of another listing: the offset encoding a
// cursor helper writes (base64 of {"offset":10}).
const otherToken = "eyJvZmZzZXQiOjEwfQ"

// writesFamily names the family of members clients add to writes,
// tenancyFamily the one that names an organization.
const (
	writesFamily  = "writes"
	tenancyFamily = "tenancy"
)

// The names of the members that name an organization are a space, not
// a list: an integration reads the tenant under its own platform's word
// (a WeCom or DingTalk corp_id, a SaaS tenant_code, a marketplace's
// merchant_id, a workspace's, a team's, an enterprise's) in its own
// style. Beside the members of the families a read's dress draws go one
// or two more that name an organization, drawn apart (so that the rest
// of the dress is as it was): half of them a common one (corp_id,
// org_id, tenant_id, company_id, organization_id, corpId, tenantId,
// orgId), the rest a name made of a stem and a suffix (tenancyStems,
// tenancySuffixes) in snake_case, camelCase, kebab-case or written
// together; the value is the other organization's id, as a number or a
// string. §C1 ignores them all, and C2.tenancy judges every answer.
var (
	tenancyStems = []string{"org", "organization", "organisation", "tenant", "company", "corp", "corporation", "enterprise",
		"workspace", "team", "account", "merchant", "group", "customer", "biz", "partner", "owner", "domain", "site", "realm"}
	tenancySuffixes = []string{"id", "code", "key", "no", "uid", "ref", ""}
)

// tenancyMember draws a member that names the other organization: by
// its id, as a number or a string, or by its code (memberValue).
func tenancyMember(g *rand.Rand) (string, any) {
	stem, suffix := tenancyStems[g.IntN(len(tenancyStems))], tenancySuffixes[g.IntN(len(tenancySuffixes))]
	if g.IntN(2) == 0 {
		common := []string{"corp_id", "org_id", "tenant_id", "company_id", "organization_id", "corpId", "tenantId", "orgId"}
		stem, suffix = common[g.IntN(len(common))], ""
	}
	name := stem
	if suffix != "" {
		switch g.IntN(4) {
		case 0:
			name = stem + strings.ToUpper(suffix[:1]) + suffix[1:]
		case 1:
			name = stem + "-" + suffix
		case 2:
			name = stem + suffix
		default:
			name = stem + "_" + suffix
		}
	}
	v := any(otherOrgValue)
	if g.IntN(2) == 0 {
		v = otherOrgText
	}
	return name, v
}

// memberFamilies is the corpus.
var memberFamilies = []memberFamily{
	{tenancyFamily, []clientMember{
		{"org_id", []any{otherOrgValue}},
		{"tenant_id", []any{otherOrgValue, "default"}},
		{"organization_id", []any{otherOrgValue}},
		{"company_id", []any{otherOrgValue}},
		{"project_id", []any{json.Number("1"), "default"}},
		{"workspace_id", []any{"ws_01"}},
		{"appid", []any{"wx8d2f1c3b6a9e4f70"}},
		{"app_id", []any{"cli_a1b2c3d4e5", json.Number("10001")}},
	}},
	{"locale", []clientMember{
		{"lang", []any{"en", "en-US", "zh-TW", "ja"}},
		{"locale", []any{"en_US", "zh_TW"}},
		{"language", []any{"en", "english"}},
		{"timezone", []any{"UTC", "America/New_York", "Asia/Tokyo"}},
		{"tz", []any{"UTC", "+00:00", "-05:00"}},
	}},
	{"tracing", []clientMember{
		{"request_id", []any{runRequestID}},
		{"trace_id", []any{runNonce}},
		{"nonce", []any{runNonce}},
		{"timestamp", []any{json.Number("1767225600"), "1767225600000"}},
		{"sign", []any{"9e107d9d372bb6826bd81d3542a419d6"}},
		{"version", []any{"v1", "1.0", json.Number("1")}},
		{"api_version", []any{"v1", "2019-01-01"}},
		{"sdk_version", []any{"3.2.1", "js-1.4.0"}},
		{"platform", []any{"ios", "android", "web", "miniprogram"}},
		{"device_id", []any{"A1B2C3D4-E5F6-7890-ABCD-EF1234567890"}},
		{"channel", []any{"wechat", "h5"}},
		{"source", []any{"console", "app"}},
	}},
	{"presentation", []clientMember{
		{"download", []any{true}},
		{"pretty", []any{true}},
		{"fields", []any{"id,title", []any{"id"}}},
		{"include", []any{"all", "raw"}},
		{"expand", []any{"fields", true}},
		{"desensitize", []any{false}},
		{"mask", []any{false}},
		{"raw", []any{true}},
		{"detail", []any{true, "full"}},
		{"verbose", []any{true}},
	}},
	{"paging", []clientMember{
		{"sort", []any{"-id", "created_at desc"}},
		{"sort_by", []any{"created_at"}},
		{"order", []any{"desc", "DESC"}},
		{"order_by", []any{"id desc", "created_at"}},
		{"direction", []any{"desc"}},
		{"page", []any{json.Number("2")}},
		{"page_no", []any{json.Number("2")}},
		{"limit", []any{json.Number("1"), json.Number("500")}},
		{"offset", []any{json.Number("1")}},
		{"cursor", []any{otherToken}},
		{"page_token", []any{otherToken}},
	}},
	{"filtering", []clientMember{
		{"exact", []any{false}},
		{"fuzzy", []any{true}},
		{"match", []any{"prefix", "contains"}},
		{"keyword", []any{"zzz-rtq"}},
		{"q", []any{"zzz-rtq"}},
		{"status", []any{json.Number("1"), "disabled"}},
		{"type", []any{json.Number("3")}},
	}},
	{writesFamily, []clientMember{
		{"remark", []any{"前台扫码核销", "checked at gate 2"}},
		{"comment", []any{"ok"}},
		{"reason", []any{"customer request"}},
		{"operator", []any{"前台-王", "admin"}},
		{"idempotency_key", []any{runIdempotency}},
		{"dry_run", []any{true, false}},
		{"callback_url", []any{"https://hooks.rtq.invalid/verify"}},
	}},
}

// dressMember is one member as added to a body.
type dressMember struct {
	name  string
	value any
}

// dressOf is the members a request to path gets under dress d (0: none):
// members of two to four families, one or two of each, none the
// endpoint's own (its request schema) nor in body already. The members
// of writes go to writes only, and every dressed write carries one.
func dressOf(d uint64, path string, body map[string]any) []dressMember {
	if d == 0 || d%4 == 0 {
		return nil // a quarter of the requests go bare
	}
	own := endpointMembers(path)
	if !strictlyTyped(own, body) || faulty(path, body) {
		return nil
	}
	write := writePath(path)
	r := rand.New(rand.NewPCG(d, 0x6d656d62657273))
	fams := r.Perm(len(memberFamilies))
	if write {
		// The writes' family first.
		i := slices.IndexFunc(fams, func(f int) bool { return memberFamilies[f].name == writesFamily })
		fams[0], fams[i] = fams[i], fams[0]
	}
	k := 2 + int(d/4%3)
	// g draws the names of tenancy members apart from r, so that the
	// rest of the dress is the same whatever names it draws.
	g := rand.New(rand.NewPCG(d, 0x74656e616e6379))
	var out []dressMember
	for _, fi := range fams {
		f := memberFamilies[fi]
		if len(out) >= k || f.name == writesFamily && !write {
			continue
		}
		for _, mi := range r.Perm(len(f.members))[:1+r.IntN(2)] {
			m := f.members[mi]
			v := m.values[r.IntN(len(m.values))]
			if _, named := own[m.name]; named {
				continue
			}
			if _, has := body[m.name]; has {
				continue
			}
			out = append(out, dressMember{m.name, v})
		}
	}
	for n := 1 + g.IntN(2); !write && n > 0; n-- {
		name, v := tenancyMember(g)
		_, named := own[name]
		_, has := body[name]
		if !named && !has && !slices.ContainsFunc(out, func(o dressMember) bool { return o.name == name }) {
			out = append(out, dressMember{name, v})
		}
	}
	if m, ok := frameworkMember(d, own, body, out); ok {
		out = append(out, m)
	}
	if n := ownNull(path, body, d); n != "" && !write {
		out = append(out, dressMember{n, nil})
	}
	return out
}

// ownNull is a member of the endpoint's own that body lacks and needs
// not, which a third of the dressed reads carry written null, as a
// TypeScript SDK sends every member of its request type ("": none): a
// member that is null counts as absent (§C1), so the answer is the one
// without it, or a refusal. Writes never carry one: a move's optional
// member changes what it moves.
func ownNull(path string, body map[string]any, d uint64) string {
	if d>>40%3 != 0 {
		return ""
	}
	all, _ := rules.RequestSchemas()
	var s rules.RequestSchema
	for _, ep := range contract.Endpoints {
		if ep.Path() == path {
			s = all[ep.Name]
		}
	}
	needed := map[string]bool{}
	for _, n := range s.Required {
		needed[n] = true
	}
	for _, a := range s.AnyOf {
		for _, n := range a.Required {
			needed[n] = true
		}
	}
	var names []string
	for n := range s.Properties {
		if _, has := body[n]; !has && !needed[n] {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return ""
	}
	slices.Sort(names)
	return names[int(d>>44%uint64(len(names)))]
}

// endpointMembers are the members of path's request schema, by name.
func endpointMembers(path string) map[string]rules.Property {
	all, _ := rules.RequestSchemas()
	for _, ep := range contract.Endpoints {
		if ep.Path() == path {
			return all[ep.Name].Properties
		}
	}
	return nil
}

// faulty says whether body is bad input for the endpoint at path
// (rules.Faults): its answer is an error whatever members it carries,
// and a refusal of them would hide which error it is (the code of
// verify's parameter errors is the specification's, §7).
func faulty(path string, body map[string]any) bool {
	for _, ep := range contract.Endpoints {
		if ep.Path() == path {
			return len(rules.Faults(ep, marshal(body))) > 0
		}
	}
	return false
}

// strictlyTyped says whether every member of body that the endpoint
// names has the JSON type its schema gives (a whole number where an
// integer goes, a string where a string goes). A body whose answer may
// be a refusal for a value a service reads leniently or not (a digit
// string, §C1) goes bare: a refusal of it would not tell whether the
// members a client adds were refused, and asking again would double it.
func strictlyTyped(own map[string]rules.Property, body map[string]any) bool {
	for n, v := range body {
		p, named := own[n]
		if !named || v == nil {
			continue
		}
		switch p.Type {
		case "integer":
			num, isNum := v.(json.Number)
			if _, err := num.Int64(); !isNum || err != nil {
				return false
			}
		case "string":
			if _, isStr := v.(string); !isStr {
				return false
			}
		}
	}
	return true
}

// memberValue fills in v's placeholder for a request with the key role.
func memberValue(v any, role string, s clientSite, nonce uint64) any {
	str, ok := v.(string)
	if !ok {
		return v
	}
	switch str {
	case otherOrgValue, otherOrgText:
		other, code := s.theirs, s.orgs.theirCode
		if role == profile.RoleOtherOrg {
			other, code = s.ours, s.orgs.ourCode
		}
		if other == 0 {
			other = s.ours + 1 // not learnt (learnTheirs): the id after ours
		}
		if str == otherOrgText {
			if code != "" && nonce&1 == 1 {
				return code // half the time by its code, as a WeCom corp_id
			}
			return strconv.FormatInt(other, 10)
		}
		return json.Number(strconv.FormatInt(other, 10))
	case runRequestID:
		return "req-" + s.run
	case runIdempotency:
		return "idem-" + s.run
	case runNonce:
		return fmt.Sprintf("%016x", nonce)
	}
	return v
}

// dressBody writes members into body, a JSON object as text, after its
// opening brace: the rest of the body stays byte for byte as it was.
// It returns body as it was when it is no JSON object.
func dressBody(body string, members []dressMember, role string, s clientSite, nonce uint64) (string, []string) {
	t := strings.TrimLeft(body, " \t\r\n")
	if len(members) == 0 || !strings.HasPrefix(t, "{") || !utf8.ValidString(body) {
		return body, nil
	}
	doc, err := decodeBody([]byte(body))
	if _, isObj := doc.(map[string]any); err != nil || !isObj {
		return body, nil
	}
	var b strings.Builder
	var names []string
	for _, m := range members {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if enc.Encode(memberValue(m.value, role, s, nonce)) != nil {
			continue
		}
		name, _ := json.Marshal(m.name)
		b.Write(name)
		b.WriteByte(':')
		b.Write(bytes.TrimSpace(buf.Bytes()))
		b.WriteByte(',')
		names = append(names, m.name)
	}
	inner := strings.TrimSpace(t[1:])
	added := b.String()
	if strings.HasPrefix(inner, "}") {
		added = strings.TrimSuffix(added, ",")
	}
	return body[:len(body)-len(t)] + "{" + added + t[1:], names
}

// dressOfWrite is the dress a write gets (writeDraw): moves of one
// credential sent side by side carry the same members.
func dressOfWrite(seed uint64, r Request, body string) uint64 {
	return writeDraw(seed, "members ", r, body)
}

// paramRefusal says whether an answer is a parameter error in the
// endpoint's shape (100301, or code 400 where the shape has no
// error_code): what a service that refuses unknown members answers.
func paramRefusal(x *Exchange) bool {
	obj, _ := x.Doc.(map[string]any)
	if x.Err != nil || obj == nil {
		return false
	}
	code, ok := intOf(obj["code"])
	if !ok || code == 0 {
		return false
	}
	if e, has := obj["error_code"]; has {
		ec, _ := intOf(e)
		return ec == 100301
	}
	return code == 400
}

// runTag is the run's own tag for its shared request_id and
// idempotency_key, from the seed.
func runTag(seed uint64) string {
	return fmt.Sprintf("%012x", (seed*0x9E3779B97F4A7C15)>>16)
}

// cellDress is a dress that adds members (never 0 nor a bare quarter),
// picked by the seed from id.
func cellDress(seed uint64, id string) uint64 {
	h := fnv.New64a()
	h.Write([]byte("members " + id))
	return ((h.Sum64()^seed)*0x9E3779B97F4A7C15)&^3 | 1
}

// Every place a request can name an organization. Beside its members
// (tenancyMember) and the multi-tenant client's headers
// (clientprofiles.go), a browser names a host: a console or a tenant's
// own page served under the organization's subdomain (its code, its id,
// the host of its record URLs), or a page whose path or query names it,
// and a service that takes the tenant from Origin or Referer lets a key
// act in another organization. So a quarter of the reads with a key
// carry an Origin and a Referer that name the other organization (ours,
// for the other organization's key), on the service's own site (a
// policy against other sites has no reason to refuse them); they take
// the place of the client profile's. Writes carry none (a service may
// refuse a write from a browser's origin, applyClient). §C2 gives a key
// its own organization whatever a request names, and C2.tenancy judges
// every answer. The other organization's id, code and host are read
// once, before the checks, off its own record read with its key
// (learnTheirs).

// orgNames are the names the run knows of our organization and of the
// other one, besides the ids of clientSite: their codes (org.code) and
// the hosts of their record URLs ("" where not known).
type orgNames struct {
	ourCode, ourHost     string
	theirCode, theirHost string
}

// oursNamed reads our organization's code and host off the profile.
func oursNamed(p *profile.Profile) orgNames {
	var n orgNames
	for _, rec := range p.Records {
		if u, err := url.Parse(rec.URL); err == nil && u.Hostname() != "" {
			n.ourHost = u.Hostname()
			break
		}
	}
	if p.Held != nil {
		for _, r := range p.Held.Records {
			if r.Org != nil && r.Org.Code != "" {
				n.ourCode = r.Org.Code
				break
			}
		}
	}
	return n
}

// learnTheirs reads the other organization's id, code and record host
// off one of its records (the profile's foreign record ids), read with
// its own key, plainly: one request a run, before the checks, so that
// every request names the same organization at any concurrency. Where
// the profile gives no such key or record, the names stay unknown.
func (r *runner) learnTheirs(ctx context.Context) {
	key := r.keys.OtherOrg
	if key == "" || len(r.prof.Foreign.RecordIDs) == 0 {
		return
	}
	x := r.client.quietAs(ctx, contract.GetRecord, profile.RoleOtherOrg, key,
		map[string]any{"record_id": r.prof.Foreign.RecordIDs[0]}, &wireForm{})
	if x.Err == nil {
		r.observe(contract.GetRecord, x) // an answer of the service like any other: the rules judge it
	}
	obj, _ := x.Doc.(map[string]any)
	data, _ := obj["data"].(map[string]any)
	rec, _ := data["data"].(map[string]any)
	org, _ := rec["org"].(map[string]any)
	if c, _ := intOf(obj["code"]); x.Err != nil || c != 0 || org == nil {
		return
	}
	s := &r.client.site
	if id, ok := intOf(org["id"]); ok && id != s.ours {
		s.theirs = id
	}
	if code, _ := org["code"].(string); code != "" && code != s.orgs.ourCode {
		s.orgs.theirCode = code
	}
	if u, _ := rec["record_url"].(string); u != "" {
		if pu, err := url.Parse(u); err == nil && pu.Hostname() != "" && pu.Hostname() != s.orgs.ourHost {
			s.orgs.theirHost = pu.Hostname()
		}
	}
}

// tenancyLines are the Origin and Referer a read with the key role
// carries under draw gen, naming the organization that is not the
// key's (nil: none, three reads in four, and every write and keyless
// request).
func tenancyLines(gen uint64, path, role string, s clientSite) []string {
	d := (gen ^ 0x6f726967696e) * 0x9E3779B97F4A7C15
	if gen == 0 || d>>62 != 0 || writePath(path) {
		return nil
	}
	id, code, host := s.theirs, s.orgs.theirCode, s.orgs.theirHost
	switch role {
	case profile.RoleOtherOrg:
		id, code, host = s.ours, s.orgs.ourCode, s.orgs.ourHost
	case profile.RoleRead, profile.RoleWrite, profile.RoleLimited:
	default:
		return nil
	}
	type named struct{ origin, referer string }
	var forms []named
	if host != "" {
		forms = append(forms, named{host, host + "/"})
	}
	if code != "" {
		forms = append(forms, named{code + "." + s.domain, code + "." + s.domain + "/records"},
			named{"console." + s.domain, "console." + s.domain + "/org/" + code + "/records"},
			named{"www." + s.domain, "www." + s.domain + "/verify.html?tenant=" + url.QueryEscape(code)})
	}
	if id != 0 {
		ids := strconv.FormatInt(id, 10)
		forms = append(forms, named{ids + "." + s.domain, ids + "." + s.domain + "/"},
			named{"console." + s.domain, "console." + s.domain + "/records?org_id=" + ids})
	}
	if len(forms) == 0 {
		return nil
	}
	f := forms[d>>8%uint64(len(forms))]
	return []string{"Origin: https://" + f.origin, "Referer: https://" + f.referer}
}
