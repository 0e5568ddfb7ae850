package foreign

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// Adversarial round 15: bugs and correct variants written after reading
// the conformance runner of main (its checks, its rules over answers,
// and the spaces it draws a client, key form, members, wire form, window
// and protocol from for every request), aimed at what it still does not
// produce or compare:
//
//   - transport: a Range header honoured on a POST, an Idempotency-Key
//     header replayed to whoever sends it, a wildcard Accept-Encoding
//     answered in raw DEFLATE, a forwarded scheme or prefix written
//     into record URLs, an HTTP/1.0 request without a key taken for the
//     load balancer's health check;
//   - state and order: a from_certificate_status compared with a read
//     model only getRecord refreshes, a history column that overflows
//     at its second change, an anti-double-scan guard, a lock a refusal
//     leaves behind;
//   - PHP's empty("0"): a number, a template or a certificate code "0"
//     taken for absent;
//   - identifiers: a code transliterated to ASCII, trailing punctuation
//     cut from a coding, leading zeros of a code's digits, URLs without a
//     scheme, protocol-relative or with user information;
//   - time: fractions of other than 3 or 6 digits, years before 1000,
//     offsets beyond ±12:00;
//   - representations: a front matter indented with a tab, a YAML
//     directive before it, record_id written as a float, a markdown
//     content_type with RFC 7763's variant parameter.
//
// The variants differ from Defaults only where docs/contract.md allows:
// a 103 Early Hints answer before each answer, short cursor pages, long
// JWT-shaped page tokens, a rate limit answered 429, a fuzzy search that
// matches subsequences, a connection closed after
// each error, JSON indented with tabs and CRLF, members in jsonb's order,
// and Content-Type headers with white space before a ; or a trailing ;.

// The bugs of adversarial round 15.
const (
	BugA15RangePartial          Bug = "a15-range-honoured-on-post"
	BugA15IdempotencyShared     Bug = "a15-idempotency-key-header-shared"
	BugA15StarRawDeflate        Bug = "a15-accept-encoding-star-raw-deflate"
	BugA15ForwardedProtoURL     Bug = "a15-forwarded-proto-http-record-url"
	BugA15ForwardedPrefixURL    Bug = "a15-forwarded-prefix-record-url"
	BugA15HTTP10HealthCheck     Bug = "a15-http10-without-key-health-check"
	BugA15ReadKeyCompressedBody Bug = "a15-read-key-compressed-verify-body"
	BugA15FromReadModel         Bug = "a15-from-status-read-model"
	BugA15HistoryOverflow       Bug = "a15-history-column-overflow-500"
	BugA15DoubleScanGuard       Bug = "a15-double-scan-guard-3s"
	BugA15RefusalLockKept       Bug = "a15-refusal-leaves-lock-5s"
	BugA15SearchResultWindow    Bug = "a15-search-result-window-20"
	BugA15NumberZeroEmpty       Bug = "a15-number-zero-taken-as-absent"
	BugA15TemplateZeroMissing   Bug = "a15-template-zero-taken-as-missing"
	BugA15CodeZeroMissing       Bug = "a15-certificate-code-zero-100301"
	BugA15CodeTransliterated    Bug = "a15-certificate-code-transliterated"
	BugA15CodingPunctuationCut  Bug = "a15-template-coding-trailing-punctuation-cut"
	BugA15URLCodeLeadingZeros   Bug = "a15-record-url-code-leading-zeros"
	BugA15TemplateURLNoScheme   Bug = "a15-template-url-without-scheme"
	BugA15RecordURLSchemeless   Bug = "a15-record-url-protocol-relative"
	BugA15VerifyURLUserinfo     Bug = "a15-verify-url-userinfo-ignored"
	BugA15FractionDigits500     Bug = "a15-bound-fraction-digits-500"
	BugA15EarlyYear500          Bug = "a15-bound-year-before-1000-500"
	BugA15OffsetClamped         Bug = "a15-bound-offset-clamped-12h"
	BugA15FrontMatterTab        Bug = "a15-front-matter-tab-indented"
	BugA15FrontMatterDirective  Bug = "a15-front-matter-yaml-directive"
	BugA15FrontMatterIDFloat    Bug = "a15-front-matter-record-id-float"
	BugA15MarkdownVariantParam  Bug = "a15-markdown-content-type-variant"
	BugA15ActionTrimmed         Bug = "a15-action-type-trimmed"
	BugA15UnknownFrom100326     Bug = "a15-unknown-from-status-100326"
	BugA15FormatCaseless        Bug = "a15-format-caseless"
)

// The correct variants of adversarial round 15.
const (
	VariantA15EarlyHints       Variant = "a15-early-hints-103"
	VariantA15ShortPages       Variant = "a15-cursor-short-pages"
	VariantA15JWTTokens        Variant = "a15-jwt-shaped-page-tokens"
	VariantA15RateLimit        Variant = "a15-rate-limit-429"
	VariantA15Subsequence      Variant = "a15-search-subsequence-fuzzy"
	VariantA15CloseAfterErrors Variant = "a15-close-after-errors"
	VariantA15TabsCRLF         Variant = "a15-json-tabs-crlf"
	VariantA15JSONBOrder       Variant = "a15-jsonb-member-order"
	VariantA15CTSpaceSemicolon Variant = "a15-content-type-space-before-semicolon"
	VariantA15CTTrailingSemi   Variant = "a15-content-type-trailing-semicolon"
)

func adversarialRound15() Round {
	return Round{Name: "adversarial-15", Kind: "adversarial", Bugs: []BugInfo{
		// transport and clients
		{BugA15RangePartial, "§1.1, §C1 (C1.jsonText, must)", "the cache in front of the service (nginx with proxy_force_ranges on, or a CDN's byte-range support) honours a Range header on any answer it holds, POSTs included: a request with Range: bytes=0-99 gets 206 and the first 100 bytes of the JSON"},
		{BugA15IdempotencyShared, "§4.1, §C2 (C2.tenancy, C2.noKey, must)", "an idempotency middleware (Stripe-style) keeps answers under the Idempotency-Key header's value alone, neither key nor path nor body in the cache key: a second request with the same Idempotency-Key gets the first request's answer, whoever sends it"},
		{BugA15StarRawDeflate, "§1.1, §C1 (C1.jsonText, must)", "the negotiator takes * in Accept-Encoding for the server's favourite coding, deflate, and writes it as a raw DEFLATE stream without the zlib wrapper (IIS's and old PHP's confusion): RFC 9110's deflate is zlib, so the answer is no JSON under its label"},
		{BugA15ForwardedProtoURL, "§4.1 (2.1.identity, must)", "record_url is built with the framework's url() behind a proxy it trusts entirely (Laravel's TrustProxies with '*'): X-Forwarded-Proto: http writes every record_url with http://, a URL nobody issued"},
		{BugA15ForwardedPrefixURL, "§4.1 (2.1.identity, must)", "Spring's ForwardedHeaderFilter applies X-Forwarded-Prefix to the URLs the service builds: behind a gateway that adds /gateway, record_url gains the prefix"},
		{BugA15HTTP10HealthCheck, "§5, §C2 (C2.noKey, must)", "the load balancer's health checks are HTTP/1.0 requests without a key, so the auth filter lets every HTTP/1.0 request without Authorization through as the monitoring account (the read key)"},
		// auth and tenancy
		{BugA15ReadKeyCompressedBody, "§5 item 3, §C2 (C2.writeScope, must)", "the gateway's permission plugin decides whether a call writes by reading action_type from the raw body; a compressed body (Content-Encoding: gzip) reads as no JSON, so the call counts as a read, and the service behind it, which inflates the body, moves the credential for a read key"},
		// state and order
		{BugA15FromReadModel, "§3.1, §7 (7.conditions, 3.1.move, must)", "from_certificate_status is compared with the record's read model (CQRS), which only getRecord refreshes: after a move and before a read, the status the record left passes as current and the one it is in is refused with 100324"},
		{BugA15HistoryOverflow, "§4.1, §C6 (2.1.identity, must)", "the state changes are kept as JSON in a VARCHAR(255) column, which holds one change (some 150 bytes of utf8mb4); the second change is cut, json_decode fails and every getRecord of the record answers 500"},
		{BugA15DoubleScanGuard, "§3.1 (3.1.move, 3.1.next, must)", "an anti-double-scan guard refuses any verify of a record verified in the last 3 seconds with 100319, meant for a scanner that reads one card twice; it also refuses the next, different move a client makes at once"},
		{BugA15RefusalLockKept, "§3.1 (3.1.move, 3.1.next, must)", "the verify takes a Redis lock on the record and releases it on success only: after a refused verify, every verify of the record is refused 100319 (busy) until the lock expires 5 seconds later"},
		// paging and listings
		{BugA15SearchResultWindow, "§4.3 (4.3.total, must)", "search goes to Elasticsearch, whose index.max_result_window was lowered to 20 to stop scraping: hits past the 20th are never returned (their pages are empty or short) while total counts them all"},
		{BugA15NumberZeroEmpty, "§4.3 (4.3.number, 4.3.totalFilter, must)", "the controller tests the filter with PHP's empty(), which is true for the string \"0\": number \"0\" is taken as absent and every form is listed"},
		// errors and their codes
		{BugA15TemplateZeroMissing, "§4.5 (4.5.unknownTemplate, must)", "listQrcodes tests template with PHP's empty(): \"0\", a template that does not exist, is answered as a missing parameter, 400 instead of 404"},
		{BugA15CodeZeroMissing, "§7 (7.unknownCode, must)", "verify tests certificate_code with PHP's empty(): \"0\", a code that names no record, is answered as a missing parameter, 100301 instead of 100320"},
		{BugA15ActionTrimmed, "§7 (7.badAction, must)", "Laravel's TrimStrings middleware trims every string of the request: an action_type with white space around one of the two names is served as that action instead of 100325"},
		{BugA15UnknownFrom100326, "§3.1, §7 (7.conditions, must)", "a from_certificate_status that names no status of the flow is refused by the status resolver first, with the invalid-status code 100326, before the current status is compared (100324)"},
		{BugA15FormatCaseless, "§4.1 (4.1.formatEcho, must)", "format is lower-cased before it is read (strtolower) and the answer echoes the lower-cased value: format JSON-LD answers json-ld, a value the client did not send"},
		// identifiers and addressing
		{BugA15CodeTransliterated, "§C10 Identifiers are exact (7.unknownCode, must)", "certificate codes pasted from documents are cleaned with a transliteration (Python's unidecode): a Cyrillic х or а, a Greek ο, an accented é name the ASCII code's credential"},
		{BugA15CodingPunctuationCut, "§C10 Identifiers are exact, §4.5 (4.5.unknownTemplate, must)", "template codings pasted from chat messages are cleaned of trailing punctuation (. , ; : ! ? ) and their full-width forms): fxt3100. lists fxt3100's sub-codes"},
		{BugA15URLCodeLeadingZeros, "§C10 Identifiers are exact, §4.1 (4.1.notFound, must)", "the code at the end of a record URL is parsed as letters and a number (sscanf %[a-z]%d), so leading zeros of its digits are dropped: /c/hx0810001 reads hx810001"},
		{BugA15TemplateURLNoScheme, "§C10 URLs, §4.5 (4.5.unknownTemplate, must)", "the template URL parser adds https:// to a URL without a scheme (users paste host/tpl/coding): a URL nobody issued names the template"},
		{BugA15RecordURLSchemeless, "§C10 URLs, §4.1 (4.1.notFound, must)", "record_url is resolved as an href against the service's own base (https:), so a protocol-relative //host/c/code names the record"},
		{BugA15VerifyURLUserinfo, "§C10 URLs, §7 (7.unknownCode, must)", "the credential URL's host is compared after parse_url, which keeps user information apart: https://someone@host/c/code names the credential"},
		// time
		{BugA15FractionDigits500, "§4.4, §C3, §C5 (C3.templates, C3.listQrcodes, must)", "Python 3.10's datetime.fromisoformat reads fractions of 3 or 6 digits only and its ValueError escapes the handler: a bound with 1, 2, 4, 5, 7, 8 or 9 fraction digits is answered 500"},
		{BugA15EarlyYear500, "§4.4, §C3, §C5 (C3.templates, C3.listQrcodes, must)", "bounds go to MySQL as DATETIME, which holds years 1000 to 9999; an earlier year fails the query and the error escapes as 500"},
		{BugA15OffsetClamped, "§4.4, §C5 (4.4.startTime, 4.4.endTime, 4.4.window, must)", "the offset validator clamps offsets to the range -12:00 to +12:00 it believes is the world's, instead of refusing: +12:45, +13:00 and +14:00 bounds are read at +12:00, another instant"},
		// representations
		{BugA15FrontMatterTab, "§2.2 (2.2.markdown, must)", "the markdown template's front matter lines are indented with a tab by the editor that wrote the template; YAML forbids tabs for indentation, so no YAML reader finds title or record_id"},
		{BugA15FrontMatterDirective, "§2.2 (2.2.markdown, must)", "the front matter is written with PyYAML's dump(version=(1, 2), explicit_start=True), which puts a %YAML 1.2 directive before the --- line: the answer no longer starts with front matter"},
		{BugA15FrontMatterIDFloat, "§2.2 (2.2.markdownId, must)", "the front matter is dumped from a pandas row, where an integer column with a missing value is float64: record_id is written 800001.0"},
		{BugA15MarkdownVariantParam, "§4.1 (4.1.contentType.markdown, must)", "data.content_type is built as RFC 7763 recommends for a markdown media type, with its variant parameter: text/markdown; charset=utf-8; variant=GFM is not the table's string"},
	}, Variants: []VariantInfo{
		{VariantA15EarlyHints, "every answer to an HTTP/1.1 request is preceded by an interim 103 Early Hints answer with a Link header (a CDN's early hints); none goes to HTTP/1.0",
			"§1.1: the answer is JSON; RFC 9110 §15.2: a client must be able to parse one or more 1xx answers before the final one, and a server must not send one to an HTTP/1.0 client; RFC 8297"},
		{VariantA15ShortPages, "templates/list and listQrcodes pages hold at most half the page_size asked (a store whose queries return short pages, as DynamoDB's with a filter), the tokens going on to the end",
			"§4.4: next_page_token null marks the last page; §C5 page_size changed between pages: a page holds up to its own page_size items; §8 gives only the maximum"},
		{VariantA15JWTTokens, "page tokens are JWT-shaped: a header, the cursor and a signature, joined by dots, some 150 characters",
			"§C5 page_token (KIT): opaque and URL-safe; RFC 3986 §2.3: . is unreserved"},
		{VariantA15RateLimit, "each key may send 40 requests a second (a token bucket of 40): beyond it, 429 in the endpoint's error shape with Retry-After: 1",
			"§8: rate limits are open; §C4 (KIT): 429 with error_code 100429"},
		{VariantA15Subsequence, "search_key is fuzzy as fzf and editors' quick-open are: each word of the key hits the forms whose name, note or number hold its characters in order",
			"§4.3: search_key is a fuzzy match on form name, note and number; §C5 search_key (KIT): fuzzy could mean more; a form that holds the key is still a hit"},
		{VariantA15CloseAfterErrors, "every error answer carries Connection: close and the connection closes after it (a server that never reuses a connection after a 4xx)",
			"§1.1; RFC 9112 §9.6: a server may close a persistent connection after any answer that says so"},
		{VariantA15TabsCRLF, "answers are JSON indented with tabs and CRLF line ends (.NET's JsonSerializer with WriteIndented on Windows)",
			"§C1: the body is one JSON object; RFC 8259 §2: tab, line feed and carriage return are insignificant white space"},
		{VariantA15JSONBOrder, "every object's members are in PostgreSQL jsonb's order (shorter names first, then bytewise), answers being built from jsonb columns",
			"§C1: the answer is JSON; RFC 8259 §4: an object is an unordered collection of members"},
		{VariantA15CTSpaceSemicolon, "answers are labelled application/json ; charset=utf-8, with white space before the ;",
			"§C1 Response Content-Type: application/json, a charset when given utf-8; RFC 9110 §8.3.1: parameters = *( OWS \";\" OWS [ parameter ] ); §4.1: RFC 9110's equivalence applies to the header"},
		{VariantA15CTTrailingSemi, "answers are labelled application/json; charset=utf-8; with a trailing ;",
			"§C1 Response Content-Type; RFC 9110 §8.3.1: parameters = *( OWS \";\" OWS [ parameter ] ), a parameter after ; may be absent"},
	}}
}

// a15Inflated marks a request whose gzip body the service inflated.
const a15Inflated = "X-Rtq-A15-Inflated"

// a15State is what round 15's bugs and variants remember between
// requests.
type a15State struct {
	mu sync.Mutex
	// readModel is each credential's status as getRecord last read it
	// (the import's status after a reset).
	readModel map[int64]string
	lastMove  map[int64]time.Time
	lockUntil map[int64]time.Time
	idem      map[string]a15Kept
	buckets   map[string]*a15Bucket
}

// a15Kept is an answer kept whole.
type a15Kept struct {
	status int
	ctype  string
	body   []byte
}

// a15Bucket is a token bucket of one key.
type a15Bucket struct {
	tokens float64
	at     time.Time
}

// a15Reset puts back what a reset of the data puts back: what the
// credentials' rows hold. Caches outside the database stay.
func (s *Server) a15Reset() {
	s.a15.mu.Lock()
	defer s.a15.mu.Unlock()
	s.a15.readModel = map[int64]string{}
	s.a15.lastMove, s.a15.lockUntil = map[int64]time.Time{}, map[int64]time.Time{}
	if s.a15.idem == nil {
		s.a15.idem, s.a15.buckets = map[string]a15Kept{}, map[string]*a15Bucket{}
	}
}

// a15On says whether round 15 is built in at all.
func (s *Server) a15On() bool { return s.opts.roundOn("a15-") }

// a15Front answers what is answered before the service reads the
// request: a replayed idempotent answer, a rate limit, early hints, and
// the health check's key. It says whether the request was answered.
func (s *Server) a15Front(w http.ResponseWriter, r *http.Request) bool {
	if !s.a15On() {
		return false
	}
	if s.opts.is(VariantA15EarlyHints) && r.ProtoAtLeast(1, 1) {
		w.Header().Set("Link", "</static/app.css>; rel=preload; as=style")
		w.WriteHeader(http.StatusEarlyHints)
	}
	if r.ProtoMajor == 1 && r.ProtoMinor == 0 && strings.TrimSpace(r.Header.Get("Authorization")) == "" && s.opts.has(BugA15HTTP10HealthCheck) {
		r.Header.Set("Authorization", "Bearer "+ReadKey)
	}
	if strings.EqualFold(r.Header.Get("Content-Encoding"), "gzip") && s.opts.has(BugA15ReadKeyCompressedBody) {
		// The service inflates request bodies; the gateway before it
		// did not, and took the call for a read.
		if zr, err := gzip.NewReader(io.LimitReader(r.Body, maxBody+1)); err == nil {
			if b, err := io.ReadAll(io.LimitReader(zr, maxBody+1)); err == nil {
				r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(b)), int64(len(b))
				r.Header.Del("Content-Encoding")
				r.Header.Set(a15Inflated, "gzip")
			}
		}
	}
	ep := lookup(r.URL.Path)
	if ep == nil {
		return false
	}
	if ik := r.Header.Get("Idempotency-Key"); ik != "" && s.opts.has(BugA15IdempotencyShared) {
		s.a15.mu.Lock()
		kept, ok := s.a15.idem[ik]
		s.a15.mu.Unlock()
		if ok {
			w.Header().Set("Content-Type", kept.ctype)
			w.WriteHeader(kept.status)
			_, _ = w.Write(kept.body)
			return true
		}
	}
	if s.opts.is(VariantA15RateLimit) {
		who := r.Header.Get("Authorization")
		now := s.now()
		s.a15.mu.Lock()
		b := s.a15.buckets[who]
		if b == nil {
			b = &a15Bucket{tokens: 40, at: now}
			s.a15.buckets[who] = b
		}
		b.tokens += now.Sub(b.at).Seconds() * 40
		if b.tokens > 40 {
			b.tokens = 40
		}
		b.at = now
		limited := b.tokens < 1
		if !limited {
			b.tokens--
		}
		s.a15.mu.Unlock()
		if limited {
			w.Header().Set("Retry-After", "1")
			s.fail(w, ep.shape, &apiError{code: 429, errorCode: 100429, message: "Too many requests",
				detail: "at most 40 requests a second per key"})
			return true
		}
	}
	return false
}

// a15Serve serves one request as round 15's bugs and variants read it,
// around the service (a14Serve and what it wraps).
func (s *Server) a15Serve(ep *endpoint, k *apiKey, p params, r *http.Request) (any, *apiError) {
	if !s.a15On() {
		return s.a14Serve(ep, k, p, r)
	}
	switch ep.name {
	case "record/getRecord":
		return s.a15Record(ep, k, p, r)
	case "certificates/verify":
		return s.a15Verify(ep, k, p, r)
	case "record/getFormList":
		return s.a15Forms(ep, k, p, r)
	}
	return s.a15Cursor(ep, k, p, r)
}

var a15CodeDigits = regexp.MustCompile(`^([A-Za-z]+)0+(\d+)$`)

func (s *Server) a15Record(ep *endpoint, k *apiKey, p params, r *http.Request) (any, *apiError) {
	if u, isStr := p["record_url"].(string); isStr {
		if strings.HasPrefix(u, "//") && s.opts.has(BugA15RecordURLSchemeless) {
			u = "https:" + u
		}
		if i := strings.LastIndex(u, "/"); i >= 0 && s.opts.has(BugA15URLCodeLeadingZeros) {
			if m := a15CodeDigits.FindStringSubmatch(u[i+1:]); m != nil {
				u = u[:i+1] + m[1] + m[2]
			}
		}
		p["record_url"] = u
	}
	if f, isStr := p["format"].(string); isStr && s.opts.has(BugA15FormatCaseless) {
		if low := strings.ToLower(f); low != f && (low == "json" || low == "json-ld" || low == "markdown") {
			p["format"] = low
		}
	}
	id, hasID, _ := p.int("record_id")
	url, hasURL := p["record_url"].(string)
	rec := s.find(k, id, hasID, url, hasURL, true)
	if rec != nil && rec.cert != nil && s.opts.has(BugA15HistoryOverflow) {
		s.mu.Lock()
		n := 0
		if st := s.certs[rec.id]; st != nil {
			n = len(st.changes)
		}
		s.mu.Unlock()
		if n >= 2 {
			return nil, &apiError{code: 500, errorCode: 100300, message: "System error"}
		}
	}
	data, e := s.a14Serve(ep, k, p, r)
	if e != nil {
		return data, e
	}
	if rec != nil && rec.cert != nil {
		if st := s.statusOf(rec); st != nil {
			s.a15.mu.Lock()
			s.a15.readModel[rec.id] = st.name
			s.a15.mu.Unlock()
		}
	}
	m := a14Map(data)
	if m == nil || m["format"] != "markdown" {
		return data, e
	}
	md, _ := m["data"].(string)
	changed := false
	if s.opts.has(BugA15MarkdownVariantParam) {
		m["content_type"] = "text/markdown; charset=utf-8; variant=GFM"
		changed = true
	}
	if s.opts.has(BugA15FrontMatterTab) || s.opts.has(BugA15FrontMatterIDFloat) {
		lines := strings.Split(md, "\n")
		for i := 1; i < len(lines); i++ {
			if strings.TrimRight(lines[i], "\r") == "---" {
				break
			}
			if s.opts.has(BugA15FrontMatterIDFloat) && strings.HasPrefix(lines[i], "record_id:") {
				lines[i] = strings.TrimRight(lines[i], "\r ") + ".0"
			}
			if s.opts.has(BugA15FrontMatterTab) && strings.TrimSpace(lines[i]) != "" {
				lines[i] = "\t" + lines[i]
			}
		}
		md, changed = strings.Join(lines, "\n"), true
	}
	if s.opts.has(BugA15FrontMatterDirective) {
		md, changed = "%YAML 1.2\n"+md, true
	}
	if !changed {
		return data, e
	}
	m["data"] = md
	return m, nil
}

// a15Fold is what a transliteration (unidecode) makes of the letters that
// look like ASCII ones.
var a15Fold = strings.NewReplacer(
	"а", "a", "е", "e", "о", "o", "р", "p", "с", "c", "х", "x", "у", "y", "к", "k", "м", "m", "т", "t", "і", "i", "ј", "j", "ѕ", "s",
	"А", "A", "Е", "E", "О", "O", "Р", "P", "С", "C", "Х", "X", "К", "K", "М", "M", "Т", "T", "Н", "H", "В", "B",
	"ο", "o", "α", "a", "ν", "v", "ρ", "p", "κ", "k", "χ", "x", "ι", "i", "τ", "t", "υ", "u", "Ο", "O", "Χ", "X", "Κ", "K", "Η", "H",
	"á", "a", "à", "a", "â", "a", "ä", "a", "ã", "a", "å", "a", "é", "e", "è", "e", "ê", "e", "ë", "e",
	"í", "i", "ì", "i", "î", "i", "ï", "i", "ó", "o", "ò", "o", "ô", "o", "ö", "o", "õ", "o",
	"ú", "u", "ù", "u", "û", "u", "ü", "u", "ý", "y", "ÿ", "y", "ç", "c", "ñ", "n",
	"Á", "A", "É", "E", "Í", "I", "Ó", "O", "Ú", "U", "Ç", "C", "Ñ", "N")

var a15Userinfo = regexp.MustCompile(`^(?i)(https?://)[^/@]*@`)

func (s *Server) a15Verify(ep *endpoint, k *apiKey, p params, r *http.Request) (any, *apiError) {
	if !k.write && r.Header.Get(a15Inflated) != "" && s.opts.has(BugA15ReadKeyCompressedBody) {
		for i := range s.data.keys {
			if kk := &s.data.keys[i]; kk.org == k.org && kk.write && kk.forms == nil {
				k = kk
				break
			}
		}
	}
	code, codeIsStr := p["certificate_code"].(string)
	if codeIsStr && code == "0" && s.opts.has(BugA15CodeZeroMissing) {
		return nil, &apiError{code: 400, errorCode: 100301, message: "Invalid request parameters",
			detail: "certificate_code is required", param: "certificate_code"}
	}
	if codeIsStr && s.opts.has(BugA15CodeTransliterated) {
		code = a15Fold.Replace(code)
	}
	if codeIsStr && s.opts.has(BugA15VerifyURLUserinfo) {
		code = a15Userinfo.ReplaceAllString(code, "$1")
	}
	if codeIsStr {
		p["certificate_code"] = code
	}
	if a, isStr := p["action_type"].(string); isStr && s.opts.has(BugA15ActionTrimmed) {
		p["action_type"] = strings.TrimSpace(a)
	}
	var rec *record
	if codeIsStr {
		rec = s.credential(k, verifyRequest{code: code, byURL: strings.HasPrefix(code, "https://")})
	}
	if rec == nil || rec.form == nil || rec.form.flow == nil {
		return s.a14Serve(ep, k, p, r)
	}
	now := s.now()
	s.a15.mu.Lock()
	recent := now.Sub(s.a15.lastMove[rec.id]) < 3*time.Second && s.opts.has(BugA15DoubleScanGuard)
	locked := now.Before(s.a15.lockUntil[rec.id]) && s.opts.has(BugA15RefusalLockKept)
	rm, read := s.a15.readModel[rec.id]
	s.a15.mu.Unlock()
	if recent || locked {
		return nil, verifyError(100319, "Certificate verification failed")
	}
	if from, isStr := p["from_certificate_status"].(string); isStr && from != "" {
		st := rec.form.flow.ref(from)
		if st == nil && s.opts.has(BugA15UnknownFrom100326) {
			return nil, verifyError(100326, "Invalid target certificate status")
		}
		if s.opts.has(BugA15FromReadModel) {
			if !read {
				if start := rec.form.flow.ref(rec.cert.start); start != nil {
					rm = start.name
				}
			}
			cur := s.statusOf(rec)
			switch {
			case st != nil && st.name != rm && cur != nil && cur.name != rm:
				return nil, verifyError(100324, "Certificate cannot be verified in current status")
			case st != nil && st.name == rm && cur != nil && cur.name != rm:
				delete(p, "from_certificate_status")
			}
		}
	}
	data, e := s.a14Serve(ep, k, p, r)
	s.a15.mu.Lock()
	defer s.a15.mu.Unlock()
	if e != nil {
		if e.param == "" {
			s.a15.lockUntil[rec.id] = now.Add(5 * time.Second)
		}
		return data, e
	}
	s.a15.lastMove[rec.id] = now
	return data, nil
}

func (s *Server) a15Forms(ep *endpoint, k *apiKey, p params, r *http.Request) (any, *apiError) {
	if n, isStr := p["number"].(string); isStr && n == "0" && s.opts.has(BugA15NumberZeroEmpty) {
		delete(p, "number")
	}
	data, e := s.a14Serve(ep, k, p, r)
	key, _ := p["search_key"].(string)
	if e != nil || key == "" || !s.opts.has(BugA15SearchResultWindow) {
		return data, e
	}
	m := a14Map(data)
	pg, _ := m["page"].(map[string]any)
	list, _ := m["list"].([]any)
	if pg == nil {
		return data, e
	}
	cur, _ := strconv.Atoi(fmt.Sprint(pg["current_page"]))
	per, _ := strconv.Atoi(fmt.Sprint(pg["per_page"]))
	off := (cur - 1) * per
	keep := 20 - off
	if keep < 0 {
		keep = 0
	}
	if keep < len(list) {
		m["list"] = list[:keep]
		return m, nil
	}
	return data, e
}

var (
	a15Fraction = regexp.MustCompile(`:\d\d\.(\d+)`)
	a15Year     = regexp.MustCompile(`^\s*(\d{4})-`)
	a15Offset   = regexp.MustCompile(`([+-])(\d\d)(:?)(\d\d)$`)
	a15NoScheme = regexp.MustCompile(`^(?i)[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?/`)
)

// a15JWTHead is the header part of round 15's JWT-shaped tokens.
const a15JWTHead = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"

func a15Sign(tok string) string {
	sum := sha256.Sum256([]byte("rtq-a15\x00" + tok))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

func (s *Server) a15Cursor(ep *endpoint, k *apiKey, p params, r *http.Request) (any, *apiError) {
	for _, name := range []string{"start_time", "end_time"} {
		t, isStr := p[name].(string)
		if !isStr {
			continue
		}
		if m := a15Fraction.FindStringSubmatch(t); m != nil && len(m[1]) != 3 && len(m[1]) != 6 && s.opts.has(BugA15FractionDigits500) {
			return nil, &apiError{code: 500, message: "System error", detail: "ValueError: Invalid isoformat string"}
		}
		if m := a15Year.FindStringSubmatch(t); m != nil && m[1] < "1000" && s.opts.has(BugA15EarlyYear500) {
			return nil, &apiError{code: 500, message: "System error", detail: "SQLSTATE[22007]: Invalid datetime format"}
		}
		if m := a15Offset.FindStringSubmatch(t); m != nil && s.opts.has(BugA15OffsetClamped) {
			if h, _ := strconv.Atoi(m[2]); h > 12 || h == 12 && m[4] != "00" {
				p[name] = t[:len(t)-len(m[0])] + m[1] + "12" + m[3] + "00"
			}
		}
	}
	if ep.name == "templates/listQrcodes" {
		if t, isStr := p["template"].(string); isStr {
			if t == "0" && s.opts.has(BugA15TemplateZeroMissing) {
				return nil, &apiError{code: 400, message: "template is required", detail: "template is required", param: "template"}
			}
			if s.opts.has(BugA15CodingPunctuationCut) {
				t = strings.TrimRight(t, ".,;:!?)。，；：！？）")
			}
			if a15NoScheme.MatchString(t) && s.opts.has(BugA15TemplateURLNoScheme) {
				t = "https://" + t
			}
			p["template"] = t
		}
	}
	if s.opts.is(VariantA15JWTTokens) {
		if t, isStr := p["page_token"].(string); isStr {
			head, rest, _ := strings.Cut(t, ".")
			i := strings.LastIndex(rest, ".")
			if head == a15JWTHead && i > 0 && a15Sign(rest[:i]) == rest[i+1:] {
				p["page_token"] = rest[:i]
			} else if t != "" {
				p["page_token"] = "!" + t
			}
		}
	}
	if s.opts.is(VariantA15ShortPages) {
		size, has, err := p.int("page_size")
		if !has {
			size = 20
		}
		if err == nil && size >= 1 {
			if size > 100 {
				size = 100
			}
			p["page_size"] = json.Number(strconv.FormatInt((size+1)/2, 10))
		}
	}
	data, e := s.a14Serve(ep, k, p, r)
	if e != nil || !s.opts.is(VariantA15JWTTokens) {
		return data, e
	}
	m := a14Map(data)
	if t, isStr := m["next_page_token"].(string); isStr {
		m["next_page_token"] = a15JWTHead + "." + t + "." + a15Sign(t)
		return m, nil
	}
	return data, e
}

// a15Answer keeps an answer for round 15's bugs and variants to rewrite.
type a15Answer struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (a *a15Answer) WriteHeader(status int) {
	if status >= 200 && a.status == 0 {
		a.status = status
	}
}

func (a *a15Answer) Write(b []byte) (int, error) {
	if a.status == 0 {
		a.status = http.StatusOK
	}
	return a.body.Write(b)
}

// a15Writing says whether a bug or a variant of the round rewrites
// answers.
func (s *Server) a15Writing() bool {
	for _, b := range []Bug{BugA15RangePartial, BugA15IdempotencyShared, BugA15StarRawDeflate, BugA15ForwardedProtoURL, BugA15ForwardedPrefixURL} {
		if s.opts.has(b) {
			return true
		}
	}
	for _, v := range []Variant{VariantA15CloseAfterErrors, VariantA15TabsCRLF, VariantA15JSONBOrder, VariantA15CTSpaceSemicolon, VariantA15CTTrailingSemi} {
		if s.opts.is(v) {
			return true
		}
	}
	return false
}

// a15Writer wraps w so that round 15's bugs and variants rewrite the
// answer.
func (s *Server) a15Writer(w http.ResponseWriter, r *http.Request) (http.ResponseWriter, func()) {
	if !s.a15Writing() {
		return w, func() {}
	}
	a := &a15Answer{ResponseWriter: w}
	return a, func() { s.a15Finish(w, a, r) }
}

var a15Range = regexp.MustCompile(`^bytes=(\d+)-(\d*)$`)

func (s *Server) a15Finish(w http.ResponseWriter, a *a15Answer, r *http.Request) {
	h, status, body := w.Header(), a.status, a.body.Bytes()
	if status == 0 {
		status = http.StatusOK
	}
	isAPI := strings.HasPrefix(r.URL.Path, pathPrefix)
	var top map[string]any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	isJSON := dec.Decode(&top) == nil && top != nil
	if isAPI && strings.HasSuffix(r.URL.Path, "/getRecord") && isJSON {
		for _, o := range s.data.orgs {
			ours := []byte("https://" + o.host + "/c/")
			switch {
			case strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "http") && s.opts.has(BugA15ForwardedProtoURL):
				body = bytes.ReplaceAll(body, ours, []byte("http://"+o.host+"/c/"))
			case strings.HasPrefix(r.Header.Get("X-Forwarded-Prefix"), "/") && s.opts.has(BugA15ForwardedPrefixURL):
				prefix := strings.TrimRight(r.Header.Get("X-Forwarded-Prefix"), "/")
				body = bytes.ReplaceAll(body, ours, []byte("https://"+o.host+prefix+"/c/"))
			}
		}
	}
	if isJSON && s.opts.is(VariantA15JSONBOrder) {
		var buf bytes.Buffer
		a15JSONB(&buf, top)
		body = buf.Bytes()
	}
	if isJSON && s.opts.is(VariantA15TabsCRLF) {
		var buf bytes.Buffer
		if json.Indent(&buf, body, "", "\t") == nil {
			body = bytes.ReplaceAll(buf.Bytes(), []byte("\n"), []byte("\r\n"))
		}
	}
	if ct := h.Get("Content-Type"); strings.HasPrefix(ct, "application/json") {
		if s.opts.is(VariantA15CTSpaceSemicolon) {
			h.Set("Content-Type", strings.Replace(ct, ";", " ;", 1))
		}
		if s.opts.is(VariantA15CTTrailingSemi) {
			h.Set("Content-Type", ct+";")
		}
	}
	if s.opts.is(VariantA15CloseAfterErrors) {
		code, _ := top["code"].(json.Number)
		if status >= 400 || isJSON && code != "0" {
			h.Set("Connection", "close")
		}
	}
	if ik := r.Header.Get("Idempotency-Key"); ik != "" && isAPI && s.opts.has(BugA15IdempotencyShared) {
		s.a15.mu.Lock()
		if _, ok := s.a15.idem[ik]; !ok {
			s.a15.idem[ik] = a15Kept{status: status, ctype: h.Get("Content-Type"), body: append([]byte(nil), body...)}
		}
		s.a15.mu.Unlock()
	}
	if m := a15Range.FindStringSubmatch(r.Header.Get("Range")); m != nil && isAPI && status == http.StatusOK && s.opts.has(BugA15RangePartial) {
		from, _ := strconv.Atoi(m[1])
		to := len(body) - 1
		if m[2] != "" {
			to, _ = strconv.Atoi(m[2])
		}
		if to > len(body)-1 {
			to = len(body) - 1
		}
		if from <= to {
			h.Set("Content-Range", "bytes "+m[1]+"-"+strconv.Itoa(to)+"/"+strconv.Itoa(len(body)))
			body, status = body[from:to+1], http.StatusPartialContent
		}
	}
	ae := r.Header.Get("Accept-Encoding")
	switch {
	case isAPI && a15Star(ae) && s.opts.has(BugA15StarRawDeflate):
		var z bytes.Buffer
		fw, _ := flate.NewWriter(&z, flate.DefaultCompression)
		_, _ = fw.Write(body)
		_ = fw.Close()
		body = z.Bytes()
		h.Set("Content-Encoding", "deflate")
		h.Add("Vary", "Accept-Encoding")
	}
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// a15Star says whether an Accept-Encoding names * with a weight above 0.
func a15Star(ae string) bool { return a14Accepts(ae, "*") }

// a15JSONB writes v as JSON with every object's members in jsonb's
// order: shorter names first, names of one length bytewise.
func a15JSONB(buf *bytes.Buffer, v any) {
	switch x := v.(type) {
	case map[string]any:
		names := make([]string, 0, len(x))
		for n := range x {
			names = append(names, n)
		}
		sort.Slice(names, func(i, j int) bool {
			if len(names[i]) != len(names[j]) {
				return len(names[i]) < len(names[j])
			}
			return names[i] < names[j]
		})
		buf.WriteByte('{')
		for i, n := range names {
			if i > 0 {
				buf.WriteByte(',')
			}
			b, _ := json.Marshal(n)
			buf.Write(b)
			buf.WriteByte(':')
			a15JSONB(buf, x[n])
		}
		buf.WriteByte('}')
	case []any:
		buf.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				buf.WriteByte(',')
			}
			a15JSONB(buf, e)
		}
		buf.WriteByte(']')
	default:
		enc := json.NewEncoder(buf)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(x)
		buf.Truncate(buf.Len() - 1)
	}
}

// a15Subsequence says whether the characters of word come in hay in
// order (a variant's fuzzy search).
func a15Subsequence(hay, word string) bool {
	for _, c := range word {
		i := strings.IndexRune(hay, c)
		if i < 0 {
			return false
		}
		hay = hay[i+utf8.RuneLen(c):]
	}
	return true
}
