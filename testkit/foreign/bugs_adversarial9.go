package foreign

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Adversarial round 9: bugs and correct variants written after reading
// the conformance runner of main while two generalisations of it were
// landing (whole request envelopes of real clients; walks that change
// page_size, re-reads after refused writes, held objects compared whole,
// time forms a service may refuse). It aims past them, at combinations
// of what a request is made of that no run puts together, each a code
// path a real service keeps apart:
//
//   - a key with an operation and an address or a member: the limited
//     key reading by URL, moving by a status id or by
//     set_next_certificate_status, listing sub-codes in a window, its
//     success answer and its unfiltered form list; the read key moving
//     by a status id; another organization's key by a URL whose host is
//     in capitals; the write key's number filter and its view of a
//     verified credential; no key for a markdown, a key nobody issued
//     for a number;
//   - verify's values: a terminal status's next, a status written in
//     traditional characters;
//   - filter values a person types or pastes: a number with an en dash,
//     a comma, a leading # or a trailing star, a search key with a space
//     inside, a plus or a percent escape; both filters past page 1, a
//     search's later pages, a filter beside a page_size over the
//     maximum;
//   - windows beside the largest page_size, and an end_time null.
//
// The variants differ from Defaults only where docs/contract.md allows
// and where a runner may assume one form: time bounds without a zone
// refused, page tokens bound to the key, a request body with a member
// twice refused, the front matter's title double-quoted with escapes,
// getRecord's data.content_type spelt otherwise, HTTP 400 for every
// error.

// The bugs of adversarial round 9.
const (
	BugA9LimitedByURLUnmasked      Bug = "a9-limited-key-by-url-unmasked"
	BugA9LimitedNextUnscoped       Bug = "a9-limited-key-next-unscoped"
	BugA9LimitedSetsByStatusID     Bug = "a9-limited-key-sets-by-status-id"
	BugA9LimitedQrcodesNoWindow    Bug = "a9-limited-key-listqrcodes-no-window"
	BugA9LimitedSubmitAtMillis     Bug = "a9-limited-key-verify-submit-at-millis"
	BugA9LimitedTotalScoped        Bug = "a9-limited-key-total-scoped-forms"
	BugA9ReadKeySetsByStatusID     Bug = "a9-read-key-sets-by-status-id"
	BugA9OtherOrgVerifyHostCaps    Bug = "a9-other-org-verify-url-host-capitals"
	BugA9OtherOrgRecordHostCaps    Bug = "a9-other-org-record-url-host-capitals"
	BugA9WriteKeyVerifiedLogMember Bug = "a9-write-key-verified-record-log-member"
	BugA9WriteKeyNumberFuzzy       Bug = "a9-write-key-number-fuzzy"
	BugA9NoKeyMarkdownPublic       Bug = "a9-no-key-markdown-public"
	BugA9BadKeyNumberLookup        Bug = "a9-bad-key-number-lookup-public"
	BugA9TerminalNextWraps         Bug = "a9-terminal-next-wraps-to-first"
	BugA9TraditionalStatusFolded   Bug = "a9-traditional-status-name-folded"
	BugA9NumberEnDashFolded        Bug = "a9-number-en-dash-folded"
	BugA9NumberCommaList           Bug = "a9-number-comma-list"
	BugA9NumberHashStripped        Bug = "a9-number-leading-hash-stripped"
	BugA9NumberTrailingStarPrefix  Bug = "a9-number-trailing-star-fuzzy"
	BugA9BothFiltersLaterPages     Bug = "a9-both-filters-later-pages-number-dropped"
	BugA9SearchInnerSpaceCount     Bug = "a9-search-key-inner-space-count-0"
	BugA9SearchPlusAsSpace         Bug = "a9-search-key-plus-as-space"
	BugA9SearchPercentDecoded      Bug = "a9-search-key-percent-decoded"
	BugA9SearchLaterPagesUTC       Bug = "a9-search-later-pages-iso-utc"
	BugA9OversizeDropsFilters      Bug = "a9-oversize-page-drops-filters"
	BugA9WindowMaxPageSizeExport   Bug = "a9-window-at-max-page-size-dropped"
	BugA9NullEndDropsStart         Bug = "a9-null-end-time-drops-start"
	BugA9NextHonoursTo             Bug = "a9-next-honours-to-status"
	BugA9WriteKeyTemplatesTotalAll Bug = "a9-write-key-templates-total-all-orgs"
	BugA9NumberZeroPadded          Bug = "a9-number-zero-padded"
)

// The correct variants of adversarial round 9.
const (
	VariantA9ZonelessRefused       Variant = "a9-times-without-zone-refused"
	VariantA9InnerContentType      Variant = "a9-data-content-type-spelt-otherwise"
	VariantA9TokensBoundToKey      Variant = "a9-page-tokens-bound-to-key"
	VariantA9DuplicateMembersError Variant = "a9-duplicate-members-refused"
	VariantA9TitleEscaped          Variant = "a9-front-matter-title-escaped"
	VariantA9ErrorsHTTP400         Variant = "a9-every-error-http-400"
	VariantA9QrcodesDatesRefused   Variant = "a9-qrcodes-dates-refused"
	VariantA9NullMembersRefused    Variant = "a9-null-members-refused"
	VariantA9BlankSearchRefused    Variant = "a9-blank-search-key-refused"
	VariantA9LongSearchRefused     Variant = "a9-long-search-key-refused"
)

func adversarialRound9() Round {
	return Round{Name: "adversarial-9", Kind: "adversarial", Bugs: []BugInfo{
		{BugA9LimitedByURLUnmasked, "§2.1, §C8 (2.1.masked, must)", "a key whose writes are limited to some forms (a partner's) reads by record_url through the partner share-link path, which renders json without desensitizing"},
		{BugA9LimitedNextUnscoped, "§5 item 4, §C2 (C2.formScope, must)", "the form scope of a limited key is checked where to_certificate_status is resolved, which set_next_certificate_status skips: it moves any form's credential"},
		{BugA9LimitedSetsByStatusID, "§5 item 4, §C2 (C2.formScope, must)", "the form scope of a limited key is checked in the resolver of status names; a status written as its id goes through the id lookup, which has none: the limited key moves another form's credential"},
		{BugA9LimitedQrcodesNoWindow, "§4.5 (4.4.startTime, 4.4.endTime, must)", "a key limited to some forms lists sub-codes through the scoped repository, whose query has no time columns: start_time and end_time are dropped"},
		{BugA9LimitedSubmitAtMillis, "§4.2 (4.2.successData, must)", "the form-scoped verify service (keys limited to forms) answers submit_at from the Java entity, in milliseconds"},
		{BugA9LimitedTotalScoped, "§4.3 (4.3.total, must)", "the unfiltered form list of a key limited to some forms counts only those forms in total, while the list shows every form"},
		{BugA9ReadKeySetsByStatusID, "§5 item 3, §C2 (C2.writeScope, must)", "the write permission is checked in the resolver of status names; a status written as its id goes through the id lookup, which has none: the read key moves credentials"},
		{BugA9OtherOrgVerifyHostCaps, "§4.2, §C2 (C2.tenancyVerify, must)", "the organization of a credential URL is found from its host case-insensitively, while the key's tenancy check compares hosts exactly and is skipped when they differ: a host in capitals lets another organization's key move our credential"},
		{BugA9OtherOrgRecordHostCaps, "§4.1, §C2 (C2.tenancy, must)", "getRecord by record_url takes the organization from the URL's host when its capitals keep it from matching the key's: another organization's key reads our record"},
		{BugA9WriteKeyVerifiedLogMember, "§2.1 (2.1.schema, must)", "the staff view of a verified credential (the write key of its organization) adds the verification log, verify_logs, to the Record"},
		{BugA9WriteKeyNumberFuzzy, "§4.3 (4.3.number, must)", "the write key is the console's, whose form list reuses the search box: number is matched as search_key, case-insensitively and as a substring"},
		{BugA9NoKeyMarkdownPublic, "§5, §C2 (C2.noKey, must)", "markdown is what the public share page renders, and the route that serves it is exempt from the key check: getRecord in markdown without Authorization is a success"},
		{BugA9BadKeyNumberLookup, "§5, §C2 (C2.badKey, must)", "getFormList with a number is also the public \"check a form by its number\" page's call, which lets a key it does not know through as the platform's default key"},
		{BugA9TerminalNextWraps, "§3.1 (3.1.next, 7.conditions, must)", "the next status is statuses[(i+1) % n]: set_next_certificate_status on a terminal status moves the credential back to the first status of its flow"},
		{BugA9TraditionalStatusFolded, "§3.1, §7 (7.conditions, must)", "a converter middleware for Hong Kong and Taiwan clients folds traditional characters to simplified ones in every request: to_certificate_status 已核銷, no status of the flow, moves the record to 已核销 instead of 100326"},
		{BugA9NumberEnDashFolded, "§4.3 (4.3.number, must)", "the input sanitizer folds typographic dashes (an en dash from a word processor's autocorrect, an em dash, a minus sign) to a hyphen before the number filter: FX–001 finds FX-001"},
		{BugA9NumberCommaList, "§4.3 (4.3.number, must)", "a number holding commas is a batch lookup, number IN (...): FX-001,FX-002 lists both forms"},
		{BugA9NumberHashStripped, "§4.3 (4.3.number, must)", "the number normalizer strips a leading # (numbers are written #FX-001 in chat and on labels): #FX-001 finds FX-001"},
		{BugA9NumberTrailingStarPrefix, "§4.3 (4.3.number, must)", "a number ending in * is sent to the fuzzy search instead (the console's wildcard): FX-00* lists every form whose name, note or number holds FX-00"},
		{BugA9BothFiltersLaterPages, "§4.3 (4.3.both, 4.3.number, must)", "the query for page 2 on of a list with both filters is built from search_key alone: number is dropped past page 1"},
		{BugA9SearchInnerSpaceCount, "§4.3 (4.3.total, must)", "the list splits a search key at its spaces, the count query takes it as one phrase: a key with a space inside has hits and total 0"},
		{BugA9SearchPlusAsSpace, "§4.3 (4.3.totalFilter, must)", "the search key is form-decoded once more, + read as a space: FX+001 lists the forms that hold FX and 001"},
		{BugA9SearchPercentDecoded, "§4.3 (4.3.totalFilter, must)", "the search key is URL-decoded once more: %E5%B7%A1 lists the forms that hold 巡"},
		{BugA9SearchLaterPagesUTC, "§1.3, §C1 (C1.timeZone, must)", "pages of a search past the first come from the search index's scroll, which stores times in UTC: their *_iso are in UTC under the (UTC+08:00) label"},
		{BugA9OversizeDropsFilters, "§4.3, §8 (4.3.totalFilter, 4.3.number, must)", "a page_size over 20 is clamped by rebuilding the query from the paging members alone: number and search_key are dropped"},
		{BugA9WindowMaxPageSizeExport, "§4.4, §8 (4.4.startTime, 4.4.endTime, must)", "templates/* at page_size 100 or more go to the export query, which has no time window: start_time and end_time are dropped"},
		{BugA9NullEndDropsStart, "§4.4 (4.4.startTime, must)", "an end_time written null (an SDK that sends every member) makes the window builder skip the window: start_time is dropped too"},
		{BugA9NextHonoursTo, "§3.1 (3.1.next, must)", "the action dispatcher looks at to_certificate_status before action_type: set_next_certificate_status sent with a to_certificate_status (a form that fills every member) moves the record there, not to the next status"},
		{BugA9WriteKeyTemplatesTotalAll, "§4.4 (4.4.total, C2.tenancy, must)", "a key that may write lists templates through the management query, whose COUNT has no organization clause: total counts every organization's templates"},
		{BugA9NumberZeroPadded, "§4.3 (4.3.number, must)", "the number normalizer pads the digits of a number typed without its zeros to the three of the numbering scheme: FX-1 finds FX-001"},
	}, Variants: []VariantInfo{
		{VariantA9ZonelessRefused, "templates/* refuse a start_time or end_time with a time and no zone (2026-01-06 10:00:00, 2026-01-06T10:00:00) with 400 naming it; RFC 3339 and dates are read",
			"§C5 (start_time / end_time): \"a time without zone and a date, where accepted, are read in UTC+08:00\"; a bound the service does not accept is a parameter error (§C4)"},
		{VariantA9InnerContentType, "getRecord's data.content_type is written without a space and with the charset in capitals: application/json;charset=UTF-8, application/ld+json;charset=UTF-8, text/markdown;charset=UTF-8",
			"RFC 9110 §8.3.1: a media type's type, subtype and parameter names are case-insensitive, and white space around the ; is optional (§5.6.6); RFC 2046 §4.1.2: the charset value is case-insensitive; §4.1 names the media types, which compare so"},
		{VariantA9TokensBoundToKey, "a page token works only with the key it was issued to; with another key it is a parameter error naming page_token",
			"§4.4: next_page_token is opaque, to be sent back to read the next page; §C5: what a token holds is the kit's"},
		{VariantA9DuplicateMembersError, "a request body holding a member twice is refused with 400 naming the member, in the endpoint's shape",
			"RFC 8259 §4: names within an object SHOULD be unique, and a receiver's behaviour with duplicates is unpredictable; RFC 7493 (I-JSON) §2.3: objects MUST NOT have duplicate names; §C4: a refusal is a parameter error in the endpoint's shape"},
		{VariantA9TitleEscaped, "the front matter writes title as a double-quoted YAML scalar, every character outside ASCII as a \\u escape",
			"§2.2: a front-matter block holding title and record_id; §C7: layout KIT; YAML 1.2 §5.7 and §7.3.1: \\u escapes in a double-quoted scalar are its characters"},
		{VariantA9ErrorsHTTP400, "every error, not found and unauthorized included, is sent with the HTTP status 400",
			"§C1: \"HTTP status line of errors | KIT (§7 leaves it open); never asserted\"; the body's code still says 401, 403, 404"},
		{VariantA9QrcodesDatesRefused, "listQrcodes refuses a start_time or end_time written as a date with 400 naming it; templates/list reads dates",
			"§C5 (start_time / end_time): \"a time without zone and a date, where accepted, are read in UTC+08:00\"; a bound the service does not accept is a parameter error (§C4)"},
		{VariantA9NullMembersRefused, "a request member written null is refused with 400 naming it, in the endpoint's shape",
			"§C4, row Unknown request members: \"a member that is JSON null counts as absent\" is the kit's choice (KIT); §4's members are typed integer or string, and null is neither"},
		{VariantA9BlankSearchRefused, "getFormList refuses a search_key that is empty or only white space with 400 naming it",
			"§C5 (search_key): \"KIT: ... an empty search_key counts as absent\" is the kit's choice; a refusal is a parameter error in the endpoint's shape (§C4)"},
		{VariantA9LongSearchRefused, "getFormList refuses a search_key longer than 64 characters with 400 naming it",
			"§4.3: search_key is a string the spec gives no length; §C4: \"a value out of range\" is bad input, a parameter error in the endpoint's shape, and the range of a member the spec leaves open is the service's (KIT)"},
	}}
}

// a9Body is the request's body, read and put back for the handler.
func a9Body(r *http.Request) []byte {
	if r.Body == nil {
		return nil
	}
	b, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(b))
	return b
}

// a9Front answers a request a variant refuses before it reads it: a body
// holding a member twice; true when it did.
func (s *Server) a9Front(w http.ResponseWriter, r *http.Request) bool {
	if !s.opts.is(VariantA9DuplicateMembersError) {
		return false
	}
	ep := lookup(r.URL.Path)
	if ep == nil || r.Method != http.MethodPost {
		return false
	}
	if name := a9Duplicate(a9Body(r)); name != "" {
		s.fail(w, ep.shape, paramError(name, name+" is given twice"))
		return true
	}
	return false
}

// a9Duplicate is the first member name a JSON object holds twice at its
// top level ("" for none, or for a body that is no object).
func a9Duplicate(b []byte) string {
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return ""
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return ""
		}
		name, _ := t.(string)
		if seen[name] {
			return name
		}
		seen[name] = true
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return ""
		}
	}
	return ""
}

// a9Key is the key a request without a known one is served as by a route
// a bug exempts from the key check, nil for none.
func (s *Server) a9Key(name string, r *http.Request) *apiKey {
	if !s.opts.has(BugA9NoKeyMarkdownPublic) && !s.opts.has(BugA9BadKeyNumberLookup) {
		return nil
	}
	auth := strings.TrimSpace(r.Header.Get("Authorization"))
	var body map[string]any
	if json.Unmarshal(a9Body(r), &body) != nil {
		return nil
	}
	format, _ := body["format"].(string)
	number, _ := body["number"].(string)
	if auth == "" && name == "record/getRecord" && format == "markdown" && s.opts.has(BugA9NoKeyMarkdownPublic) ||
		bearer(auth) != "" && name == "record/getFormList" && number != "" && s.opts.has(BugA9BadKeyNumberLookup) {
		return &s.data.keys[0]
	}
	return nil
}

// a9As is k serving another organization (the one a bug takes).
func a9As(k *apiKey, org int64) *apiKey {
	return &apiKey{secret: k.secret, org: org, write: k.write, forms: k.forms}
}

// a9Unscoped is k without its form scope (and with write permission when
// write says so).
func a9Unscoped(k *apiKey, write bool) *apiKey {
	return &apiKey{secret: k.secret, org: k.org, write: k.write || write}
}

// a9Copy is a copy of p a bug can change.
func a9Copy(p params) params {
	c := params{}
	for m, v := range p {
		c[m] = v
	}
	return c
}

// a9Digits says whether s is a non-empty string of ASCII digits.
func a9Digits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// a9Int is an integer member of p (0 when absent or no integer).
func a9Int(p params, name string) int64 {
	if n, ok, err := p.int(name); err == nil && ok {
		return n
	}
	return 0
}

// a9Traditional folds the traditional characters of the flows' status
// names to simplified ones, as a bug's converter does.
var a9Traditional = strings.NewReplacer("銷", "销", "歸", "归", "檔", "档", "廢", "废", "註", "注", "無", "无", "効", "效")

// a9Serve serves one request as round 9's bugs and variants read it and
// rewrite its answer, around the service (a8Serve and what it wraps).
func (s *Server) a9Serve(ep *endpoint, k *apiKey, p params, r *http.Request) (any, *apiError) {
	if e := s.a9Refused(ep.name, p); e != nil {
		return nil, e
	}
	switch ep.name {
	case "certificates/verify":
		if data, done := s.a9Verify(k, p); done {
			return data, nil
		}
		action, _ := p["action_type"].(string)
		to, _ := p["to_certificate_status"].(string)
		switch {
		case !k.write && action == "set_certificate_status" && a9Digits(to) && s.opts.has(BugA9ReadKeySetsByStatusID):
			k = a9Unscoped(k, true)
		case k.forms != nil && action == "set_certificate_status" && a9Digits(to) && s.opts.has(BugA9LimitedSetsByStatusID),
			k.forms != nil && action == "set_next_certificate_status" && s.opts.has(BugA9LimitedNextUnscoped):
			k = a9Unscoped(k, false)
		}
		if to != "" && action == "set_next_certificate_status" && s.opts.has(BugA9NextHonoursTo) {
			p["action_type"] = "set_certificate_status"
		}
		if s.opts.has(BugA9TraditionalStatusFolded) {
			for _, m := range []string{"to_certificate_status", "from_certificate_status"} {
				if v, ok := p[m].(string); ok {
					p[m] = a9Traditional.Replace(v)
				}
			}
		}
		if code, _ := p["certificate_code"].(string); s.opts.has(BugA9OtherOrgVerifyHostCaps) {
			if org, rest := s.a9CapitalHost(code); org != nil && org.id != k.org {
				k = a9As(k, org.id)
				p["certificate_code"] = "https://" + org.host + rest
			}
		}
	case "record/getRecord":
		u, _ := p["record_url"].(string)
		format, _ := p["format"].(string)
		if k.forms != nil && u != "" && (format == "" || format == "json") && s.opts.has(BugA9LimitedByURLUnmasked) {
			p[a4StaffNetworkParam] = true
		}
		if org, rest := s.a9CapitalHost(u); org != nil && org.id != k.org && s.opts.has(BugA9OtherOrgRecordHostCaps) {
			k = a9As(k, org.id)
			p["record_url"] = "https://" + org.host + rest
		}
	case "record/getFormList":
		s.a9FormParams(k, p)
		if n, _ := p["number"].(string); strings.Contains(n, ",") && s.opts.has(BugA9NumberCommaList) {
			return s.a9Batch(ep, k, p, r, strings.Split(n, ","))
		}
	case "templates/list", "templates/listQrcodes":
		if e := s.a9Bounds(ep.name, p); e != nil {
			return nil, e
		}
		if end, has := p["end_time"]; has && end == nil && p["start_time"] != nil && s.opts.has(BugA9NullEndDropsStart) {
			delete(p, "start_time")
			delete(p, "end_time")
		}
		if a9Int(p, "page_size") >= 100 && s.opts.has(BugA9WindowMaxPageSizeExport) ||
			k.forms != nil && ep.name == "templates/listQrcodes" && s.opts.has(BugA9LimitedQrcodesNoWindow) {
			delete(p, "start_time")
			delete(p, "end_time")
		}
		if e := s.a9KeyToken(k, p); e != nil {
			return nil, e
		}
	}
	search, _ := p["search_key"].(string)
	page := a9Int(p, "page")
	windowed := p["start_time"] != nil || p["end_time"] != nil
	unfiltered := p["number"] == nil && p["search_key"] == nil
	data, aerr := s.a8Serve(ep, k, p, r)
	if aerr != nil {
		return nil, aerr
	}
	b, ok := data.(obj)
	if !ok {
		return data, nil
	}
	switch ep.name {
	case "record/getFormList":
		pg, _ := b.get("page").(obj)
		if pg == nil {
			break
		}
		if strings.Contains(strings.TrimSpace(search), " ") && s.opts.has(BugA9SearchInnerSpaceCount) {
			pg = pg.set("total", int64(0)).set("last_page", int64(1))
		}
		if k.forms != nil && unfiltered && s.opts.has(BugA9LimitedTotalScoped) {
			pg = pg.set("total", int64(len(k.forms)))
		}
		b = b.set("page", pg)
		if search != "" && page >= 2 && s.opts.has(BugA9SearchLaterPagesUTC) {
			return a7ISOIn(b, time.UTC), nil
		}
	case "templates/list", "templates/listQrcodes":
		if tok, isStr := b.get("next_page_token").(string); isStr && s.opts.is(VariantA9TokensBoundToKey) {
			b = b.set("next_page_token", tok+"~"+a9KeyTag(k))
		}
		if ep.name == "templates/list" && k.write && k.forms == nil && !windowed && s.opts.has(BugA9WriteKeyTemplatesTotalAll) {
			b = b.set("total", int64(len(s.data.templates)))
		}
	case "certificates/verify":
		if at, isInt := b.get("submit_at").(int64); isInt && k.forms != nil && s.opts.has(BugA9LimitedSubmitAtMillis) {
			b = b.set("submit_at", at*1000)
		}
	case "record/getRecord":
		b = s.a9Record(k, b)
	}
	return b, nil
}

// a9Refused is the parameter error of a variant that refuses a member
// the way it is written (nil for none).
func (s *Server) a9Refused(name string, p params) *apiError {
	if s.opts.is(VariantA9NullMembersRefused) {
		for _, m := range slices.Sorted(maps.Keys(p)) {
			if p[m] == nil && !strings.HasPrefix(m, "\x00") {
				return paramError(m, m+" must not be null; leave it out instead")
			}
		}
	}
	key, isStr := p["search_key"].(string)
	switch {
	case name != "record/getFormList" || !isStr:
	case s.opts.is(VariantA9BlankSearchRefused) && strings.TrimSpace(key) == "":
		return paramError("search_key", "search_key must not be empty; leave it out instead")
	case s.opts.is(VariantA9LongSearchRefused) && utf8.RuneCountInString(key) > 64:
		return paramError("search_key", "search_key must be at most 64 characters")
	}
	return nil
}

// a9FormParams rewrites getFormList's filters as round 9's bugs read
// them.
func (s *Server) a9FormParams(k *apiKey, p params) {
	if n, ok := p["number"].(string); ok {
		if s.opts.has(BugA9NumberEnDashFolded) {
			n = strings.NewReplacer("\u2013", "-", "\u2014", "-", "\u2212", "-").Replace(n)
		}
		if s.opts.has(BugA9NumberHashStripped) {
			n = strings.TrimPrefix(n, "#")
		}
		if head, digits, ok := strings.Cut(n, "-"); ok && a9Digits(digits) && len(digits) < 3 && s.opts.has(BugA9NumberZeroPadded) {
			n = head + "-" + strings.Repeat("0", 3-len(digits)) + digits
		}
		p["number"] = n
		if prefix, star := strings.CutSuffix(n, "*"); star && prefix != "" && s.opts.has(BugA9NumberTrailingStarPrefix) {
			delete(p, "number")
			p["search_key"] = prefix
		} else if k.write && k.forms == nil && p["search_key"] == nil && n != "" && s.opts.has(BugA9WriteKeyNumberFuzzy) {
			delete(p, "number")
			p["search_key"] = n
		}
	}
	if p["number"] != nil && p["search_key"] != nil && a9Int(p, "page") >= 2 && s.opts.has(BugA9BothFiltersLaterPages) {
		delete(p, "number")
	}
	if a9Int(p, "page_size") > 20 && s.opts.has(BugA9OversizeDropsFilters) {
		p["page_size"] = json.Number("20")
		delete(p, "number")
		delete(p, "search_key")
	}
	if key, ok := p["search_key"].(string); ok {
		if s.opts.has(BugA9SearchPlusAsSpace) {
			key = strings.ReplaceAll(key, "+", " ")
		}
		if d, err := url.PathUnescape(key); err == nil && s.opts.has(BugA9SearchPercentDecoded) {
			key = d
		}
		p["search_key"] = key
	}
}

// a9Batch serves a number list as a bug's batch lookup: one query per
// number, the lists joined.
func (s *Server) a9Batch(ep *endpoint, k *apiKey, p params, r *http.Request, numbers []string) (any, *apiError) {
	var first obj
	list := []any{}
	for _, n := range numbers {
		q := a9Copy(p)
		q["number"] = strings.TrimSpace(n)
		data, aerr := s.a8Serve(ep, k, q, r)
		if aerr != nil {
			return nil, aerr
		}
		b, _ := data.(obj)
		if first == nil {
			first = b
		}
		if l, isList := b.get("list").([]any); isList {
			list = append(list, l...)
		}
	}
	if first == nil {
		return o("list", list), nil
	}
	if pg, _ := first.get("page").(obj); pg != nil {
		first = first.set("page", pg.set("total", int64(len(list))).set("last_page", int64(1)))
	}
	return first.set("list", list), nil
}

// a9CapitalHost is the organization whose host a URL names when the URL
// writes it with capitals (compared without regard to case), and what
// follows the host; nil when the host is written in lower case or names
// none.
func (s *Server) a9CapitalHost(u string) (*org, string) {
	if len(u) < len("https://") || !strings.EqualFold(u[:len("https://")], "https://") {
		return nil, ""
	}
	host, rest, _ := strings.Cut(u[len("https://"):], "/")
	if strings.ToLower(host) == host {
		return nil, ""
	}
	for i := range s.data.orgs {
		if strings.EqualFold(s.data.orgs[i].host, host) {
			return &s.data.orgs[i], "/" + rest
		}
	}
	return nil, ""
}

// a9Verify answers a verify round 9's bugs answer themselves; done when
// one did.
func (s *Server) a9Verify(k *apiKey, p params) (any, bool) {
	code, _ := p["certificate_code"].(string)
	if !s.opts.has(BugA9TerminalNextWraps) || !k.write || code == "" || p["action_type"] != "set_next_certificate_status" ||
		p["from_certificate_status"] != nil || p["tpl_id"] != nil || p["code_id"] != nil {
		return nil, false
	}
	r := s.credential(k, verifyRequest{code: code, byURL: strings.HasPrefix(code, "https://")})
	if r == nil || r.form == nil || r.form.flow == nil || k.forms != nil && !containsID(k.forms, r.form.id) {
		return nil, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.certs[r.id]
	if st == nil || !st.status.terminal {
		return nil, false
	}
	to := r.form.flow.statuses[0]
	st.changes = append(st.changes, change{from: st.status, to: to, byVerify: true})
	st.status, st.verified = to, true
	st.verifiedAt = append(st.verifiedAt, s.now().Unix())
	return o("record_number", r.number, "record_id", r.id, "org_id", r.org, "submit_at", r.submit, "certificate_status", to.name), true
}

// containsID says whether ids holds id.
func containsID(ids []int64, id int64) bool {
	for _, i := range ids {
		if i == id {
			return true
		}
	}
	return false
}

// a9KeyTag names a key in the page tokens of a variant.
func a9KeyTag(k *apiKey) string {
	sum := sha256.Sum256([]byte(k.secret))
	return hex.EncodeToString(sum[:6])
}

// a9KeyToken takes the key's tag off a page token a variant binds to
// the key, or refuses the token issued to another key.
func (s *Server) a9KeyToken(k *apiKey, p params) *apiError {
	tok, isStr := p["page_token"].(string)
	if !isStr || tok == "" || !s.opts.is(VariantA9TokensBoundToKey) {
		return nil
	}
	inner, tag, found := strings.Cut(tok, "~")
	if !found || tag != a9KeyTag(k) {
		return paramError("page_token", "page_token was issued to another API key")
	}
	p["page_token"] = inner
	return nil
}

// a9Bounds refuses a time bound in a form a variant does not read.
func (s *Server) a9Bounds(name string, p params) *apiError {
	for _, m := range []string{"start_time", "end_time"} {
		v, isStr := p[m].(string)
		if isStr && len(v) == len("2006-01-02") && name == "templates/listQrcodes" && s.opts.is(VariantA9QrcodesDatesRefused) {
			return paramError(m, m+" must be an RFC 3339 time such as 2026-01-02T03:04:05+08:00, not a date")
		}
		if !isStr || len(v) <= len("2006-01-02") {
			continue
		}
		clock := v[len("2006-01-02")+1:]
		zoned := strings.HasSuffix(clock, "Z") || strings.HasSuffix(clock, "z") || strings.ContainsAny(clock, "+-")
		var refused string
		if s.opts.is(VariantA9ZonelessRefused) && !zoned {
			refused = "a time without zone"
		}
		if refused != "" {
			return paramError(m, m+" must be RFC 3339 (2026-01-02T03:04:05+08:00) or a date, not "+refused)
		}
	}
	return nil
}

// a9Record rewrites a getRecord answer as round 9's bugs and variants do.
func (s *Server) a9Record(k *apiKey, b obj) obj {
	format, _ := b.get("format").(string)
	switch x := b.get("data").(type) {
	case obj:
		if id, _ := x.get("record_id").(int64); format == "json" && k.write && k.forms == nil && s.opts.has(BugA9WriteKeyVerifiedLogMember) && s.a9Verified(id) {
			return b.set("data", x.set("verify_logs", []any{o("operator", "api", "action", "verify")}))
		}
	case string:
		if format == "markdown" && s.opts.is(VariantA9TitleEscaped) {
			b = b.set("data", a9EscapedTitle(x))
		}
	}
	if ct, isStr := b.get("content_type").(string); isStr && s.opts.is(VariantA9InnerContentType) {
		b = b.set("content_type", strings.Replace(ct, "; charset=utf-8", ";charset=UTF-8", 1))
	}
	return b
}

// a9Verified says whether a verify moved record id since the last reset.
func (s *Server) a9Verified(id int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.certs[id]
	return st != nil && st.verified
}

// a9EscapedTitle writes the front matter's title as a double-quoted YAML
// scalar, every character outside ASCII as a \u escape.
func a9EscapedTitle(md string) string {
	lines := strings.Split(md, "\n")
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != "---" {
		return md
	}
	for i := 1; i < len(lines) && strings.TrimSpace(lines[i]) != "---"; i++ {
		t, ok := strings.CutPrefix(lines[i], "title: ")
		if !ok {
			continue
		}
		if u, err := strconv.Unquote(t); err == nil {
			t = u
		} else if len(t) >= 2 && t[0] == '\'' && t[len(t)-1] == '\'' {
			t = strings.ReplaceAll(t[1:len(t)-1], "''", "'")
		}
		var out strings.Builder
		for _, c := range t {
			switch {
			case c == '"' || c == '\\':
				out.WriteString(`\` + string(c))
			case c < utf8.RuneSelf:
				out.WriteRune(c)
			case c > 0xFFFF:
				out.WriteString(`\U` + a9Hex(int64(c), 8))
			default:
				out.WriteString(`\u` + a9Hex(int64(c), 4))
			}
		}
		lines[i] = `title: "` + out.String() + `"`
		break
	}
	return strings.Join(lines, "\n")
}

// a9Hex is n in hexadecimal, zero-padded to width digits.
func a9Hex(n int64, width int) string {
	h := strconv.FormatInt(n, 16)
	return strings.Repeat("0", max(0, width-len(h))) + h
}

// a9Writer is the ResponseWriter a variant writes errors through: it
// keeps the answer and writes it with the HTTP status 400 when it is an
// error.
func (s *Server) a9Writer(w http.ResponseWriter) (http.ResponseWriter, func()) {
	if !s.opts.is(VariantA9ErrorsHTTP400) {
		return w, func() {}
	}
	a := &a8Answer{ResponseWriter: w}
	return a, func() {
		status, body := a.status, a.body.Bytes()
		var head struct {
			Code json.Number `json:"code"`
		}
		if json.Unmarshal(body, &head) == nil && head.Code != "" && head.Code.String() != "0" {
			status = http.StatusBadRequest
		}
		if status == 0 {
			status = http.StatusOK
		}
		a.Header().Del("Content-Length")
		a.ResponseWriter.WriteHeader(status)
		_, _ = a.ResponseWriter.Write(body)
	}
}
