package foreign

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Adversarial round 13: bugs and correct variants written after reading
// the conformance runner of main while it drew a client, a key form and
// members for every request. It aims past the clients and forms the
// runner imitates, at what real clients and real stacks do beside them:
//
//   - clients it never imitates: Java's HttpURLConnection with its bare
//     `*` in Accept, an h2c upgrade, HTTP/1.0 from nginx's proxy_pass, a
//     wildcard Accept-Language, Tomcat's ;jsessionid path parameter,
//     Microsoft's X-HTTP-Method, a JSONP callback in the body, DELETE and
//     PATCH, a body in another charset;
//   - Accept and Prefer values a framework negotiates: HAL, problem
//     details, return=minimal;
//   - keys in places a framework reads them (Laravel's api_token, a
//     proxy's Proxy-Authorization, the H5 page's Referer, a token
//     cookie), Bearer written twice, a key matched with LIKE;
//   - tenancy through an Origin's subdomain, a share link's query string
//     and the sub-code store of templates the profile does not list;
//   - identifiers a PAD SPACE collation or a fragment bends, a status of
//     another flow;
//   - time a formatter or a calendar bends: the ISO week-year, a month's
//     last day, a window across two years, the offset -00:00.
//
// The variants differ from Defaults only where docs/contract.md allows:
// YAML 1.2 tags and escapes in the front matter, x-gzip and a gzip
// threshold, a full last page whose token leads to an empty page, lower-
// case time designators refused, an http:// record URL read as the https
// one, a full-width search folded, Allow listing OPTIONS, a smaller body
// limit.

// The bugs of adversarial round 13.
const (
	BugA13JavaAcceptStar        Bug = "a13-java-bare-star-accept-not-json"
	BugA13H2CUpgradeBodyDropped Bug = "a13-h2c-upgrade-body-dropped"
	BugA13HTTP10LengthInChars   Bug = "a13-http10-content-length-in-characters"
	BugA13AcceptLanguageStar    Bug = "a13-accept-language-star-english-status"
	BugA13JSessionIDPath        Bug = "a13-jsessionid-path-parameter-session"
	BugA13XHTTPMethodHonoured   Bug = "a13-x-http-method-get-drops-body"
	BugA13BodyCallbackJSONP     Bug = "a13-body-callback-jsonp"
	BugA13DeletePatchHTML       Bug = "a13-delete-patch-html-405"
	BugA13HALAccept             Bug = "a13-hal-json-accept-embedded-list"
	BugA13ProblemJSONErrors     Bug = "a13-problem-json-errors"
	BugA13PreferMinimal         Bug = "a13-prefer-return-minimal"
	BugA13BodyAPIToken          Bug = "a13-body-api-token"
	BugA13ProxyAuthorization    Bug = "a13-proxy-authorization-key"
	BugA13RefererToken          Bug = "a13-referer-token-key"
	BugA13CookieToken           Bug = "a13-cookie-token-key"
	BugA13DoubleBearer          Bug = "a13-bearer-bearer-key"
	BugA13KeyLikeWildcards      Bug = "a13-key-like-wildcards"
	BugA13OriginSubdomainOrg    Bug = "a13-origin-subdomain-switches-org"
	BugA13OtherOrgNewTemplates  Bug = "a13-other-org-new-store-templates-served"
	BugA13NewStoreListNull      Bug = "a13-new-store-qrcodes-list-null"
	BugA13NewStoreEmptyToken    Bug = "a13-new-store-empty-page-token"
	BugA13CodePadSpace          Bug = "a13-certificate-code-pad-space"
	BugA13CodingPadSpace        Bug = "a13-template-coding-pad-space"
	BugA13URLFragmentEchoed     Bug = "a13-record-url-fragment-echoed"
	BugA13OtherFlowStatus       Bug = "a13-other-flow-status-target"
	BugA13ISOWeekYear           Bug = "a13-bound-iso-week-year"
	BugA13MonthLastDayEnd       Bug = "a13-month-last-day-end-500"
	BugA13CrossYearWindow       Bug = "a13-cross-year-window-start-year-only"
	BugA13RequestCharset        Bug = "a13-request-charset-latin1"
	BugA13MinusZeroOffset       Bug = "a13-minus-zero-offset-local"
	BugA13ShareQueryCrossOrg    Bug = "a13-share-url-query-crosses-orgs"
)

// The correct variants of adversarial round 13.
const (
	VariantA13YAMLTags        Variant = "a13-front-matter-yaml-tags"
	VariantA13XGzip           Variant = "a13-x-gzip"
	VariantA13EmptyLastPage   Variant = "a13-full-last-page-token-to-empty-page"
	VariantA13GzipMinLength   Variant = "a13-gzip-min-length"
	VariantA13LowerTZRefused  Variant = "a13-lower-case-t-z-refused"
	VariantA13HTTPURL         Variant = "a13-http-record-url-read"
	VariantA13YAMLEscapes     Variant = "a13-front-matter-unicode-escapes"
	VariantA13SearchWidthFold Variant = "a13-search-key-width-folded"
	VariantA13AllowOptions    Variant = "a13-allow-options-post"
	VariantA13BodyLimit64K    Variant = "a13-body-limit-64k"
	a13NewStore                       = 4 // templates created from this day of January are in the new store
	a13BodyLimit                      = 64 << 10
	a13EmptyToken                     = "MHxxcmNvZGVzfDA"
)

func adversarialRound13() Round {
	return Round{Name: "adversarial-13", Kind: "adversarial", Bugs: []BugInfo{
		{BugA13JavaAcceptStar, "§1.1, §C1 (C1.contentType, must)", "Java's HttpURLConnection sends Accept: text/html, image/gif, image/jpeg, *; q=.2, */*; q=.2; the negotiator cannot parse the bare *, falls back to the first type listed and labels the JSON answer text/html (text/plain for a bare * alone)"},
		{BugA13H2CUpgradeBodyDropped, "§1.1, §4.3 (4.3.number, 4.1.formatEcho, must)", "the h2c upgrade handler (Upgrade: h2c with HTTP2-Settings) switches the request to HTTP/2 without its HTTP/1.1 body, as golang.org/x/net's h2c did: the request is served with no parameters"},
		{BugA13HTTP10LengthInChars, "§1.1, §C1 (C1.jsonText, must)", "an HTTP/1.0 request (nginx proxy_pass's default) cannot be answered chunked, so the writer buffers and sets Content-Length from mb_strlen (characters, under mbstring.func_overload), not bytes: a Chinese answer is cut short"},
		{BugA13AcceptLanguageStar, "§3.1, §1.4 (3.1.move, 2.1.labels, must)", "the i18n middleware resolves Accept-Language: * to the first locale it supports, en, and translates status names: verify answers Redeemed, getRecord shows it in process_status and the state changes"},
		{BugA13JSessionIDPath, "§5, §C2 (C2.noKey, must)", "Tomcat strips ;jsessionid=... from the path before routing, and the session filter counts any session, even a new empty one, as the console's logged-in reader: served without a key"},
		{BugA13XHTTPMethodHonoured, "§1.1, §4.3 (4.3.number, must)", "ASP.NET's X-HTTP-Method (and X-Method-Override) is honoured: a POST marked GET is read as a GET, whose parameters come from the query string: the body is ignored"},
		{BugA13BodyCallbackJSONP, "§1.1, §C1 (C1.jsonText, C1.contentType, must)", "the controller's JSONP support reads callback from the request input, body included, and wraps the answer: cb({...}); as application/javascript"},
		{BugA13DeletePatchHTML, "§1.1, §C1 (C1.contentType, C1.jsonText, must)", "the routes are declared for GET, POST and PUT, whose other methods the controller refuses in JSON; DELETE and PATCH fall to the framework's default 405 page, HTML"},
		{BugA13HALAccept, "§4.3, §4.4 (4.3.schema, 4.4.schema, 4.5.schema, must)", "Spring HATEOAS answers Accept: application/hal+json in HAL: the list moves to _embedded.items beside _links, and the Content-Type is application/hal+json"},
		{BugA13ProblemJSONErrors, "§7, §C3 (C3.getRecord, C3.verify, C3.formList, C3.templates, must)", "Spring's ProblemDetail support answers errors in RFC 9457 problem details (type, title, status, detail) when Accept names application/problem+json"},
		{BugA13PreferMinimal, "§4.2, §4.1 (4.2.successData, 2.1.schema, must)", "the API honours RFC 7240's Prefer: return=minimal: verify answers data {} and getRecord a record of its ids only"},
		{BugA13BodyAPIToken, "§5, §C2 (C2.noKey, must)", "Laravel's TokenGuard reads api_token from the request input, the JSON body included, when there is no bearer token"},
		{BugA13ProxyAuthorization, "§5, §C2 (C2.noKey, must)", "the auth filter falls back to Proxy-Authorization when Authorization is missing (a corporate proxy's credentials were once mistaken for it and the fallback kept)"},
		{BugA13RefererToken, "§5, §C2 (C2.noKey, must)", "the H5 page's URL carries ?token=KEY, and a middleware takes the key from the Referer's query when there is no Authorization"},
		{BugA13CookieToken, "§5, §C2 (C2.noKey, must)", "the console's SPA keeps its key in a cookie named token, which the auth filter reads when there is no Authorization"},
		{BugA13DoubleBearer, "§5, §C2 (C2.badKey, must)", "the key is taken with str_replace('Bearer ', '', $header), which removes every Bearer: Authorization: Bearer Bearer KEY presents the key Bearer KEY, which nobody issued, and is served"},
		{BugA13KeyLikeWildcards, "§5, §C2 (C2.badKey, must)", "keys are looked up with WHERE secret LIKE ?, the key bound unescaped: fx-read-% and fx-read-3b_c, which nobody issued, match an issued key"},
		{BugA13OriginSubdomainOrg, "§4.1, §C2 (C2.tenancy, must)", "the multi-tenant console reads the organization from the Origin's subdomain (https://xlwy.console.example) before the key's: our key acts in the organization the subdomain names"},
		{BugA13OtherOrgNewTemplates, "§4.5, §C2 (4.5.unknownTemplate, must)", "templates made since the sub-code store moved (from 4 January) are answered from the new store, whose empty result returns before the ownership check: another organization's key gets an empty page of our template, not 404"},
		{BugA13NewStoreListNull, "§4.5 (4.5.schema, must)", "the new sub-code store returns a nil slice for a template without sub-codes, which Go's encoding/json writes as list: null"},
		{BugA13NewStoreEmptyToken, "§4.4, §4.5 (4.4.lastToken, must)", "the new store's cursor encodes the last id seen, 0 for an empty page, and writes a token whenever the query ran: an empty page carries a token, which gives the same page and the same token again"},
		{BugA13CodePadSpace, "§C10 Identifiers are exact (7.unknownCode, must)", "certificate codes are compared in MySQL under a PAD SPACE collation (utf8mb4_general_ci): hx810001 followed by spaces names hx810001 and moves it"},
		{BugA13CodingPadSpace, "§C10 Identifiers are exact, §4.5 (4.5.unknownTemplate, must)", "template codings are compared under a PAD SPACE collation: fxt3100 followed by spaces lists fxt3100's sub-codes"},
		{BugA13URLFragmentEchoed, "§4.1 (4.1.byUrl, 2.1.held, must)", "the URL parser drops a #fragment for the lookup, but the card renderer fills record_url from the URL it was opened by: the answer's record_url carries the fragment, so by URL the payload differs from by id"},
		{BugA13OtherFlowStatus, "§3.1, §7 (7.conditions, must)", "a target named by id is looked up in the global status table without its flow, and the reachability check runs on name lookups only: hx810001 moves to 22, the limited form's 已注销"},
		{BugA13ISOWeekYear, "§4.4, §C5 (4.4.startTime, 4.4.endTime, must)", "bounds are normalised with Java's pattern YYYY-MM-dd, the ISO week-year: 2025-12-29 becomes 2026-12-29 and 2027-01-01 becomes 2026-01-01"},
		{BugA13MonthLastDayEnd, "§4.4, §C3 (C3.templates, C3.listQrcodes, 4.4.endTime, must)", "a date end_time is made exclusive with LocalDate.of(y, m, d + 1), which throws on a month's last day: the generic handler answers 500 System error"},
		{BugA13CrossYearWindow, "§4.4, §C5 (4.4.window, must)", "items are kept in yearly tables, and a window is asked of the table of its start's year: a window from one year into the next holds only the first year's items"},
		{BugA13RequestCharset, "§1.1, §3.1 (3.1.move, must)", "the servlet reads the body with the charset the Content-Type names, and falls back to ISO-8859-1 for one it does not support: a body sent with charset=gbk or iso-8859-1 has its Chinese read as Latin-1, so 已核销 names no status"},
		{BugA13MinusZeroOffset, "§4.4, §C5 (4.4.startTime, 4.4.endTime, must)", "the time parser follows RFC 3339 §4.3's reading of -00:00 (the local offset unknown) and reads the time as local, UTC+08:00, not as UTC"},
		{BugA13ShareQueryCrossOrg, "§4.1, §C2 (C2.tenancy, must)", "WeChat appends ?from=singlemessage to shared links; a record URL with a query string is answered by the public share handler, which does not check the key's organization"},
	}, Variants: []VariantInfo{
		{VariantA13YAMLTags, "markdown's front matter tags its scalars with YAML 1.2 core tags: record_id: !!int 800001, title: !!str \"...\"",
			"§2.2: a front-matter block holding a title and record_id; YAML 1.2 §10.3 (core schema): !!int and !!str resolve to the same integer and string; §C7 (markdown layout) is the kit's (KIT)"},
		{VariantA13XGzip, "a client that accepts gzip gets its answer gzip-compressed, labelled Content-Encoding: x-gzip",
			"§C1: the answer is JSON; RFC 9110 §8.4.1.3: a recipient should treat x-gzip as gzip; §12.5.3: a coding the request accepts"},
		{VariantA13EmptyLastPage, "templates/* give a full last page a next_page_token, whose page is empty with next_page_token null and the same total",
			"§4.4: next_page_token null means the last page, and a page's token continues the walk; §C5 (next_page_token): null on the last page, no empty page with a token; whether the last page that holds items must already say null is for the contract to decide"},
		{VariantA13GzipMinLength, "answers of 1 KiB or more are gzip-compressed for a client that accepts gzip, smaller ones sent as they are (nginx's gzip_min_length)",
			"§C1: the answer is JSON; RFC 9110 §12.5.3: a server may use any coding the request accepts, identity included"},
		{VariantA13LowerTZRefused, "start_time and end_time written with a lower-case t or z are refused: 400 naming the parameter",
			"§C5 (start_time / end_time): an RFC 3339 time \"is read as that instant or refused with a 400 naming the parameter\"; the accepted forms are the kit's (KIT)"},
		{VariantA13HTTPURL, "a record URL or template URL written with http:// is read as the https:// one it differs from by its scheme only",
			"§C10 (URLs, KIT): the kit's getRecord accepts exactly the record_url; §C10 Identifiers are exact binds only the code at the end of the URL, and the scheme is read without regard to case"},
		{VariantA13YAMLEscapes, "markdown's front matter writes non-ASCII in its double-quoted strings as \\uXXXX escapes (PyYAML's default, allow_unicode=False)",
			"§2.2: a front-matter block holding a title and record_id; YAML 1.2 §5.7: \\u escapes in double-quoted scalars are the same characters; §C7 (markdown layout) is the kit's (KIT)"},
		{VariantA13SearchWidthFold, "search_key is matched after folding full-width letters and digits to ASCII (NFKC): ＦＸ finds FX-001",
			"§4.3: search_key is a fuzzy match; §C5 (search_key): \"Fuzzy could mean more\"; the runner's own reading is a should"},
		{VariantA13AllowOptions, "405 answers carry Allow: OPTIONS, POST",
			"§C1 (Method): OPTIONS preflights are answered for CORS; RFC 9110 §10.2.1: Allow lists the methods the target supports"},
		{VariantA13BodyLimit64K, "a request body over 64 KiB is refused with 413 in the endpoint's error shape",
			"§8: request size limits are open; §C10 (Size limit) is the kit's 1 MiB (KIT)"},
	}}
}

// a13State is what round 13's bugs learn of one request before its
// answer is written.
type a13State struct {
	callback string
	// fragment is the record URL as sent, fragment included.
	fragment string
}

type a13Ctx struct{}

// a13WriterOn says whether a bug or variant of round 13 rewrites answers.
func (s *Server) a13WriterOn() bool {
	for _, b := range []Bug{BugA13JavaAcceptStar, BugA13HTTP10LengthInChars, BugA13AcceptLanguageStar, BugA13BodyCallbackJSONP,
		BugA13HALAccept, BugA13ProblemJSONErrors, BugA13PreferMinimal, BugA13URLFragmentEchoed} {
		if s.opts.has(b) {
			return true
		}
	}
	return s.opts.is(VariantA13XGzip) || s.opts.is(VariantA13GzipMinLength)
}

// a13Answer keeps an answer for round 13's bugs and variants to rewrite.
type a13Answer struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (a *a13Answer) WriteHeader(status int) {
	if a.status == 0 {
		a.status = status
	}
}

func (a *a13Answer) Write(b []byte) (int, error) {
	if a.status == 0 {
		a.status = http.StatusOK
	}
	return a.body.Write(b)
}

// a13Writer wraps w so that round 13's bugs and variants rewrite the
// answer; r carries the request's state.
func (s *Server) a13Writer(w http.ResponseWriter, r *http.Request) (http.ResponseWriter, *http.Request, func()) {
	if !s.a13WriterOn() {
		return w, r, func() {}
	}
	st := &a13State{}
	r = r.WithContext(context.WithValue(r.Context(), a13Ctx{}, st))
	a := &a13Answer{ResponseWriter: w}
	return a, r, func() { s.a13Finish(w, a, r, st) }
}

// a13Of is the request's state (nil when no writer keeps it).
func a13Of(r *http.Request) *a13State {
	st, _ := r.Context().Value(a13Ctx{}).(*a13State)
	return st
}

// a13Statuses are the status names an English locale translates.
var a13Statuses = strings.NewReplacer("待核销", "Pending", "已核销", "Redeemed", "已归档", "Archived", "已作废", "Voided",
	"有效", "Valid", "已注销", "Cancelled", "未用", "Unused", "已用", "Used")

// a13Finish writes a kept answer as round 13's bugs and variants rewrite it.
func (s *Server) a13Finish(w http.ResponseWriter, a *a13Answer, r *http.Request, st *a13State) {
	h, status, body := w.Header(), a.status, a.body.Bytes()
	if status == 0 {
		status = http.StatusOK
	}
	accept := strings.ToLower(r.Header.Get("Accept"))
	var top map[string]any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	isJSON := dec.Decode(&top) == nil && top != nil
	code, _ := top["code"].(json.Number)
	ok := isJSON && code.String() == "0"
	failed := isJSON && !ok && code != ""
	ep := strings.TrimPrefix(r.URL.Path, pathPrefix)
	rewrite := func() {
		if b, err := json.Marshal(top); err == nil {
			body = b
		}
	}
	if ok && st.fragment != "" && s.opts.has(BugA13URLFragmentEchoed) {
		if d, isObj := top["data"].(map[string]any); isObj && d["format"] == "json" {
			if rec, isRec := d["data"].(map[string]any); isRec {
				rec["record_url"] = st.fragment
				rewrite()
			}
		}
	}
	if ok && strings.Contains(strings.ToLower(r.Header.Get("Prefer")), "return=minimal") && s.opts.has(BugA13PreferMinimal) {
		switch ep {
		case "certificates/verify":
			top["data"] = map[string]any{}
			rewrite()
		case "record/getRecord":
			if d, isObj := top["data"].(map[string]any); isObj {
				if rec, isRec := d["data"].(map[string]any); isRec {
					d["data"] = map[string]any{"record_id": rec["record_id"], "record_url": rec["record_url"]}
					rewrite()
				}
			}
		}
	}
	if ok && strings.Contains(accept, "application/hal+json") && s.opts.has(BugA13HALAccept) {
		if d, isObj := top["data"].(map[string]any); isObj && d["list"] != nil {
			d["_embedded"] = map[string]any{"items": d["list"]}
			d["_links"] = map[string]any{"self": map[string]any{"href": r.URL.Path}}
			delete(d, "list")
			rewrite()
			h.Set("Content-Type", "application/hal+json")
		}
	}
	if failed && strings.Contains(accept, "application/problem+json") && s.opts.has(BugA13ProblemJSONErrors) {
		title, _ := top["message"].(string)
		detail, _ := top["message_detail"].(string)
		top = map[string]any{"type": "about:blank", "title": title, "status": status, "detail": detail, "instance": r.URL.Path}
		rewrite()
		h.Set("Content-Type", "application/problem+json")
	}
	if strings.TrimSpace(r.Header.Get("Accept-Language")) == "*" && s.opts.has(BugA13AcceptLanguageStar) {
		body = []byte(a13Statuses.Replace(string(body)))
		h.Set("Content-Language", "en")
	}
	if st.callback != "" && s.opts.has(BugA13BodyCallbackJSONP) {
		body = append(append([]byte("/**/"+st.callback+"("), bytes.TrimSpace(body)...), ");"...)
		h.Set("Content-Type", "application/javascript; charset=utf-8")
	}
	if first, bare := a13BareStar(r.Header.Get("Accept")); bare && s.opts.has(BugA13JavaAcceptStar) {
		h.Set("Content-Type", first+";charset=utf-8")
	}
	h.Del("Content-Length")
	if ae := r.Header.Get("Accept-Encoding"); acceptsGzip(ae) && (s.opts.is(VariantA13XGzip) || s.opts.is(VariantA13GzipMinLength) && len(body) >= 1024) {
		var z bytes.Buffer
		gz := gzip.NewWriter(&z)
		_, _ = gz.Write(body)
		_ = gz.Close()
		body = z.Bytes()
		h.Set("Content-Encoding", "gzip")
		if s.opts.is(VariantA13XGzip) {
			h.Set("Content-Encoding", "x-gzip")
		}
		h.Add("Vary", "Accept-Encoding")
	}
	if r.ProtoMajor == 1 && r.ProtoMinor == 0 && s.opts.has(BugA13HTTP10LengthInChars) {
		h.Set("Content-Length", strconv.Itoa(utf8.RuneCount(body)))
		if n := utf8.RuneCount(body); n < len(body) {
			body = body[:n]
		}
	}
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// a13BareStar says whether an Accept value lists a bare * (not */*), and
// the type a negotiator that cannot read it falls back to: the first
// listed, or text/plain.
func a13BareStar(accept string) (string, bool) {
	first, bare := "", false
	for _, e := range strings.Split(accept, ",") {
		t, _, _ := strings.Cut(e, ";")
		t = strings.TrimSpace(t)
		if first == "" && strings.Contains(t, "/") && !strings.Contains(t, "*") {
			first = t
		}
		if t == "*" {
			bare = true
		}
	}
	if first == "" {
		first = "text/plain"
	}
	return first, bare
}

// a13Front answers or rewrites a request as round 13's bugs and variants
// do before any endpoint reads it; true when it answered.
func (s *Server) a13Front(w http.ResponseWriter, r *http.Request) bool {
	if path, _, cut := strings.Cut(r.URL.Path, ";"); cut && strings.Contains(strings.ToLower(r.URL.Path), ";jsessionid=") && s.opts.has(BugA13JSessionIDPath) {
		r.URL.Path = path
		if strings.TrimSpace(r.Header.Get("Authorization")) == "" {
			r.Header.Set("Authorization", "Bearer "+ReadKey)
		}
	}
	ep := lookup(r.URL.Path)
	if ep == nil {
		return false
	}
	if (r.Method == http.MethodDelete || r.Method == http.MethodPatch) && s.opts.has(BugA13DeletePatchHTML) {
		w.Header().Set("Content-Type", "text/html;charset=utf-8")
		w.WriteHeader(http.StatusMethodNotAllowed)
		_, _ = w.Write([]byte("<!doctype html><html lang=\"en\"><head><title>HTTP Status 405 – Method Not Allowed</title></head><body><h1>HTTP Status 405 – Method Not Allowed</h1></body></html>"))
		return true
	}
	drop := strings.EqualFold(strings.TrimSpace(r.Header.Get("Upgrade")), "h2c") && r.Header.Get("HTTP2-Settings") != "" && s.opts.has(BugA13H2CUpgradeBodyDropped)
	for _, name := range []string{"X-HTTP-Method", "X-Method-Override"} {
		if strings.EqualFold(strings.TrimSpace(r.Header.Get(name)), "GET") && s.opts.has(BugA13XHTTPMethodHonoured) {
			drop = true
		}
	}
	if drop {
		r.Body, r.ContentLength = http.NoBody, 0
		return false
	}
	if s.opts.has(BugA13RequestCharset) {
		if _, ps, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err == nil {
			if cs := strings.ToLower(ps["charset"]); cs != "" && cs != "utf-8" && cs != "utf8" {
				raw, _ := io.ReadAll(io.LimitReader(r.Body, maxBody))
				var b strings.Builder
				for _, c := range raw {
					b.WriteRune(rune(c))
				}
				r.Body, r.ContentLength = io.NopCloser(strings.NewReader(b.String())), int64(b.Len())
			}
		}
	}
	if s.opts.is(VariantA13BodyLimit64K) && r.Method == http.MethodPost {
		raw, _ := io.ReadAll(io.LimitReader(r.Body, a13BodyLimit+1))
		if len(raw) > a13BodyLimit {
			w.Header().Set("Connection", "close")
			s.fail(w, ep.shape, &apiError{code: 413, errorCode: 100301, message: "Request Entity Too Large",
				detail: "the request body is larger than 64 KiB"})
			return true
		}
		r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(raw)), int64(len(raw))
	}
	return false
}

// a13Key is the key a request without a known one is served as by round
// 13's bugs, nil for none.
func (s *Server) a13Key(r *http.Request) *apiKey {
	auth := strings.TrimSpace(r.Header.Get("Authorization"))
	if auth == "" && s.opts.has(BugA13BodyAPIToken) && r.Body != nil {
		raw, _ := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
		r.Body = io.NopCloser(bytes.NewReader(raw))
		var b struct {
			Token string `json:"api_token"`
		}
		if json.Unmarshal(raw, &b) == nil && b.Token != "" {
			if k := s.data.key(b.Token); k != nil {
				return k
			}
		}
	}
	if auth == "" && s.opts.has(BugA13ProxyAuthorization) {
		if k := s.data.key(bearer(r.Header.Get("Proxy-Authorization"))); k != nil {
			return k
		}
	}
	if auth == "" && s.opts.has(BugA13RefererToken) {
		if u, err := url.Parse(r.Header.Get("Referer")); err == nil {
			if k := s.data.key(u.Query().Get("token")); k != nil {
				return k
			}
		}
	}
	if auth == "" && s.opts.has(BugA13CookieToken) {
		if c, err := r.Cookie("token"); err == nil {
			if k := s.data.key(c.Value); k != nil {
				return k
			}
		}
	}
	if s.opts.has(BugA13DoubleBearer) && strings.Contains(auth, "Bearer ") {
		if k := s.data.key(strings.TrimSpace(strings.ReplaceAll(auth, "Bearer ", ""))); k != nil {
			return k
		}
	}
	if key := bearer(auth); key != "" && strings.ContainsAny(key, "%_") && s.opts.has(BugA13KeyLikeWildcards) {
		for i := range s.data.keys {
			if a13Like(key, s.data.keys[i].secret) {
				return &s.data.keys[i]
			}
		}
	}
	return nil
}

// a13Like says whether s matches the SQL LIKE pattern p (% any run, _ any
// one character, no escapes).
func a13Like(p, s string) bool {
	if p == "" {
		return s == ""
	}
	c, n := utf8.DecodeRuneInString(p)
	switch c {
	case '%':
		for i := 0; i <= len(s); i++ {
			if a13Like(p[n:], s[i:]) {
				return true
			}
		}
		return false
	case '_':
		if s == "" {
			return false
		}
		_, m := utf8.DecodeRuneInString(s)
		return a13Like(p[n:], s[m:])
	}
	return s != "" && strings.HasPrefix(s, string(c)) && a13Like(p[n:], s[n:])
}

// a13Serve serves one request as round 13's bugs and variants read it
// and rewrite its answer, around the service (a12Serve and what it
// wraps).
func (s *Server) a13Serve(ep *endpoint, k *apiKey, p params, r *http.Request) (any, *apiError) {
	if st := a13Of(r); st != nil && s.opts.has(BugA13BodyCallbackJSONP) {
		if cb, isStr := p["callback"].(string); isStr && a13Ident(cb) {
			st.callback = cb
		}
	}
	if org := s.a13Origin(k, r); org != 0 {
		k = a9As(k, org)
	}
	switch ep.name {
	case "certificates/verify":
		if code, isStr := p["certificate_code"].(string); isStr && strings.TrimRight(code, " ") != code && s.opts.has(BugA13CodePadSpace) {
			p["certificate_code"] = strings.TrimRight(code, " ")
		}
		if s.opts.is(VariantA13HTTPURL) {
			s.a13HTTPS(p, "certificate_code")
		}
		if data := s.a13OtherFlow(k, p); data != nil {
			return data, nil
		}
	case "record/getRecord":
		if s.opts.is(VariantA13HTTPURL) {
			s.a13HTTPS(p, "record_url")
		}
		if u, isStr := p["record_url"].(string); isStr {
			if base, _, cut := strings.Cut(u, "#"); cut && s.opts.has(BugA13URLFragmentEchoed) {
				p["record_url"] = base
				if st := a13Of(r); st != nil {
					st.fragment = u
				}
			}
			if base, _, cut := strings.Cut(u, "?"); cut && s.opts.has(BugA13ShareQueryCrossOrg) {
				p["record_url"] = base
				for _, rec := range s.data.records {
					if sameURL(s.data.recordURL(rec), base) {
						k = a9As(k, rec.org)
					}
				}
			}
		}
		data, e := s.a12Serve(ep, k, p, r)
		return s.a13Record(data), e
	case "record/getFormList":
		if sk, isStr := p["search_key"].(string); isStr && s.opts.is(VariantA13SearchWidthFold) {
			p["search_key"] = a13Fold(sk)
		}
	case "templates/list", "templates/listQrcodes":
		if ep.name == "templates/listQrcodes" {
			if s.opts.is(VariantA13HTTPURL) {
				s.a13HTTPS(p, "template")
			}
			if t, isStr := p["template"].(string); isStr && strings.TrimRight(t, " ") != t && s.opts.has(BugA13CodingPadSpace) {
				p["template"] = strings.TrimRight(t, " ")
			}
			if data, e, done := s.a13NewStore(k, p); done {
				return data, e
			}
		}
		if e := s.a13Bounds(p); e != nil {
			return nil, e
		}
		if s.opts.is(VariantA13EmptyLastPage) {
			return s.a13EmptyLast(ep, k, p, r)
		}
	}
	return s.a12Serve(ep, k, p, r)
}

// a13Ident says whether cb is a JavaScript identifier path a JSONP
// helper accepts.
func a13Ident(cb string) bool {
	if cb == "" || len(cb) > 128 {
		return false
	}
	for i, c := range cb {
		if !(c == '_' || c == '$' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// a13Origin is the organization an Origin's subdomain names (0 for
// none, or the key's own).
func (s *Server) a13Origin(k *apiKey, r *http.Request) int64 {
	if !s.opts.has(BugA13OriginSubdomainOrg) {
		return 0
	}
	u, err := url.Parse(r.Header.Get("Origin"))
	if err != nil || u.Host == "" {
		return 0
	}
	label, _, _ := strings.Cut(strings.ToLower(u.Hostname()), ".")
	for _, o := range s.data.orgs {
		if o.code == label && o.id != k.org {
			return o.id
		}
	}
	return 0
}

// a13HTTPS reads member m, a URL written with http://, as the https://
// URL it differs from by its scheme only.
func (s *Server) a13HTTPS(p params, m string) {
	if v, isStr := p[m].(string); isStr && len(v) > 7 && strings.EqualFold(v[:7], "http://") {
		p[m] = "https://" + v[7:]
	}
}

// a13Fold folds full-width ASCII forms and the ideographic space to
// ASCII, as NFKC does for them.
func a13Fold(v string) string {
	return strings.Map(func(c rune) rune {
		switch {
		case c >= 0xFF01 && c <= 0xFF5E:
			return c - 0xFEE0
		case c == 0x3000:
			return ' '
		}
		return c
	}, v)
}

// a13OtherFlow moves a credential to a status of another flow named by
// id, as the bug's global status table does (nil when it does not).
func (s *Server) a13OtherFlow(k *apiKey, p params) any {
	action, _ := p["action_type"].(string)
	code, _ := p["certificate_code"].(string)
	to, _ := p["to_certificate_status"].(string)
	if !s.opts.has(BugA13OtherFlowStatus) || action != "set_certificate_status" || !a9Digits(to) || !k.write ||
		p["from_certificate_status"] != nil || p["tpl_id"] != nil || p["code_id"] != nil {
		return nil
	}
	rec := s.credential(k, verifyRequest{code: code, byURL: strings.Contains(code, "://"), action: action})
	if rec == nil || rec.form == nil || rec.form.flow == nil || rec.form.flow.ref(to) != nil {
		return nil
	}
	if k.forms != nil && !a13Has(k.forms, rec.form.id) {
		return nil
	}
	cur := s.statusOf(rec)
	if cur == nil || cur.terminal || cur.forbids || !rec.form.verification || !rec.cert.verification || !rec.cert.approved ||
		rec.cert.identity || rec.cert.authExpired || rec.cert.fail {
		return nil
	}
	for _, f := range s.data.forms {
		if f.flow == nil || f.flow == rec.form.flow {
			continue
		}
		for _, st := range f.flow.statuses {
			if itoa(st.id) == to {
				return s.a11Move(rec, cur, st)
			}
		}
	}
	return nil
}

func a13Has(ids []int64, id int64) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// a13NewStore answers listQrcodes of a template in the new sub-code store
// without sub-codes as round 13's bugs do; done when it answered.
func (s *Server) a13NewStore(k *apiKey, p params) (any, *apiError, bool) {
	ref, _ := p["template"].(string)
	var t *template
	for _, x := range s.data.templates {
		if x.coding == ref || sameURL(s.data.templateURL(x), ref) {
			t = x
		}
	}
	if t == nil || len(t.subs) > 0 || t.created < at(a13NewStore, 0, 0) {
		return nil, nil, false
	}
	total := int64(0)
	switch {
	case t.org != k.org && s.opts.has(BugA13OtherOrgNewTemplates):
		return o("list", []any{}, "next_page_token", nil, "total", total), nil, true
	case t.org != k.org:
		return nil, nil, false
	case s.opts.has(BugA13NewStoreListNull):
		return o("list", nil, "next_page_token", nil, "total", total), nil, true
	case s.opts.has(BugA13NewStoreEmptyToken):
		if tok, _ := p["page_token"].(string); tok == "" || tok == a13EmptyToken {
			return o("list", []any{}, "next_page_token", a13EmptyToken, "total", total), nil, true
		}
	}
	return nil, nil, false
}

// a13Bounds rewrites start_time and end_time as round 13's bugs and
// variants read them; an error refuses the request.
func (s *Server) a13Bounds(p params) *apiError {
	start, _ := p["start_time"].(string)
	end, _ := p["end_time"].(string)
	for _, m := range []string{"start_time", "end_time"} {
		v, _ := p[m].(string)
		if v == "" {
			continue
		}
		if s.opts.is(VariantA13LowerTZRefused) && len(v) > 10 && (v[10] == 't' || strings.HasSuffix(v, "z")) {
			return paramError(m, m+" must be written with an upper-case T and Z, such as 2026-01-02T03:04:05Z")
		}
		if strings.HasSuffix(v, "-00:00") && len(v) > 16 && s.opts.has(BugA13MinusZeroOffset) {
			p[m] = v[:len(v)-6] + "+08:00"
		}
		if day, err := time.ParseInLocation("2006-01-02", a13Head(v), zone); err == nil && s.opts.has(BugA13ISOWeekYear) {
			if y, _ := day.ISOWeek(); y != day.Year() {
				cur, _ := p[m].(string)
				p[m] = fmt.Sprintf("%04d", y) + cur[4:]
			}
		}
		if m == "end_time" && a11Date(v) && s.opts.has(BugA13MonthLastDayEnd) {
			if day, err := time.ParseInLocation("2006-01-02", v, zone); err == nil && day.AddDate(0, 0, 1).Day() == 1 {
				return &apiError{code: 500, message: "System error", detail: "java.time.DateTimeException: Invalid date '" + day.Month().String() + " " + strconv.Itoa(day.Day()+1) + "'"}
			}
		}
	}
	if start != "" && end != "" && s.opts.has(BugA13CrossYearWindow) {
		sy, ey := a13Head(start), a13Head(end)
		if len(sy) == 10 && len(ey) == 10 && sy[:4] != ey[:4] && a9Digits(sy[:4]) {
			p["end_time"] = sy[:4] + "-12-31T23:59:59+08:00"
		}
	}
	return nil
}

// a13Head is the date a time value starts with ("" when none).
func a13Head(v string) string {
	if len(v) < 10 || !a11Date(v[:10]) {
		return ""
	}
	return v[:10]
}

// a13EndPrefix starts the token a variant gives a full last page.
const a13EndPrefix = "ZW5k."

// a13EmptyLast serves templates/* as the variant that gives a full last
// page a token to an empty page does.
func (s *Server) a13EmptyLast(ep *endpoint, k *apiKey, p params, r *http.Request) (any, *apiError) {
	if tok, _ := p["page_token"].(string); strings.HasPrefix(tok, a13EndPrefix) {
		first := a9Copy(p)
		delete(first, "page_token")
		first["page_size"] = json.Number("1")
		data, e := s.a12Serve(ep, k, first, r)
		b, isObj := data.(obj)
		if e != nil || !isObj {
			return data, e
		}
		return o("list", []any{}, "next_page_token", nil, "total", b.get("total")), nil
	}
	data, e := s.a12Serve(ep, k, p, r)
	b, isObj := data.(obj)
	if e != nil || !isObj || b.get("next_page_token") != nil {
		return data, e
	}
	size, has, _ := p.int("page_size")
	if !has {
		size = 20
	}
	if size > 100 {
		size = 100
	}
	list, _ := b.get("list").([]any)
	if len(list) == 0 || int64(len(list)) != size {
		return data, e
	}
	var last string
	if it, isIt := list[len(list)-1].(obj); isIt {
		last = fmt.Sprint(it.get("coding"))
	}
	filter := fmt.Sprint(p["template"], "|", p["start_time"], "|", p["end_time"], "|", last)
	return b.set("next_page_token", a13EndPrefix+base64.RawURLEncoding.EncodeToString([]byte(filter))), nil
}

// a13Record rewrites a markdown answer's front matter as round 13's
// variants write it.
func (s *Server) a13Record(data any) any {
	b, isObj := data.(obj)
	if !isObj || !s.opts.is(VariantA13YAMLTags) && !s.opts.is(VariantA13YAMLEscapes) {
		return data
	}
	text, isStr := b.get("data").(string)
	if !isStr || !strings.HasPrefix(text, "---\n") {
		return data
	}
	head, rest, found := strings.Cut(text[4:], "\n---\n")
	if !found {
		return data
	}
	lines := strings.Split(head, "\n")
	for i, l := range lines {
		key, val, ok := strings.Cut(l, ": ")
		if !ok || strings.HasPrefix(key, " ") {
			continue
		}
		switch {
		case s.opts.is(VariantA13YAMLTags) && a9Digits(val):
			lines[i] = key + ": !!int " + val
		case s.opts.is(VariantA13YAMLTags) && strings.HasPrefix(val, "\""):
			lines[i] = key + ": !!str " + val
		case s.opts.is(VariantA13YAMLEscapes) && strings.HasPrefix(val, "\""):
			var e strings.Builder
			for _, c := range val {
				switch {
				case c < 0x80:
					e.WriteRune(c)
				case c > 0xFFFF:
					e.WriteString(fmt.Sprintf("\\U%08X", c))
				default:
					e.WriteString(fmt.Sprintf("\\u%04X", c))
				}
			}
			lines[i] = key + ": " + e.String()
		}
	}
	return b.set("data", "---\n"+strings.Join(lines, "\n")+"\n---\n"+rest)
}
