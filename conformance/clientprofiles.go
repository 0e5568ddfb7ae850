package conformance

import (
	"hash/fnv"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// The headers a real client adds. A request seldom comes from curl: a
// browser's fetch sends Origin, Referer, Accept-Language, its own
// User-Agent and an Accept-Encoding that lists br; a phone's webview and
// WeChat's in-app browser name themselves in the User-Agent (WeChat's
// Android webview adds X-Requested-With: com.tencent.mm); jQuery's
// $.ajax sends X-Requested-With: XMLHttpRequest and its own Accept; an
// Android app's okhttp names itself; a JSON-LD library prefers
// application/ld+json; a multi-tenant SDK adds a tenant header; a
// client that wants XML, or a browser that opens the URL, asks for
// another media type. The contract gives none of them a meaning but
// Accept, and Accept only this: the answer is JSON (§1.1, §C1). So an
// answer must be the one the request gets without them: the same
// masking (§C8), the same *_iso (§1.3), the same status names (§3.1),
// the same envelope and Content-Type (§4, §C1), the same record_url
// (§2.1), the same defaults (§8), the same write scope and tenancy
// (§5, §C2: a tenant header naming another organization never widens
// what a key sees). Each request the run sends is written as one of
// these clients writes it, picked by the seed from the request itself
// like the other header forms (wireforms.go), so that every rule over
// every answer judges answers some real client asked for; and
// transport.clientProfiles sends a sample of requests both bare and
// as a client, and compares the answers.

// clientProfile is one real client: the header lines it adds, and the
// Accept and Accept-Encoding it writes in the place of the run's forms
// ("" keeps the form the seed picked).
type clientProfile struct {
	name             string
	accept, encoding string
	lines            []string
	// otherMedia says Accept does not accept JSON: the contract's answer
	// is JSON all the same (§1.1, §C1), which the rules over every
	// answer judge; a target may answer it with an error (RFC 9110
	// §12.5.1's 406) as long as that is JSON in the endpoint's shape.
	otherMedia bool
}

// The placeholders of a profile's lines: the service's own site (the
// registrable domain of its record URLs, so that a console or a page
// of the service's own site is the origin), and the organization a
// tenant header names, which is never the key's own.
const (
	siteDomain  = "{domain}"
	otherTenant = "{other_tenant}"
)

// browserEncoding is what every browser accepts, writes and reads alike:
// the runner reads br as a browser does (readCoded).
const browserEncoding = "gzip, deflate, br"

// clientProfiles are the clients; the first, none, is the runner's
// usual way. Each User-Agent ends with the kit's own product token, so
// that a mock's consumer coverage still knows the call for the kit's.
var clientProfiles = []clientProfile{
	{name: ""},
	{name: "a desktop browser on a console page of the service's site", accept: "application/json, text/plain, */*", encoding: browserEncoding,
		lines: []string{
			"User-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 " + contract.KitUserAgent,
			"Origin: https://console." + siteDomain,
			"Referer: https://console." + siteDomain + "/records?page=1",
			"Accept-Language: en-US,en;q=0.9",
			"Sec-Fetch-Site: same-site", "Sec-Fetch-Mode: cors", "Sec-Fetch-Dest: empty",
		}},
	{name: "Safari on an iPhone", accept: "*/*", encoding: browserEncoding,
		lines: []string{
			"User-Agent: Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1 " + contract.KitUserAgent,
			"Origin: https://m." + siteDomain,
			"Referer: https://m." + siteDomain + "/",
			"Accept-Language: zh-CN,zh-Hans;q=0.9",
		}},
	{name: "WeChat's in-app browser on Android", encoding: "gzip, deflate",
		lines: []string{
			"User-Agent: Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160083 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64 " + contract.KitUserAgent,
			"X-Requested-With: com.tencent.mm",
			"Accept-Language: zh-CN,zh;q=0.9,en-US;q=0.8,en;q=0.7",
		}},
	{name: "jQuery's $.ajax on a page in Taiwan", accept: "application/json, text/javascript, */*; q=0.01", encoding: browserEncoding,
		lines: []string{
			"User-Agent: Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:125.0) Gecko/20100101 Firefox/125.0 " + contract.KitUserAgent,
			"X-Requested-With: XMLHttpRequest",
			"Origin: https://www." + siteDomain,
			"Referer: https://www." + siteDomain + "/verify.html",
			"Accept-Language: zh-TW,zh;q=0.9,en-US;q=0.8,en;q=0.7",
		}},
	{name: "okhttp in an Android app", encoding: "gzip",
		lines: []string{"User-Agent: okhttp/4.12.0 " + contract.KitUserAgent}},
	{name: "a JSON-LD library", accept: "application/ld+json, application/json;q=0.9, */*;q=0.1",
		lines: []string{"User-Agent: jsonld.js " + contract.KitUserAgent, "Accept-Language: en"}},
	{name: "a multi-tenant SDK naming another organization",
		lines: []string{
			"User-Agent: Apache-HttpClient/4.5.14 (Java/17.0.10) " + contract.KitUserAgent,
			"X-Tenant-ID: " + otherTenant, "X-Org-ID: " + otherTenant,
			"Accept-Language: zh-HK,zh;q=0.9",
		}},
	{name: "a client that asks for XML", accept: "application/xml, text/xml;q=0.9", otherMedia: true,
		lines: []string{"User-Agent: Java/17.0.10 " + contract.KitUserAgent}},
	{name: "a browser that opens the URL", accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8",
		encoding: browserEncoding, otherMedia: true,
		lines: []string{
			"User-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0 " + contract.KitUserAgent,
			"Accept-Language: en-GB,en;q=0.9",
			"Upgrade-Insecure-Requests: 1", "Sec-Fetch-Mode: navigate",
		}},
}

// clientSite is what a profile's placeholders are read from: the
// service's site and the organizations the run knows.
type clientSite struct {
	domain string
	// ours is our organization's id, theirs the other organization's
	// (0: not known; a tenant header naming it is then not sent).
	ours, theirs int64
	// orgs are the other names of both (clientmembers.go).
	orgs orgNames
	// run is the run's tag (runTag): the one request_id and
	// idempotency_key every request of the run that carries one sends.
	run string
}

// siteOf reads the service's site from the profile: the domain of its
// record URLs (the host less its first label, when it has three or
// more), and our organization from the values it holds.
func siteOf(p *profile.Profile) clientSite {
	s := clientSite{domain: "rtq.invalid"}
	for _, rec := range p.Records {
		if u, err := url.Parse(rec.URL); err == nil && u.Hostname() != "" {
			host := u.Hostname()
			if labels := strings.Split(host, "."); len(labels) >= 3 {
				host = strings.Join(labels[1:], ".")
			}
			s.domain = host
			break
		}
	}
	if p.Held != nil {
		for _, r := range p.Held.Records {
			if r.OrgID != nil {
				s.ours = *r.OrgID
				break
			}
		}
	}
	s.orgs = oursNamed(p)
	return s
}

// clientLines are profile i's header lines for a request with the key
// role, its placeholders read from s.
func clientLines(i int, role string, s clientSite) []string {
	if i <= 0 || i >= len(clientProfiles) {
		return nil
	}
	tenant := s.theirs
	if role == profile.RoleOtherOrg {
		tenant = s.ours
	}
	var out []string
	for _, l := range clientProfiles[i].lines {
		if strings.Contains(l, otherTenant) {
			if tenant == 0 {
				continue
			}
			l = strings.ReplaceAll(l, otherTenant, strconv.FormatInt(tenant, 10))
		}
		out = append(out, strings.ReplaceAll(l, siteDomain, s.domain))
	}
	return out
}

// tenantHeader is one more header a multi-tenant client names the
// other organization in, drawn by gen from the space of tenancy names
// (clientmembers.go) in the styles of header names (X-Corp-Id,
// X-TENANT-CODE, Organization-Id, ...); where the run does not know the
// other organization, the id after ours, as a member names it.
func tenantHeader(gen uint64, role string, s clientSite) []string {
	tenant := s.theirs
	if role == profile.RoleOtherOrg {
		tenant = s.ours
	}
	if tenant == 0 {
		tenant = s.ours + 1 // as a member names it (memberValue)
	}
	stem := tenancyStems[gen>>44%uint64(len(tenancyStems))]
	suffix := tenancySuffixes[gen>>50%uint64(len(tenancySuffixes))]
	title := func(w string) string {
		if w == "" {
			return ""
		}
		return "-" + strings.ToUpper(w[:1]) + w[1:]
	}
	name := "X" + title(stem) + title(suffix)
	switch gen >> 54 % 3 {
	case 0:
		name = strings.ToUpper(name)
	case 1:
		name = strings.TrimPrefix(name, "X-")
	}
	return []string{name + ": " + strconv.FormatInt(tenant, 10)}
}

// clientOfWrite is the client a write goes as (writeDraw).
func clientOfWrite(seed uint64, r Request, body string) int {
	return int((writeDraw(seed, "", r, body) >> 17) % uint64(len(clientProfiles)))
}

// writeDraw is the seed's draw for one dressing (salt names it: the
// client, "members ", "envelope ") of a write: picked from the
// credential the write names and the status it says the credential is
// in alone, so that moves of one credential from one status sent side by
// side, of which the target lets one win, are all dressed alike: which
// one won does not change what the rules see.
func writeDraw(seed uint64, salt string, r Request, body string) uint64 {
	doc, _ := decodeBody([]byte(body))
	m, _ := doc.(map[string]any)
	code, _ := m["certificate_code"].(string)
	from, _ := m["from_certificate_status"].(string)
	h := fnv.New64a()
	h.Write([]byte(salt + r.Path + " " + code + " " + from))
	return (h.Sum64() ^ seed) * 0x9E3779B97F4A7C15
}

// writePath says whether path is a write endpoint's.
func writePath(path string) bool {
	for _, ep := range contract.Endpoints {
		if ep.Path() == path {
			return ep.Write
		}
	}
	return false
}

// applyClient writes profile i into r: its lines, its Accept and its
// Accept-Encoding.
func applyClient(f wireForm, r *Request, s clientSite) {
	i := f.client
	if i <= 0 || i >= len(clientProfiles) {
		return
	}
	p := clientProfiles[i]
	r.Client, r.ClientHeaders = p.name, clientLines(i, r.Key, s)
	if f.gen != 0 && slices.ContainsFunc(p.lines, func(l string) bool { return strings.Contains(l, otherTenant) }) {
		r.ClientHeaders = append(r.ClientHeaders, tenantHeader(f.gen, r.Key, s)...)
	}
	if writePath(r.Path) && !f.origins {
		// A service may refuse a write from a browser's origin (a
		// defence against cross-site requests, as the mock's, see
		// docs/security.md), and the answers of writes are compared
		// with each other: a write goes without Origin, as a native
		// client's, the rest of the profile kept. Only
		// transport.clientProfiles sends writes with it, where any
		// refusal is an answer.
		r.ClientHeaders = withoutOrigin(r.ClientHeaders)
	}
	if p.accept != "" {
		r.Accept = p.accept
	}
	if p.encoding != "" {
		r.AcceptEncoding = p.encoding
	}
}

// withoutOrigin is lines less Origin and Sec-Fetch-Site.
func withoutOrigin(lines []string) []string {
	var out []string
	for _, l := range lines {
		name, _, _ := strings.Cut(l, ":")
		if !strings.EqualFold(name, "Origin") && !strings.EqualFold(name, "Sec-Fetch-Site") {
			out = append(out, l)
		}
	}
	return out
}

// acceptsJSON says whether a request's Accept lets the answer be JSON
// (no Accept, or one that lists application/json or a range holding it
// with a weight above 0, mediaAccepted); a client profile's own Accept
// is read as the profile says.
func acceptsJSON(r Request) bool {
	for _, p := range clientProfiles {
		if p.name != "" && p.name == r.Client && p.accept == r.Accept {
			return !p.otherMedia
		}
	}
	return mediaAccepted(r.Accept, "application", "json")
}
