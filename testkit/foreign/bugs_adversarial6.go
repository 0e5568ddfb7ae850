package foreign

import (
	"encoding/json"
	"net/http"
	neturl "net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Adversarial round 6: bugs and correct variants written after reading
// the conformance runner of main and a log of every request one of its
// runs sends to this service, aimed at what the log never holds:
//
//   - the headers a browser, a WeChat in-app page, a mobile app, an
//     Android HTTP client, jQuery, a JSON-LD library, a console page or
//     a multi-tenant SDK send and the runner never does
//     (Accept-Language in English or traditional Chinese, Origin,
//     Referer, User-Agent, X-Requested-With, an Accept that prefers
//     application/ld+json, an Accept-Encoding that lists br,
//     X-Tenant-ID), each taking the request down a second code path;
//   - verify's successes the runner never reaches: the limited key's
//     set_next_certificate_status on its own form, the write key on a
//     form a limited key is scoped to, a terminal status named by its
//     id, the other organization's own credential, set_next with the
//     right tpl_id or by URL, the limited key by URL;
//   - reads in the states the runner reads in json alone: a credential
//     archived, voided or revoked, read in json-ld, in markdown and by
//     URL, and a read by URL after set_next_certificate_status;
//   - walks the runner takes with the read key only: the write key's
//     later pages of getFormList and of the template lists, its default
//     sub-code page, the limited key's later pages;
//   - the other organization's own form numbers, and templates later in
//     the list than the profile's three.
//
// The variants differ from Defaults only where docs/contract.md allows,
// where the runner's requests meet them: the limited key's scope refusal
// with code 403, a limited key that sees no templates, json-ld's @type
// as an array, status names sent as JSON numbers read leniently, a
// connection closed after every answer, another organization's key
// refused the form list, page tokens void after a reset, an unknown
// certificate code with code 404, a record asked for by both addresses
// refused, and front matter values as plain YAML scalars.

// The bugs of adversarial round 6.
const (
	BugA6EnglishNamesClear          Bug = "a6-accept-language-en-names-clear"
	BugA6EnglishFormTimesUTC        Bug = "a6-accept-language-en-form-times-utc"
	BugA6USDateISO                  Bug = "a6-accept-language-en-us-record-date-us"
	BugA6OriginErrorsTextPlain      Bug = "a6-origin-errors-text-plain"
	BugA6ConsoleOriginReadVerify    Bug = "a6-console-origin-read-key-verifies"
	BugA6XHREnvelope                Bug = "a6-xhr-record-envelope"
	BugA6WeChatRecordURL            Bug = "a6-wechat-ua-record-url-oauth"
	BugA6MobileFormPage5            Bug = "a6-mobile-ua-form-page-size-5"
	BugA6OriginStatusID             Bug = "a6-origin-verify-status-id"
	BugA6BrotliLabelGzip            Bug = "a6-br-labelled-gzip"
	BugA6AcceptLDFormat             Bug = "a6-accept-ld-json-format"
	BugA6LimitedNextRescoped        Bug = "a6-limited-next-own-form-100328"
	BugA6WriteKeyScopedForm         Bug = "a6-write-key-scoped-form-100328"
	BugA6TerminalIDUnknown          Bug = "a6-terminal-status-id-unknown"
	BugA6OtherOrgFlowByName         Bug = "a6-other-org-flow-by-name"
	BugA6OtherOrgSuccessOrgID       Bug = "a6-other-org-success-org-id"
	BugA6NextTplIDFlow              Bug = "a6-next-tpl-id-against-flow"
	BugA6LimitedByURL100328         Bug = "a6-limited-key-by-url-100328"
	BugA6NextByURL100320            Bug = "a6-next-by-url-100320"
	BugA6ArchivedMarkdownID         Bug = "a6-archived-markdown-front-matter-id"
	BugA6VoidJSONLDNoURL            Bug = "a6-void-jsonld-no-url"
	BugA6VoidMarkdownClear          Bug = "a6-void-markdown-holder-clear"
	BugA6ByURLStaleAfterNext        Bug = "a6-by-url-stale-after-next"
	BugA6VoidByURLNotFound          Bug = "a6-void-by-url-not-found"
	BugA6RevokedMarkdownNoTitle     Bug = "a6-revoked-markdown-no-title"
	BugA6LimitedMarkdownPhones      Bug = "a6-limited-key-markdown-phones-clear"
	BugA6WriteFormPagesOverlap      Bug = "a6-write-key-form-pages-overlap"
	BugA6WriteTemplatesTokenIgnored Bug = "a6-write-key-templates-token-ignored"
	BugA6WriteQrcodesDefaultNoToken Bug = "a6-write-key-qrcodes-default-no-token"
	BugA6LimitedFormPageRepeats     Bug = "a6-limited-key-form-page-repeats"
	BugA6LimitedTemplatesToken400   Bug = "a6-limited-key-templates-token-400"
	BugA6OtherOrgNumberIndex        Bug = "a6-other-org-number-not-indexed"
	BugA6MigratedTemplateToken      Bug = "a6-migrated-template-empty-token"
	BugA6ConsoleRefererUnmasked     Bug = "a6-console-referer-unmasked"
	BugA6EnglishStatusNames         Bug = "a6-accept-language-en-status-names"
	BugA6TenantHeaderHonoured       Bug = "a6-tenant-header-honoured"
	BugA6TraditionalStatusNames     Bug = "a6-accept-language-zh-tw-status-names"
	BugA6AndroidIDsAsStrings        Bug = "a6-okhttp-ua-ids-as-strings"
)

// The correct variants of adversarial round 6.
const (
	VariantA6LimitedScope403      Variant = "a6-limited-scope-refusal-403"
	VariantA6LimitedNoTemplates   Variant = "a6-limited-key-sees-no-templates"
	VariantA6JSONLDTypeArray      Variant = "a6-jsonld-type-array"
	VariantA6StatusNumbersLenient Variant = "a6-status-json-numbers-lenient"
	VariantA6ConnectionClose      Variant = "a6-connection-close"
	VariantA6OtherOrgFormsRefused Variant = "a6-other-org-form-list-403"
	VariantA6TokensPerReset       Variant = "a6-page-tokens-void-after-reset"
	VariantA6UnknownCode404       Variant = "a6-unknown-certificate-code-404"
	VariantA6BothAddressesRefused Variant = "a6-both-addresses-refused"
	VariantA6FrontMatterPlain     Variant = "a6-front-matter-plain-scalars"
)

// The names round 6's bugs and variants key on.
const (
	a6ConsoleOrigin = "https://console.foreign.example"
	a6OAuthPrefix   = "https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx5f3a9c&redirect_uri="
	a6MobilePage    = 5
	a6MigratedTplID = 9110
)

func adversarialRound6() Round {
	return Round{Name: "adversarial-6", Kind: "adversarial", Bugs: []BugInfo{
		{BugA6EnglishNamesClear, "§2.1, §C8 (2.1.masked, must)", "a request whose Accept-Language starts with English (en-US,en;q=0.9, as every English browser sends) gets the English formatters, whose masking rules were written for phone and identity numbers only: a person's name with is_masked true (姓名, 客户姓名, 持卡人) comes in clear in json"},
		{BugA6EnglishFormTimesUTC, "§1.3, §C1 (C1.timeZone, must)", "with an English Accept-Language the form list's date helper takes the locale's display zone (UTC) while the label stays (UTC+08:00): created_at_iso, updated_at_iso and active_at_iso name instants eight hours before their *_at"},
		{BugA6USDateISO, "§1.3, §C1 (C1.timeZone, must)", "with Accept-Language en-US getRecord writes the record's *_iso through the US date formatter: submit_at_iso 01/08/2026 09:01:00 AM(UTC+08:00), not YYYY-MM-DD HH:MM:SS"},
		{BugA6OriginErrorsTextPlain, "§1.1, §C1 (C1.contentType, must)", "a request carrying an Origin (every browser's fetch) has its error answers written by the CORS middleware, which sends them as text/plain so that the browser makes no preflight: the JSON error body arrives labelled text/plain; charset=utf-8"},
		{BugA6ConsoleOriginReadVerify, "§5 item 3, §C2 (C2.writeScope, must)", "the operators' console (Origin https://console.foreign.example) is on the trusted-origin list, whose requests skip the write-permission check: a read key sent from it moves a credential"},
		{BugA6XHREnvelope, "§4.1 (4.1.wrapper, must)", "getRecord with X-Requested-With: XMLHttpRequest (jQuery's $.ajax) takes the legacy AJAX controller, whose envelope adds success: true beside code, message and data"},
		{BugA6WeChatRecordURL, "§2.1, §4.1 (2.1.identity, must)", "a request from WeChat's in-app browser (a User-Agent with MicroMessenger) gets record_url rewritten into the WeChat OAuth link that wraps it (https://open.weixin.qq.com/connect/oauth2/authorize?…redirect_uri=…), not the record's URL"},
		{BugA6MobileFormPage5, "§4.3, §8 (8.formList.defaults, must)", "a mobile User-Agent (iPhone, Android … Mobile) gets the mobile list's page size when page_size is left out: per_page 5, not the default 10"},
		{BugA6OriginStatusID, "§3.1, §4.2 (3.1.move, must)", "a verify sent from a browser (an Origin) is answered by the console's controller, which gives the status's id for the UI's select box: certificate_status \"12\", not the status's name"},
		{BugA6BrotliLabelGzip, "§1.1, §C1 (C1.jsonText, must)", "an Accept-Encoding that lists br (gzip, deflate, br: every browser) makes the compression middleware label its answer Content-Encoding: br while it writes gzip: no browser decodes it into JSON"},
		{BugA6AcceptLDFormat, "§4.1 (4.1.formatEcho, 4.1.defaultFormat, must)", "getRecord negotiates on Accept before reading format: a JSON-LD library's Accept (application/ld+json, application/json) gets json-ld whatever format asks, data.format json-ld where json or no format was asked"},
		{BugA6LimitedNextRescoped, "§3.1, §5 (3.1.next, must)", "the history writer of set_next_certificate_status checks a form-limited key's scope once more, against the flow's id: the limited key's set_next_certificate_status on its own form's credential, which passes every check, answers 100328 instead of moving it"},
		{BugA6WriteKeyScopedForm, "§3.1, §5 (3.1.move, 3.1.next, must)", "the move asks whether the form has an allow-list and, if so, whether the key is on it: a form a limited key is scoped to (培训证书) refuses the unrestricted write key with 100328"},
		{BugA6TerminalIDUnknown, "§4.2 (4.2.names, must)", "a status named by its id is looked up in the console's list of selectable statuses, which leaves the terminal ones out: to_certificate_status \"13\" (已归档, reachable) answers 100326 where \"已归档\" moves the record"},
		{BugA6OtherOrgFlowByName, "§3.1 (3.1.move, 3.1.next, must)", "flows are cached by name at start and both organizations have one named 核销状态: the other organization's own credential (hx910001) is judged by our flow, which knows no status 未用, and every move of it answers 100324"},
		{BugA6OtherOrgSuccessOrgID, "§4.2 (4.2.successData, must)", "the verify success's org_id is the service's configured default tenant: the other organization's own credential, moved by its own key, is described with org_id 7001 where getRecord gives 7002"},
		{BugA6NextTplIDFlow, "§3.1, §7 (3.1.next, 7.conditions, must)", "set_next_certificate_status's writer checks tpl_id once more, against the flow's id: a set_next that sends the record's own tpl_id and passes every check answers 100323"},
		{BugA6LimitedByURL100328, "§4.2, §5 (4.2.names, must)", "a form-limited key's URL certificate_code is resolved by the public share resolver, which gives no form: the limited key's move of its own form's credential by its full URL answers 100328 where by code it moves"},
		{BugA6NextByURL100320, "§4.2 (4.2.names, must)", "set_next_certificate_status's writer looks the credential up again by certificate_code as a plain code for its history entry: by the record's full URL a move that passes every check answers 100320"},
		{BugA6ArchivedMarkdownID, "§2.2, §C7 (2.2.markdown, 2.2.markdownId, must)", "an archived credential (已归档) is rendered by the archive's markdown template, whose front matter writes the id under id: and no record_id"},
		{BugA6VoidJSONLDNoURL, "§2.2 (2.2.jsonld, must)", "a voided credential (已作废) is described in json-ld by the void card's document, which has no url"},
		{BugA6VoidMarkdownClear, "§2.1, §C8 (C8.otherFormats, 2.1.masked, must)", "the markdown of a voided credential is the void notice for the audit file, which names the holder in clear (陈静怡) where json masks it"},
		{BugA6ByURLStaleAfterNext, "§4.1 (4.1.byUrl, must)", "set_next_certificate_status forgets to publish the move to the share-link replica getRecord by record_url reads: after such a move, by URL shows the status before it while by id shows the new one"},
		{BugA6VoidByURLNotFound, "§4.1 (4.1.byUrl, must)", "voiding a credential deactivates its share link, through which getRecord resolves record_url: a voided credential by its record_url is not found, by its id it is"},
		{BugA6RevokedMarkdownNoTitle, "§2.2, §C7 (2.2.markdown, must)", "a revoked certificate (已注销, the second flow's end) is rendered in markdown by the revocation notice template, whose front matter has record_id and no title"},
		{BugA6LimitedMarkdownPhones, "§2.1, §C8 (C8.otherFormats, must)", "a form-limited key is a partner's and gets the partner's markdown renderer, which masks names and identity numbers but not phone numbers: 手机号 and 客户手机 come in clear where json masks them"},
		{BugA6WriteFormPagesOverlap, "§4.3 (4.3.disjoint, must)", "a key with write permission lists forms through the management paginator, whose offset is one short from page 2 on: each later page starts with the previous page's last form"},
		{BugA6WriteTemplatesTokenIgnored, "§4.4 (4.4.disjoint, 4.4.total, must)", "a key with write permission lists templates through the management query, which pages by number and ignores page_token: the write key's second page repeats the first"},
		{BugA6WriteQrcodesDefaultNoToken, "§4.5 (4.4.total, 4.4.lastToken, must)", "the management listing of sub-codes decides there is more by comparing with its own default of 50: the write key's listQrcodes without page_size answers 20 sub-codes and next_page_token null while total says 45"},
		{BugA6LimitedFormPageRepeats, "§4.3 (4.3.disjoint, must)", "a form-limited key's unfiltered form list goes through the scoped repository's list-all, which ignores the offset: its page 2 holds page 1's forms under current_page 2"},
		{BugA6LimitedTemplatesToken400, "§4.4 (4.4.total, must)", "a form-limited key's page tokens are checked against a signature keyed with its scope, while they were issued under the organization's: the limited key's next_page_token of templates/list, sent back, is a 400 and the walk cannot go on"},
		{BugA6OtherOrgNumberIndex, "§4.3 (4.3.totalFilter, 4.3.number, must)", "the exact-number index is warmed at start for the first organization configured: the other organization's key looking up its own form number (XL-001) finds nothing, total 0, where its list holds that form"},
		{BugA6MigratedTemplateToken, "§4.5 (4.4.lastToken, must)", "templates created after the v2 migration (tpl_id 9110 on) list their sub-codes from the new table, whose empty continuation is \"\": listQrcodes of such a template answers next_page_token \"\" instead of null"},
		{BugA6ConsoleRefererUnmasked, "§2.1, §C8 (2.1.masked, must)", "a request whose Referer is a page of the operators' console (https://console.foreign.example/…: a staff member's browser, or any page a user opened from a link there) gets the staff view, with masked values in clear while is_masked stays true"},
		{BugA6EnglishStatusNames, "§3.1, §4.2 (3.1.move, must)", "with an English Accept-Language verify's certificate_status is the status's English label from the translation table (Redeemed, Archived), not its name (已核销, 已归档)"},
		{BugA6TenantHeaderHonoured, "§4.3, §C2 (C2.tenancy, must)", "the multi-tenant middleware honours X-Tenant-ID, meant for the platform's own keys, for every key: a client whose SDK sends a wrong tenant (another organization's key with X-Tenant-ID: 7001) lists and reads our forms and records"},
		{BugA6TraditionalStatusNames, "§3.1, §4.2 (3.1.move, must)", "with Accept-Language zh-TW or zh-HK (a browser in Taiwan or Hong Kong) the response filter converts generated texts to traditional characters, status names too: certificate_status 已核銷, which names no status of the flow (已核销)"},
		{BugA6AndroidIDsAsStrings, "§2.1 (2.1.schema, must)", "the Android app's HTTP client (a User-Agent okhttp/…) gets ids as strings, the compatibility switch made for Java longs: record_id \"800001\" where §2.1 gives an integer"},
	}, Variants: []VariantInfo{
		{VariantA6LimitedScope403, "a form-limited key verifying another form's credential is refused with code 403 (error_code 100328), not 400",
			"§C2: \"A key whose writes are limited to some forms ... verifies another form | SPEC (§5, item 4: 100328)\" (the error_code); §5 item 4: \"Failed authentication or permission may answer code 401 or 403\""},
		{VariantA6LimitedNoTemplates, "a form-limited key may see no batch templates: templates/list answers it an empty list (total 0), listQrcodes 404 for every template",
			"§5 item 5: \"how keys are issued and scoped beyond write permission, is open\"; §4.5: \"A template that does not exist, or that the caller may not see: {code: 404 ...}\""},
		{VariantA6JSONLDTypeArray, "json-ld's @type is an array, [\"DigitalDocument\", \"CreativeWork\"]",
			"§2.2: json-ld has @type, \"The rest of its layout is open (§C7)\"; §C7: \"json-ld layout | KIT\" (JSON-LD 1.1 §3.5: @type may hold an array of types)"},
		{VariantA6StatusNumbersLenient, "to_certificate_status and from_certificate_status sent as JSON numbers (11) are read as the digits they are (\"11\", a status id) instead of refused",
			"§C1: \"Reading a member leniently (\\\"123\\\" as 123) breaks nothing a client relies on, so it is KIT too\"; §4.2: a status is named \"by name or id\""},
		{VariantA6ConnectionClose, "every answer carries Connection: close and the connection is closed after it (no keep-alive)",
			"RFC 9112 §9.6: a server may close a connection after any response, signalled by Connection: close; §C1 says nothing of connection reuse"},
		{VariantA6OtherOrgFormsRefused, "the other organization's key (an integration key without form read scope) is refused getFormList: code 403, error_code 100403",
			"§5 item 5: how keys are \"scoped beyond write permission, is open\"; §C2: \"A key without read scope on a read endpoint | KIT | code 403, error_code 100403\""},
		{VariantA6TokensPerReset, "page tokens are bound to the data's version: a token issued before a reset is a 400 naming page_token after it",
			"§C5: \"page_token | KIT; never asserted\" (\"tokens stay valid across a reset\" is the mock's choice, §C10 details it as KIT)"},
		{VariantA6UnknownCode404, "verify of a certificate code that names no record answers code 404 (error_code 100320), not 400",
			"§7: \"code integer (the platform status; business errors are usually 400)\"; 7.unknownCode asserts error_code 100320"},
		{VariantA6BothAddressesRefused, "getRecord with both record_id and record_url is a parameter error (100301: send one of them), even when they name the same record",
			"§4.1: record_id and record_url are each required as \"record_id or record_url\"; §C10: \"getRecord with both record_id and record_url\" is a KIT row"},
		{VariantA6FrontMatterPlain, "markdown front matter values are plain YAML scalars, unquoted (title: 会员卡核销, record_number: R2026810001)",
			"§2.2: front matter holding a title and record_id; §C7: \"markdown layout | KIT\"; YAML 1.2 §7.3.3: plain scalars"},
	}}
}

// a6State is what round 6's bugs and variants remember between requests.
type a6State struct {
	// last is each credential's last successful verify action.
	last map[int64]string
	// generation counts resets (a variant binds page tokens to it).
	generation int
}

// a6Reset forgets what round 6 remembers; the caller holds mu.
func (s *Server) a6Reset() {
	s.a6 = a6State{generation: s.a6.generation + 1}
}

// a6Writer is the ResponseWriter an answer is written through: a bug's
// compression middleware, a variant's closed connection.
func (s *Server) a6Writer(w http.ResponseWriter, r *http.Request) http.ResponseWriter {
	if s.opts.is(VariantA6ConnectionClose) {
		w.Header().Set("Connection", "close")
	}
	if s.opts.has(BugA6BrotliLabelGzip) && strings.Contains(strings.ToLower(r.Header.Get("Accept-Encoding")), "br") {
		return &a6Brotli{&gzipWriter{ResponseWriter: w}}
	}
	return w
}

// a6Brotli writes gzip and labels it br (a bug).
type a6Brotli struct{ *gzipWriter }

func (b *a6Brotli) WriteHeader(status int) {
	b.Header().Set("Content-Encoding", "br")
	b.Header().Del("Content-Length")
	b.ResponseWriter.WriteHeader(status)
}

func (b *a6Brotli) Write(p []byte) (int, error) { return b.gzipWriter.Write(p) }

// a6Close flushes what a6Writer wrapped.
func a6Close(w http.ResponseWriter) {
	if b, ok := w.(*a6Brotli); ok {
		b.close()
	}
}

// a6TextPlain says whether a bug's CORS middleware writes this request's
// errors as text/plain.
func (s *Server) a6TextPlain(r *http.Request) bool {
	return s.opts.has(BugA6OriginErrorsTextPlain) && r.Header.Get("Origin") != ""
}

// a6Lang is the primary language tag the request prefers most, lower
// case ("" when none).
func a6Lang(r *http.Request) string {
	first, _, _ := strings.Cut(r.Header.Get("Accept-Language"), ",")
	first, _, _ = strings.Cut(first, ";")
	return strings.ToLower(strings.TrimSpace(first))
}

// a6Mobile says whether the User-Agent is a phone's.
func a6Mobile(r *http.Request) bool {
	ua := r.Header.Get("User-Agent")
	return strings.Contains(ua, "iPhone") || strings.Contains(ua, "Android") && strings.Contains(ua, "Mobile")
}

// a6Serve serves one request through round 6's bugs and variants: what
// they read off the request, the endpoint (through round 5's), and what
// they rewrite in the answer.
func (s *Server) a6Serve(ep *endpoint, k *apiKey, p params, r *http.Request) (any, *apiError) {
	if org, err := strconv.ParseInt(r.Header.Get("X-Tenant-ID"), 10, 64); err == nil && s.data.org(org) != nil && s.opts.has(BugA6TenantHeaderHonoured) {
		k = &apiKey{secret: k.secret, org: org, write: k.write, forms: k.forms}
	}
	if e := s.a6Before(ep.name, k, p, r); e != nil {
		return nil, e
	}
	if ep.name == "certificates/verify" && !k.write && s.opts.has(BugA6ConsoleOriginReadVerify) && r.Header.Get("Origin") == a6ConsoleOrigin {
		k = &apiKey{secret: k.secret, org: k.org, write: true}
	}
	data, aerr := s.a5Serve(ep, k, p)
	if aerr != nil {
		return nil, s.a6Error(k, aerr)
	}
	if k.forms != nil && s.opts.is(VariantA6LimitedNoTemplates) {
		switch ep.name {
		case "templates/list":
			return o("list", []any{}, "next_page_token", nil, "total", 0), nil
		case "templates/listQrcodes":
			ref, _ := p["template"].(string)
			return nil, &apiError{code: 404, message: "模板不存在", detail: "no template " + quote(ref)}
		}
	}
	b, ok := data.(obj)
	if !ok {
		return data, nil
	}
	switch ep.name {
	case "record/getRecord":
		return s.a6Record(k, p, r, b), nil
	case "certificates/verify":
		return s.a6Verified(k, p, r, b), nil
	case "record/getFormList":
		return s.a6Forms(ep, k, p, r, b), nil
	case "templates/listQrcodes":
		return s.a6Qrcodes(k, p, b), nil
	}
	return b, nil
}

// a6Before reads the request as round 6's bugs and variants do, or
// answers for the endpoint.
func (s *Server) a6Before(ep string, k *apiKey, p params, r *http.Request) *apiError {
	switch ep {
	case "record/getRecord":
		_, hasID := p["record_id"]
		if url, _ := p["record_url"].(string); hasID && url != "" && s.opts.is(VariantA6BothAddressesRefused) {
			return paramError("record_url", "send record_id or record_url, not both")
		}
		if accept := strings.ToLower(strings.TrimSpace(r.Header.Get("Accept"))); s.opts.has(BugA6AcceptLDFormat) && strings.HasPrefix(accept, "application/ld+json") {
			p["format"] = "json-ld"
		}
		if !hasID && s.opts.has(BugA6VoidByURLNotFound) {
			if rec := s.a6Find(k, p); rec != nil && s.a6StatusIs(rec, "已作废") {
				return s.notFound("no record with this record_url")
			}
		}
	case "certificates/verify":
		if s.opts.is(VariantA6StatusNumbersLenient) {
			for _, name := range []string{"to_certificate_status", "from_certificate_status"} {
				if n, isNum := p[name].(json.Number); isNum {
					p[name] = string(n)
				}
			}
		}
	case "record/getFormList":
		if k.org == OtherOrgID && s.opts.is(VariantA6OtherOrgFormsRefused) {
			return &apiError{code: 403, errorCode: 100403, message: "Forbidden", detail: "this API key may not read forms"}
		}
		if _, sized := p["page_size"]; !sized && a6Mobile(r) && s.opts.has(BugA6MobileFormPage5) {
			p["page_size"] = json.Number(itoa(a6MobilePage))
		}
		if n, _ := p["number"].(string); k.org == OtherOrgID && strings.HasPrefix(n, "XL-") && s.opts.has(BugA6OtherOrgNumberIndex) {
			p["number"] = n + "\x00unindexed"
		}
		s.a6LimitedPage(k, p)
	case "templates/list":
		if k.write && k.forms == nil && s.opts.has(BugA6WriteTemplatesTokenIgnored) {
			delete(p, "page_token")
		}
		if tok, _ := p["page_token"].(string); tok != "" && k.forms != nil && s.opts.has(BugA6LimitedTemplatesToken400) {
			return paramError("page_token", "page_token is not a token of this list")
		}
	}
	return nil
}

// a6LimitedPage serves a form-limited key's later unfiltered page as a
// bug's list-all does: from the first row, under the page asked for.
func (s *Server) a6LimitedPage(k *apiKey, p params) {
	number, _ := p["number"].(string)
	key, _ := p["search_key"].(string)
	page, ok, err := p.int("page")
	if k.forms == nil || number != "" || strings.TrimSpace(key) != "" || err != nil || !ok || page < 2 || !s.opts.has(BugA6LimitedFormPageRepeats) {
		return
	}
	p["page"] = json.Number("1")
	p[a5AskedPage] = page
}

// a6Error rewrites an error as a variant does.
func (s *Server) a6Error(k *apiKey, e *apiError) *apiError {
	switch {
	case e.errorCode == 100328 && e.code == 400 && k.forms != nil && s.opts.is(VariantA6LimitedScope403):
		c := *e
		c.code = 403
		return &c
	case e.errorCode == 100320 && s.opts.is(VariantA6UnknownCode404):
		c := *e
		c.code = 404
		return &c
	}
	return e
}

// a6Find is the record a getRecord request names, as the service finds it.
func (s *Server) a6Find(k *apiKey, p params) *record {
	id, hasID, err := p.int("record_id")
	url, _ := p["record_url"].(string)
	if err != nil || !hasID && url == "" {
		return nil
	}
	return s.find(k, id, hasID, url, url != "", false)
}

// a6Record rewrites a getRecord success as round 6's bugs and variants do.
func (s *Server) a6Record(k *apiKey, p params, r *http.Request, b obj) any {
	var rec *record
	if s.a6RecordBugs() {
		rec = s.a6Find(k, p)
	}
	payload := b.get("data")
	lang := a6Lang(r)
	_, hasID := p["record_id"]
	switch v := payload.(type) {
	case obj:
		if b.get("format") == "json" {
			if rec != nil && !hasID && rec.cert != nil && s.opts.has(BugA6ByURLStaleAfterNext) && s.a6LastAction(rec) == "set_next_certificate_status" {
				v = s.recordJSON(rec, false, true)
			}
			if rec != nil && strings.HasPrefix(r.Header.Get("Referer"), a6ConsoleOrigin+"/") && s.opts.has(BugA6ConsoleRefererUnmasked) {
				v = s.recordJSON(rec, true, false)
			}
			if id, isID := v.get("record_id").(int64); isID && strings.HasPrefix(r.Header.Get("User-Agent"), "okhttp/") && s.opts.has(BugA6AndroidIDsAsStrings) {
				v = v.set("record_id", itoa(id))
			}
			if strings.HasPrefix(lang, "en") && s.opts.has(BugA6EnglishNamesClear) {
				v = s.a6NamesClear(v)
			}
			if lang == "en-us" && s.opts.has(BugA6USDateISO) {
				v = a6USDates(v)
			}
			if strings.Contains(r.Header.Get("User-Agent"), "MicroMessenger") && s.opts.has(BugA6WeChatRecordURL) {
				if u, _ := v.get("record_url").(string); u != "" {
					v = v.set("record_url", a6OAuthPrefix+neturl.QueryEscape(u)+"&response_type=code&scope=snsapi_base#wechat_redirect")
				}
			}
		} else {
			if rec != nil && s.a6StatusIs(rec, "已作废") && s.opts.has(BugA6VoidJSONLDNoURL) {
				v = a6Without(v, "url")
			}
			if s.opts.is(VariantA6JSONLDTypeArray) {
				v = v.set("@type", []any{v.get("@type"), "CreativeWork"})
			}
		}
		b = b.set("data", v)
	case string:
		b = b.set("data", s.a6Markdown(k, rec, v))
	}
	if r.Header.Get("X-Requested-With") == "XMLHttpRequest" && s.opts.has(BugA6XHREnvelope) {
		return a6Envelope{b}
	}
	return b
}

// a6RecordBugs says whether a bug of round 6 reads the record a
// getRecord answer shows.
func (s *Server) a6RecordBugs() bool {
	for _, b := range []Bug{BugA6ByURLStaleAfterNext, BugA6VoidJSONLDNoURL, BugA6ArchivedMarkdownID, BugA6RevokedMarkdownNoTitle,
		BugA6VoidMarkdownClear, BugA6LimitedMarkdownPhones, BugA6ConsoleRefererUnmasked} {
		if s.opts.has(b) {
			return true
		}
	}
	return false
}

// a6Envelope is a getRecord success in the legacy AJAX envelope (a bug).
type a6Envelope struct{ data obj }

// a6Markdown rewrites a markdown representation as the bugs and a variant do.
func (s *Server) a6Markdown(k *apiKey, rec *record, md string) string {
	if s.opts.is(VariantA6FrontMatterPlain) {
		head, rest, found := strings.Cut(strings.TrimPrefix(md, "---\n"), "\n---\n")
		if found && strings.HasPrefix(md, "---\n") {
			md = "---\n" + a6Quoted.ReplaceAllString(head, "$1: $2") + "\n---\n" + rest
		}
	}
	if rec == nil {
		return md
	}
	if s.a6StatusIs(rec, "已归档") && s.opts.has(BugA6ArchivedMarkdownID) {
		md = strings.Replace(md, "\nrecord_id: ", "\nid: ", 1)
	}
	if s.a6StatusIs(rec, "已注销") && s.opts.has(BugA6RevokedMarkdownNoTitle) {
		md = a6TitleLine.ReplaceAllString(md, "$1")
	}
	voided := s.a6StatusIs(rec, "已作废") && s.opts.has(BugA6VoidMarkdownClear)
	partner := k.forms != nil && s.opts.has(BugA6LimitedMarkdownPhones)
	for _, g := range rec.groups {
		for _, f := range g.fields {
			clear, isStr := a6ClearValue(f).(string)
			phone := f.typ == "tel" || f.typ == "customer_mobile"
			if f.masked && isStr && clear != "" && (voided || partner && phone) {
				md = strings.ReplaceAll(md, "| "+s.mask(f.typ, clear)+" |", "| "+clear+" |")
			}
		}
	}
	return md
}

// a6TitleLine is the front matter's title line; a6Quoted a quoted value
// holding nothing YAML reads otherwise in a plain scalar.
var (
	a6TitleLine = regexp.MustCompile(`(?m)\A(---\n)title: .*\n`)
	a6Quoted    = regexp.MustCompile(`(?m)^([a-z_]+): "([^"\\:#'\[\]{},&*!|>%@` + "`" + `]*)"$`)
)

// a6ClearValue is a field's value as the service holds it.
func a6ClearValue(f field) any {
	if f.value != nil {
		return f.value
	}
	return valueOf(f.typ, f.n, false)
}

// a6NamesClear shows in clear the masked names of a json Record, as a
// bug's English formatters do.
func (s *Server) a6NamesClear(rec obj) obj {
	id, _ := rec.get("record_id").(int64)
	var held *record
	for _, r := range s.data.records {
		if r.id == id {
			held = r
		}
	}
	groups, _ := rec.get("tpl_groups").([]any)
	if held == nil {
		return rec
	}
	for _, g := range groups {
		gob, _ := g.(obj)
		fields, _ := gob.get("fields").([]any)
		for i, f := range fields {
			fob, _ := f.(obj)
			typ, _ := fob.get("field_type").(string)
			if typ != "name" && typ != "customer_name" {
				continue
			}
			fid, _ := fob.get("field_id").(int64)
			for _, hg := range held.groups {
				for _, hf := range hg.fields {
					if hf.id == fid && hf.masked {
						fields[i] = fob.set("field_value", a6ClearValue(hf))
					}
				}
			}
		}
	}
	return rec
}

// a6USDates rewrites every *_iso of a json Record's top level as the US
// formatter writes it.
func a6USDates(rec obj) obj {
	for i, m := range rec {
		at, isAt := rec.get(strings.TrimSuffix(m.key, "_iso")).(int64)
		if !strings.HasSuffix(m.key, "_iso") || !isAt || at == 0 {
			continue
		}
		rec[i].val = time.Unix(at, 0).In(zone).Format("01/02/2006 03:04:05 PM") + "(UTC+08:00)"
	}
	return rec
}

// a6Without is ob without key.
func a6Without(ob obj, key string) obj {
	out := obj{}
	for _, m := range ob {
		if m.key != key {
			out = append(out, m)
		}
	}
	return out
}

// a6StatusIs says whether a credential is in the status of that name.
func (s *Server) a6StatusIs(r *record, name string) bool {
	st := s.statusOf(r)
	return r.cert != nil && st != nil && st.name == name
}

// a6LastAction is the action of a credential's last successful verify.
func (s *Server) a6LastAction(r *record) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.a6.last[r.id]
}

// a6Verified rewrites a verify success as round 6's bugs do.
func (s *Server) a6Verified(k *apiKey, p params, r *http.Request, b obj) obj {
	code, _ := p["certificate_code"].(string)
	var rec *record
	for _, x := range s.data.records {
		if x.org == k.org && x.cert != nil && (x.code == code || s.data.recordURL(x) == code) {
			rec = x
		}
	}
	if rec != nil && rec.org != OrgID && s.opts.has(BugA6OtherOrgSuccessOrgID) {
		b = b.set("org_id", int64(OrgID))
	}
	if name, _ := b.get("certificate_status").(string); strings.HasPrefix(a6Lang(r), "en") && s.opts.has(BugA6EnglishStatusNames) && a6English[name] != "" {
		b = b.set("certificate_status", a6English[name])
	}
	if name, _ := b.get("certificate_status").(string); (a6Lang(r) == "zh-tw" || a6Lang(r) == "zh-hk") && s.opts.has(BugA6TraditionalStatusNames) {
		b = b.set("certificate_status", a6Traditional.Replace(name))
	}
	if name, _ := b.get("certificate_status").(string); rec != nil && r.Header.Get("Origin") != "" && s.opts.has(BugA6OriginStatusID) {
		if st := rec.form.flow.named(name); st != nil {
			b = b.set("certificate_status", itoa(st.id))
		}
	}
	return b
}

// a6English is a bug's translation table of status names.
var a6English = map[string]string{"待核销": "Pending", "已核销": "Redeemed", "已归档": "Archived", "已作废": "Void",
	"有效": "Valid", "已注销": "Revoked", "未用": "Unused", "已用": "Used"}

// a6Traditional is a bug's conversion of generated texts to traditional
// characters.
var a6Traditional = strings.NewReplacer("销", "銷", "归", "歸", "档", "檔", "废", "廢", "注", "註")

// a6Commit is the last step of a move that passed every check of §3.1:
// where a bug's writer refuses it, and what round 6 remembers of it. The
// caller holds mu.
func (s *Server) a6Commit(k *apiKey, r *record, v verifyRequest) *apiError {
	next := v.action == "set_next_certificate_status"
	switch {
	case k.forms != nil && next && s.opts.has(BugA6LimitedNextRescoped):
		return verifyError(100328, "No permission to verify this certificate")
	case k.forms == nil && s.a6AllowListed(r.form.id) && s.opts.has(BugA6WriteKeyScopedForm):
		return verifyError(100328, "No permission to verify this certificate")
	case next && v.hasTpl && v.tplID != r.form.flow.id && s.opts.has(BugA6NextTplIDFlow):
		return verifyError(100323, "Certificate does not match the requested scope")
	case k.forms != nil && v.byURL && s.opts.has(BugA6LimitedByURL100328):
		return verifyError(100328, "No permission to verify this certificate")
	case next && v.byURL && s.opts.has(BugA6NextByURL100320):
		return verifyError(100320, "Invalid certificate code")
	case r.org != OrgID && s.opts.has(BugA6OtherOrgFlowByName) && r.form.flow.name == formByID(s.data.forms, certForm).flow.name:
		return verifyError(100324, "Certificate cannot be verified in current status")
	}
	if s.a6.last == nil {
		s.a6.last = map[int64]string{}
	}
	s.a6.last[r.id] = v.action
	return nil
}

// a6AllowListed says whether some key's writes are limited to the form.
func (s *Server) a6AllowListed(form int64) bool {
	for _, k := range s.data.keys {
		if slices.Contains(k.forms, form) {
			return true
		}
	}
	return false
}

// a6Target is the status to_certificate_status names, as a bug's lookup
// by id among the selectable statuses finds it.
func (s *Server) a6Target(f *flow, name string) *status {
	st := s.ref(f, name)
	if st != nil && st.name != name && st.terminal && s.opts.has(BugA6TerminalIDUnknown) {
		return nil
	}
	return st
}

// a6Forms rewrites a getFormList success as round 6's bugs do.
func (s *Server) a6Forms(ep *endpoint, k *apiKey, p params, r *http.Request, b obj) obj {
	list, _ := b.get("list").([]any)
	if page, ok, err := p.int("page"); err == nil && ok && page > 1 && k.write && k.forms == nil && len(list) > 0 && s.opts.has(BugA6WriteFormPagesOverlap) {
		prev := params{}
		for key, v := range p {
			prev[key] = v
		}
		prev["page"] = json.Number(itoa(page - 1))
		if data, aerr := s.a5Serve(ep, k, prev); aerr == nil {
			if pl, _ := data.(obj).get("list").([]any); len(pl) > 0 {
				list = append([]any{pl[len(pl)-1]}, list[:len(list)-1]...)
				b = b.set("list", list)
			}
		}
	}
	if strings.HasPrefix(a6Lang(r), "en") && s.opts.has(BugA6EnglishFormTimesUTC) {
		for _, it := range list {
			f, _ := it.(obj)
			for i, m := range f {
				at, isAt := f.get(strings.TrimSuffix(m.key, "_iso")).(int64)
				if strings.HasSuffix(m.key, "_iso") && isAt && at != 0 {
					f[i].val = time.Unix(at, 0).UTC().Format("2006-01-02 15:04:05") + "(UTC+08:00)"
				}
			}
		}
	}
	return b
}

// a6Qrcodes rewrites a listQrcodes success as round 6's bugs do.
func (s *Server) a6Qrcodes(k *apiKey, p params, b obj) obj {
	if _, sized := p["page_size"]; !sized && k.write && k.forms == nil && s.opts.has(BugA6WriteQrcodesDefaultNoToken) {
		b = b.set("next_page_token", nil)
	}
	ref, _ := p["template"].(string)
	for _, t := range s.data.templates {
		if t.org == k.org && t.id >= a6MigratedTplID && (t.coding == ref || s.data.templateURL(t) == ref) &&
			b.get("next_page_token") == nil && s.opts.has(BugA6MigratedTemplateToken) {
			b = b.set("next_page_token", "")
		}
	}
	return b
}

// a6Filter is what a page token is bound to: a variant binds the data's
// version too.
func (s *Server) a6Filter(filter string) string {
	if !s.opts.is(VariantA6TokensPerReset) {
		return filter
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return filter + "|v" + itoa(int64(s.a6.generation))
}
