package conformance

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/profile"
)

// The envelope around a request, as real clients write it. Past the
// headers a client profile adds (clientprofiles.go), every library and
// platform writes its own envelope by default: python-requests, curl,
// Go's net/http, axios, okhttp and Dart name themselves in the
// User-Agent; a browser's fetch from a partner's page is marked
// Sec-Fetch-Site: cross-site, one from a file:// page or a sandboxed
// frame carries Origin: null, a console's carries its session, its
// organization and its language in cookies; a mini-program's request
// names its page in the Referer; an instrumented service adds
// traceparent, a gateway X-Request-Id, a CDN its own lines; an app its
// version, its device, its time zone and its locale; an HTTP cache
// revalidates with If-Modified-Since; .NET asks Expect: 100-continue
// before the body; Google's clients behind a proxy that strips GET
// bodies send X-HTTP-Method-Override; Spring's RestTemplate accepts
// application/*+json, an agent text/markdown, an old Windows client
// GBK first, today's Chrome zstd; Chrome's data saver adds Save-Data;
// interceptors tack a cache buster, a language or a JSONP callback onto
// the query; and the body travels as the client's library sends it:
// form-urlencoded (curl -d, jQuery's $.post), text/plain (fetch with a
// string body), none at all (python-requests' data=), a +json type
// (Swagger UI of ASP.NET), gzip-compressed (OkHttp's and HttpClient's
// request compression).
//
// The contract gives none of them a meaning but Accept (the answer is
// JSON all the same, §1.1, §C1): an answer depends on the path, the key
// and the body (§1.1, §5), so a dressed request gets the answer the
// plain one gets, judged by every rule over answers against the same
// profile (the same masking, *_iso, status names, record_url, defaults,
// tenancy, types, Content-Type and charset, never a coding it did not
// ask for, never an answer without a body). Where the contract lets a
// service refuse what the envelope carries (the request Content-Type is
// KIT, §C1; a compressed body, Expect, a method override and a query
// string are nothing §1.1 asks a service to read), a refusal in the
// endpoint's error shape is an answer too, and the request is then asked
// again plain (client.undressed), so that a strict service is judged on
// what it serves. Each request the run sends goes in one envelope
// picked by the seed from the request itself, like its other forms
// (wireforms.go); transport.clientProfiles sends its dressed reads in
// them too, and compares them with the bare ones.

// clientEnvelope is one envelope of the corpus: the header lines it
// adds (placeholders as a client profile's, and {session}), the Accept
// and Accept-Encoding it writes ("" keeps the form the seed picked), a
// query string tacked onto the path, the Content-Type the body goes
// with ("" keeps it, "-" none) and whether it is compressed.
type clientEnvelope struct {
	name             string
	lines            []string
	accept, encoding string
	query            string
	contentType      string
	gzipBody         bool
	// refusable says the contract lets a service refuse the envelope
	// (a parameter error, or 406, 412, 415 or 417, in the endpoint's
	// error shape): the request is then asked again plain.
	refusable bool
}

// Browsers' User-Agents, each with the kit's product token at its end,
// as every User-Agent the runner sends (clientprofiles.go).
const (
	chromeUA  = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 " + contract.KitUserAgent
	androidUA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 " + contract.KitUserAgent
	firefoxUA = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0 " + contract.KitUserAgent
	// chromeEncoding is what Chrome accepts since version 123; the
	// runner reads each of them as Chrome does (encodings.go).
	chromeEncoding = "gzip, deflate, br, zstd"
	// cacheBuster is the time an interceptor writes into a query, one
	// for every run, so that the same seed sends the same requests.
	cacheBuster = "1767225600000"
)

// clientEnvelopes is the corpus; the first, none, is the runner's usual
// way.
var clientEnvelopes = []clientEnvelope{
	{name: ""},
	// Client families, each as its library writes a request by default.
	{name: "python-requests", accept: "*/*", encoding: "gzip, deflate",
		lines: []string{"User-Agent: python-requests/2.32.3 " + contract.KitUserAgent, "Connection: keep-alive"}},
	{name: "python-requests with data= (no Content-Type)", accept: "*/*", encoding: "gzip, deflate", contentType: "-", refusable: true,
		lines: []string{"User-Agent: python-requests/2.32.3 " + contract.KitUserAgent}},
	{name: "curl", accept: "*/*",
		lines: []string{"User-Agent: curl/8.7.1 " + contract.KitUserAgent}},
	{name: "curl -d (form-urlencoded)", accept: "*/*", contentType: "application/x-www-form-urlencoded", refusable: true,
		lines: []string{"User-Agent: curl/8.7.1 " + contract.KitUserAgent}},
	{name: "Go's net/http", encoding: "gzip",
		lines: []string{"User-Agent: Go-http-client/1.1 " + contract.KitUserAgent}},
	{name: "axios", accept: "application/json, text/plain, */*",
		lines: []string{"User-Agent: axios/1.7.9 " + contract.KitUserAgent}},
	{name: "okhttp compressing its request body", encoding: "gzip", gzipBody: true, refusable: true,
		lines: []string{"User-Agent: okhttp/4.12.0 " + contract.KitUserAgent}},
	{name: "a Flutter app (Dart)", encoding: "gzip",
		lines: []string{"User-Agent: Dart/3.5 (dart:io) " + contract.KitUserAgent, "X-App-Version: 2.4.0", "X-Platform: android",
			"X-Timezone: America/Los_Angeles", "Accept-Language: en-US"}},
	{name: "an iOS app", accept: "application/json",
		lines: []string{"User-Agent: RecordApp/3.1.0 (iPhone; iOS 17.5; Scale/3.00) " + contract.KitUserAgent, "X-App-Version: 3.1.0",
			"X-Device-Id: 6F9619FF-8B86-D011-B42D-00C04FC964FF", "X-Platform: ios", "Time-Zone: Asia/Tokyo", "X-Locale: ja_JP",
			"Accept-Language: ja-JP;q=1, en-JP;q=0.9"}},
	{name: ".NET Framework's HttpWebRequest (Expect: 100-continue)", refusable: true,
		lines: []string{"Expect: 100-continue", "User-Agent: " + contract.KitUserAgent + " (.NET Framework 4.8)"}},
	{name: "Spring's RestTemplate", accept: "application/json, application/*+json",
		lines: []string{"User-Agent: Java/17.0.10 " + contract.KitUserAgent}},
	{name: "a Google API client behind a proxy (X-HTTP-Method-Override)", refusable: true,
		lines: []string{"X-HTTP-Method-Override: GET", "User-Agent: google-api-go-client/0.5 " + contract.KitUserAgent}},
	{name: "Swagger UI of ASP.NET (application/json-patch+json)", accept: "*/*", contentType: "application/json-patch+json", refusable: true,
		lines: []string{"User-Agent: " + chromeUA, "Referer: https://api.{domain}/swagger/index.html"}},
	{name: "fetch with a string body (text/plain)", contentType: "text/plain;charset=UTF-8", refusable: true, encoding: chromeEncoding,
		lines: []string{"User-Agent: " + chromeUA, "Sec-Fetch-Site: same-site", "Sec-Fetch-Mode: cors"}},
	{name: "a JSON:API client (application/vnd.api+json)", accept: "application/vnd.api+json, application/json", contentType: "application/vnd.api+json", refusable: true,
		lines: []string{"User-Agent: " + firefoxUA}},
	// Browsers.
	{name: "fetch from a partner's page (cross-site)", encoding: chromeEncoding,
		lines: []string{"User-Agent: " + chromeUA, "Origin: https://partner.rtq.invalid", "Referer: https://partner.rtq.invalid/",
			"Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: cors", "Sec-Fetch-Dest: empty",
			`sec-ch-ua: "Chromium";v="131", "Not_A Brand";v="24"`, "sec-ch-ua-mobile: ?0", `sec-ch-ua-platform: "Windows"`}},
	{name: "fetch from a file:// page or a sandboxed frame (Origin: null)", accept: "*/*",
		lines: []string{"User-Agent: " + firefoxUA, "Origin: null", "Sec-Fetch-Site: cross-site", "Sec-Fetch-Mode: cors"}},
	{name: "the console's fetch with its cookies", encoding: chromeEncoding, accept: "application/json, text/plain, */*",
		lines: []string{"User-Agent: " + chromeUA, "Origin: https://console.{domain}", "Referer: https://console.{domain}/forms",
			"Cookie: {session}; current_org={other_tenant}; lang=en", "Sec-Fetch-Site: same-site", "Sec-Fetch-Mode: cors",
			"X-Timezone: Europe/Berlin", "Accept-Language: de-DE,de;q=0.9,en;q=0.8"}},
	{name: "jQuery's XHR with a session cookie", accept: "application/json, text/javascript, */*; q=0.01",
		lines: []string{"User-Agent: " + firefoxUA, "X-Requested-With: XMLHttpRequest", "Cookie: JSESSIONID=8A1F6C2D0E4B7A39C5D2E1F0A9B8C7D6; lang=en-US",
			"Referer: https://www.{domain}/verify.html", "Pragma: no-cache", "Cache-Control: no-cache"}},
	{name: "Chrome on Android with the data saver", encoding: chromeEncoding,
		lines: []string{"User-Agent: " + androidUA, "Save-Data: on", "ECT: 3g", "Downlink: 1.45", "Sec-Fetch-Site: same-site"}},
	{name: "a WeChat mini-program", accept: "*/*", encoding: "gzip, deflate",
		lines: []string{"User-Agent: Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323d) NetType/WIFI Language/zh_CN miniProgram/wx8d2f1c3b6a9e4f70 " + contract.KitUserAgent,
			"Referer: https://servicewechat.com/wx8d2f1c3b6a9e4f70/27/page-frame.html"}},
	{name: "an Alipay mini-program", accept: "*/*",
		lines: []string{"User-Agent: Mozilla/5.0 (Linux; U; Android 13; zh-CN; V2227A Build/TP1A.220624.014) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/69.0.3497.100 UWS/3.22.2.59 Mobile Safari/537.36 AlipayClient/10.6.10.8000 Language/zh-Hans " + contract.KitUserAgent,
			"Referer: https://2021004123456789.hybrid.alipay-eco.com/2021004123456789/0.2.2412031200.12/index.html#pages/record/index"}},
	// What sits between a client and the service.
	{name: "an instrumented service behind a gateway (traceparent)",
		lines: []string{"traceparent: 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "tracestate: rojo=00f067aa0ba902b7",
			"X-Request-Id: 7d1f0b4e-5a8c-4e4b-9c1a-3f2e6d5c4b3a", "X-Correlation-ID: 7d1f0b4e", "Forwarded: for=10.1.2.3;proto=https"}},
	{name: "a CDN in front", encoding: "gzip",
		lines: []string{"CDN-Loop: cloudflare", "CF-Ray: 8f2a1b3c4d5e6f70-FRA", "CF-IPCountry: US", "CF-Visitor: {\"scheme\":\"https\"}",
			"X-Forwarded-Proto: https", "Via: 1.1 varnish"}},
	{name: revalidating,
		lines: []string{"If-Modified-Since: Thu, 01 Jan 2026 00:00:00 GMT", `If-None-Match: W/"rtq-0"`, "Cache-Control: max-age=0"}},
	// Negotiation.
	{name: "an old Windows client in China (Accept-Charset: GBK)",
		lines: []string{"Accept-Charset: GBK,utf-8;q=0.7,*;q=0.3", "Accept-Language: zh-CN,zh;q=0.8"}},
	{name: "an agent that prefers markdown", accept: "text/markdown, application/json;q=0.9, */*;q=0.1"},
	{name: "Accept with a charset parameter and weights", accept: "application/json;charset=UTF-8;q=0.9, text/html;q=0.5, */*;q=0.1"},
	{name: "zstd and br first", encoding: "zstd, br;q=1.0, gzip;q=0.8, *;q=0.1"},
	// Query strings a client tacks onto a POST.
	{name: "a cache buster in the query (_)", query: "_=" + cacheBuster, refusable: true},
	{name: "a JSONP callback in the query", query: "callback=jQuery37106180546062193066_" + cacheBuster, refusable: true},
	{name: "a language in the query", query: "lang=en-us", refusable: true},
	{name: "a locale and a timestamp in the query", query: "locale=en_US&t=" + cacheBuster, refusable: true},
	{name: "a version and a timestamp in the query", query: "v=2&timestamp=1767225600", refusable: true},
}

// envelopeDraw is what the seed draws an envelope from: the index of
// each envelope as often as its weight, that of one a service may
// refuse once, that of any other six times. A refused request is
// asked again plain, which costs a request: so a refusable envelope
// goes on fewer requests, still on some of every endpoint's in a run.
var envelopeDraw = func() []int {
	var out []int
	for i, e := range clientEnvelopes {
		w := 6
		if e.refusable {
			w = 1
		}
		for ; w > 0; w-- {
			out = append(out, i)
		}
	}
	return out
}()

// revalidating names the envelope of an HTTP cache revalidating.
const revalidating = "an HTTP cache revalidating (If-Modified-Since)"

// A cache revalidates with the date and the tag it holds, whatever they
// are: a date long before the service's data, one just before or after
// it, one far after it (a clock set wrong, a cache that stamps its own
// time), written in any of the three forms RFC 9110 §5.6.7 has a
// recipient read (IMF-fixdate, RFC 850's, asctime's), with or without
// an If-None-Match (weak or strong) and a Cache-Control. So the
// envelope's lines are drawn per request (gen), not listed, the listed
// ones half the time. RFC 9110 §13.1.3 has a recipient ignore
// If-Modified-Since on any method but GET and HEAD: on the contract's
// POST, a 304 (or any answer without its JSON body) is never right,
// which the rules over every answer judge (C1.jsonText).
var conditionalDates = []string{"1970-01-01T00:00:00Z", "2000-01-01T00:00:00Z", "2026-01-01T00:00:00Z",
	"2026-06-30T12:00:00Z", "2026-12-31T23:59:59Z", "2030-01-01T00:00:00Z", "2099-12-31T23:59:59Z"}

// conditionalLines are a revalidating cache's lines, drawn by gen.
func conditionalLines(gen uint64) []string {
	if gen>>24%2 == 0 {
		return clientEnvelopes[slices.IndexFunc(clientEnvelopes, func(e clientEnvelope) bool { return e.name == revalidating })].lines
	}
	at, _ := time.Parse(time.RFC3339, conditionalDates[gen>>25%uint64(len(conditionalDates))])
	var date string
	switch gen >> 29 % 4 {
	case 0:
		date = at.Format(time.RFC850)
		date = strings.Replace(date, "UTC", "GMT", 1)
	case 1:
		date = at.Format(time.ANSIC)
	default:
		date = at.Format(http.TimeFormat)
	}
	lines := []string{"If-Modified-Since: " + date}
	switch gen >> 32 % 3 {
	case 0:
		lines = append(lines, `If-None-Match: W/"rtq-0"`)
	case 1:
		lines = append(lines, `If-None-Match: "rtq-0-`+strconv.FormatUint(gen>>40, 16)+`"`)
	}
	switch gen >> 35 % 3 {
	case 0:
		lines = append(lines, "Cache-Control: max-age=0")
	case 1:
		lines = append(lines, "Cache-Control: no-cache", "Pragma: no-cache")
	}
	return lines
}

// sessionCookie is the session a console's cookie names: one nobody
// issued, which authenticates no request.
const sessionCookie = "session=eyJ1aWQiOjF9.Z3nQ.rtq-invalid-session"

// envelopeOfWrite is the envelope a write goes in (writeDraw): moves of
// one credential from one status sent side by side go in one envelope.
func envelopeOfWrite(seed uint64, r Request, body string) int {
	return envelopeDraw[(writeDraw(seed, "envelope ", r, body)>>23)%uint64(len(envelopeDraw))]
}

// envelopeLines are envelope i's header lines for a request with the
// key role, its placeholders read from s: the cookie's organization,
// like a tenant header, is never the key's own (and left out where
// the run knows no other).
func envelopeLines(i int, role string, s clientSite) []string {
	if i <= 0 || i >= len(clientEnvelopes) {
		return nil
	}
	tenant := s.theirs
	if role == profile.RoleOtherOrg {
		tenant = s.ours
	}
	var out []string
	for _, l := range clientEnvelopes[i].lines {
		if tenant == 0 {
			l = strings.ReplaceAll(l, "; current_org="+otherTenant, "")
		}
		l = strings.ReplaceAll(l, otherTenant, strconv.FormatInt(tenant, 10))
		l = strings.ReplaceAll(l, "{session}", sessionCookie)
		out = append(out, strings.ReplaceAll(l, siteDomain, s.domain))
	}
	return out
}

// applyEnvelope writes envelope i into r, after its client profile: a
// line the envelope adds replaces the profile's line of that name; its
// Accept replaces the profile's unless that one does not accept JSON
// (what that client is for); on a write, Origin and Sec-Fetch-Site go
// only where the profile's do (applyClient).
func applyEnvelope(f wireForm, r *Request, s clientSite) {
	i := f.envelope
	if i <= 0 || i >= len(clientEnvelopes) {
		return
	}
	e := clientEnvelopes[i]
	lines := envelopeLines(i, r.Key, s)
	if e.name == revalidating && f.gen != 0 {
		lines = conditionalLines(f.gen)
	}
	write := writePath(r.Path)
	if write && !f.origins {
		lines = withoutOrigin(lines)
	}
	names := map[string]bool{}
	for _, l := range lines {
		n, _, _ := strings.Cut(l, ":")
		names[http.CanonicalHeaderKey(n)] = true
	}
	var kept []string
	for _, l := range r.ClientHeaders {
		if n, _, _ := strings.Cut(l, ":"); !names[http.CanonicalHeaderKey(n)] {
			kept = append(kept, l)
		}
	}
	r.ClientHeaders = append(kept, lines...)
	r.Envelope = e.name
	if e.accept != "" && acceptsJSON(*r) {
		r.Accept = e.accept
	}
	if e.encoding != "" {
		r.AcceptEncoding = e.encoding
	}
	r.Query = e.query
	if e.contentType != "" {
		r.ContentType = e.contentType
	}
	if e.gzipBody {
		r.BodyEncoding = "gzip"
	}
}

// refusableEnvelope says whether the request went in an envelope a
// service may refuse.
func refusableEnvelope(r Request) bool {
	for _, e := range clientEnvelopes[1:] {
		if e.name == r.Envelope {
			return e.refusable
		}
	}
	return false
}

// envelopeRefusal says whether an answer refuses the envelope in the
// endpoint's error shape: a parameter error, or a JSON error whose HTTP
// status or code is 406, 412, 415 or 417 (what RFC 9110 gives a server
// that does not take an Accept, a precondition, a Content-Type or a
// Content-Encoding, an Expect).
func envelopeRefusal(x *Exchange) bool {
	if paramRefusal(x) {
		return true
	}
	obj, _ := x.Doc.(map[string]any)
	if x.Err != nil || obj == nil {
		return false
	}
	code, ok := intOf(obj["code"])
	if !ok || code == 0 {
		return false
	}
	for _, s := range []int64{int64(x.Status), code} {
		switch s {
		case http.StatusNotAcceptable, http.StatusPreconditionFailed, http.StatusUnsupportedMediaType, http.StatusExpectationFailed:
			return true
		}
	}
	return false
}

// wirePath is the path a request goes to: its own, and the query its
// envelope tacks onto it.
func wirePath(r Request) string {
	if r.Query == "" {
		return r.Path
	}
	return r.Path + "?" + r.Query
}

// wireBody is the body as it travels: compressed when the envelope
// says so (its Content-Encoding is among the request's headers, see
// wireOf).
func wireBody(r Request, raw []byte) []byte {
	if r.BodyEncoding != "gzip" {
		return raw
	}
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	_, _ = z.Write(raw) // a bytes.Buffer does not fail
	_ = z.Close()
	return b.Bytes()
}
