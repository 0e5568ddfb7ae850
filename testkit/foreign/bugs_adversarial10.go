package foreign

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// Adversarial round 10: bugs and correct variants written after reading
// the conformance runner of main while two generalisations of it were
// landing (a covering array over key, address, format and the state a
// record is in; near-miss spellings of numbers, search keys, status
// names and time bounds, and filters past page 1). It aims past both,
// at what a request is never made of and at whom the runner never asks:
//
//   - writes side by side that the runner never sends together: two
//     set_next_certificate_status of one credential, two different moves
//     without from_certificate_status, moves of two different records;
//   - an operation's transport beside getFormList's: verify's body over
//     a proxy's limit, verify asked with GET;
//   - the other organization's own objects, which a tenant's own
//     configuration serves (its collation, its plan's limits, its
//     public certificate page, its flow editor, its time zone);
//   - identifiers of another kind where the runner sends none: a URL on
//     another host or with its path in capitals, a record code without
//     its URL, a record number as a certificate code, a template's name,
//     a form's id as its number, a form's number as tpl_id;
//   - verify's values and sequences: an empty target, a status id with
//     leading zeros, a form that shares the credential's flow as tpl_id,
//     a repeat after set_next_certificate_status, a code pasted with
//     invisible characters;
//   - four-way combinations of key, address, format and state beyond
//     the pairs and triples a covering array holds; answers after the
//     writes that only a relation judges; the write key's form list past
//     its first page;
//   - keys sent otherwise: in X-Access-Token, or in full-width letters.
//
// The variants differ from Defaults only where docs/contract.md allows
// and where a runner that learns near-miss spellings may assume one
// form: a value it sends refused as a parameter error (an empty format,
// equal bounds, a year before 2000, a padded number, LIKE wildcards, a
// one-character search key, an empty page token), and json-ld and
// labels laid out otherwise.

// The bugs of adversarial round 10.
const (
	BugA10NextNotAtomic                 Bug = "a10-next-not-atomic"
	BugA10ForkWithoutFromRaces          Bug = "a10-different-moves-without-from-race"
	BugA10AnswerSharedRecord            Bug = "a10-verify-answer-shared-entity"
	BugA10VerifyBodyHTML413             Bug = "a10-verify-large-body-html-413"
	BugA10VerifyGet405HTML              Bug = "a10-verify-get-405-html"
	BugA10OtherTenantNumberCaseless     Bug = "a10-other-tenant-number-caseless"
	BugA10OtherTenantPageSize50         Bug = "a10-other-tenant-page-size-50"
	BugA10OtherTenantJSONLDClear        Bug = "a10-other-tenant-jsonld-holder-clear"
	BugA10OtherTenantFlowEditor         Bug = "a10-other-tenant-flow-editor-100325"
	BugA10OtherTenantLocalTimesUTC      Bug = "a10-other-tenant-local-times-utc"
	BugA10VerifyURLHostIgnored          Bug = "a10-verify-url-host-ignored"
	BugA10RecordURLHostIgnored          Bug = "a10-record-url-host-ignored"
	BugA10RecordURLPathCaseless         Bug = "a10-record-url-path-caseless"
	BugA10TemplateURLHostIgnored        Bug = "a10-template-url-host-ignored"
	BugA10CodeOrNumber                  Bug = "a10-verify-code-or-record-number"
	BugA10QrcodesTemplateByName         Bug = "a10-qrcodes-template-by-name"
	BugA10RecordURLBareCode             Bug = "a10-record-url-bare-code"
	BugA10NumberMatchesFormID           Bug = "a10-number-matches-form-id"
	BugA10TplIDFormNumber               Bug = "a10-tpl-id-form-number"
	BugA10EmptyTargetNext               Bug = "a10-empty-target-moves-next"
	BugA10RepeatAfterNext               Bug = "a10-repeat-after-next-succeeds"
	BugA10TplScopeSharedFlow            Bug = "a10-tpl-scope-shared-flow"
	BugA10StatusIDLeadingZero           Bug = "a10-status-id-leading-zero"
	BugA10LimitedURLMarkdownMoved       Bug = "a10-limited-url-markdown-moved-holder-clear"
	BugA10WriteURLJSONLDMoved           Bug = "a10-write-url-jsonld-moved-date-utc"
	BugA10WriteKeyLaterPagesSystemForms Bug = "a10-write-key-later-pages-drop-system-forms"
	BugA10VerifiedFormNumberCache       Bug = "a10-verified-form-number-cache-per-page"
	BugA10NumberTrailingPeriod          Bug = "a10-number-trailing-period-trimmed"
	BugA10XAccessToken                  Bug = "a10-x-access-token-header"
	BugA10KeyFullWidthFolded            Bug = "a10-key-full-width-folded"
	BugA10CodeInvisibleStripped         Bug = "a10-certificate-code-invisible-stripped"
)

// The correct variants of adversarial round 10.
const (
	VariantA10EmptyFormatRefused     Variant = "a10-empty-format-refused"
	VariantA10EqualBoundsRefused     Variant = "a10-equal-bounds-refused"
	VariantA10EarlyYearsRefused      Variant = "a10-years-before-2000-refused"
	VariantA10NumberPaddedRefused    Variant = "a10-padded-number-refused"
	VariantA10SearchWildcardsRefused Variant = "a10-search-key-wildcards-refused"
	VariantA10OneCharSearchRefused   Variant = "a10-one-character-search-key-refused"
	VariantA10EmptyTokenRefused      Variant = "a10-empty-page-token-refused"
	VariantA10CredentialJSONLDType   Variant = "a10-credential-jsonld-type"
	VariantA10JSONLDShareURL         Variant = "a10-jsonld-url-share-page"
	VariantA10OrdinaryTypeLabels     Variant = "a10-ordinary-form-type-labels"
)

func adversarialRound10() Round {
	return Round{Name: "adversarial-10", Kind: "adversarial", Bugs: []BugInfo{
		{BugA10NextNotAtomic, "§3.1 (3.1.atomic, 3.1.next, must)", "set_next_certificate_status loads the credential, calls the notification service, then saves the status it computed from what it loaded, outside the lock set_certificate_status takes: two sent side by side both answer the first next status, and the record moves once"},
		{BugA10ForkWithoutFromRaces, "§3.1 (3.1.atomic, must)", "the double-submit lock of set_certificate_status is keyed on the certificate and the target, and the status is checked before the slow save and written after it; only a from_certificate_status makes the save conditional: two different moves without one, side by side, both succeed"},
		{BugA10AnswerSharedRecord, "§4.2 (4.2.successData, must)", "the verify service is a singleton that keeps the loaded credential in a field; two verifies of different records side by side answer, one of them, with the other record's record_id, record_number and submit_at"},
		{BugA10VerifyBodyHTML413, "§1.1, §C1 (C1.contentType, C1.jsonText, must)", "the proxy's location for the write endpoints limits bodies to 64 KiB and answers a larger one with its own HTML 413 page; the read endpoints' location leaves the limit to the service"},
		{BugA10VerifyGet405HTML, "§1.1, §C1 (C1.contentType, must)", "verify is mounted through the write routes' group, whose method guard is the framework's: a GET gets its HTML 405 page"},
		{BugA10OtherTenantNumberCaseless, "§4.3 (4.3.number, must)", "the other organization's tenant database was created later with a case-insensitive collation: its number filter finds XL-001 for xl-001"},
		{BugA10OtherTenantPageSize50, "§8 (8.formList.max, must)", "the other organization's plan raises getFormList's maximum page_size to 50: page_size 21 to 50 is served with per_page as asked"},
		{BugA10OtherTenantJSONLDClear, "§2.1, §C8 (C8.otherFormats, must)", "the other organization has switched on its public certificate page, and json-ld of its credentials is rendered by that page's template, which prints the holder's name in clear"},
		{BugA10OtherTenantFlowEditor, "§3.1 (3.1.next, 3.1.move, must)", "the other organization's flows were made in the new flow editor, whose configuration the verify service cannot read: every move of its credentials is refused with 100325"},
		{BugA10OtherTenantLocalTimesUTC, "§4.4, §C5 (4.4.startTime, 4.4.endTime, 4.4.window, must)", "the other organization's tenant time zone is set to UTC: its listings read a start_time or end_time without zone, and a date, in UTC instead of UTC+08:00"},
		{BugA10VerifyURLHostIgnored, "§4.2, §C10 (7.unknownCode, must)", "the certificate code is taken from the URL's path, whatever its scheme and host (the service runs behind several domains): a credential's URL on another host, or with http, moves it"},
		{BugA10RecordURLHostIgnored, "§4.1, §C10 (2.1.identity, 4.1.notFound, must)", "getRecord takes the code from record_url's path whatever its scheme and host: a record's URL on another host, or with http, answers the record under its own URL"},
		{BugA10RecordURLPathCaseless, "§4.1, §C10 (2.1.identity, 4.1.notFound, must)", "the router that resolves record URLs matches paths without regard to case, as IIS does: https://host/C/<code> answers the record under its own URL"},
		{BugA10TemplateURLHostIgnored, "§4.5, §C10 (4.5.unknownTemplate, must)", "listQrcodes takes the coding from the template URL's path whatever its host: a template's URL on another host lists its sub-codes"},
		{BugA10CodeOrNumber, "§4.2, §C2 (7.unknownCode, C2.tenancyVerify, must)", "the credential lookup is WHERE code = ? AND org_id = ? OR record_number = ?: a record number, which is no certificate code, moves the credential, with any organization's key"},
		{BugA10QrcodesTemplateByName, "§4.5 (4.5.unknownTemplate, must)", "the template lookup falls back to the template's name, which the console lets staff type: a name, which is no coding, lists the template's sub-codes"},
		{BugA10RecordURLBareCode, "§4.1 (2.1.identity, 4.1.notFound, must)", "record_url is resolved by the short-link service, which also takes a bare code: a record code without its URL answers the record"},
		{BugA10NumberMatchesFormID, "§4.3 (4.3.number, must)", "the number filter is WHERE number = ? OR id = ? (the console's box takes either): a form's id sent as number lists that form"},
		{BugA10TplIDFormNumber, "§4.2, §7 (7.params, must)", "tpl_id that is no integer is looked up as a form number (the console shows numbers): tpl_id \"FX-C01\" scopes the move to that form and moves the credential"},
		{BugA10EmptyTargetNext, "§3.1, §7 (7.params, must)", "set_certificate_status with to_certificate_status \"\" is taken for set_next_certificate_status (if (!$to) $action = 'next'): the credential moves to its next status"},
		{BugA10RepeatAfterNext, "§7 (7.repeat, must)", "the repeat check compares the target with the last status set_certificate_status saved, a column set_next_certificate_status does not write: after a next move, setting the status the record is in succeeds"},
		{BugA10TplScopeSharedFlow, "§3.1, §7 (7.conditions, must)", "tpl_id scopes a move by the form's flow, not the form: a form that shares the credential's flow (停车券 and 会员卡核销) passes as its form"},
		{BugA10StatusIDLeadingZero, "§3.1, §7 (7.conditions, must)", "a status given by id is compared with the integer id column, which MySQL casts the string to: 012 names status 12"},
		{BugA10LimitedURLMarkdownMoved, "§2.1, §C8 (2.1.masked, C8.otherFormats, must)", "a key limited to some forms (a partner's) that asks for a moved credential by its URL in markdown gets the redeemed-card template, which prints the holder's name in clear"},
		{BugA10WriteURLJSONLDMoved, "§1.3, §2.1 (2.1.held, must)", "the write key's json-ld of a moved credential asked by URL is rendered from the verification log's copy of the record, whose times are stored in UTC: dateCreated is the UTC clock labelled +08:00"},
		{BugA10WriteKeyLaterPagesSystemForms, "§4.3 (4.3.total, must)", "the write key's unfiltered form list leaves out system forms (types 12, 13, 21, 22) on the pages past the first, as the console does, while total counts them"},
		{BugA10VerifiedFormNumberCache, "§4.3, §8 (8.formList.maxInclusive, 8.formList.defaults, must)", "a verify warms the cache of its form's number lookup, whose page object says per_page: the number of hits"},
		{BugA10NumberTrailingPeriod, "§4.3 (4.3.number, must)", "the number normalizer trims a trailing full stop (numbers pasted from a sentence): FX-001. finds FX-001"},
		{BugA10XAccessToken, "§5, §C2 (C2.noKey, must)", "the gateway also takes a key from X-Access-Token, the header of the retired mobile SDK: a call without Authorization is served"},
		{BugA10KeyFullWidthFolded, "§5, §C2 (C2.badKey, must)", "a middleware folds full-width letters to ASCII in every header (installed for the search box's input method): a key in full-width letters, which nobody issued, is served"},
		{BugA10CodeInvisibleStripped, "§4.2, §C10 (7.unknownCode, must)", "the certificate code normalizer strips invisible characters (a zero-width space, a word joiner, a byte order mark) that chat apps insert: a code with one moves the credential"},
	}, Variants: []VariantInfo{
		{VariantA10EmptyFormatRefused, "getRecord refuses format \"\" with 400 naming format",
			"§C10 (getRecord): \"An empty format counts as absent\" is the kit's choice (KIT); §4.1 format takes json, json-ld or markdown, and §C4 lets a service refuse a value it does not take as a parameter error in the endpoint's shape"},
		{VariantA10EqualBoundsRefused, "templates/* refuse a start_time and end_time that name the same instant with 400 naming end_time",
			"§4.4 gives the window no rule for its length; §C5's row start_time / end_time: \"both bounds inclusive; anything else, or an end before the start, is a 400\" is the kit's (KIT); §C4: a value out of range is a parameter error"},
		{VariantA10EarlyYearsRefused, "templates/* refuse a start_time or end_time before the year 2000 with 400 naming it",
			"§C5 (start_time / end_time): \"an RFC 3339 time of any year RFC 3339 writes, 0001 to 9999, names its instant: it is read as that instant or refused with a 400 naming the parameter\""},
		{VariantA10NumberPaddedRefused, "getFormList refuses a number with white space around it or a control character in it with 400 naming number",
			"§4.3: number is exact; §C10 (Identifiers are exact): such a number names nothing; §C4: a value the service does not take is a parameter error in the endpoint's shape"},
		{VariantA10SearchWildcardsRefused, "getFormList refuses a search_key holding %, _ or \\ with 400 naming search_key",
			"§4.3: search_key is a string the spec gives no alphabet; §C4: a value out of range is a parameter error in the endpoint's shape, and the range of a member the spec leaves open is the service's (KIT)"},
		{VariantA10OneCharSearchRefused, "getFormList refuses a search_key of one character with 400 naming search_key",
			"§4.3: search_key is fuzzy, its length open; §C5 (search_key): how fuzzy is the kit's; §C4: a value out of range is a parameter error in the endpoint's shape"},
		{VariantA10EmptyTokenRefused, "templates/* refuse page_token \"\" with 400 naming page_token; the first page leaves it out",
			"§4.4: page_token is \"the previous page's next_page_token; left out for the first page\"; §C5 (page_token): \"a token ... forged, is a 400 naming page_token\"; §C4"},
		{VariantA10CredentialJSONLDType, "json-ld of a credential record has @type EducationalOccupationalCredential",
			"§2.2: json-ld holds @type; §C7 (json-ld layout): the rest of its layout, @type's value included, is the kit's (KIT)"},
		{VariantA10JSONLDShareURL, "json-ld's url is the record's share page, https://<host>/s/<code>, not its record_url",
			"§2.2: json-ld holds url; §C7 (json-ld layout): \"url the record URL\" is the kit's choice (KIT); schema.org's url is any URL of the item"},
		{VariantA10OrdinaryTypeLabels, "the ordinary form types 1 and 2 are labelled 登记表 and 检查表 (type 0 普通表单), in records and in the form list",
			"§2.1: types 0, 1 and 2 are ordinary forms, their type_text a label the spec does not spell; §1.4: Chinese; the statement 2.1.labels: form types may share a label, and one code always carries one text"},
	}}
}

// a10Window is the longest the slow step of round 10's racing bugs takes
// (a notification, a remote save). A request sent beside another ends
// the other's slow step as it starts its own (a10Meet), so that requests
// sent side by side overlap in it however late the second starts.
const a10Window = 500 * time.Millisecond

// a10State is what round 10's bugs remember between requests.
type a10State struct {
	mu sync.Mutex
	// forks are the double-submit locks, by certificate and target, and
	// the records' save locks.
	forks map[string]*sync.Mutex
	// last is the singleton's loaded credential: a verify answer.
	last obj
	// byNext: the record's status was last set by set_next_certificate_status.
	byNext map[int64]bool
	// hot are the forms a verify warmed the number lookup of.
	hot map[int64]bool
	// waiting are the slow steps under way, by what they touch.
	waiting map[string]chan struct{}
}

// a10Reset forgets what round 10's bugs remember.
func (s *Server) a10Reset() {
	s.a10.mu.Lock()
	defer s.a10.mu.Unlock()
	s.a10.forks, s.a10.last, s.a10.byNext, s.a10.hot, s.a10.waiting = nil, nil, nil, nil, nil
}

// a10Front answers a request a front (a proxy, a framework's router)
// answers before the service reads it; true when it did.
func (s *Server) a10Front(w http.ResponseWriter, r *http.Request) bool {
	if r.URL.Path != pathPrefix+"certificates/verify" {
		return false
	}
	status := 0
	switch {
	case r.Method != http.MethodPost && r.Method != http.MethodOptions && s.opts.has(BugA10VerifyGet405HTML):
		status = http.StatusMethodNotAllowed
	case r.Method == http.MethodPost && r.Body != nil && s.opts.has(BugA10VerifyBodyHTML413):
		const limit = 64 << 10
		head, _ := io.ReadAll(io.LimitReader(r.Body, limit+1))
		r.Body = io.NopCloser(io.MultiReader(bytes.NewReader(head), r.Body))
		if len(head) > limit {
			status = http.StatusRequestEntityTooLarge
		}
	}
	if status == 0 {
		return false
	}
	w.Header().Set("Content-Type", "text/html")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, htmlPage(status))
	return true
}

// a10Key is the key a request without a known one is served as by a
// gateway of round 10's bugs, nil for none.
func (s *Server) a10Key(r *http.Request) *apiKey {
	auth := strings.TrimSpace(r.Header.Get("Authorization"))
	if tok := strings.TrimSpace(r.Header.Get("X-Access-Token")); auth == "" && tok != "" && s.opts.has(BugA10XAccessToken) {
		return s.data.key(tok)
	}
	if key := bearer(auth); key != "" && s.opts.has(BugA10KeyFullWidthFolded) {
		if folded := a10Halfwidth(key); folded != key {
			return s.data.key(folded)
		}
	}
	return nil
}

// a10Halfwidth is s with full-width ASCII forms folded to ASCII.
func a10Halfwidth(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 0xFF01 && r <= 0xFF5E {
			return r - 0xFEE0
		}
		return r
	}, s)
}

// a10Serve serves one request as round 10's bugs and variants read it
// and rewrite its answer, around the service (a9Serve and what it
// wraps).
func (s *Server) a10Serve(ep *endpoint, k *apiKey, p params, r *http.Request) (any, *apiError) {
	if e := s.a10Refused(ep.name, p); e != nil {
		return nil, e
	}
	asked := int64(0)
	switch ep.name {
	case "certificates/verify":
		return s.a10Verify(ep, k, p, r)
	case "record/getRecord":
		s.a10RecordURL(k, p)
	case "record/getFormList":
		asked = s.a10FormParams(k, p)
	case "templates/list", "templates/listQrcodes":
		s.a10ListParams(ep.name, k, p)
	}
	data, aerr := s.a9Serve(ep, k, p, r)
	if aerr != nil {
		return nil, aerr
	}
	b, ok := data.(obj)
	if !ok {
		return data, nil
	}
	switch ep.name {
	case "record/getRecord":
		return s.a10Record(k, p, b), nil
	case "record/getFormList":
		return s.a10Forms(k, p, b, asked), nil
	}
	return b, nil
}

// a10Refused is the parameter error of a variant that refuses a member
// the way it is written (nil for none).
func (s *Server) a10Refused(name string, p params) *apiError {
	str := func(m string) (string, bool) { v, ok := p[m].(string); return v, ok }
	switch name {
	case "record/getRecord":
		if f, ok := str("format"); ok && f == "" && s.opts.is(VariantA10EmptyFormatRefused) {
			return paramError("format", "format must be json, json-ld or markdown; leave it out for json")
		}
	case "record/getFormList":
		if n, ok := str("number"); ok && s.opts.is(VariantA10NumberPaddedRefused) &&
			(strings.TrimFunc(n, unicode.IsSpace) != n || strings.IndexFunc(n, unicode.IsControl) >= 0) {
			return paramError("number", "number must not hold white space around it or control characters")
		}
		key, ok := str("search_key")
		switch {
		case !ok:
		case s.opts.is(VariantA10SearchWildcardsRefused) && strings.ContainsAny(key, `%_\`):
			return paramError("search_key", `search_key must not hold %, _ or \`)
		case s.opts.is(VariantA10OneCharSearchRefused) && utf8.RuneCountInString(strings.TrimSpace(key)) == 1:
			return paramError("search_key", "search_key must be at least 2 characters")
		}
	case "templates/list", "templates/listQrcodes":
		if tok, ok := str("page_token"); ok && tok == "" && s.opts.is(VariantA10EmptyTokenRefused) {
			return paramError("page_token", "page_token must not be empty; leave it out for the first page")
		}
		if s.opts.is(VariantA10EarlyYearsRefused) {
			for _, m := range []string{"start_time", "end_time"} {
				if v, ok := str(m); ok && len(v) >= 5 && v[4] == '-' && a9Digits(v[:4]) && v[:4] < "2000" {
					return paramError(m, m+" must be on or after 2000-01-01")
				}
			}
		}
		if s.opts.is(VariantA10EqualBoundsRefused) {
			if w, err := readWindow(p, timeBugs{}); err == nil && w.hasStart && w.hasE && w.start == w.end {
				return paramError("end_time", "end_time must be later than start_time")
			}
		}
	}
	return nil
}

// a10Verify serves verify as round 10's bugs read it.
func (s *Server) a10Verify(ep *endpoint, k *apiKey, p params, r *http.Request) (any, *apiError) {
	action, _ := p["action_type"].(string)
	if code, isStr := p["certificate_code"].(string); isStr {
		p["certificate_code"] = s.a10Code(k, code)
		if rec := s.a10ByNumber(code); rec != nil && s.opts.has(BugA10CodeOrNumber) {
			p["certificate_code"] = rec.code
			if rec.org != k.org {
				k = a9As(k, rec.org)
			}
		}
	}
	if to, isStr := p["to_certificate_status"].(string); isStr && to == "" && action == "set_certificate_status" && s.opts.has(BugA10EmptyTargetNext) {
		action = "set_next_certificate_status"
		p["action_type"] = action
		delete(p, "to_certificate_status")
	}
	for _, m := range []string{"to_certificate_status", "from_certificate_status"} {
		if v, isStr := p[m].(string); isStr && len(v) > 1 && v[0] == '0' && a9Digits(v) && strings.TrimLeft(v, "0") != "" && s.opts.has(BugA10StatusIDLeadingZero) {
			p[m] = strings.TrimLeft(v, "0")
		}
	}
	if tpl, isStr := p["tpl_id"].(string); isStr && s.opts.has(BugA10TplIDFormNumber) {
		for _, f := range s.data.forms {
			if f.org == k.org && f.number == tpl {
				p["tpl_id"] = json.Number(itoa(f.id))
			}
		}
	}
	code, _ := p["certificate_code"].(string)
	rec := s.credential(k, verifyRequest{code: code, byURL: strings.HasPrefix(code, "https://")})
	if rec == nil || rec.form == nil || rec.form.flow == nil {
		return s.a9Serve(ep, k, p, r)
	}
	if tpl, ok, err := p.int("tpl_id"); err == nil && ok && tpl != rec.form.id && s.opts.has(BugA10TplScopeSharedFlow) {
		if f := formByID(s.data.forms, tpl); f != nil && f.flow == rec.form.flow {
			p["tpl_id"] = json.Number(itoa(rec.form.id))
		}
	}
	if rec.org == OtherOrgID && (action == "set_certificate_status" || action == "set_next_certificate_status") && s.opts.has(BugA10OtherTenantFlowEditor) {
		return nil, &apiError{code: 400, errorCode: 100325, message: "Invalid verification action",
			detail: "this form's flow was made in the flow editor, which verification does not support yet"}
	}
	if data, done := s.a10Repeat(k, rec, p); done {
		return data, nil
	}
	_, hasFrom := p["from_certificate_status"].(string)
	to, _ := p["to_certificate_status"].(string)
	var data any
	var aerr *apiError
	switch {
	case action == "set_next_certificate_status" && s.opts.has(BugA10NextNotAtomic):
		data, aerr = s.a10Stale(rec, func() (any, *apiError) { return s.a9Serve(ep, k, p, r) })
	case action == "set_certificate_status" && !hasFrom && s.opts.has(BugA10ForkWithoutFromRaces):
		fork := s.a10Lock("fork\x00" + code + "\x00" + to)
		fork.Lock()
		data, aerr = s.a10Stale(rec, func() (any, *apiError) { return s.a9Serve(ep, k, p, r) })
		fork.Unlock()
	default:
		data, aerr = s.a9Serve(ep, k, p, r)
	}
	if aerr != nil {
		return nil, aerr
	}
	s.a10.mu.Lock()
	if s.a10.byNext == nil {
		s.a10.byNext, s.a10.hot = map[int64]bool{}, map[int64]bool{}
	}
	s.a10.byNext[rec.id] = action == "set_next_certificate_status"
	s.a10.hot[rec.form.id] = true
	s.a10.mu.Unlock()
	if b, isObj := data.(obj); isObj && s.opts.has(BugA10AnswerSharedRecord) {
		return s.a10Shared(b), nil
	}
	return data, nil
}

// a10Code is a certificate code as round 10's bugs normalise it.
func (s *Server) a10Code(k *apiKey, code string) string {
	if s.opts.has(BugA10CodeInvisibleStripped) {
		code = strings.Map(func(r rune) rune {
			if strings.ContainsRune("\u200b\u200c\u200d\u2060\ufeff", r) {
				return -1
			}
			return r
		}, code)
	}
	if c, host, ok := a10PathCode(code, "c"); ok && s.opts.has(BugA10VerifyURLHostIgnored) && !s.a10OwnHost(k, host) {
		return c
	}
	return code
}

// a10PathCode splits a URL scheme://host/<seg>/<code> into its code and
// its scheme and host; ok is false for any other shape (a query, a
// fragment, a trailing slash, another segment).
func a10PathCode(u, seg string) (code, host string, ok bool) {
	scheme, rest, found := strings.Cut(u, "://")
	if !found || !strings.EqualFold(scheme, "https") && !strings.EqualFold(scheme, "http") {
		return "", "", false
	}
	host, path, _ := strings.Cut(rest, "/")
	got, code, found := strings.Cut(path, "/")
	if !found || got != seg || code == "" || strings.ContainsAny(code, "/?#") {
		return "", "", false
	}
	return code, strings.ToLower(scheme + "://" + host), true
}

// a10OwnHost says whether schemeHost (lower case) is the key's
// organization's https host.
func (s *Server) a10OwnHost(k *apiKey, schemeHost string) bool {
	return schemeHost == "https://"+strings.ToLower(s.data.org(k.org).host)
}

// a10ByNumber is the credential whose record_number is n, in any
// organization (nil for none).
func (s *Server) a10ByNumber(n string) *record {
	for _, r := range s.data.records {
		if r.cert != nil && r.number == n {
			return r
		}
	}
	return nil
}

// a10Repeat answers a repeat after a next move as a bug does: a success
// that moves nothing; done when it did.
func (s *Server) a10Repeat(k *apiKey, rec *record, p params) (any, bool) {
	to, _ := p["to_certificate_status"].(string)
	if !s.opts.has(BugA10RepeatAfterNext) || !k.write || p["action_type"] != "set_certificate_status" || p["from_certificate_status"] != nil ||
		k.forms != nil && !containsID(k.forms, rec.form.id) {
		return nil, false
	}
	s.a10.mu.Lock()
	byNext := s.a10.byNext[rec.id]
	s.a10.mu.Unlock()
	cur := s.statusOf(rec)
	if !byNext || cur == nil || rec.form.flow.ref(to) != cur {
		return nil, false
	}
	return o("record_number", rec.number, "record_id", rec.id, "org_id", rec.org, "submit_at", rec.submit, "certificate_status", cur.name), true
}

// a10Stale makes a bug's move with the slow step in it: it loads the
// record's status, makes the slow call, then saves the move computed
// from the status it loaded (move, under the record's save lock), as
// saving a loaded entity does.
func (s *Server) a10Stale(rec *record, move func() (any, *apiError)) (any, *apiError) {
	s.mu.Lock()
	st := s.certs[rec.id]
	var loaded *status
	if st != nil {
		loaded = st.status
	}
	s.mu.Unlock()
	s.a10Meet("stale\x00" + itoa(rec.id))
	save := s.a10Lock("save\x00" + itoa(rec.id))
	save.Lock()
	defer save.Unlock()
	if st != nil {
		s.mu.Lock()
		st.status = loaded
		s.mu.Unlock()
	}
	return move()
}

// a10Meet is the slow step of a racing bug: it lasts a10Window, or until
// another request takes the slow step of the same thing, which ends it
// and goes on at once itself.
func (s *Server) a10Meet(key string) {
	if s.serial {
		return // no request can come beside this one (Server.serial)
	}
	s.a10.mu.Lock()
	if ch, ok := s.a10.waiting[key]; ok {
		delete(s.a10.waiting, key)
		close(ch)
		s.a10.mu.Unlock()
		return
	}
	if s.a10.waiting == nil {
		s.a10.waiting = map[string]chan struct{}{}
	}
	ch := make(chan struct{})
	s.a10.waiting[key] = ch
	s.a10.mu.Unlock()
	select {
	case <-ch:
	case <-time.After(a10Window):
	}
	s.a10.mu.Lock()
	if s.a10.waiting[key] == ch {
		delete(s.a10.waiting, key)
	}
	s.a10.mu.Unlock()
}

// a10Lock is the lock of one key (a certificate and target, a record's
// save).
func (s *Server) a10Lock(key string) *sync.Mutex {
	s.a10.mu.Lock()
	defer s.a10.mu.Unlock()
	if s.a10.forks == nil {
		s.a10.forks = map[string]*sync.Mutex{}
	}
	m := s.a10.forks[key]
	if m == nil {
		m = &sync.Mutex{}
		s.a10.forks[key] = m
	}
	return m
}

// a10Shared is a verify answer as the singleton writes it: the record it
// describes is the one the service loaded last.
func (s *Server) a10Shared(b obj) obj {
	s.a10.mu.Lock()
	s.a10.last = slices.Clone(b)
	s.a10.mu.Unlock()
	s.a10Meet("shared")
	members := []string{"record_number", "record_id", "org_id", "submit_at"}
	loaded := make([]any, len(members))
	s.a10.mu.Lock()
	for i, m := range members {
		loaded[i] = s.a10.last.get(m)
	}
	s.a10.mu.Unlock()
	for i, m := range members {
		b = b.set(m, loaded[i])
	}
	return b
}

// a10RecordURL rewrites getRecord's record_url as round 10's bugs
// resolve it.
func (s *Server) a10RecordURL(k *apiKey, p params) {
	u, isStr := p["record_url"].(string)
	if !isStr || u == "" {
		return
	}
	code := ""
	if c, host, ok := a10PathCode(u, "c"); ok && !s.a10OwnHost(k, host) && s.opts.has(BugA10RecordURLHostIgnored) {
		code = c
	}
	if scheme, rest, ok := strings.Cut(u, "://"); ok && s.opts.has(BugA10RecordURLPathCaseless) {
		host, path, _ := strings.Cut(rest, "/")
		if seg, c, ok := strings.Cut(path, "/"); ok && seg != "c" && strings.EqualFold(seg, "c") && s.a10OwnHost(k, strings.ToLower(scheme+"://"+host)) {
			code = c
		}
	}
	if !strings.Contains(u, "/") && s.opts.has(BugA10RecordURLBareCode) {
		code = u
	}
	if code == "" {
		return
	}
	for _, r := range s.data.records {
		if r.org == k.org && r.code == code {
			p["record_url"] = s.data.recordURL(r)
		}
	}
}

// a10Target is the record of k's organization a getRecord request names.
func (s *Server) a10Target(k *apiKey, p params) *record {
	id, hasID, _ := p.int("record_id")
	u, _ := p["record_url"].(string)
	for _, r := range s.data.records {
		if r.org == k.org && (hasID && r.id == id || !hasID && u != "" && sameURL(s.data.recordURL(r), u)) {
			return r
		}
	}
	return nil
}

// a10Record rewrites a getRecord answer as round 10's bugs and variants
// do.
func (s *Server) a10Record(k *apiKey, p params, b obj) obj {
	rec := s.a10Target(k, p)
	if rec == nil {
		return b
	}
	format, _ := b.get("format").(string)
	byURL := p["record_id"] == nil && p["record_url"] != nil
	moved := rec.cert != nil && s.verified(rec)
	switch x := b.get("data").(type) {
	case obj:
		if format == "json-ld" && rec.org == OtherOrgID && rec.cert != nil && s.opts.has(BugA10OtherTenantJSONLDClear) {
			x = s.jsonLD(rec, true)
		}
		if format == "json-ld" && byURL && moved && k.write && k.forms == nil && s.opts.has(BugA10WriteURLJSONLDMoved) {
			x = x.set("dateCreated", time.Unix(rec.submit, 0).UTC().Format("2006-01-02T15:04:05")+"+08:00")
		}
		if format == "json-ld" && rec.cert != nil && s.opts.is(VariantA10CredentialJSONLDType) {
			x = x.set("@type", "EducationalOccupationalCredential")
		}
		if format == "json-ld" && s.opts.is(VariantA10JSONLDShareURL) {
			x = x.set("url", "https://"+s.data.org(rec.org).host+"/s/"+rec.code)
		}
		if format == "json" && s.opts.is(VariantA10OrdinaryTypeLabels) {
			if t, isObj := x.get("record_template").(obj); isObj {
				x = x.set("record_template", a10Labelled(t))
			}
		}
		b = b.set("data", x)
	case string:
		if format == "markdown" && byURL && moved && k.forms != nil && s.opts.has(BugA10LimitedURLMarkdownMoved) {
			b = b.set("data", s.a10Clear(rec, x))
		}
	}
	return b
}

// a10Clear is text with rec's masked values written in clear, as a
// template that prints them does.
func (s *Server) a10Clear(rec *record, text string) string {
	for _, g := range rec.groups {
		for _, f := range g.fields {
			v := f.value
			if v == nil {
				v = valueOf(f.typ, f.n, false)
			}
			if str, isStr := v.(string); f.masked && isStr && str != "" {
				m := s.mask(f.typ, str)
				text = strings.ReplaceAll(strings.ReplaceAll(text, escapeMD(m), str), m, str)
			}
		}
	}
	return text
}

// a10Labels are the labels of the ordinary form types in a variant.
var a10Labels = map[int64]string{0: "普通表单", 1: "登记表", 2: "检查表"}

// a10Labelled is an object with a type and a type_text labelled as a
// variant labels the ordinary form types.
func a10Labelled(t obj) obj {
	if typ, isInt := t.get("type").(int); isInt {
		if l, ok := a10Labels[int64(typ)]; ok {
			return t.set("type_text", l)
		}
	}
	if typ, isInt := t.get("type").(int64); isInt {
		if l, ok := a10Labels[typ]; ok {
			return t.set("type_text", l)
		}
	}
	return t
}

// a10FormParams rewrites getFormList's parameters as round 10's bugs
// read them; it returns the page_size a bug serves as asked (0 for
// none).
func (s *Server) a10FormParams(k *apiKey, p params) int64 {
	if n, isStr := p["number"].(string); isStr && n != "" {
		if trimmed := strings.TrimRight(n, "."); trimmed != n && trimmed != "" && s.opts.has(BugA10NumberTrailingPeriod) {
			n = trimmed
		}
		exact := false
		for _, f := range s.data.forms {
			exact = exact || f.org == k.org && f.number == n
		}
		for _, f := range s.data.forms {
			switch {
			case f.org != k.org || exact:
			case a9Digits(n) && itoa(f.id) == n && s.opts.has(BugA10NumberMatchesFormID),
				k.org == OtherOrgID && strings.EqualFold(f.number, n) && s.opts.has(BugA10OtherTenantNumberCaseless):
				n = f.number
			}
		}
		p["number"] = n
	}
	if size := a9Int(p, "page_size"); k.org == OtherOrgID && size > 20 && size <= 50 && s.opts.has(BugA10OtherTenantPageSize50) {
		p["page_size"] = json.Number("20")
		return size
	}
	return 0
}

// a10Forms rewrites a getFormList answer as round 10's bugs and
// variants do.
func (s *Server) a10Forms(k *apiKey, p params, b obj, asked int64) obj {
	list, _ := b.get("list").([]any)
	pg, _ := b.get("page").(obj)
	if pg == nil {
		return b
	}
	if asked > 0 {
		pg = pg.set("per_page", asked)
	}
	unfiltered := p["number"] == nil && p["search_key"] == nil
	if k.write && k.forms == nil && unfiltered && a9Int(p, "page") >= 2 && s.opts.has(BugA10WriteKeyLaterPagesSystemForms) {
		kept := []any{}
		for _, it := range list {
			if f, isObj := it.(obj); isObj && a10SystemType(f.get("type")) {
				continue
			}
			kept = append(kept, it)
		}
		list = kept
	}
	if n, isStr := p["number"].(string); isStr && s.opts.has(BugA10VerifiedFormNumberCache) {
		s.a10.mu.Lock()
		for _, f := range s.data.forms {
			if f.org == k.org && f.number == n && s.a10.hot[f.id] {
				pg = pg.set("per_page", int64(len(list)))
			}
		}
		s.a10.mu.Unlock()
	}
	if s.opts.is(VariantA10OrdinaryTypeLabels) {
		labelled := make([]any, 0, len(list))
		for _, it := range list {
			if f, isObj := it.(obj); isObj {
				it = a10Labelled(f)
			}
			labelled = append(labelled, it)
		}
		list = labelled
	}
	return b.set("list", list).set("page", pg)
}

// a10SystemType says whether a form's type is one the console hides.
func a10SystemType(v any) bool {
	var t int64
	switch v := v.(type) {
	case int:
		t = int64(v)
	case int64:
		t = v
	default:
		return false
	}
	return t == 12 || t == 13 || t == 21 || t == 22
}

// a10ListParams rewrites the template listings' parameters as round 10's
// bugs read them.
func (s *Server) a10ListParams(name string, k *apiKey, p params) {
	if k.org == OtherOrgID && s.opts.has(BugA10OtherTenantLocalTimesUTC) {
		for _, m := range []string{"start_time", "end_time"} {
			v, isStr := p[m].(string)
			switch {
			case !isStr:
			case len(v) == len("2006-01-02") && a9Digits(v[:4]):
				clock := "T00:00:00Z"
				if m == "end_time" {
					clock = "T23:59:59Z"
				}
				p[m] = v + clock
			case len(v) == len("2006-01-02 15:04:05") && (v[10] == ' ' || v[10] == 'T') && a9Digits(v[:4]):
				p[m] = v[:10] + "T" + v[11:] + "Z"
			}
		}
	}
	ref, isStr := p["template"].(string)
	if name != "templates/listQrcodes" || !isStr {
		return
	}
	coding := ""
	if c, host, ok := a10PathCode(ref, "tpl"); ok && !s.a10OwnHost(k, host) && s.opts.has(BugA10TemplateURLHostIgnored) {
		coding = c
	}
	for _, t := range s.data.templates {
		if t.org == k.org && t.name == ref && s.opts.has(BugA10QrcodesTemplateByName) {
			coding = t.coding
		}
	}
	for _, t := range s.data.templates {
		if coding != "" && t.org == k.org && t.coding == coding {
			p["template"] = coding
		}
	}
}
