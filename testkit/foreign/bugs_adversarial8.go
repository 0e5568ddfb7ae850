package foreign

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Adversarial round 8: bugs and correct variants written after reading
// the conformance runner of main and a log of every request one of its
// runs sends to this service, while three generalisations of it were
// landing (the members clients add to bodies, the time spellings of
// client formatters, search keys, form numbers and paths as clients type
// and join them). It aims past them, at the parts of a request no run
// writes otherwise than one way:
//
//   - the layer in front of the service, which answers for itself on a
//     header the runner never sends: Expect: 100-continue (curl and .NET
//     for a large body), the User-Agent of python-requests, curl and Go's
//     own client (a WAF's block page, its JavaScript challenge, a rate
//     limiter), Origin: null (a file:// page, a sandboxed frame), a
//     cross-site fetch (a CSRF middleware), X-HTTP-Method-Override, a
//     gzip-encoded request body, If-Modified-Since, a JSONP callback in
//     the query;
//   - negotiation on what the request accepts: Accept-Charset, Accept:
//     text/markdown, application/*+json (Spring's RestTemplate), zstd in
//     Accept-Encoding (every Chrome since 123);
//   - the body read by Content-Type: a form-urlencoded one (curl -d,
//     jQuery's $.post), text/plain;charset=UTF-8 (fetch with a string
//     body), application/json-patch+json (Swagger UI of ASP.NET), none at
//     all (python-requests' data=): the runner sends the last two with an
//     empty object only, so a service that drops the body there answers
//     alike; a query string (a cache buster) that moves the framework to
//     the query's parameters; a member written null (a TypeScript SDK);
//   - headers and cookies that pick another code path: a session cookie,
//     the console's organization and language cookies, a mini-program's
//     Referer, axios', Dart's and an app's version header, W3C
//     traceparent, Save-Data, a time-zone header, ThinkPHP's ?lang=;
//   - values nobody sends: a template URL with a trailing slash, a search
//     key or a number pasted from a spreadsheet cell (a line break, a
//     tab), a start_time written as a number of seconds.
//
// The variants differ from Defaults only where docs/contract.md allows
// and where a runner may assume one form: a Content-Type other than JSON
// refused, a page past the end answered as the last page, Content-Type
// and charset in capitals, HTTP 422 for a parameter error, caching
// headers, a Chinese success message, verify errors without
// message_detail, json-ld's @context and its @type as arrays, markdown
// with CRLF line ends and a folded YAML title.

// The bugs of adversarial round 8.
const (
	BugA8Expect100HTML           Bug = "a8-expect-100-continue-417-html"
	BugA8PythonUAWAFHTML         Bug = "a8-waf-python-requests-ua-405-html"
	BugA8CurlUAChallenge         Bug = "a8-waf-curl-ua-js-challenge"
	BugA8GoUA429Plain            Bug = "a8-go-http-client-ua-429-plain"
	BugA8OriginNullPlain         Bug = "a8-origin-null-cors-403-plain"
	BugA8CrossSiteCSRFHTML       Bug = "a8-cross-site-fetch-csrf-403-html"
	BugA8MethodOverrideHTML      Bug = "a8-method-override-get-405-html"
	BugA8QueryCallbackJSONP      Bug = "a8-query-callback-jsonp"
	BugA8GzipRequestBodyHTML     Bug = "a8-gzip-request-body-400-html"
	BugA8IfModifiedSince304      Bug = "a8-if-modified-since-304-empty"
	BugA8AcceptCharsetGBKLabel   Bug = "a8-accept-charset-gbk-label"
	BugA8AcceptMarkdownCT        Bug = "a8-accept-text-markdown-content-type"
	BugA8PlusJSONErrorsProblem   Bug = "a8-accept-plus-json-errors-problem-json"
	BugA8ZstdUnlabelledGzip      Bug = "a8-accept-zstd-gzip-unlabelled"
	BugA8FormURLEncodedNumber    Bug = "a8-form-urlencoded-number-ignored"
	BugA8FetchTextPlainWindow    Bug = "a8-fetch-text-plain-window-ignored"
	BugA8JSONPatchWindow         Bug = "a8-json-patch-content-type-window-ignored"
	BugA8NoContentTypeSearch     Bug = "a8-no-content-type-search-key-ignored"
	BugA8QueryStringBodyIgnored  Bug = "a8-query-string-body-ignored"
	BugA8NullPageSizeLimit0      Bug = "a8-null-page-size-limit-0"
	BugA8AnyCookieAuthenticates  Bug = "a8-any-session-cookie-authenticates"
	BugA8CookieOrgHonoured       Bug = "a8-cookie-current-org-honoured"
	BugA8CookieLangStatusEnglish Bug = "a8-cookie-lang-en-status-names"
	BugA8QueryLangStatusEnglish  Bug = "a8-query-lang-en-status-names"
	BugA8MiniProgramRefererURL   Bug = "a8-mini-program-referer-record-url"
	BugA8AxiosUATplIDStrings     Bug = "a8-axios-ua-tpl-id-strings"
	BugA8DartUAISORFC3339        Bug = "a8-dart-ua-submit-iso-rfc3339"
	BugA8TraceparentEchoed       Bug = "a8-traceparent-echoed-in-wrapper"
	BugA8SaveDataPageSize5       Bug = "a8-save-data-form-page-size-5"
	BugA8AppVersionPagingStrings Bug = "a8-app-version-header-paging-strings"
	BugA8TimezoneHeaderISO       Bug = "a8-timezone-header-iso-shifted"
	BugA8TemplateURLSlashFirst   Bug = "a8-template-url-trailing-slash-first-template"
	BugA8SearchKeyNewlineCount   Bug = "a8-search-key-line-break-count-0"
	BugA8NumberTabDropped        Bug = "a8-number-tab-filter-dropped"
	BugA8EpochNumberAsMillis     Bug = "a8-templates-epoch-number-as-millis"
)

// The correct variants of adversarial round 8.
const (
	VariantA8OtherContentTypeRefused Variant = "a8-other-content-type-refused"
	VariantA8PastEndLastPage         Variant = "a8-form-past-end-answers-last-page"
	VariantA8ContentTypeCapitals     Variant = "a8-content-type-in-capitals"
	VariantA8HTTP422ParamErrors      Variant = "a8-http-422-parameter-errors"
	VariantA8CacheHeaders            Variant = "a8-etag-no-store-headers"
	VariantA8SuccessMessageChinese   Variant = "a8-success-message-chinese"
	VariantA8VerifyErrorsNoDetail    Variant = "a8-verify-errors-no-message-detail"
	VariantA8JSONLDContextArray      Variant = "a8-jsonld-context-array"
	VariantA8JSONLDTypeArray         Variant = "a8-jsonld-type-array"
	VariantA8MarkdownCRLF            Variant = "a8-markdown-crlf-line-ends"
	VariantA8FrontMatterFoldedTitle  Variant = "a8-front-matter-folded-title"
)

func adversarialRound8() Round {
	return Round{Name: "adversarial-8", Kind: "adversarial", Bugs: []BugInfo{
		{BugA8Expect100HTML, "§1.1, §C1 (C1.contentType, must)", "a request with Expect: 100-continue (curl and .NET send it before a body over 1 KiB) is answered by the old front proxy, which does not speak it, with 417 Expectation Failed as an HTML page"},
		{BugA8PythonUAWAFHTML, "§1.1, §C1 (C1.contentType, must)", "the web application firewall's bot rule blocks the User-Agent python-requests/* with its HTML block page (405)"},
		{BugA8CurlUAChallenge, "§1.1, §C1 (C1.contentType, must)", "the firewall answers the User-Agent curl/* with its JavaScript challenge page, 200 text/html, that a browser would run to get a cookie"},
		{BugA8GoUA429Plain, "§1.1, §C1 (C1.contentType, must)", "the rate limiter keeps one bucket for every client whose User-Agent is Go-http-client/* (Go's default), always empty, and answers 429 in text/plain"},
		{BugA8OriginNullPlain, "§1.1, §C1 (C1.contentType, must)", "the CORS middleware refuses Origin: null (a page opened from file://, a sandboxed frame, a WebView's loadData) with 403 \"Invalid CORS request\" in text/plain"},
		{BugA8CrossSiteCSRFHTML, "§1.1, §C1 (C1.contentType, must)", "the CSRF middleware of the console, mounted before the API too, answers a fetch with Sec-Fetch-Site: cross-site (a partner's page) with its HTML 403 page"},
		{BugA8MethodOverrideHTML, "§1.1, §C1 (C1.contentType, must)", "the method-override filter turns a POST with X-HTTP-Method-Override: GET (Google's client libraries behind a proxy that strips GET bodies) into a GET, which the framework answers with its HTML 405 page"},
		{BugA8QueryCallbackJSONP, "§1.1, §C1 (C1.contentType, C1.jsonText, must)", "a callback parameter in the query (a page that once used JSONP and kept the URL) wraps every answer as callback(...) in application/javascript"},
		{BugA8GzipRequestBodyHTML, "§1.1, §C1 (C1.contentType, must)", "a request body sent with Content-Encoding: gzip (OkHttp's and HttpClient's request compression) is read compressed by the framework, whose parse error is its HTML 400 page"},
		{BugA8IfModifiedSince304, "§1.1, §C1 (C1.jsonText, must)", "getFormList sits behind a Last-Modified filter meant for GET: a request with If-Modified-Since (an HTTP cache revalidating) is answered 304 with no body"},
		{BugA8AcceptCharsetGBKLabel, "§1.1, §C1 (C1.charset, must)", "the message converter takes the charset of the answer from Accept-Charset (GBK, which old Windows clients in China send first) for the label, while the body stays UTF-8"},
		{BugA8AcceptMarkdownCT, "§1.1, §C1 (C1.contentType, must)", "getRecord declares it produces application/json and text/markdown; a client that sends Accept: text/markdown (for the markdown format) gets every getRecord answer labelled text/markdown"},
		{BugA8PlusJSONErrorsProblem, "§1.1, §C1 (C1.contentType, must)", "errors go through the framework's problem-details handler, which labels them application/problem+json where Accept allows it: Spring's RestTemplate sends application/*+json"},
		{BugA8ZstdUnlabelledGzip, "§1.1, §C1 (C1.jsonText, must)", "the compression middleware compresses for any Accept-Encoding holding a coding it does not know (zstd, which every Chrome since 123 sends) with gzip and writes no Content-Encoding"},
		{BugA8FormURLEncodedNumber, "§4.3 (4.3.number, must)", "a body sent form-urlencoded (curl -d without -H, jQuery's $.post) is read as form fields, the JSON text one field name: getFormList's number is dropped and every form is listed"},
		{BugA8FetchTextPlainWindow, "§4.4 (4.4.startTime, 4.4.endTime, must)", "fetch with a string body and no header sends text/plain;charset=UTF-8, which the body parser leaves unread: templates/list drops start_time and end_time and lists every template"},
		{BugA8JSONPatchWindow, "§4.5 (4.4.startTime, 4.4.endTime, must)", "application/json-patch+json (the first Content-Type Swagger UI of ASP.NET offers) goes to the v1 input model of listQrcodes, which has template only: the time window is dropped"},
		{BugA8NoContentTypeSearch, "§4.3 (4.3.totalFilter, 4.3.searchKey, must)", "a body without Content-Type (python-requests with data=) is read by the form parser's fallback, which keeps the paging members only: search_key is dropped and every form is listed"},
		{BugA8QueryStringBodyIgnored, "§4.3 (4.3.number, must)", "a query string on the path (?_=1767000000000, a cache buster an HTTP interceptor adds) sends the request to the framework's GET-style binder, which reads the query and not the body: getFormList lists every form"},
		{BugA8NullPageSizeLimit0, "§4.3, §8 (8.formList.defaults, 4.3.total, must)", "page_size written null (a TypeScript SDK that sends every member of its request type) is read by intval as 0: LIMIT 0, per_page 0 and an empty list while total counts the forms"},
		{BugA8AnyCookieAuthenticates, "§5, §C2 (C2.noKey, must)", "the console's session middleware, mounted before the API's key check, lets through any request with a session cookie without looking it up, and serves it as the platform's default key"},
		{BugA8CookieOrgHonoured, "§4.3, §C2 (C2.tenancy, must)", "the organization switcher's cookie current_org, meant for the console's multi-organization users, is honoured for every key: another organization's key lists our forms and reads our records"},
		{BugA8CookieLangStatusEnglish, "§3.1, §4.2 (3.1.move, must)", "the console's language cookie lang=en makes verify answer the status's English label from the translation table, not its name"},
		{BugA8QueryLangStatusEnglish, "§3.1, §4.2 (3.1.move, must)", "the framework's language detection reads ?lang= from the query (ThinkPHP's): verify with ?lang=en-us answers the English label"},
		{BugA8MiniProgramRefererURL, "§4.1, §2.1 (2.1.identity, must)", "a request whose Referer is a WeChat mini-program's (https://servicewechat.com/...) gets record_url written as the mini-program's page for the record"},
		{BugA8AxiosUATplIDStrings, "§4.4, §2.4 (4.4.schema, must)", "a serializer for JavaScript clients, chosen by the User-Agent axios/*, writes tpl_id as a string so that no id loses digits in a double"},
		{BugA8DartUAISORFC3339, "§1.3, §C1 (C1.timeZone, must)", "the mobile API's serializer, chosen by the User-Agent Dart/* (every Flutter app), writes submit_at_iso in RFC 3339, as the app's DateTime.parse wants"},
		{BugA8TraceparentEchoed, "§4.1 (4.1.wrapper, must)", "the tracing middleware echoes the trace id of a W3C traceparent header (every OpenTelemetry-instrumented client) beside code, message and data of getRecord"},
		{BugA8SaveDataPageSize5, "§4.3, §8 (8.formList.defaults, must)", "a request with Save-Data: on (Chrome's data saver on Android) gets getFormList's default page of 5 forms, per_page 5"},
		{BugA8AppVersionPagingStrings, "§4.3 (4.3.schema, must)", "the header X-App-Version 2.x (the app's first releases) routes getFormList to the old serializer, which writes the paging members as strings"},
		{BugA8TimezoneHeaderISO, "§1.3, §C1 (C1.timeZone, must)", "a header X-Timezone (the console's HTTP client sends the browser's Intl zone) makes the formatter write every *_iso in that zone while the label stays (UTC+08:00)"},
		{BugA8TemplateURLSlashFirst, "§4.5 (4.5.unknownTemplate, must)", "listQrcodes takes the code of a template URL as what follows its last slash: a URL ending in a slash gives an empty code, and coding LIKE '%' LIMIT 1 finds the organization's first template, whose sub-codes are listed"},
		{BugA8SearchKeyNewlineCount, "§4.3 (4.3.total, must)", "a search key pasted from a spreadsheet cell ends in a line break: the list query trims it, the count query does not and counts none, total 0 beside the hits"},
		{BugA8NumberTabDropped, "§4.3 (4.3.number, must)", "a number pasted from a spreadsheet row ends in a tab; the validator finds it no valid number and drops the filter instead of refusing it: every form is listed"},
		{BugA8EpochNumberAsMillis, "§4.4 (4.4.startTime, must)", "templates/list reads a start_time written as a JSON number (a client's Unix seconds) as milliseconds: the bound falls in January 1970 and every template is listed"},
	}, Variants: []VariantInfo{
		{VariantA8OtherContentTypeRefused, "a body whose Content-Type is not application/json (text/plain, none) is refused with 400 and 100301 in the endpoint's shape",
			"§C1: \"Request Content-Type | KIT | Not checked: a missing or other Content-Type is not an error\" (the mock's choice); §5 item 2: \"Every request carries Content-Type: application/json\""},
		{VariantA8PastEndLastPage, "getFormList answers a page past the last with the last page, current_page the last page's number",
			"§C5: \"KIT: current_page echoes the requested page, also past the end, where list is [] (info: formList.paging.pastEnd; the spec does not say what a page past the end holds)\""},
		{VariantA8ContentTypeCapitals, "every answer is labelled Application/JSON; Charset=UTF-8",
			"RFC 9110 §8.3.1: a media type's type, subtype and parameter names are case-insensitive; RFC 2046 §4.1.2: the charset value is case-insensitive; §C1: application/json, a charset, when given, utf-8"},
		{VariantA8HTTP422ParamErrors, "a parameter error (body code 400) is sent with the HTTP status 422",
			"§C1: \"HTTP status line of errors | KIT (§7 leaves it open); never asserted\""},
		{VariantA8CacheHeaders, "every answer carries an ETag and Cache-Control: no-store",
			"§1.1 says nothing of caching headers; RFC 9111 §5.2.2.5: no-store; §C1 asks the Content-Type and the body only"},
		{VariantA8SuccessMessageChinese, "successes carry message 操作成功",
			"§1.2: a success has \"a string message\"; §C9: \"message texts | KIT; never asserted\""},
		{VariantA8VerifyErrorsNoDetail, "verify's errors leave message_detail out",
			"§4.2: \"Error: {code, message, data: {}, error_code} plus message_detail, which may be empty or left out\""},
		{VariantA8JSONLDContextArray, "json-ld's @context is an array: the context the service writes, then {\"@language\": \"zh-CN\"}",
			"§2.2: json-ld has @context; \"The rest of its layout is open (§C7)\"; JSON-LD 1.1 §3.1 and §4.1: a context may be an array of contexts, applied in order"},
		{VariantA8JSONLDTypeArray, "json-ld's @type is an array, the type the service writes and CreativeWork",
			"§2.2, §C7: json-ld layout is KIT; JSON-LD 1.1 §3.5: a node may have several types, as an array"},
		{VariantA8MarkdownCRLF, "markdown is written with CRLF line ends",
			"§2.2: a string that starts with front matter; §C7: \"markdown layout | KIT\"; YAML 1.2 §5.4 and CommonMark §2.1 read CRLF as a line end"},
		{VariantA8FrontMatterFoldedTitle, "the front matter writes title as a folded block scalar (title: >-, the title on the next line)",
			"§2.2: a front-matter block holding title and record_id; §C7: layout KIT; YAML 1.2 §8.1.3: a folded scalar is a string"},
	}}
}

// a8Front answers a request a layer in front of the service answers
// itself (bugs); true when it did.
func (s *Server) a8Front(w http.ResponseWriter, r *http.Request) bool {
	if !strings.HasPrefix(r.URL.Path, pathPrefix) {
		return false
	}
	ua := r.Header.Get("User-Agent")
	switch {
	case s.opts.has(BugA8Expect100HTML) && strings.EqualFold(r.Header.Get("Expect"), "100-continue"):
		a7Page(w, http.StatusExpectationFailed, "text/html", htmlPage(http.StatusExpectationFailed))
	case s.opts.has(BugA8PythonUAWAFHTML) && strings.HasPrefix(ua, "python-requests/"):
		a7Page(w, http.StatusMethodNotAllowed, "text/html; charset=utf-8", "<html><head><title>405</title></head><body><h2>很抱歉，由于您访问的URL有可能对网站造成安全威胁，您的访问被阻断。</h2></body></html>")
	case s.opts.has(BugA8CurlUAChallenge) && strings.HasPrefix(ua, "curl/"):
		a7Page(w, http.StatusOK, "text/html; charset=utf-8", "<html><head><script>document.cookie='acw_sc__v2=6f1c';location.reload();</script></head><body></body></html>")
	case s.opts.has(BugA8GoUA429Plain) && strings.HasPrefix(ua, "Go-http-client/"):
		a7Page(w, http.StatusTooManyRequests, "text/plain; charset=utf-8", "429 Too Many Requests\n")
	case s.opts.has(BugA8OriginNullPlain) && r.Header.Get("Origin") == "null":
		a7Page(w, http.StatusForbidden, "text/plain; charset=utf-8", "Invalid CORS request\n")
	case s.opts.has(BugA8CrossSiteCSRFHTML) && r.Header.Get("Sec-Fetch-Site") == "cross-site":
		a7Page(w, http.StatusForbidden, "text/html; charset=utf-8", "<html><body><h1>Forbidden (403)</h1><p>CSRF verification failed. Request aborted.</p></body></html>")
	case s.opts.has(BugA8MethodOverrideHTML) && strings.EqualFold(r.Header.Get("X-HTTP-Method-Override"), "GET"):
		a7Page(w, http.StatusMethodNotAllowed, "text/html;charset=UTF-8", strings.Replace(a7WhitelabelPage, "type=Not Found, status=404", "type=Method Not Allowed, status=405", 1))
	case s.opts.has(BugA8GzipRequestBodyHTML) && strings.EqualFold(r.Header.Get("Content-Encoding"), "gzip"):
		a7Page(w, http.StatusBadRequest, "text/html;charset=utf-8", "<!doctype html><html lang=\"en\"><head><title>HTTP Status 400 – Bad Request</title></head><body><h1>HTTP Status 400 – Bad Request</h1></body></html>")
	case s.opts.has(BugA8IfModifiedSince304) && r.Header.Get("If-Modified-Since") != "" && lookup(r.URL.Path) != nil && lookup(r.URL.Path).name == "record/getFormList":
		w.WriteHeader(http.StatusNotModified)
	default:
		return false
	}
	return true
}

// a8Params reads the parameters as round 8's bugs and variants do, by the
// request's Content-Type and query; an error for what a variant refuses.
func (s *Server) a8Params(name string, r *http.Request, p params) (params, *apiError) {
	ct := strings.ToLower(strings.TrimSpace(r.Header.Get("Content-Type")))
	if s.opts.is(VariantA8OtherContentTypeRefused) && !strings.HasPrefix(ct, "application/json") {
		return nil, paramError("Content-Type", "the request body must be sent as application/json")
	}
	switch {
	case s.opts.has(BugA8FormURLEncodedNumber) && name == "record/getFormList" && strings.HasPrefix(ct, "application/x-www-form-urlencoded"):
		return params{}, nil
	case s.opts.has(BugA8FetchTextPlainWindow) && name == "templates/list" && strings.HasPrefix(ct, "text/plain"):
		return params{}, nil
	case s.opts.has(BugA8JSONPatchWindow) && name == "templates/listQrcodes" && strings.HasPrefix(ct, "application/json-patch+json"):
		return params{"template": p["template"]}, nil
	case s.opts.has(BugA8NoContentTypeSearch) && name == "record/getFormList" && ct == "":
		kept := params{}
		for _, m := range []string{"page", "page_size"} {
			if v, ok := p[m]; ok {
				kept[m] = v
			}
		}
		return kept, nil
	case s.opts.has(BugA8QueryStringBodyIgnored) && name == "record/getFormList" && r.URL.RawQuery != "":
		q := params{}
		for k, vs := range r.URL.Query() {
			if len(vs) > 0 && k != "api_key" && k != "access_token" {
				q[k] = vs[0]
			}
		}
		return q, nil
	}
	if v, ok := p["number"].(string); ok && s.opts.has(BugA8NumberTabDropped) && name == "record/getFormList" && strings.ContainsRune(v, '\t') {
		delete(p, "number")
	}
	if v, ok := p["start_time"].(json.Number); ok && s.opts.has(BugA8EpochNumberAsMillis) && name == "templates/list" {
		if n, err := v.Int64(); err == nil {
			p["start_time"] = time.UnixMilli(n).UTC().Format(time.RFC3339Nano)
		}
	}
	if v, ok := p["template"].(string); ok && s.opts.has(BugA8TemplateURLSlashFirst) && name == "templates/listQrcodes" &&
		strings.HasPrefix(v, "https://") && strings.HasSuffix(v, "/") {
		p["template"] = s.a8FirstTemplate(r)
	}
	return p, nil
}

// a8FirstTemplate is the coding of the first template of the organization
// of the request's key ("" when it has none).
func (s *Server) a8FirstTemplate(r *http.Request) string {
	k := s.data.key(bearer(r.Header.Get("Authorization")))
	if k == nil {
		return ""
	}
	for _, t := range s.data.templates {
		if t.org == k.org {
			return t.coding
		}
	}
	return ""
}

// a8Key is the key a request without a known one is served as (a bug's
// session middleware), nil for none.
func (s *Server) a8Key(r *http.Request) *apiKey {
	if s.opts.has(BugA8AnyCookieAuthenticates) && strings.TrimSpace(r.Header.Get("Authorization")) == "" && r.Header.Get("Cookie") != "" {
		return &s.data.keys[0]
	}
	return nil
}

// a8Cookie is the value of the request's cookie name ("" when none).
func a8Cookie(r *http.Request, name string) string {
	if c, err := r.Cookie(name); err == nil {
		return c.Value
	}
	return ""
}

// a8Serve serves one request as round 8's bugs and variants read it and
// rewrite its answer, around the service (a7Serve and what it wraps).
func (s *Server) a8Serve(ep *endpoint, k *apiKey, p params, r *http.Request) (any, *apiError) {
	if v := a8Cookie(r, "current_org"); v != "" && ep.name != "certificates/verify" && s.opts.has(BugA8CookieOrgHonoured) {
		if org, err := strconv.ParseInt(v, 10, 64); err == nil && org != k.org && s.data.org(org) != nil {
			k = &apiKey{secret: k.secret, org: org, write: k.write}
		}
	}
	nullSize := false
	if v, ok := p["page_size"]; ok && v == nil && ep.name == "record/getFormList" && s.opts.has(BugA8NullPageSizeLimit0) {
		nullSize = true
	}
	if _, ok := p["page_size"]; !ok && ep.name == "record/getFormList" && strings.EqualFold(r.Header.Get("Save-Data"), "on") && s.opts.has(BugA8SaveDataPageSize5) {
		p["page_size"] = json.Number("5")
	}
	key, _ := p["search_key"].(string)
	var again params
	if ep.name == "record/getFormList" && s.opts.is(VariantA8PastEndLastPage) {
		again = params{}
		for m, v := range p {
			again[m] = v
		}
	}
	data, aerr := s.a7Serve(ep, k, p, r)
	if aerr != nil {
		return nil, aerr
	}
	b, ok := data.(obj)
	if !ok {
		return data, nil
	}
	switch ep.name {
	case "record/getFormList":
		page, _ := b.get("page").(obj)
		if page == nil {
			break
		}
		if again != nil {
			cur, _ := page.get("current_page").(int64)
			last, _ := page.get("last_page").(int64)
			if total, _ := page.get("total").(int64); cur > last && total > 0 {
				again["page"] = json.Number(itoa(last))
				return s.a7Serve(ep, k, again, r)
			}
		}
		if nullSize {
			b = b.set("list", []any{})
			page = page.set("per_page", int64(0)).set("last_page", int64(0))
		}
		if strings.HasSuffix(key, "\n") && s.opts.has(BugA8SearchKeyNewlineCount) {
			page = page.set("total", int64(0)).set("last_page", int64(1))
		}
		if strings.HasPrefix(r.Header.Get("X-App-Version"), "2.") && s.opts.has(BugA8AppVersionPagingStrings) {
			for i := range page {
				if n, isInt := page[i].val.(int64); isInt {
					page[i].val = itoa(n)
				}
			}
		}
		b = b.set("page", page)
	case "templates/list":
		if strings.HasPrefix(r.Header.Get("User-Agent"), "axios/") && s.opts.has(BugA8AxiosUATplIDStrings) {
			if list, isList := b.get("list").([]any); isList {
				for i, it := range list {
					if t, isObj := it.(obj); isObj {
						if id, isInt := t.get("tpl_id").(int64); isInt {
							list[i] = t.set("tpl_id", itoa(id))
						}
					}
				}
			}
		}
	case "certificates/verify":
		lang := a8Cookie(r, "lang")
		if !s.opts.has(BugA8CookieLangStatusEnglish) {
			lang = ""
		}
		if q := r.URL.Query().Get("lang"); q != "" && s.opts.has(BugA8QueryLangStatusEnglish) {
			lang = q
		}
		if st, isStr := b.get("certificate_status").(string); isStr && strings.HasPrefix(strings.ToLower(lang), "en") && a7English[st] != "" {
			b = b.set("certificate_status", a7English[st])
		}
	case "record/getRecord":
		b = s.a8Record(b, r)
	}
	data = b
	if tz := r.Header.Get("X-Timezone"); tz != "" && s.opts.has(BugA8TimezoneHeaderISO) {
		if loc := a7Zone(tz); loc != nil {
			data = a7ISOIn(data, loc)
		}
	}
	if tp := r.Header.Get("traceparent"); ep.name == "record/getRecord" && tp != "" && s.opts.has(BugA8TraceparentEchoed) {
		if parts := strings.Split(tp, "-"); len(parts) == 4 {
			data = a7Extra{data: data, key: "trace_id", val: parts[1]}
		}
	}
	return data, nil
}

// a8Record rewrites a getRecord answer as round 8's bugs and variants do.
func (s *Server) a8Record(b obj, r *http.Request) obj {
	format, _ := b.get("format").(string)
	switch x := b.get("data").(type) {
	case obj:
		switch format {
		case "json":
			if strings.HasPrefix(r.Header.Get("Referer"), "https://servicewechat.com/") && s.opts.has(BugA8MiniProgramRefererURL) {
				if u, _ := x.get("record_url").(string); u != "" {
					host, code, _ := strings.Cut(strings.TrimPrefix(u, "https://"), "/c/")
					x = x.set("record_url", "https://"+host+"/mp/pages/record/detail?code="+code)
				}
			}
			if strings.HasPrefix(r.Header.Get("User-Agent"), "Dart/") && s.opts.has(BugA8DartUAISORFC3339) {
				if at, isInt := x.get("submit_at").(int64); isInt {
					x = x.set("submit_at_iso", time.Unix(at, 0).In(zone).Format(time.RFC3339))
				}
			}
		case "json-ld":
			if s.opts.is(VariantA8JSONLDContextArray) {
				x = x.set("@context", []any{x.get("@context"), o("@language", "zh-CN")})
			}
			if t, isStr := x.get("@type").(string); isStr && s.opts.is(VariantA8JSONLDTypeArray) {
				x = x.set("@type", []any{t, "CreativeWork"})
			}
		}
		return b.set("data", x)
	case string:
		if format != "markdown" {
			return b
		}
		if s.opts.is(VariantA8FrontMatterFoldedTitle) {
			lines := strings.Split(x, "\n")
			for i := 1; i < len(lines) && strings.TrimSpace(lines[i]) != "---"; i++ {
				if t, ok := strings.CutPrefix(lines[i], "title: "); ok {
					lines[i] = "title: >-\n  " + t
					break
				}
			}
			x = strings.Join(lines, "\n")
		}
		if s.opts.is(VariantA8MarkdownCRLF) {
			x = strings.ReplaceAll(x, "\n", "\r\n")
		}
		return b.set("data", x)
	}
	return b
}

// a8Writing says whether round 8's writer rewrites the answer to r.
func (s *Server) a8Writing(r *http.Request) bool {
	accept := r.Header.Get("Accept")
	return s.opts.has(BugA8QueryCallbackJSONP) && r.URL.Query().Get("callback") != "" ||
		s.opts.has(BugA8AcceptCharsetGBKLabel) && strings.HasPrefix(strings.ToLower(r.Header.Get("Accept-Charset")), "gbk") ||
		s.opts.has(BugA8AcceptMarkdownCT) && strings.Contains(accept, "text/markdown") && strings.HasSuffix(r.URL.Path, "/record/getRecord") ||
		s.opts.has(BugA8PlusJSONErrorsProblem) && strings.Contains(accept, "application/*+json") ||
		s.opts.has(BugA8ZstdUnlabelledGzip) && strings.Contains(strings.ToLower(r.Header.Get("Accept-Encoding")), "zstd") ||
		s.opts.is(VariantA8ContentTypeCapitals) || s.opts.is(VariantA8HTTP422ParamErrors) || s.opts.is(VariantA8CacheHeaders) ||
		s.opts.is(VariantA8SuccessMessageChinese) || s.opts.is(VariantA8VerifyErrorsNoDetail) && strings.HasSuffix(r.URL.Path, "/certificates/verify")
}

// a8Writer is the ResponseWriter round 8 rewrites answers through: it
// keeps the answer and writes it rewritten when the handler is done.
func (s *Server) a8Writer(w http.ResponseWriter, r *http.Request) (http.ResponseWriter, func()) {
	if !s.a8Writing(r) {
		return w, func() {}
	}
	a := &a8Answer{ResponseWriter: w}
	return a, func() { s.a8Finish(a, r) }
}

// a8Answer is an answer kept until the handler is done.
type a8Answer struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (a *a8Answer) WriteHeader(status int) {
	if a.status == 0 {
		a.status = status
	}
}

func (a *a8Answer) Write(b []byte) (int, error) {
	if a.status == 0 {
		a.status = http.StatusOK
	}
	return a.body.Write(b)
}

// a8Finish writes a kept answer as round 8's bugs and variants rewrite it.
func (s *Server) a8Finish(a *a8Answer, r *http.Request) {
	h, status, body := a.Header(), a.status, a.body.Bytes()
	if status == 0 {
		status = http.StatusOK
	}
	var head struct {
		Code json.Number `json:"code"`
	}
	isJSON := json.Unmarshal(body, &head) == nil && head.Code != ""
	failed := isJSON && head.Code.String() != "0"
	ct := h.Get("Content-Type")
	accept := r.Header.Get("Accept")
	if isJSON && (s.opts.is(VariantA8SuccessMessageChinese) && !failed || s.opts.is(VariantA8VerifyErrorsNoDetail) && failed) {
		body = a8Rewrite(body, func(m map[string]any) {
			if failed {
				delete(m, "message_detail")
			} else {
				m["message"] = "操作成功"
			}
		})
	}
	switch {
	case s.opts.has(BugA8QueryCallbackJSONP) && r.URL.Query().Get("callback") != "":
		body = append(append([]byte(r.URL.Query().Get("callback")+"("), body...), ");"...)
		ct = "application/javascript; charset=utf-8"
	case s.opts.has(BugA8AcceptCharsetGBKLabel) && strings.HasPrefix(strings.ToLower(r.Header.Get("Accept-Charset")), "gbk"):
		ct = "application/json; charset=GBK"
	case s.opts.has(BugA8AcceptMarkdownCT) && strings.Contains(accept, "text/markdown"):
		ct = "text/markdown; charset=utf-8"
	case s.opts.has(BugA8PlusJSONErrorsProblem) && strings.Contains(accept, "application/*+json") && failed:
		ct = "application/problem+json"
	case s.opts.is(VariantA8ContentTypeCapitals) && strings.HasPrefix(ct, "application/json"):
		ct = "Application/JSON; Charset=UTF-8"
	case s.opts.is(VariantA8HTTP422ParamErrors) && head.Code.String() == "400":
		status = http.StatusUnprocessableEntity
	case s.opts.is(VariantA8CacheHeaders):
		h.Set("Cache-Control", "no-store")
		h.Set("ETag", `W/"`+strconv.Itoa(len(body))+`"`)
	}
	if s.opts.has(BugA8ZstdUnlabelledGzip) && strings.Contains(strings.ToLower(r.Header.Get("Accept-Encoding")), "zstd") && h.Get("Content-Encoding") == "" {
		var z bytes.Buffer
		gz := gzip.NewWriter(&z)
		_, _ = gz.Write(body)
		_ = gz.Close()
		body = z.Bytes()
	}
	if ct != "" {
		h.Set("Content-Type", ct)
	}
	h.Del("Content-Length")
	a.ResponseWriter.WriteHeader(status)
	_, _ = a.ResponseWriter.Write(body)
}

// a8Rewrite decodes a JSON object, lets edit change it and encodes it
// again (its members then in the order of their names).
func a8Rewrite(body []byte, edit func(map[string]any)) []byte {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var m map[string]any
	if dec.Decode(&m) != nil {
		return body
	}
	edit(m)
	out, err := encode(m)
	if err != nil {
		return body
	}
	return out
}
