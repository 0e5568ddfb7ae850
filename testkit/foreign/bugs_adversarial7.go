package foreign

import (
	"compress/zlib"
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// Adversarial round 7: bugs and correct variants written after reading
// the conformance runner of main and a log of every request one of its
// runs sends to this service, while three generalisations of the runner
// were under way (the headers real clients send; reads over keys,
// states, formats, addresses and walk positions; verify's successes and
// each parameter missing alone). It aims at what none of them reaches:
//
//   - paths a client builds wrongly and the runner never sends: a base
//     URL ending in "/" (a doubled slash), a trailing slash, an
//     operation misspelt under a group that exists, each answered by a
//     layer in front of the service (a gateway's default server, a
//     static handler, a framework's error page) in its own format;
//   - members an SDK, a console or a mini-program adds to every body and
//     the runner never sends (org_id, lang, timezone, desensitize,
//     request_id, trace_id, version, appid, platform, sort, order,
//     page_token on the form list, remark and idempotency_key on
//     verify, project_id, download, exact), each taking the request
//     down a second code path;
//   - values a client sends and the runner does not: a one-character
//     search key (search-as-you-type), a capitalised word (a phone's
//     keyboard), a key typed with an input method's ideographic space or
//     in full-width letters, a form number with a revision letter, the
//     numbers of system forms; the time forms Python, Java, a browser's
//     datetime-local input, a JavaScript date built by hand, a calendar
//     widget's end of a day (T24:00:00) and Go's zero time write, and
//     fractions of a second in microseconds.
//
// The variants differ from Defaults only where docs/contract.md allows,
// where the runner's requests meet them and where it may assume one form
// for the whole target: strictness that differs between two members
// (page and page_size, tpl_id and code_id), policies that differ between
// endpoints (oversize, reversed windows, a date as an end, accepted time
// forms) or between a first page and a continuation, a record_id that
// wins over record_url, white space before the JSON text, deflate where
// the request accepts it, front matter with comments, and json-ld's url
// as a one-element array.

// The bugs of adversarial round 7.
const (
	BugA7DoubleSlashHTML         Bug = "a7-double-slash-path-html"
	BugA7UnknownOpInGroupHTML    Bug = "a7-unknown-operation-in-group-html"
	BugA7TrailingSlash405Plain   Bug = "a7-trailing-slash-405-text-plain"
	BugA7BodyOrgIDHonoured       Bug = "a7-body-org-id-honoured"
	BugA7BodyLangStatusEnglish   Bug = "a7-body-lang-en-status-names"
	BugA7BodyTimezoneISO         Bug = "a7-body-timezone-iso-shifted"
	BugA7DesensitizeFalse        Bug = "a7-body-desensitize-false-unmasked"
	BugA7RequestIDCache          Bug = "a7-body-request-id-answer-cache"
	BugA7BodyVersionV1           Bug = "a7-body-version-v1-paging-strings"
	BugA7AppIDMiniProgramURL     Bug = "a7-body-appid-mini-program-record-url"
	BugA7PlatformMillis          Bug = "a7-body-platform-submit-at-millis"
	BugA7SortCountUnfiltered     Bug = "a7-body-sort-count-unfiltered"
	BugA7OrderTotalUnwindowed    Bug = "a7-body-order-templates-total-unwindowed"
	BugA7FormPageTokenNoLastPage Bug = "a7-form-list-page-token-no-last-page"
	BugA7TraceIDEchoed           Bug = "a7-body-trace-id-echoed-in-wrapper"
	BugA7VerifyRemarkNoOrgID     Bug = "a7-verify-remark-v1-no-org-id"
	BugA7IdempotencyReplay       Bug = "a7-verify-idempotency-key-replayed"
	BugA7ProjectIDDropsNumber    Bug = "a7-body-project-id-drops-number"
	BugA7DownloadOctetStream     Bug = "a7-body-download-octet-stream"
	BugA7ExactFalseNumberFuzzy   Bug = "a7-body-exact-false-number-fuzzy"
	BugA7OneCharSearchOtherOrg   Bug = "a7-one-character-search-other-org"
	BugA7OneCharSearchTotalAll   Bug = "a7-one-character-search-total-all"
	BugA7TNoZoneAsUTC            Bug = "a7-templates-t-without-zone-utc"
	BugA7DatetimeLocalAsUTC      Bug = "a7-qrcodes-datetime-local-utc"
	BugA7MinutesOffsetDropped    Bug = "a7-qrcodes-no-seconds-offset-dropped"
	BugA7UnpaddedDateUTC         Bug = "a7-qrcodes-unpadded-date-utc"
	BugA7NumberRevisionBase      Bug = "a7-number-revision-letter-base-form"
	BugA7SystemFormNumbers       Bug = "a7-number-system-forms-unindexed"
	BugA7CapitalisedWordCount    Bug = "a7-search-capitalised-word-count-by-number"
	BugA7LangMarkdownIDKey       Bug = "a7-body-lang-en-markdown-id-key"
	BugA7IdeographicSpaceCount   Bug = "a7-search-ideographic-space-count"
	BugA7MicrosAsMillis          Bug = "a7-cursor-microseconds-as-milliseconds"
	BugA7ZeroYearSelectsNone     Bug = "a7-cursor-zero-year-start-selects-none"
	BugA7FullWidthSearchCount    Bug = "a7-search-full-width-count-unfolded"
	BugA7Hour24SameDay           Bug = "a7-templates-hour-24-same-day"
)

// The correct variants of adversarial round 7.
const (
	VariantA7StrictPageLenientSize Variant = "a7-strict-page-lenient-page-size"
	VariantA7StrictSizeLenientPage Variant = "a7-strict-page-size-lenient-page"
	VariantA7RecordIDWins          Variant = "a7-record-id-wins-over-url"
	VariantA7LeadingWhitespace     Variant = "a7-white-space-before-json"
	VariantA7FormsOversizeClamped  Variant = "a7-form-list-clamps-cursors-refuse"
	VariantA7TemplatesReversed400  Variant = "a7-templates-reversed-refused-qrcodes-empty"
	VariantA7QrcodesDateEndFirst   Variant = "a7-qrcodes-date-end-first-second"
	VariantA7QrcodesRFC3339Only    Variant = "a7-qrcodes-rfc3339-only"
	VariantA7DeflateAnswers        Variant = "a7-deflate-where-accepted"
	VariantA7ContinuationStrict    Variant = "a7-oversize-clamped-first-page-refused-after"
	VariantA7StrictTplIDString     Variant = "a7-verify-tpl-id-strict-code-id-lenient"
	VariantA7FrontMatterComments   Variant = "a7-front-matter-inline-comments"
	VariantA7JSONLDURLArray        Variant = "a7-jsonld-url-array"
)

// The names round 7's bugs key on.
const (
	a7WhitelabelPage = "<html><body><h1>Whitelabel Error Page</h1><p>This application has no explicit mapping for /error, so you are seeing this as a fallback.</p><div>There was an unexpected error (type=Not Found, status=404).</div></body></html>"
)

func adversarialRound7() Round {
	return Round{Name: "adversarial-7", Kind: "adversarial", Bugs: []BugInfo{
		{BugA7DoubleSlashHTML, "§1.1, §C1 (C1.contentType, must)", "a path with a doubled slash (//api/v2/rpc/…: a client whose base URL ends in \"/\") misses every location of the gateway and gets its default server's HTML 404 page"},
		{BugA7UnknownOpInGroupHTML, "§1.1, §C1 (C1.contentType, must)", "the gateway sends /api/v2/rpc/record/* to the record service, whose framework answers an operation it does not know (record/getRecords, a typo) with its HTML Whitelabel error page; only an unknown group gets the gateway's JSON 404"},
		{BugA7TrailingSlash405Plain, "§1.1, §C1 (C1.contentType, must)", "a path with a trailing slash (…/getFormList/) is taken for a directory by the static handler in front, which answers a POST with 405 Method Not Allowed in text/plain"},
		{BugA7BodyOrgIDHonoured, "§4.3, §C2 (C2.tenancy, must)", "the v1 handlers read org_id from the body for the platform's multi-organization keys and still do for every key: another organization's key sending org_id 7001 lists and reads our forms, records and templates"},
		{BugA7BodyLangStatusEnglish, "§3.1, §4.2 (3.1.move, must)", "a body member lang (or locale) starting with en, which the JavaScript SDK adds from the browser's language, makes verify answer the status's English label from the translation table (Redeemed), not its name (已核销)"},
		{BugA7BodyTimezoneISO, "§1.3, §C1 (C1.timeZone, must)", "a body member timezone (or tz), which the JavaScript SDK fills from Intl, makes the response formatter write every *_iso in that zone while the label stays (UTC+08:00): a client in UTC reads times eight hours early"},
		{BugA7DesensitizeFalse, "§2.1, §C8 (2.1.masked, must)", "desensitize: false, v1's switch for keys with the privacy scope, is still honoured by getRecord for every key: masked values come in clear in json while is_masked stays true"},
		{BugA7RequestIDCache, "§4.1 (2.1.identity, must)", "the gateway's idempotency cache keeps getRecord's answers by the request_id the SDK adds, without the body: an SDK that reuses one request_id for a page's reads gets the first record for every other"},
		{BugA7BodyVersionV1, "§4.3 (4.3.schema, must)", "a body member version v1 (an SDK echoing data.version, or sending the API version it was generated for) routes getFormList to the v1 serializer, which writes the paging members as strings"},
		{BugA7AppIDMiniProgramURL, "§4.1, §2.1 (2.1.identity, must)", "a body member appid (every WeChat mini-program request) makes getRecord write record_url as the mini-program's page for the record, not the record's URL"},
		{BugA7PlatformMillis, "§2.1, §1.3 (2.1.held, C1.timeZone, must)", "a body member platform ios or android (the mobile SDKs) makes getRecord write submit_at in milliseconds, for the apps' date decoders"},
		{BugA7SortCountUnfiltered, "§4.3 (4.3.totalFilter, 4.3.total, must)", "a body member sort (or order_by), which the console's table sends, takes getFormList to the sorted query, whose count query was never given the filters: total counts every form while the list holds the filter's"},
		{BugA7OrderTotalUnwindowed, "§4.4 (4.4.totalFilter, 4.4.total, must)", "a body member order on templates/list takes the sorted query, whose count ignores start_time and end_time: total counts every template while the list holds the window's"},
		{BugA7FormPageTokenNoLastPage, "§4.3 (4.3.schema, must)", "getFormList with a page_token (an SDK with one paging helper for every list) is served by the cursor adapter, whose page block has no last_page"},
		{BugA7TraceIDEchoed, "§4.1 (4.1.wrapper, must)", "the tracing middleware echoes a trace_id the body carries beside code, message and data of getRecord, whose wrapper holds nothing else"},
		{BugA7VerifyRemarkNoOrgID, "§4.2 (4.2.successData, must)", "a verify that carries a remark (what a scanner app's operator types) takes the v1 \"verify with a note\" handler, whose success data has no org_id"},
		{BugA7IdempotencyReplay, "§4.2, §3.1 (4.2.successData, 3.1.move, must)", "verify's idempotency store keys a success by idempotency_key alone, without the body: a second verify with the same key (an SDK that keeps one per session) of another credential is answered with the first one's success and moves nothing"},
		{BugA7ProjectIDDropsNumber, "§4.3 (4.3.number, must)", "a body member project_id (the console's project picker) takes the project branch of the form query, which rebuilds the conditions and loses number: hits of other numbers come back"},
		{BugA7DownloadOctetStream, "§4.1 (4.1.contentType.json, 4.1.contentType.markdown, must)", "download: true (the console's export button) makes getRecord label the representation application/octet-stream for the browser's save dialog"},
		{BugA7ExactFalseNumberFuzzy, "§4.3 (4.3.number, must)", "a body member exact: false, the console's \"contains\" toggle of the number box, makes number a case-insensitive substring: FX-00 lists FX-001 to FX-009"},
		{BugA7OneCharSearchOtherOrg, "§4.3, §C2 (C2.tenancy, must)", "the bigram search index needs two characters; a one-character key (the first key a search-as-you-type box sends) falls back to a LIKE query without the organization's condition: 门 lists 西岭物业's 门禁卡核销"},
		{BugA7OneCharSearchTotalAll, "§4.3 (4.3.totalFilter, 4.3.total, must)", "a one-character key falls back to the LIKE query, whose count is the index's count of every form: total counts the organization's forms while the list holds the hits"},
		{BugA7TNoZoneAsUTC, "§4.4, §C5 (4.4.startTime, must)", "templates/list reads a start_time written with a T and no zone (Python's and Java's isoformat of a local time) with the ISO parser, in the server's zone, UTC, where §C5 reads a time without zone in UTC+08:00"},
		{BugA7DatetimeLocalAsUTC, "§4.5, §C5 (4.4.endTime, must)", "listQrcodes accepts an end_time without seconds (2026-01-06T08:12, what a browser's datetime-local input gives) through a lenient parser, in UTC, where §C5 reads a time without zone in UTC+08:00"},
		{BugA7MinutesOffsetDropped, "§4.5, §C5 (4.4.startTime, must)", "listQrcodes accepts a start_time without seconds and with an offset (2026-01-06T08:12+08:00, Java's OffsetDateTime.toString) through a lenient parser that drops the offset and reads UTC"},
		{BugA7UnpaddedDateUTC, "§4.5, §C5 (4.4.endTime, must)", "listQrcodes sends a date written without zero padding (2026-1-2, a JavaScript date built by hand) to strtotime, in PHP's default zone UTC: as end_time it ends at 08:00 of that day in UTC+08:00, neither its first nor its last second"},
		{BugA7NumberRevisionBase, "§4.3 (4.3.number, must)", "the number index keys a form by its base number and keeps a revision letter apart: number FX-001A also lists FX-001"},
		{BugA7SystemFormNumbers, "§4.3 (4.3.totalFilter, must)", "the number index is fed by the form designer's save hook; system forms (types 3, 7, 12, 13, 21, 22) are created by a migration and never indexed: number FX-011 finds nothing, total 0, where the list holds that form"},
		{BugA7CapitalisedWordCount, "§4.3 (4.3.total, must)", "a key that starts with a capital letter (Night, as a phone's keyboard writes it) is counted by the number index, which matches it case-sensitively in numbers only: total 0 while the list holds the hit"},
		{BugA7LangMarkdownIDKey, "§2.2, §C7 (2.2.markdown, 2.2.markdownId, must)", "a body member lang starting with en selects the English markdown template, written for partners abroad, whose front matter names the record's id id: and has no record_id"},
		{BugA7IdeographicSpaceCount, "§4.3 (4.3.total, must)", "the list query trims search_key with Java's strip(), the count query with trim(), which leaves the ideographic space a Chinese input method types: 巡检　 lists the hits and counts none"},
		{BugA7MicrosAsMillis, "§4.4, §C5 (4.4.startTime, 4.4.endTime, must)", "the cursor listings read the fraction of a second as milliseconds, whatever its digits: .999999 (Python's microseconds) moves a bound 999.999 seconds"},
		{BugA7ZeroYearSelectsNone, "§4.4, §C5 (4.4.startTime, must)", "a start_time in the year 1 (Go's and .NET's zero time, sent by a client that leaves its filter unset) becomes MySQL's zero date, NULL, and created >= NULL selects nothing"},
		{BugA7Hour24SameDay, "§4.4, §C5 (4.4.endTime, must)", "templates/list accepts ISO 8601's end of a day, T24:00:00 (what a calendar widget writes for \"until the end of the 5th\"), and its parser wraps the hour to 0 of the same day: the bound is 24 hours early"},
		{BugA7FullWidthSearchCount, "§4.3 (4.3.total, must)", "the list query folds full-width letters and digits (ＦＸ－Ｃ０, an input method's full-width mode) to ASCII, the count query does not: the hits are listed and total is 0"},
	}, Variants: []VariantInfo{
		{VariantA7StrictPageLenientSize, "getFormList reads page_size written as a digit string (\"3\") as its number, and refuses page written so (100301 naming page)",
			"§C1: \"Reading a member leniently (\\\"123\\\" as 123) breaks nothing a client relies on, so it is KIT too\" (a reading per member); §C1: \"\\\"5\\\" [is an error]\" for the mock"},
		{VariantA7StrictSizeLenientPage, "getFormList reads page written as a digit string as its number, and refuses page_size written so (100301 naming page_size)",
			"§C1: \"Reading a member leniently ... is KIT too\"; a member of the wrong JSON type is bad input (§C1, §C4)"},
		{VariantA7RecordIDWins, "getRecord with both record_id and record_url answers the record record_id names and ignores record_url",
			"§4.1: record_id and record_url are required as \"record_id or record_url\"; §C10: \"getRecord with both record_id and record_url | They must name the same record, else 404\" is a KIT row"},
		{VariantA7LeadingWhitespace, "every answer body starts with a line feed before the JSON object (a PHP file with a blank line before its opening tag)",
			"RFC 8259 §2: JSON-text = ws value ws; §C1: \"the body is one JSON object without a byte order mark\""},
		{VariantA7FormsOversizeClamped, "getFormList clamps a page_size over 20 to 20 while the cursor listings refuse one over 100",
			"§C5: \"page_size > 20 | SPEC (§8: at most 20); must (per_page ≤ 20 and at most 20 items)\" and \"templates/* page_size > 100 | KIT: clamped to 100\"; §8 gives the maximum only"},
		{VariantA7TemplatesReversed400, "templates/list refuses an end_time before start_time (400 naming end_time), listQrcodes answers it with an empty list",
			"§C5: \"an end before the start, is a 400 naming the parameter\" is KIT; §4.4, §4.5 say nothing of a reversed window"},
		{VariantA7QrcodesDateEndFirst, "listQrcodes reads a date as end_time as its first second, templates/list as its last",
			"§C5: \"a date as its day: from its first second as a start, to its last (or from its first) as an end\""},
		{VariantA7QrcodesRFC3339Only, "listQrcodes accepts RFC 3339 times only (a date or a time with a space is a 400 naming the parameter), templates/list all three forms",
			"§C5: \"accepted are RFC 3339 ..., YYYY-MM-DD HH:MM:SS ... and YYYY-MM-DD\" is KIT; \"a time without zone and a date, where accepted, are read in UTC+08:00\""},
		{VariantA7DeflateAnswers, "an answer is zlib-deflated where the request's Accept-Encoding lists deflate with a weight no less than gzip's",
			"RFC 9110 §12.5.3 and §8.4.1.2: deflate is a content coding a request may accept; §C1 asks only that an answer be in a coding the request accepted"},
		{VariantA7ContinuationStrict, "a page_size over 100 is clamped on a cursor listing's first page and refused beside a page_token (400 naming page_size)",
			"§C5: \"templates/* page_size > 100 | SPEC (§8: at most 100) ... KIT: clamped to 100\"; §8.cursor.max: \"at most 100 items on a page (clamped or refused)\""},
		{VariantA7StrictTplIDString, "verify refuses tpl_id written as a digit string (100301) and reads code_id written so as its number",
			"§C1: \"Reading a member leniently ... is KIT too\"; §7: 100301 \"a parameter missing or invalid\""},
		{VariantA7FrontMatterComments, "markdown front matter carries YAML comments after its title and record_id values (record_id: 800001  # 记录编号)",
			"§2.2: a front-matter block holding title and record_id; §C7: \"markdown layout | KIT\"; YAML 1.2 §6.6: a comment may follow a value on its line"},
		{VariantA7JSONLDURLArray, "json-ld's url is a one-element array holding the record's URL",
			"§2.2: json-ld has url, \"The rest of its layout is open (§C7)\"; JSON-LD 1.1 §4.3.1: a property's value may be an array (a set)"},
	}}
}

// a7State is what round 7's bugs remember between requests.
type a7State struct {
	// reads are getRecord's answers by request_id.
	reads map[string]any
	// verifies are verify's answers by idempotency_key.
	verifies map[string]a7Answer
}

// a7Answer is one remembered answer.
type a7Answer struct {
	data any
	err  *apiError
}

// a7Reset forgets what round 7 remembers; the caller holds mu.
func (s *Server) a7Reset() { s.a7 = a7State{} }

// a7Path answers a request whose path a layer in front of the service
// answers (bugs); true when it did.
func (s *Server) a7Path(w http.ResponseWriter, r *http.Request) bool {
	path := r.URL.Path
	rest, under := strings.CutPrefix(path, pathPrefix)
	switch {
	case s.opts.has(BugA7DoubleSlashHTML) && strings.HasPrefix(path, "//"):
		a7Page(w, http.StatusNotFound, "text/html", htmlPage(http.StatusNotFound))
	case s.opts.has(BugA7TrailingSlash405Plain) && under && strings.HasSuffix(path, "/"):
		a7Page(w, http.StatusMethodNotAllowed, "text/plain; charset=utf-8", "405 Method Not Allowed\n")
	case s.opts.has(BugA7UnknownOpInGroupHTML) && under && lookup(path) == nil && a7KnownGroup(rest):
		a7Page(w, http.StatusNotFound, "text/html;charset=UTF-8", a7WhitelabelPage)
	default:
		return false
	}
	return true
}

// a7KnownGroup says whether rest (group/operation) names a group the
// service has and an operation it has not.
func a7KnownGroup(rest string) bool {
	group, op, ok := strings.Cut(rest, "/")
	if !ok || op == "" || strings.Contains(op, "/") {
		return false
	}
	for _, ep := range endpoints {
		if strings.HasPrefix(ep.name, group+"/") {
			return true
		}
	}
	return false
}

func a7Page(w http.ResponseWriter, status int, ct, body string) {
	w.Header().Set("Content-Type", ct)
	w.WriteHeader(status)
	_, _ = w.Write([]byte(body))
}

// a7Serve serves one request as round 7's bugs and variants read it, around
// the service (a6Serve and what it wraps).
func (s *Server) a7Serve(ep *endpoint, k *apiKey, p params, r *http.Request) (any, *apiError) {
	if e := s.a7Variants(ep.name, p); e != nil {
		return nil, e
	}
	seen := s.a7Members(ep.name, p)
	if id, ok := p["request_id"].(string); ok && ep.name == "record/getRecord" && s.opts.has(BugA7RequestIDCache) {
		s.mu.Lock()
		cached, hit := s.a7.reads[id]
		s.mu.Unlock()
		if hit {
			return cached, nil
		}
		data, err := s.a7Rewritten(ep, k, p, r, seen)
		if err == nil {
			s.mu.Lock()
			if s.a7.reads == nil {
				s.a7.reads = map[string]any{}
			}
			s.a7.reads[id] = data
			s.mu.Unlock()
		}
		return data, err
	}
	if key, ok := p["idempotency_key"].(string); ok && ep.name == "certificates/verify" && s.opts.has(BugA7IdempotencyReplay) {
		s.mu.Lock()
		before, hit := s.a7.verifies[key]
		s.mu.Unlock()
		if hit {
			return before.data, before.err
		}
		data, err := s.a7Rewritten(ep, k, p, r, seen)
		s.mu.Lock()
		if s.a7.verifies == nil {
			s.a7.verifies = map[string]a7Answer{}
		}
		s.a7.verifies[key] = a7Answer{data, err}
		s.mu.Unlock()
		return data, err
	}
	return s.a7Rewritten(ep, k, p, r, seen)
}

// a7Seen is what round 7 reads of a request before the service consumes it.
type a7Seen struct {
	searchRaw, number string
	filtered          bool
}

// a7Members rewrites the members a bug's second code path reads, and
// notes what the answer's rewriting needs.
func (s *Server) a7Members(name string, p params) a7Seen {
	var seen a7Seen
	seen.searchRaw, _ = p["search_key"].(string)
	seen.number, _ = p["number"].(string)
	seen.filtered = strings.TrimSpace(seen.searchRaw) != "" || seen.number != ""
	if _, ok := p["project_id"]; ok && s.opts.has(BugA7ProjectIDDropsNumber) {
		delete(p, "number")
	}
	if v, ok := p["start_time"].(string); ok {
		p["start_time"] = s.a7Time(name, v, false)
	}
	if v, ok := p["end_time"].(string); ok {
		p["end_time"] = s.a7Time(name, v, true)
	}
	return seen
}

var (
	a7TNoZone      = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$`)
	a7Local        = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$`)
	a7MinuteOffset = regexp.MustCompile(`^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})[+-]\d{2}:\d{2}$`)
	a7Unpadded     = regexp.MustCompile(`^(\d{4})-(\d{1,2})-(\d{1,2})$`)
	a7Fraction     = regexp.MustCompile(`^(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2})\.(\d{4,9})(Z|[+-]\d{2}:\d{2})$`)
	a7ZeroYear     = regexp.MustCompile(`^0\d{3}-`)
	a7Capitalised  = regexp.MustCompile(`^[A-Z][a-z]+$`)
	a7Revision     = regexp.MustCompile(`^(.*\d)[A-Z]$`)
	a7Hour24       = regexp.MustCompile(`^(\d{4}-\d{2}-\d{2})T24:00:00(Z|[+-]\d{2}:\d{2})$`)
)

// a7Time is a time member as a bug's parser reads it: rewritten into
// the form the service reads as the same (wrong) instant.
func (s *Server) a7Time(name, v string, end bool) string {
	switch {
	case !end && a7TNoZone.MatchString(v) && s.opts.has(BugA7TNoZoneAsUTC) && name == "templates/list":
		return v + "Z"
	case end && a7Local.MatchString(v) && s.opts.has(BugA7DatetimeLocalAsUTC) && name == "templates/listQrcodes":
		return v + ":00Z"
	case !end && s.opts.has(BugA7MinutesOffsetDropped) && name == "templates/listQrcodes":
		if m := a7MinuteOffset.FindStringSubmatch(v); m != nil {
			return m[1] + ":00Z"
		}
	case end && s.opts.has(BugA7Hour24SameDay) && name == "templates/list":
		if m := a7Hour24.FindStringSubmatch(v); m != nil {
			return m[1] + "T00:00:00" + m[2]
		}
	case end && s.opts.has(BugA7UnpaddedDateUTC) && name == "templates/listQrcodes":
		if m := a7Unpadded.FindStringSubmatch(v); m != nil && (len(m[2]) == 1 || len(m[3]) == 1) {
			mo, _ := strconv.Atoi(m[2])
			d, _ := strconv.Atoi(m[3])
			y, _ := strconv.Atoi(m[1])
			return time.Date(y, time.Month(mo), d, 0, 0, 0, 0, time.UTC).Format(time.RFC3339)
		}
	}
	if m := a7Fraction.FindStringSubmatch(v); m != nil && s.opts.has(BugA7MicrosAsMillis) {
		ms, _ := strconv.Atoi(m[2])
		t, err := time.Parse(time.RFC3339, strings.Replace(m[1], " ", "T", 1)+m[3])
		if err == nil {
			return t.Add(time.Duration(ms) * time.Millisecond).Format(time.RFC3339Nano)
		}
	}
	if !end && a7ZeroYear.MatchString(v) && s.opts.has(BugA7ZeroYearSelectsNone) {
		return "2200-01-01T00:00:00+08:00" // NULL: created >= NULL holds for no row
	}
	return v
}

// a7Variants reads a request as a variant does before the service reads
// it: an error for what it refuses, members rewritten for what it reads
// otherwise (a page_size clamped, a date as its first second).
func (s *Server) a7Variants(name string, p params) *apiError {
	_, pageStr := p["page"].(string)
	_, sizeStr := p["page_size"].(string)
	_, token := p["page_token"].(string)
	switch {
	case name == "record/getFormList" && pageStr && s.opts.is(VariantA7StrictPageLenientSize):
		return paramError("page", "page must be a JSON integer")
	case name == "record/getFormList" && sizeStr && s.opts.is(VariantA7StrictSizeLenientPage):
		return paramError("page_size", "page_size must be a JSON integer")
	case name == "certificates/verify" && s.opts.is(VariantA7StrictTplIDString):
		if _, isStr := p["tpl_id"].(string); isStr {
			return paramError("tpl_id", "tpl_id must be a JSON integer")
		}
	case name == "templates/list" && s.opts.is(VariantA7TemplatesReversed400):
		if w, err := readWindow(p, timeBugs{}); err == nil && w.reversed() {
			return paramError("end_time", "end_time must not be before start_time")
		}
	case name == "templates/listQrcodes" && s.opts.is(VariantA7QrcodesRFC3339Only):
		for _, m := range []string{"start_time", "end_time"} {
			if v, ok := p[m].(string); ok && v != "" {
				if _, err := time.Parse(time.RFC3339Nano, v); err != nil {
					return paramError(m, m+" must be an RFC 3339 time such as 2026-01-02T03:04:05+08:00")
				}
			}
		}
	}
	if strings.HasPrefix(name, "templates/") && s.opts.is(VariantA7ContinuationStrict) {
		if n, ok, _ := p.int("page_size"); ok && n > tplMaxSize {
			if token {
				return paramError("page_size", "page_size must be at most 100")
			}
			p["page_size"] = json.Number("100")
		}
	}
	if name == "record/getFormList" && s.opts.is(VariantA7FormsOversizeClamped) {
		if n, ok, _ := p.int("page_size"); ok && n > formMaxSize {
			p["page_size"] = json.Number("20")
		}
	}
	if name == "templates/listQrcodes" && s.opts.is(VariantA7QrcodesDateEndFirst) {
		if v, ok := p["end_time"].(string); ok {
			if _, err := time.Parse("2006-01-02", v); err == nil {
				p["end_time"] = v + " 00:00:00"
			}
		}
	}
	if name == "record/getRecord" && s.opts.is(VariantA7RecordIDWins) {
		if _, id := p["record_id"]; id && p["record_id"] != nil {
			delete(p, "record_url")
		}
	}
	return nil
}

// a7Rewritten serves the request and rewrites the answer as round 7's
// bugs and variants do.
func (s *Server) a7Rewritten(ep *endpoint, k *apiKey, p params, r *http.Request, seen a7Seen) (any, *apiError) {
	k = s.a7Key(ep.name, k, p)
	lang, _ := p["lang"].(string)
	if lang == "" {
		lang, _ = p["locale"].(string)
	}
	tz, _ := p["timezone"].(string)
	if tz == "" {
		tz, _ = p["tz"].(string)
	}
	extra := map[string]any{}
	for _, m := range []string{"desensitize", "request_id", "version", "appid", "platform", "sort", "order_by", "order", "page_token",
		"trace_id", "remark", "project_id", "download", "exact"} {
		if v, ok := p[m]; ok {
			extra[m] = v
		}
	}
	if extra["desensitize"] == false && ep.name == "record/getRecord" && s.opts.has(BugA7DesensitizeFalse) {
		p[a4StaffNetworkParam] = true
	}
	if _, keyed := p["search_key"]; extra["exact"] == false && seen.number != "" && !keyed && ep.name == "record/getFormList" && s.opts.has(BugA7ExactFalseNumberFuzzy) {
		p["search_key"] = seen.number
		delete(p, "number")
	}
	data, aerr := s.a6Serve(ep, k, p, r)
	if aerr != nil {
		return nil, aerr
	}
	b, ok := data.(obj)
	if !ok {
		return data, nil
	}
	switch ep.name {
	case "record/getRecord":
		if s.opts.has(BugA7LangMarkdownIDKey) && strings.HasPrefix(strings.ToLower(lang), "en") {
			if md, isStr := b.get("data").(string); isStr && b.get("format") == "markdown" {
				b = b.set("data", strings.Replace(md, "\nrecord_id:", "\nid:", 1))
			}
		}
		data = s.a7Record(b, extra)
	case "certificates/verify":
		if s.opts.has(BugA7BodyLangStatusEnglish) && strings.HasPrefix(strings.ToLower(lang), "en") {
			if st, isStr := b.get("certificate_status").(string); isStr && a7English[st] != "" {
				b = b.set("certificate_status", a7English[st])
			}
		}
		if rm, _ := extra["remark"].(string); rm != "" && s.opts.has(BugA7VerifyRemarkNoOrgID) {
			b = b7Without(b, "org_id")
		}
		data = b
	case "record/getFormList":
		data = s.a7Forms(k, b, extra, seen)
	case "templates/list":
		if _, ok := extra["order"]; ok && s.opts.has(BugA7OrderTotalUnwindowed) {
			n := int64(0)
			for _, t := range s.data.templates {
				if t.org == k.org {
					n++
				}
			}
			b = b.set("total", n)
		}
		data = b
	}
	if tz != "" && s.opts.has(BugA7BodyTimezoneISO) {
		if loc := a7Zone(tz); loc != nil {
			data = a7ISOIn(data, loc)
		}
	}
	if id, ok := extra["trace_id"].(string); ok && ep.name == "record/getRecord" && s.opts.has(BugA7TraceIDEchoed) {
		data = a7Extra{data: data, key: "trace_id", val: id}
	}
	return data, nil
}

// a7English is the translation table a bug reads status names from.
var a7English = map[string]string{"待核销": "Pending", "已核销": "Redeemed", "已归档": "Archived", "已作废": "Void",
	"有效": "Valid", "已注销": "Revoked", "未用": "Unused", "已用": "Used"}

// a7Key is the key a request is served as: a bug trusts a body's org_id.
func (s *Server) a7Key(name string, k *apiKey, p params) *apiKey {
	if name == "certificates/verify" || !s.opts.has(BugA7BodyOrgIDHonoured) {
		return k
	}
	var org int64
	switch v := p["org_id"].(type) {
	case json.Number:
		org, _ = v.Int64()
	case string:
		org, _ = strconv.ParseInt(v, 10, 64)
	}
	if org == 0 || org == k.org || s.data.org(org) == nil {
		return k
	}
	return &apiKey{secret: k.secret, org: org, write: k.write}
}

// a7Record rewrites a getRecord answer as round 7's bugs and variants do.
func (s *Server) a7Record(b obj, extra map[string]any) any {
	format, _ := b.get("format").(string)
	payload := b.get("data")
	if extra["download"] == true && s.opts.has(BugA7DownloadOctetStream) {
		b = b.set("content_type", "application/octet-stream")
	}
	switch x := payload.(type) {
	case obj:
		if format == "json-ld" && s.opts.is(VariantA7JSONLDURLArray) {
			if u := x.get("url"); u != nil {
				x = x.set("url", []any{u})
			}
		}
		if format == "json" {
			if app, _ := extra["appid"].(string); app != "" && s.opts.has(BugA7AppIDMiniProgramURL) {
				if u, _ := x.get("record_url").(string); u != "" {
					host, code, _ := strings.Cut(strings.TrimPrefix(u, "https://"), "/c/")
					x = x.set("record_url", "https://"+host+"/mp/pages/record/detail?code="+code)
				}
			}
			if pl, _ := extra["platform"].(string); s.opts.has(BugA7PlatformMillis) && (strings.EqualFold(pl, "ios") || strings.EqualFold(pl, "android")) {
				if at, isInt := x.get("submit_at").(int64); isInt {
					x = x.set("submit_at", at*1000)
				}
			}
		}
		b = b.set("data", x)
	case string:
		if format == "markdown" && s.opts.is(VariantA7FrontMatterComments) {
			b = b.set("data", a7Commented(x))
		}
	}
	return b
}

// a7FrontMatterComments are the comments a variant writes after front
// matter values, by key.
var a7FrontMatterComments = map[string]string{"title": "表单名称", "record_id": "记录编号"}

// a7Commented adds YAML comments after the title and record_id values of
// a front matter.
func a7Commented(md string) string {
	lines := strings.Split(md, "\n")
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != "---" {
		return md
	}
	for i := 1; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) == "---" {
			break
		}
		if comment := a7FrontMatterComments[strings.SplitN(lines[i], ":", 2)[0]]; comment != "" {
			lines[i] += "  # " + comment
		}
	}
	return strings.Join(lines, "\n")
}

// a7Forms rewrites a getFormList answer as round 7's bugs do.
func (s *Server) a7Forms(k *apiKey, b obj, extra map[string]any, seen a7Seen) obj {
	page, _ := b.get("page").(obj)
	if page == nil {
		return b
	}
	size, _ := page.get("per_page").(int64)
	list, _ := b.get("list").([]any)
	key := strings.TrimSpace(seen.searchRaw)
	total, counted := int64(0), false
	count := func(match func(*form) bool) int64 {
		n := int64(0)
		for _, f := range s.data.forms {
			if f.org == k.org && match(f) {
				n++
			}
		}
		return n
	}
	oneChar := len([]rune(key)) == 1 && seen.number == ""
	switch {
	case oneChar && s.opts.has(BugA7OneCharSearchOtherOrg):
		for _, f := range s.data.forms {
			if f.org != k.org && contains(f, key) {
				if int64(len(list)) < size {
					list = append(list, s.formJSON(f))
				}
				total, counted = page.get("total").(int64)+1, true
				page = page.set("total", total)
			}
		}
		b = b.set("list", list)
	case oneChar && s.opts.has(BugA7OneCharSearchTotalAll):
		total, counted = count(func(*form) bool { return true }), true
	case seen.filtered:
		if _, sorted := extra["sort"]; sorted && s.opts.has(BugA7SortCountUnfiltered) {
			total, counted = count(func(*form) bool { return true }), true
		}
		if _, sorted := extra["order_by"]; sorted && s.opts.has(BugA7SortCountUnfiltered) {
			total, counted = count(func(*form) bool { return true }), true
		}
	}
	if key != "" && seen.number == "" {
		switch {
		case a7Capitalised.MatchString(key) && s.opts.has(BugA7CapitalisedWordCount):
			total, counted = count(func(f *form) bool { return strings.Contains(f.number, key) }), true
		case a7EdgeIdeographic(seen.searchRaw) && s.opts.has(BugA7IdeographicSpaceCount):
			raw := strings.Trim(seen.searchRaw, " \t\r\n")
			total, counted = count(func(f *form) bool { return contains(f, raw) }), true
		case a7FullWidth(key) && s.opts.has(BugA7FullWidthSearchCount):
			folded := a7Fold(key)
			var hits []any
			for _, f := range s.data.forms {
				if f.org == k.org && contains(f, folded) && int64(len(hits)) < size {
					hits = append(hits, s.formJSON(f))
				}
			}
			b = b.set("list", hits)
			total, counted = count(func(f *form) bool { return contains(f, key) }), true
		}
	}
	if n := seen.number; n != "" && key == "" {
		if m := a7Revision.FindStringSubmatch(n); m != nil && s.opts.has(BugA7NumberRevisionBase) {
			for _, f := range s.data.forms {
				if f.org == k.org && f.number == m[1] {
					b = b.set("list", append([]any{s.formJSON(f)}, list...))
					total, counted = page.get("total").(int64)+1, true
				}
			}
		}
		if s.opts.has(BugA7SystemFormNumbers) {
			for _, f := range s.data.forms {
				if f.org == k.org && f.number == n && f.typ > 2 {
					b = b.set("list", []any{})
					total, counted = 0, true
				}
			}
		}
	}
	if counted {
		page = page.set("total", total)
		if size > 0 {
			page = page.set("last_page", max((total+size-1)/size, 1))
		}
	}
	if v, _ := extra["version"].(string); v == "v1" && s.opts.has(BugA7BodyVersionV1) {
		for i := range page {
			if n, isInt := page[i].val.(int64); isInt {
				page[i].val = itoa(n)
			}
		}
	}
	if _, ok := extra["page_token"].(string); ok && s.opts.has(BugA7FormPageTokenNoLastPage) {
		page = b7Without(page, "last_page")
		b = b.set("next_page_token", nil)
	}
	return b.set("page", page)
}

// a7EdgeIdeographic says whether s starts or ends with an ideographic space.
func a7EdgeIdeographic(s string) bool {
	return strings.HasPrefix(s, "\u3000") || strings.HasSuffix(s, "\u3000")
}

// a7FullWidth says whether s holds a full-width ASCII form.
func a7FullWidth(s string) bool {
	for _, r := range s {
		if r >= 0xFF01 && r <= 0xFF5E {
			return true
		}
	}
	return false
}

// a7Fold folds full-width ASCII forms to ASCII.
func a7Fold(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 0xFF01 && r <= 0xFF5E {
			return r - 0xFEE0
		}
		if r == '\u3000' || unicode.IsSpace(r) {
			return ' '
		}
		return r
	}, s)
}

// a7Zone is the zone a timezone member names (nil: the service's own).
func a7Zone(name string) *time.Location {
	switch strings.ToUpper(strings.TrimSpace(name)) {
	case "", "ASIA/SHANGHAI", "ASIA/CHONGQING", "PRC", "+08:00", "UTC+8", "UTC+08:00":
		return nil
	case "UTC", "ETC/UTC", "GMT", "Z", "+00:00":
		return time.UTC
	}
	if loc, err := time.LoadLocation(name); err == nil {
		return loc
	}
	return time.UTC
}

// a7ISOIn writes every *_iso of an answer in loc, the label kept.
func a7ISOIn(v any, loc *time.Location) any {
	switch x := v.(type) {
	case obj:
		for i := range x {
			if s, isStr := x[i].val.(string); isStr && strings.HasSuffix(x[i].key, "_iso") && s != "" {
				if t, err := time.ParseInLocation("2006-01-02 15:04:05(UTC+08:00)", s, zone); err == nil {
					x[i].val = t.In(loc).Format("2006-01-02 15:04:05") + "(UTC+08:00)"
				}
				continue
			}
			x[i].val = a7ISOIn(x[i].val, loc)
		}
		return x
	case []any:
		for i := range x {
			x[i] = a7ISOIn(x[i], loc)
		}
		return x
	}
	return v
}

// a7Extra is a success whose wrapper carries one more member (a bug).
type a7Extra struct {
	data any
	key  string
	val  any
}

// a7Writer is the ResponseWriter a variant deflates an answer through.
func (s *Server) a7Writer(w http.ResponseWriter, r *http.Request) (http.ResponseWriter, func()) {
	if !s.opts.is(VariantA7DeflateAnswers) || !a7PrefersDeflate(r.Header.Get("Accept-Encoding")) {
		return w, func() {}
	}
	d := &a7Deflate{ResponseWriter: w}
	return d, d.close
}

// a7PrefersDeflate says whether an Accept-Encoding lists deflate with a
// weight above 0 and no less than gzip's (RFC 9110 §12.5.3).
func a7PrefersDeflate(ae string) bool {
	weight := map[string]float64{}
	for _, elem := range strings.Split(ae, ",") {
		name, params, _ := strings.Cut(elem, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		q := 1.0
		if k, v, ok := strings.Cut(strings.TrimSpace(params), "="); ok && strings.EqualFold(strings.TrimSpace(k), "q") {
			if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
				q = f
			}
		}
		if name != "" {
			weight[name] = q
		}
	}
	d, listed := weight["deflate"]
	return listed && d > 0 && d >= weight["gzip"]
}

// a7Deflate writes an answer zlib-deflated (HTTP's deflate coding).
type a7Deflate struct {
	http.ResponseWriter
	z *zlib.Writer
}

func (d *a7Deflate) WriteHeader(status int) {
	d.Header().Set("Content-Encoding", "deflate")
	d.Header().Add("Vary", "Accept-Encoding")
	d.Header().Del("Content-Length")
	d.ResponseWriter.WriteHeader(status)
}

func (d *a7Deflate) Write(b []byte) (int, error) {
	if d.z == nil {
		d.z = zlib.NewWriter(d.ResponseWriter)
	}
	return d.z.Write(b)
}

func (d *a7Deflate) close() {
	if d.z != nil {
		_ = d.z.Close()
	}
}
