package foreign

import (
	"encoding/base64"
	"encoding/json"
	"math"
	"net/http"
	neturl "net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Adversarial round 5: bugs and correct variants written after reading
// the conformance runner of main (its rules over every answer, its
// relations, the held values, the verify matrix and product, the value
// space and the header forms) and the request log of one of its runs
// against this service, aimed at the requests it never sends and the
// members it never reads: identifiers a client copies with white space
// or a legacy name (a padded certificate code, status name or template
// coding, an action of the v1 API, a shared link with WeChat's query
// string); time bounds in forms a client library writes that no request
// of the runner carries (a lowercase z, Python's str(datetime) with a
// space and an offset, PHP's DATE_ISO8601 offset without a colon,
// JavaScript's toISOString fraction and Z); walks the runner never takes
// (sub-codes under end_time alone, templates under both bounds, a
// window without page_size, a page_size or a page as a digit string);
// objects it never addresses (a template past the 20th, an empty
// template under a window); parameters it never combines (record_id
// beside its own record_url, number or search_key without paging, a
// search key of 65 to 255 characters, a negative or 32-bit-wrapping
// record_id, set_next_certificate_status naming the current status);
// members it never reads (the markdown front matter's submission time
// and its YAML as a whole, json-ld's dateCreated, values json-ld derives
// from a masked one, a label on records the profile does not list); and
// the search index after a verify. The variants differ from Defaults
// only where docs/contract.md allows, in forms a runner may read one way:
// cursor pages that end early at a tie, page tokens bound to page_size,
// masks that hide a value's length or keep a name's last character,
// parameter errors with code 422, record and template URLs with a
// trailing slash or the code in the query, credentials on their own host,
// a form's activity moved by a verify, and a process status shown only
// once a record has a history.

// The bugs of adversarial round 5.
const (
	BugA5RecordURLTrimmed          Bug = "a5-record-url-trimmed"
	BugA5VerifyURLQueryStripped    Bug = "a5-verify-url-query-stripped"
	BugA5EmptyTemplateWindow404    Bug = "a5-qrcodes-empty-template-window-404"
	BugA5BothAddressesFormatJSON   Bug = "a5-both-addresses-format-ignored"
	BugA5BothAddressesJSONLDNoURL  Bug = "a5-both-addresses-jsonld-no-url"
	BugA5CertCodeTrimmed           Bug = "a5-verify-certificate-code-trimmed"
	BugA5StatusNameTrimmed         Bug = "a5-verify-status-name-trimmed"
	BugA5TemplateCodingTrimmed     Bug = "a5-qrcodes-template-coding-trimmed"
	BugA5LegacyActionAlias         Bug = "a5-verify-legacy-action-alias"
	BugA5NextRefusesToCurrent      Bug = "a5-verify-next-refuses-to-current"
	BugA5TimeLowercaseZ            Bug = "a5-cursor-lowercase-z-local"
	BugA5TimeSpaceOffsetDropped    Bug = "a5-cursor-space-offset-dropped"
	BugA5TimeBasicOffsetDropped    Bug = "a5-qrcodes-basic-offset-dropped"
	BugA5TimeFractionZLocal        Bug = "a5-cursor-fraction-z-local"
	BugA5QrcodesEndOnlyLaterPages  Bug = "a5-qrcodes-end-only-later-pages"
	BugA5TemplatesWindowTokenStart Bug = "a5-templates-window-token-keeps-start"
	BugA5QrcodesWindowDefault10    Bug = "a5-qrcodes-window-default-limit-10"
	BugA5CursorStringSizeNoToken   Bug = "a5-cursor-string-page-size-no-token"
	BugA5QrcodesTemplateBeyond20   Bug = "a5-qrcodes-template-beyond-20th-404"
	BugA5FormStringPageFirst       Bug = "a5-form-string-page-first-rows"
	BugA5NumberShortcutPerPage     Bug = "a5-form-number-shortcut-per-page"
	BugA5SearchNoPagingAllHits     Bug = "a5-form-search-no-paging-all-hits"
	BugA5SearchKeyIndexOverflow    Bug = "a5-form-search-key-index-overflow"
	BugA5SearchDuplicateAfterMove  Bug = "a5-form-search-duplicate-after-verify"
	BugA5RecordIDAbs               Bug = "a5-record-id-negative-abs"
	BugA5RecordIDWraps32           Bug = "a5-record-id-wraps-int32"
	BugA5JSONLDBirthDate           Bug = "a5-jsonld-birth-date-from-identity"
	BugA5JSONLDAbstractSnippet     Bug = "a5-jsonld-abstract-snippet"
	BugA5NewFormsQrcodeLabel       Bug = "a5-new-forms-qrcode-label"
	BugA5FrontMatterDuplicateTitle Bug = "a5-front-matter-duplicate-title"
	BugA5FrontMatterAliasTitle     Bug = "a5-front-matter-alias-title"
	BugA5MarkdownSubmittedUTC      Bug = "a5-markdown-submitted-utc"
	BugA5JSONLDDateCreatedLocalZ   Bug = "a5-jsonld-date-created-local-z"
	BugA5JSONLDShareURLHolder      Bug = "a5-jsonld-share-url-holder"
	BugA5QrcodesTokenTemplate      Bug = "a5-qrcodes-continuation-from-token-template"
)

// The correct variants of adversarial round 5.
const (
	VariantA5CursorTieCut         Variant = "a5-cursor-pages-end-at-ties"
	VariantA5TokenBoundToPageSize Variant = "a5-token-bound-to-page-size"
	VariantA5FixedLengthMask      Variant = "a5-masks-fixed-length"
	VariantA5ValidationCode422    Variant = "a5-parameter-errors-code-422"
	VariantA5TrailingSlashURLs    Variant = "a5-urls-trailing-slash"
	VariantA5QueryStringURLs      Variant = "a5-urls-code-in-query"
	VariantA5CredentialHost       Variant = "a5-credentials-own-host"
	VariantA5MoveTouchesActivity  Variant = "a5-verify-moves-form-activity"
	VariantA5NameMaskKeepsLast    Variant = "a5-name-mask-keeps-last"
	VariantA5StatusOnceHistory    Variant = "a5-process-status-once-history"
	VariantA5MoveRecordsTerminal  Variant = "a5-verify-records-terminal-field"
	VariantA5LengthRequired       Variant = "a5-chunked-body-length-required"
	a5Terminal                            = "前台自助终端"
	a5TemplateCache                       = 20
	a5SearchIndexWidth                    = 64
	a5SearchKeyMax                        = 255
	a5WindowLimit                         = 10
	a5SearchPageSize                      = 50
)

func adversarialRound5() Round {
	return Round{Name: "adversarial-5", Kind: "adversarial", Bugs: []BugInfo{
		{BugA5RecordURLTrimmed, "§C10 (Identifiers are exact, must), §4.1", "getRecord trims record_url before the lookup (the framework's TrimStrings middleware): a URL copied from a scanner with a trailing line feed or space, which names no record character for character, answers the record"},
		{BugA5VerifyURLQueryStripped, "§C10 (Identifiers are exact, must), §4.2, §7", "verify parses a URL certificate_code and keeps its path only: the credential's link as WeChat shares it (…/c/hx810001?from=singlemessage), a URL nobody issued, moves the record instead of 100320"},
		{BugA5EmptyTemplateWindow404, "§4.5", "listQrcodes under start_time or end_time runs a join of the template with its sub-codes in the window: a template without sub-codes finds no row and answers 404, as if it did not exist"},
		{BugA5BothAddressesFormatJSON, "§4.1", "getRecord with record_id and record_url together takes the path that compares both, which renders json whatever format asks: data.format is json where json-ld or markdown was asked"},
		{BugA5BothAddressesJSONLDNoURL, "§2.2, §4.1", "getRecord json-ld with record_id and record_url together is the comparison page's document, which drops url"},
		{BugA5CertCodeTrimmed, "§C10 (Identifiers are exact, must), §7", "verify trims certificate_code (TrimStrings): \" hx810001 \", a code nobody issued, moves the credential instead of 100320"},
		{BugA5StatusNameTrimmed, "§4.2, §7", "verify trims to_certificate_status and from_certificate_status (TrimStrings): \"已核销 \", neither a status's name nor its id, moves the record instead of 100326"},
		{BugA5TemplateCodingTrimmed, "§C10 (Identifiers are exact, must), §4.5", "listQrcodes trims template (TrimStrings): \"fxt3100 \", a coding nobody issued, lists fxt3100's sub-codes instead of 404"},
		{BugA5LegacyActionAlias, "§7", "verify maps the v1 API's action names through its compatibility table: action_type next moves the record to the next status (set moves it like set_certificate_status) instead of 100325"},
		{BugA5NextRefusesToCurrent, "§3.1", "one validator serves both actions and refuses a to_certificate_status equal to the current status as a repeat: set_next_certificate_status sent with the status the record is in (as a client filling every member does) answers 100326 instead of moving to the next status"},
		{BugA5TimeLowercaseZ, "§4.4, §4.5, §C5", "templates/* take a time's zone from an upper-case Z or an offset only: 2026-01-04t16:00:00z (RFC 3339 §5.6 allows lower case) is read as a time without zone, in UTC+08:00, eight hours off"},
		{BugA5TimeSpaceOffsetDropped, "§4.4, §4.5, §C5", "templates/* match a time written with a space by its first 19 characters (the local form YYYY-MM-DD HH:MM:SS) and drop what follows: Python's str(datetime), 2026-01-04 16:00:00+00:00, is read in UTC+08:00, eight hours off"},
		{BugA5TimeBasicOffsetDropped, "§4.5, §C5", "listQrcodes' offset pattern requires a colon: an offset written without one, as PHP's DATE_ISO8601 and Java's Z write it (2026-01-05T18:00:00+0000), is dropped and the time read in UTC+08:00"},
		{BugA5TimeFractionZLocal, "§4.4, §4.5, §C5", "templates/* read a time with fractional seconds (the branch added for JavaScript's toISOString, 2026-01-04T16:00:00.000Z) up to the seconds and without its Z: eight hours off"},
		{BugA5QrcodesEndOnlyLaterPages, "§4.5", "listQrcodes' continuation query re-applies the window only when start_time is set: pages reached with a page_token under end_time alone list sub-codes created after it"},
		{BugA5TemplatesWindowTokenStart, "§4.4", "templates/list's continuation keeps one bound of a window (start_time when both are sent): pages after the first of a window list templates created after end_time"},
		{BugA5QrcodesWindowDefault10, "§4.5, §8", "listQrcodes with both bounds and no page_size goes through the window query, whose LIMIT defaults to 10, and the has-more test compares with the default 20: 10 items, next_page_token null, the walk holds fewer than total"},
		{BugA5CursorStringSizeNoToken, "§4.4, §4.5", "templates/* decide there is a next page with count === page_size: a page_size sent as a digit string (\"5\", read leniently) never equals the count, so every first page is the last, next_page_token null while total says more"},
		{BugA5QrcodesTemplateBeyond20, "§4.5", "listQrcodes resolves template through the organization's template cache, filled by a warm-up with the first 20 templates by id: the 21st template on answers 404, as if it did not exist"},
		{BugA5FormStringPageFirst, "§4.3", "getFormList computes the offset only when page is a JSON integer (is_int) and echoes it cast: page \"2\" (read leniently) answers current_page 2 with the first page's forms, so a walk by strings repeats them"},
		{BugA5NumberShortcutPerPage, "§4.3, §8", "getFormList with number and no paging takes the exact-number shortcut, which builds the page from the rows found: per_page 1, not the default 10"},
		{BugA5SearchNoPagingAllHits, "§4.3, §8", "getFormList with search_key and no paging asks the search service without a size, which answers every hit on one page: per_page 50, not the default 10"},
		{BugA5SearchKeyIndexOverflow, "§4.3, §C3", "a search_key of 65 to 255 characters passes validation (max 255) and overflows the index column (VARCHAR(64)): the ORM's exception renderer answers {code: 500, message: SQLSTATE[22001] …}, without error_code and message_detail"},
		{BugA5SearchDuplicateAfterMove, "§4.3", "a verify re-indexes its form in the search index without deleting the old document: after a move, a search_key that hits the credential form lists it twice while total counts it once"},
		{BugA5RecordIDAbs, "§4.1, §2.1", "getRecord reads record_id through the legacy id codec, which takes its absolute value: record_id -800001 answers record 800001 instead of an error"},
		{BugA5RecordIDWraps32, "§4.1, §2.1", "getRecord binds record_id as a 32-bit integer: 4295767297 (800001 + 2³²) wraps to 800001 and answers that record instead of an error"},
		{BugA5JSONLDBirthDate, "§2.1, §C8", "json-ld describes a record holding an identity number as about a Person with a birthDate read off the clear number: 1990-03-07, the eight digits json masks (110101********1234): the two formats together give the whole number"},
		{BugA5JSONLDAbstractSnippet, "§2.1, §C8", "json-ld carries an abstract for search engines, the first four characters of each text value taken from the stored values: 三号楼北…, four of five characters of a value json masks 三***门 (a string's share is 2): the two formats together give the whole value"},
		{BugA5NewFormsQrcodeLabel, "§2.1", "QR codes of forms created after the label migration (5032, 5033) take qrcode.type_text from the new dictionary: an ordinary code (type 0) reads 普通二维码 there and 普通码 everywhere else"},
		{BugA5FrontMatterDuplicateTitle, "§2.2, §C7", "the markdown of a record under review gets the review template's front matter appended, which repeats title (title: 审核中): a mapping with a duplicate key is no valid YAML (YAML 1.2 §3.2.1.1), and js-yaml and Go's yaml refuse it"},
		{BugA5FrontMatterAliasTitle, "§2.2, §C7", "the markdown of a credential not yet approved flags its title with Markdown emphasis, unquoted: title: *待审核* 会员卡核销 starts a YAML alias, so the front matter is no valid YAML and a YAML reader finds no title"},
		{BugA5MarkdownSubmittedUTC, "§2.1, §1.3", "the markdown renderer (a Node service) writes the submission time from toISOString, in UTC, and appends the label (UTC+08:00): the front matter's submitted names an instant eight hours before the record's submit_at"},
		{BugA5JSONLDDateCreatedLocalZ, "§2.1", "json-ld writes dateCreated as the stored local time followed by Z: 2026-01-08T09:01:00Z, eight hours after the record's submit_at"},
		{BugA5QrcodesTokenTemplate, "§4.5, §C2", "listQrcodes continues a walk from the template its page token names once template names one of the key's own: another organization's key sending its own template (xlt0001) with a page token of our walk lists our sub-codes"},
		{BugA5JSONLDShareURLHolder, "§2.1, §C8", "json-ld's url of a credential is the card page's share link, which carries the card's title for the link preview, percent-encoded from the stored values (…/c/hx810001?title=%E9%99%88%E9%9D%99%E6%80%A1…): the holder's name json masks (陈**), in clear once decoded"},
	}, Variants: []VariantInfo{
		{VariantA5CursorTieCut, "templates/* never split the items of one creation second across two pages: a page that would end inside such a group ends before it (one item fewer), and the next page starts with the group",
			"§4.4, §8: page_size has a default and a maximum, and next_page_token (null only on the last page) says whether more follow; no page must hold page_size items; §C5: \"templates/* order | KIT\""},
		{VariantA5TokenBoundToPageSize, "a page token is bound to the page_size it was issued for too: sent back with another page_size it is a 400 naming page_token",
			"§4.4: page_token is \"the previous page's next_page_token\"; §C5: \"page_token | KIT; never asserted\" (the mock binds tokens to the filter; what else a token is bound to is the service's)"},
		{VariantA5FixedLengthMask, "every masked value is written ****** (six characters) whatever its length: a mask that hides the length too",
			"§C8: \"Mask format | KIT\"; §2.1: masked values are \"shown desensitized\" (a mask character, nothing in clear)"},
		{VariantA5ValidationCode422, "getRecord's and getFormList's parameter errors carry code 422 (error_code 100301), HTTP 422",
			"§C1: \"Bad request input ... Which code, error_code and HTTP status is KIT (§C4)\"; §C3: only templates/* business errors are asserted 400"},
		{VariantA5TrailingSlashURLs, "record and template URLs end with a slash (https://qa.foreign.example/c/fxr800001/), as Django's APPEND_SLASH writes them; getRecord, verify and listQrcodes take exactly those",
			"§2.1: record_url is a string (URI), \"the record code's access address\"; §C10: \"URLs\" is a KIT row (the mock's own form https://<host>/r/<record_code>)"},
		{VariantA5QueryStringURLs, "record and template URLs carry the code in the query (https://qa.foreign.example/c?code=fxr800001, …/tpl?coding=fxt3100); getRecord, verify and listQrcodes take exactly those",
			"§2.1: record_url is a string (URI); §C10: \"URLs\" is a KIT row"},
		{VariantA5CredentialHost, "credential records live on their own host: record_url https://card.qa.foreign.example/c/hx810001, other records on the organization's",
			"§2.1: record_url \"the record code's access address, unique on the platform\" (no host is given); §C10: \"URLs\" is a KIT row"},
		{VariantA5MoveTouchesActivity, "a verify is activity on its form: the form's active_at and active_at_iso become the time of the form's latest verify",
			"§2.3: active_at is the form's \"last activity\" (what counts as activity is open); §C6: \"The move seen in getRecord | KIT\""},
		{VariantA5NameMaskKeepsLast, "names (name, customer_name, recorder) are masked keeping their last character, in every format (**怡)",
			"§C8: \"Mask format | KIT\"; a name's share in clear is one character (§C8, 2.1.masked)"},
		{VariantA5StatusOnceHistory, "a credential shows process_status only once it has a status history (a move, or a start beyond its flow's first status); one never moved shows none",
			"§3.3: \"A record may show a process status ... How it moves is open\"; §C6: \"The move seen in getRecord | KIT ... a real service that shows it otherwise is not failed\""},
		{VariantA5MoveRecordsTerminal, "a verified credential's first field group also holds a field 核销终端 (text): the terminal that redeemed it, 前台自助终端",
			"§C6: \"The move seen in getRecord | KIT ... a real service that shows it otherwise is not failed\"; §2.1: a record's fields are the form's, which the specification does not fix"},
		{VariantA5LengthRequired, "a request body sent chunked, without a Content-Length, is refused before it is read: HTTP 411 Length Required, a JSON error in the endpoint's shape (as Google's front end answers)",
			"RFC 9112 §6.3: \"A server MAY reject a request that contains a message body but not a Content-Length by responding with 411 (Length Required)\"; §C1: \"Malformed HTTP | KIT\", \"HTTP status line of errors | KIT ... never asserted\""},
	}}
}

// a5Serve serves one request through round 5's bugs and variants: what a
// bug reads off the parameters before the endpoint, the endpoint, and
// what a bug or a variant rewrites in its answer.
func (s *Server) a5Serve(ep *endpoint, k *apiKey, p params) (any, *apiError) {
	if e := s.a5Before(ep.name, k, p); e != nil {
		return nil, e
	}
	if page, ok := s.a5TokenTemplate(ep.name, k, p); ok {
		return page, nil
	}
	data, aerr := ep.serve(s, k, p)
	if aerr != nil {
		if aerr.errorCode == 100301 && aerr.code == 400 && s.opts.is(VariantA5ValidationCode422) &&
			(ep.name == "record/getRecord" || ep.name == "record/getFormList") {
			e := *aerr
			e.code = 422
			return nil, &e
		}
		return nil, aerr
	}
	if b, ok := data.(obj); ok {
		return s.a5After(ep.name, k, p, b), nil
	}
	return data, nil
}

// a5LengthRequired refuses a request body without a Content-Length, as
// a variant's front end does, before the body is read.
func (s *Server) a5LengthRequired(w http.ResponseWriter, r *http.Request, sh shape) bool {
	if !s.opts.is(VariantA5LengthRequired) || r.ContentLength >= 0 {
		return false
	}
	s.write(w, http.StatusLengthRequired, s.body(sh, &apiError{code: http.StatusLengthRequired, errorCode: 100301,
		message: "Length Required", detail: "a request body needs a Content-Length"}))
	return true
}

// a5Intercept answers a request a bug answers before any endpoint code
// runs: a search key the index column cannot hold.
func (s *Server) a5Intercept(w http.ResponseWriter, ep string, p params) bool {
	sk, _ := p["search_key"].(string)
	if n := utf8.RuneCountInString(sk); ep != "record/getFormList" || !s.opts.has(BugA5SearchKeyIndexOverflow) || n <= a5SearchIndexWidth || n > a5SearchKeyMax {
		return false
	}
	s.write(w, http.StatusInternalServerError, o("code", 500,
		"message", "SQLSTATE[22001]: String data, right truncated: 1406 Data too long for column 'keyword' at row 1"))
	return true
}

// a5Before rewrites the parameters as a bug reads them, or answers for
// the endpoint.
func (s *Server) a5Before(ep string, k *apiKey, p params) *apiError {
	switch ep {
	case "record/getRecord":
		url, _ := p["record_url"].(string)
		if s.opts.has(BugA5RecordURLTrimmed) && strings.TrimSpace(url) != "" {
			p["record_url"] = strings.TrimSpace(url)
		}
		if _, hasID := p["record_id"]; hasID && url != "" && s.opts.has(BugA5BothAddressesFormatJSON) {
			delete(p, "format")
		}
		if id, ok, err := p.int("record_id"); err == nil && ok {
			if id < 0 && s.opts.has(BugA5RecordIDAbs) {
				p["record_id"] = json.Number(itoa(-id))
			}
			if id > math.MaxInt32 && s.opts.has(BugA5RecordIDWraps32) {
				p["record_id"] = json.Number(itoa(int64(int32(id))))
			}
		}
	case "certificates/verify":
		return s.a5Verify(k, p)
	case "templates/listQrcodes":
		if ref, _ := p["template"].(string); s.opts.has(BugA5TemplateCodingTrimmed) && strings.TrimSpace(ref) != "" {
			p["template"] = strings.TrimSpace(ref)
		}
		if e := s.a5Template(k, p); e != nil {
			return e
		}
		s.a5Times(p, true)
	case "templates/list":
		s.a5Times(p, false)
	case "record/getFormList":
		if str, isStr := p["page"].(string); isStr && s.opts.has(BugA5FormStringPageFirst) {
			if n, err := strconv.ParseInt(str, 10, 64); err == nil && n > 1 {
				p["page"] = json.Number("1")
				p[a5AskedPage] = n
			}
		}
	}
	return nil
}

// a5AskedPage carries the page a bug echoes while serving the first.
const a5AskedPage = "\x00a5-asked-page"

// a5Verify reads verify's parameters as the bugs do.
func (s *Server) a5Verify(k *apiKey, p params) *apiError {
	code, _ := p["certificate_code"].(string)
	if s.opts.has(BugA5CertCodeTrimmed) && strings.TrimSpace(code) != "" {
		code = strings.TrimSpace(code)
		p["certificate_code"] = code
	}
	if s.opts.has(BugA5VerifyURLQueryStripped) && strings.HasPrefix(code, "https://") {
		if path, _, found := strings.Cut(code, "?"); found {
			p["certificate_code"] = path
		}
	}
	for _, name := range []string{"to_certificate_status", "from_certificate_status"} {
		if v, isStr := p[name].(string); isStr && s.opts.has(BugA5StatusNameTrimmed) && strings.TrimSpace(v) != "" {
			p[name] = strings.TrimSpace(v)
		}
	}
	if a, _ := p["action_type"].(string); s.opts.has(BugA5LegacyActionAlias) {
		switch a {
		case "next":
			p["action_type"] = "set_next_certificate_status"
		case "set":
			p["action_type"] = "set_certificate_status"
		}
	}
	to, _ := p["to_certificate_status"].(string)
	if a, _ := p["action_type"].(string); a != "set_next_certificate_status" || to == "" || !s.opts.has(BugA5NextRefusesToCurrent) || !k.write {
		return nil
	}
	code, _ = p["certificate_code"].(string)
	for _, r := range s.data.records {
		if r.org != k.org || r.cert == nil || r.code != code && s.data.recordURL(r) != code {
			continue
		}
		if st := s.statusOf(r); st != nil && (st.name == to || itoa(st.id) == to) {
			return verifyError(100326, "Invalid target certificate status")
		}
	}
	return nil
}

// a5Template answers listQrcodes as the bugs do: 404 for a template past
// the cache's first 20, and for an empty template under a window.
func (s *Server) a5Template(k *apiKey, p params) *apiError {
	ref, _ := p["template"].(string)
	_, start := p["start_time"]
	_, end := p["end_time"]
	n := 0
	for _, t := range s.data.templates {
		if t.org != k.org {
			continue
		}
		n++
		if t.coding != ref && s.data.templateURL(t) != ref {
			continue
		}
		if n > a5TemplateCache && s.opts.has(BugA5QrcodesTemplateBeyond20) ||
			len(t.subs) == 0 && (start || end) && s.opts.has(BugA5EmptyTemplateWindow404) {
			return &apiError{code: 404, message: "模板不存在", detail: "no template " + quote(ref)}
		}
	}
	return nil
}

// a5TokenTemplate serves a listQrcodes page as a bug's continuation
// does: from the template its page token names, whatever organization it
// belongs to, once template names one of the key's own.
func (s *Server) a5TokenTemplate(ep string, k *apiKey, p params) (any, bool) {
	tok, _ := p["page_token"].(string)
	ref, _ := p["template"].(string)
	if ep != "templates/listQrcodes" || tok == "" || !s.opts.has(BugA5QrcodesTokenTemplate) {
		return nil, false
	}
	body, _, _ := strings.Cut(tok, ".")
	raw, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return nil, false
	}
	parts := strings.Split(string(raw), "|")
	if len(parts) < 3 || parts[1] != "qrcodes" || parts[2] == ref {
		return nil, false
	}
	var own bool
	var named *template
	for _, t := range s.data.templates {
		own = own || t.org == k.org && (t.coding == ref || s.data.templateURL(t) == ref)
		if t.coding == parts[2] {
			named = t
		}
	}
	if !own || named == nil {
		return nil, false
	}
	items := make([]item, 0, len(named.subs))
	for _, c := range named.subs {
		items = append(items, item{c.id, c.created, o("name", c.name, "id", c.id, "coding", c.coding)})
	}
	page, aerr := s.cursorPage(p, "qrcodes|"+named.coding, items, false, false)
	if aerr != nil {
		return nil, false
	}
	return page, true
}

// The time forms the bugs misread.
var (
	a5LowerZ      = regexp.MustCompile(`^(\d{4}-\d{2}-\d{2})[tT](\d{2}:\d{2}:\d{2})(\.\d+)?z$`)
	a5SpaceOffset = regexp.MustCompile(`^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})(\.\d+)?([Zz]|[+-]\d{2}:?\d{2})$`)
	a5BasicOffset = regexp.MustCompile(`^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})[+-]\d{4}$`)
	a5FractionZ   = regexp.MustCompile(`^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})\.\d+Z$`)
)

// a5Times rewrites start_time and end_time as the bugs read them: a time
// without zone, in UTC+08:00.
func (s *Server) a5Times(p params, qrcodes bool) {
	for _, name := range []string{"start_time", "end_time"} {
		v, _ := p[name].(string)
		switch {
		case v == "":
		case s.opts.has(BugA5TimeLowercaseZ) && a5LowerZ.MatchString(v):
			m := a5LowerZ.FindStringSubmatch(v)
			p[name] = m[1] + "T" + m[2]
		case s.opts.has(BugA5TimeSpaceOffsetDropped) && a5SpaceOffset.MatchString(v):
			p[name] = a5SpaceOffset.FindStringSubmatch(v)[1]
		case qrcodes && s.opts.has(BugA5TimeBasicOffsetDropped) && a5BasicOffset.MatchString(v):
			m := a5BasicOffset.FindStringSubmatch(v)
			p[name] = m[1] + "T" + m[2]
		case s.opts.has(BugA5TimeFractionZLocal) && a5FractionZ.MatchString(v):
			m := a5FractionZ.FindStringSubmatch(v)
			p[name] = m[1] + "T" + m[2]
		}
	}
}

// a5After rewrites a success as the bugs do.
func (s *Server) a5After(ep string, k *apiKey, p params, b obj) obj {
	switch ep {
	case "record/getRecord":
		url, _ := p["record_url"].(string)
		_, hasID := p["record_id"]
		if payload, ok := b.get("data").(obj); ok && hasID && url != "" && b.get("format") == "json-ld" && s.opts.has(BugA5BothAddressesJSONLDNoURL) {
			kept := obj{}
			for _, m := range payload {
				if m.key != "url" {
					kept = append(kept, m)
				}
			}
			b = b.set("data", kept)
		}
	case "templates/list", "templates/listQrcodes":
		_, sized := p["page_size"]
		_, start := p["start_time"]
		_, end := p["end_time"]
		if _, isStr := p["page_size"].(string); isStr && s.opts.has(BugA5CursorStringSizeNoToken) {
			b = b.set("next_page_token", nil)
		}
		if list, _ := b.get("list").([]any); ep == "templates/listQrcodes" && !sized && start && end && s.opts.has(BugA5QrcodesWindowDefault10) {
			b = b.set("list", list[:min(len(list), a5WindowLimit)]).set("next_page_token", nil)
		}
	case "record/getFormList":
		return s.a5Forms(k, p, b)
	}
	return b
}

// a5Forms rewrites a getFormList success as the bugs do.
func (s *Server) a5Forms(k *apiKey, p params, b obj) obj {
	page, _ := b.get("page").(obj)
	list, _ := b.get("list").([]any)
	_, paged := p["page"]
	_, sized := p["page_size"]
	number, _ := p["number"].(string)
	key, _ := p["search_key"].(string)
	if n, ok := p[a5AskedPage].(int64); ok && page != nil {
		page = page.set("current_page", n)
	}
	if !paged && !sized && page != nil && len(list) > 0 {
		switch {
		case number != "" && s.opts.has(BugA5NumberShortcutPerPage):
			page = page.set("per_page", len(list))
		case strings.TrimSpace(key) != "" && number == "" && s.opts.has(BugA5SearchNoPagingAllHits):
			total, _ := page.get("total").(int64)
			all := s.a5AllHits(k, key, total)
			page = page.set("per_page", a5SearchPageSize).set("last_page", 1)
			list = all
		}
	}
	if strings.TrimSpace(key) != "" && s.opts.has(BugA5SearchDuplicateAfterMove) {
		if f := formByID(s.data.forms, certForm); f != nil && len(s.verifications(f)) > 0 {
			var out []any
			for _, it := range list {
				out = append(out, it)
				if id, _ := it.(obj).get("id").(int64); id == certForm {
					out = append(out, it)
				}
			}
			list = out
		}
	}
	if list == nil {
		list = []any{}
	}
	return b.set("list", list).set("page", page)
}

// a5AllHits is every form a search key hits, in the service's order, as
// the search service answers without a size.
func (s *Server) a5AllHits(k *apiKey, key string, total int64) []any {
	forms := s.matchForms(k, strings.TrimSpace(key), "")
	out := make([]any, 0, total)
	for _, f := range forms {
		out = append(out, s.formJSON(f))
	}
	return out
}

// a5Served is the window a later page of a walk is served with: a bug
// keeps one bound of it.
func (s *Server) a5Served(templates, qrcodes bool, offset int64, w window) window {
	if offset == 0 {
		return w
	}
	if qrcodes && w.hasE && !w.hasStart && s.opts.has(BugA5QrcodesEndOnlyLaterPages) {
		w.hasE = false
	}
	if templates && w.hasStart && w.hasE && s.opts.has(BugA5TemplatesWindowTokenStart) {
		w.hasE = false
	}
	return w
}

// a5Filter is what a page token is bound to: a variant binds page_size.
func (s *Server) a5Filter(filter string, size int64) string {
	if !s.opts.is(VariantA5TokenBoundToPageSize) {
		return filter
	}
	return filter + "|size=" + itoa(size)
}

// a5TieCut is the size of this page under a variant that never splits the
// items of one creation second across two pages.
func (s *Server) a5TieCut(hits []item, offset, size int64) int64 {
	end := offset + size
	if !s.opts.is(VariantA5CursorTieCut) || end >= int64(len(hits)) || offset >= int64(len(hits)) {
		return size
	}
	cut := end
	for cut > offset+1 && hits[cut].created == hits[cut-1].created {
		cut--
	}
	return cut - offset
}

// a5Mask is a variant's mask, "" for the service's own.
func (s *Server) a5Mask(typ, v string) string {
	r := []rune(v)
	switch {
	case len(r) == 0:
		return ""
	case s.opts.is(VariantA5FixedLengthMask):
		return "******"
	case s.opts.is(VariantA5NameMaskKeepsLast) && (typ == "name" || typ == "customer_name" || typ == "recorder"):
		if len(r) == 1 {
			return "*"
		}
		return strings.Repeat("*", min(len(r)-1, 2)) + string(r[len(r)-1:])
	}
	return ""
}

// a5Title is a markdown front matter's title as a bug writes it,
// unquoted; "" when the title is written as usual.
func (s *Server) a5Title(r *record, t string) string {
	if r.cert != nil && !r.cert.approved && s.opts.has(BugA5FrontMatterAliasTitle) {
		return "*待审核* " + t
	}
	return ""
}

// a5FrontMatter is what a bug appends to the front matter's keys.
func (s *Server) a5FrontMatter(r *record) string {
	if r.audit != nil && s.opts.has(BugA5FrontMatterDuplicateTitle) {
		return "title: " + auditTexts[r.audit.status] + "\nreview_stage: " + strconv.Quote(r.audit.stage) + "\n"
	}
	return ""
}

// a5Submitted is the front matter's submission time.
func (s *Server) a5Submitted(r *record) string {
	if s.opts.has(BugA5MarkdownSubmittedUTC) {
		return time.Unix(r.submit, 0).UTC().Format("2006-01-02 15:04:05") + "(UTC+08:00)"
	}
	return s.iso(r.submit)
}

// a5DateCreated is json-ld's dateCreated.
func (s *Server) a5DateCreated(r *record) string {
	t := time.Unix(r.submit, 0).In(zone)
	if s.opts.has(BugA5JSONLDDateCreatedLocalZ) {
		return t.Format("2006-01-02T15:04:05") + "Z"
	}
	return t.Format(time.RFC3339)
}

// a5JSONLD adds to json-ld what a bug derives from the stored values.
func (s *Server) a5JSONLD(r *record, out obj) obj {
	if !s.opts.has(BugA5JSONLDBirthDate) && !s.opts.has(BugA5JSONLDAbstractSnippet) {
		return out
	}
	var snippets []string
	for _, g := range r.groups {
		for _, f := range g.fields {
			v, _ := s.shown(f, true)
			str, _ := v.(string)
			rs := []rune(str)
			if f.typ == "identity" && len(rs) >= 14 && s.opts.has(BugA5JSONLDBirthDate) {
				out = append(out, member{"about", o("@type", "Person",
					"birthDate", string(rs[6:10])+"-"+string(rs[10:12])+"-"+string(rs[12:14]))})
			}
			if (f.typ == "text" || f.typ == "textarea") && f.masked && len(rs) > 4 && s.opts.has(BugA5JSONLDAbstractSnippet) {
				snippets = append(snippets, string(rs[:4])+"…")
			}
		}
	}
	if len(snippets) > 0 {
		out = append(out, member{"abstract", strings.Join(snippets, "；")})
	}
	return out
}

// a5ShareURL is json-ld's url of a record: a bug's share link for a
// credential, with the card's title from the stored values.
func (s *Server) a5ShareURL(r *record, url string) string {
	if r.cert == nil || r.form == nil || !s.opts.has(BugA5JSONLDShareURLHolder) {
		return url
	}
	holder, _ := r.groups[0].fields[0].value.(string)
	return url + "?title=" + neturl.QueryEscape(holder+"的"+r.form.name)
}

// a5QrText is qrcode.type_text as a bug labels it.
func (s *Server) a5QrText(r *record, text string) string {
	if r.form != nil && (r.form.id == limitedForm || r.form.id == 5033) && s.opts.has(BugA5NewFormsQrcodeLabel) {
		return "普通二维码"
	}
	return text
}

// a5Redeemed adds to a verified credential's first group the field a
// variant fills on a verify: the terminal that redeemed it.
func (s *Server) a5Redeemed(r *record, g group, fields []any, clear bool) []any {
	if r.cert == nil || !s.opts.is(VariantA5MoveRecordsTerminal) || s.b4LastVerify(r) == 0 {
		return fields
	}
	return append(fields, s.fieldJSON(g, field{id: 258, title: "核销终端", typ: "text", value: a5Terminal}, clear))
}

// a5Activity is the time a variant moves a form's activity to: its
// latest verify (0: none).
func (s *Server) a5Activity(f *form) int64 {
	if !s.opts.is(VariantA5MoveTouchesActivity) {
		return 0
	}
	return s.lastVerify(f)
}

// a5URL is a record's or a template's URL in a variant's form ("" for
// the service's own): path is c or tpl, host the organization's.
func (d *dataset) a5URL(host, path, code string, cert bool) string {
	switch {
	case d.a5URLs == VariantA5TrailingSlashURLs:
		return "https://" + host + "/" + path + "/" + code + "/"
	case d.a5URLs == VariantA5QueryStringURLs && path == "c":
		return "https://" + host + "/c?code=" + code
	case d.a5URLs == VariantA5QueryStringURLs:
		return "https://" + host + "/tpl?coding=" + code
	case d.a5URLs == VariantA5CredentialHost && cert:
		return "https://card." + host + "/" + path + "/" + code
	}
	return ""
}

// a5URLVariant is the URL variant a build serves ("" for none).
func (o Options) a5URLVariant() Variant {
	switch o.Variant {
	case VariantA5TrailingSlashURLs, VariantA5QueryStringURLs, VariantA5CredentialHost:
		return o.Variant
	}
	return ""
}
