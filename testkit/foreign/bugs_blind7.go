package foreign

import (
	"encoding/json"
	"strings"
	"time"
)

// Blind round 7: bugs and correct variants written from docs/contract.md
// alone, without reading the conformance runner. Each bug sits on a second
// code path a real team ships (a share link, a search index, a cache, a
// continuation page, a scoped-key middleware, a streaming writer, another
// flow's table) so that a statement holds on the answers a reader looks at
// first and breaks on others.

// The bugs of blind round 7.
const (
	BugB7VerifyUppercasesCode        Bug = "b7-verify-uppercases-code"
	BugB7ByURLNoProject              Bug = "b7-by-url-no-project"
	BugB7ByURLMaskFlagFalse          Bug = "b7-by-url-mask-flag-false"
	BugB7TextMaskKeepsHalf           Bug = "b7-text-mask-keeps-half"
	BugB7IdentityMask15              Bug = "b7-identity-mask-15-digit-rule"
	BugB7MarkdownNumberIsCode        Bug = "b7-markdown-credential-number-is-code"
	BugB7MarkdownSubmittedUTC        Bug = "b7-markdown-submitted-utc"
	BugB7FormatErrorWrongShape       Bug = "b7-format-error-templates-shape"
	BugB7RecordIDZeroLatest          Bug = "b7-record-id-zero-latest"
	BugB7NotarizedJSONLDNoIdentifier Bug = "b7-notarized-jsonld-no-identifier"
	BugB7PerPageIsCount              Bug = "b7-per-page-is-count"
	BugB7CountDropsNumber            Bug = "b7-search-count-drops-number"
	BugB7SearchPagesFromOne          Bug = "b7-search-pages-zero-based"
	BugB7SearchPeekNotTrimmed        Bug = "b7-search-peek-row-kept"
	BugB7LaterPagesNoProject         Bug = "b7-form-later-pages-no-project"
	BugB7NumberLookupISOMinuteMonth  Bug = "b7-number-lookup-iso-minute-month"
	BugB7NegativePageFromEnd         Bug = "b7-form-negative-page-from-end"
	BugB7ReadKeyLargePage403         Bug = "b7-read-key-large-page-403"
	BugB7SearchKeyArrayJoined        Bug = "b7-search-key-array-joined"
	BugB7SearchCacheAcrossOrgs       Bug = "b7-search-cache-across-orgs"
	BugB7TotalCappedByPageSize       Bug = "b7-cursor-total-capped-by-page-size"
	BugB7WindowHasMoreUnfiltered     Bug = "b7-templates-window-has-more-unfiltered"
	BugB7LaterPagesDropOffset        Bug = "b7-templates-later-pages-drop-offset"
	BugB7CursorMaxRefused            Bug = "b7-qrcodes-page-size-100-refused"
	BugB7NumericTokenAsOffset        Bug = "b7-templates-numeric-token-offset"
	BugB7ByURLTotalOrgWide           Bug = "b7-qrcodes-by-url-total-org-wide"
	BugB7FractionalEndRoundsUp       Bug = "b7-qrcodes-fractional-end-rounds-up"
	BugB7UnknownTemplateURLNoMessage Bug = "b7-qrcodes-unknown-url-no-message"
	BugB7FromPathTransitive          Bug = "b7-verify-from-path-transitive"
	BugB7StatusTextOtherFlowEmpty    Bug = "b7-verify-status-text-other-flow-empty"
	BugB7ScopeErrorNoData            Bug = "b7-verify-scope-error-no-data"
	BugB7CertCodeTrimmed             Bug = "b7-verify-cert-code-trimmed"
	BugB7ByURLSkipsIdentity          Bug = "b7-verify-by-url-skips-identity"
	BugB7NextSubmitAtISO             Bug = "b7-verify-next-submit-at-iso"
	BugB7UnknownPathSniffed          Bug = "b7-unknown-path-text-plain"
	BugB7StreamedBOM                 Bug = "b7-streamed-answers-bom"
)

// The correct variants of blind round 7.
const (
	VariantB7FrontMatterComments Variant = "b7-front-matter-comments"
	VariantB7StateChangesNewest  Variant = "b7-state-changes-newest-first"
	VariantB7URLHostUpper        Variant = "b7-url-host-upper-case"
	VariantB7Params422           Variant = "b7-parameter-errors-http-422"
	VariantB7TightMasks          Variant = "b7-tight-masks"
	VariantB7ListsByCodeDesc     Variant = "b7-lists-by-code-desc"
	VariantB7MismatchParamError  Variant = "b7-id-url-mismatch-parameter-error"
	VariantB7EmptyErrorMessages  Variant = "b7-empty-error-messages"
	VariantB7StatusInvisible     Variant = "b7-status-invisible"
	VariantB7SearchSubstring     Variant = "b7-search-substring"
	VariantB7HeadingAnchor       Variant = "b7-heading-anchor"
)

func blindRound7() Round {
	return Round{Name: "blind-7", Kind: "blind", Bugs: []BugInfo{
		{BugB7VerifyUppercasesCode, "§2.1, §C10", "a verify writes the credential back with its record_code upper-cased (the write model normalises codes): after a move, getRecord shows record_code HX810001 and a record_url that names no record"},
		{BugB7ByURLNoProject, "§2.1, §4.1", "getRecord by record_url (the share-link loader, without relations) leaves project out of a record that belongs to one; by record_id it is there"},
		{BugB7ByURLMaskFlagFalse, "§2.1, §4.1", "getRecord by record_url rebuilds each field's options from defaults: masked values still come masked but is_masked is false"},
		{BugB7TextMaskKeepsHalf, "§2.1, §C8", "masked strings of no special kind (a text field) keep their first half in clear (三号楼** for 三号楼北门), more than the two characters any mask shows"},
		{BugB7IdentityMask15, "§2.1, §C8", "identity numbers are masked with the 15-digit rule (6 kept, 5 stars, the rest kept): an 18-digit number shows 13 characters in clear"},
		{BugB7MarkdownNumberIsCode, "§2.1", "the markdown of a credential record writes its record_code as record_number in the front matter (the credential template's own field)"},
		{BugB7MarkdownSubmittedUTC, "§2.1, §1.3", "the markdown front matter writes the submission time in UTC while labelling it UTC+08:00: it is not the record's submit_at"},
		{BugB7FormatErrorWrongShape, "§4.1, §C3", "getRecord with a format it does not know answers from the shared format negotiator, in the templates shape {code, message, data}: no error_code, no message_detail"},
		{BugB7RecordIDZeroLatest, "§4.1", "getRecord with record_id 0 answers the organization's newest record (an admin shortcut left in) instead of an error"},
		{BugB7NotarizedJSONLDNoIdentifier, "§2.2", "the json-ld of a notarized record comes from the notary's template: it has @id (the evidence URL) and no identifier"},
		{BugB7PerPageIsCount, "§8, §4.3", "getFormList's per_page is the number of forms on the page: 10 on a full page, fewer on the last page and under filters"},
		{BugB7CountDropsNumber, "§4.3", "getFormList with search_key and number counts total with the search alone (the count query forgets the number clause)"},
		{BugB7SearchPagesFromOne, "§4.3", "getFormList with search_key pages through the search index, whose pages count from 0: page 1 starts at the second page's first hit, the first page_size hits are never listed"},
		{BugB7SearchPeekNotTrimmed, "§8, §4.3", "getFormList with search_key fetches one hit more than page_size to know whether more follow, and lists it: every page but the last holds page_size + 1 forms, the extra one again on the next page"},
		{BugB7LaterPagesNoProject, "§2.3", "getFormList pages after the first come from a lighter query without the project join: every form on them has project null"},
		{BugB7NumberLookupISOMinuteMonth, "§1.3, §C1", "getFormList with number (the exact-lookup serializer) writes updated_at_iso with the month where the minutes go (Go layout 15:01:05)"},
		{BugB7NegativePageFromEnd, "§4.3, §C1", "getFormList with a negative page counts from the end (a Python slice): page -1 serves the last forms as a success instead of a parameter error"},
		{BugB7ReadKeyLargePage403, "§5, §8", "a read key asking getFormList for more than 10 forms a page is refused 403 (a plan limit meant for export clients): page_size 20, the maximum, is refused to it"},
		{BugB7SearchKeyArrayJoined, "§4.3, §C1", "getFormList reads a search_key sent as an array by joining its strings (PHP implode): a member of the wrong type is served"},
		{BugB7SearchCacheAcrossOrgs, "§4.3, §C2", "getFormList caches search results by search_key alone: another organization's key that searches a key ours searched first gets our forms"},
		{BugB7TotalCappedByPageSize, "§4.4, §4.5", "templates/* count total on a subquery limited to ten pages: with a small page_size total stops at 10 × page_size while the walk holds more"},
		{BugB7WindowHasMoreUnfiltered, "§4.4", "templates/list with start_time or end_time decides whether more pages follow from the unfiltered count: the last page that holds templates carries a token, and empty pages with tokens follow"},
		{BugB7LaterPagesDropOffset, "§4.4", "templates/list pages reached with a token re-read start_time and end_time without their offset (as UTC+08:00 wall time): the later pages of a walk whose bounds are written in Z or another offset use another window"},
		{BugB7CursorMaxRefused, "§8", "listQrcodes refuses page_size 100, the maximum itself (>= instead of >)"},
		{BugB7NumericTokenAsOffset, "§4.4, §C1", "templates/list reads a page_token sent as a JSON number as a raw offset (an internal shortcut): a member of the wrong type is served"},
		{BugB7ByURLTotalOrgWide, "§4.5", "listQrcodes by the template's full URL counts total over every sub-code of the organization; by coding it counts the template's"},
		{BugB7FractionalEndRoundsUp, "§4.5", "listQrcodes rounds a fractional end_time up to the next second: a sub-code created half a second after the bound is listed"},
		{BugB7UnknownTemplateURLNoMessage, "§4.5, §C3", "listQrcodes of an unknown template's full URL answers 404 from the URL resolver, without message"},
		{BugB7FromPathTransitive, "§3.1, §7", "verify with from_certificate_status checks the path from it to the target with the flow's path finder: a status two moves away (待核销 → 已归档) is reached in one move instead of 100326"},
		{BugB7StatusTextOtherFlowEmpty, "§3.1, §4.2", "verify looks the new status's text up in the first flow's table: moves on any other flow answer certificate_status \"\""},
		{BugB7ScopeErrorNoData, "§4.2, §C3", "the scoped-key middleware answers a key limited to other forms with its own error body: code, message and error_code 100328, no data"},
		{BugB7CertCodeTrimmed, "§7, §C10", "verify trims white space around certificate_code: \" hx810001 \" moves hx810001 instead of 100320"},
		{BugB7ByURLSkipsIdentity, "§3.1, §7", "verify by the record's full URL (the share-link handler) skips the identity check: a credential that needs identity moves instead of 100329"},
		{BugB7NextSubmitAtISO, "§4.2", "set_next_certificate_status answers submit_at as the §1.3 string (its responder reads the display field); set_certificate_status answers the integer"},
		{BugB7UnknownPathSniffed, "§C1", "an unknown path under /api/ answers its JSON body without a Content-Type, so it goes out as text/plain"},
		{BugB7StreamedBOM, "§C1", "answers larger than 16 KiB go through a streaming encoder that starts them with a UTF-8 byte order mark"},
	}, Variants: []VariantInfo{
		{VariantB7FrontMatterComments, "markdown front matter with YAML comments: a comment line and a trailing comment after each value (record_id: 800001  # 记录 ID)",
			"§2.2: \"a front-matter block holding at least a title and record_id\"; \"The rest of its layout is open (§C7)\"; YAML 1.2 §6.6: a comment may follow a value after white space"},
		{VariantB7StateChangesNewest, "state_changes listed newest first",
			"§2.1: state_changes \"array of StateChange\" with no order given; §C6: \"The move seen in getRecord | KIT; info\""},
		{VariantB7URLHostUpper, "every record URL it writes has its host in capitals (https://QA.FOREIGN.EXAMPLE/c/...), and URLs are accepted with the host in any case",
			"§C10: \"The scheme and host of a URL are read without regard to case (RFC 3986)\"; RFC 3986 §6.2.2.1"},
		{VariantB7Params422, "parameter errors (100301) answer HTTP 422, the body unchanged",
			"§C1: \"HTTP status line of errors | KIT (§7 leaves it open); never asserted\""},
		{VariantB7TightMasks, "masks show less: names 1 character, phone numbers 3 + 2, identity numbers 2 + 2, any other string its first character",
			"§C8: \"Mask format | KIT\"; the SPEC line gives only the most a mask may show"},
		{VariantB7ListsByCodeDesc, "forms by number descending, templates and sub-codes by coding descending",
			"§C5: \"getFormList order | KIT; never asserted\"; \"templates/* order | KIT; never asserted\""},
		{VariantB7MismatchParamError, "getRecord with record_id and record_url naming different records is a parameter error (400, 100301, naming record_url), not a not-found",
			"§7: \"Open: the full list of error codes, the codes of getRecord\"; §C4 gives the kit's 404 as KIT"},
		{VariantB7EmptyErrorMessages, "every error has message \"\" and message_detail \"\" where the shape has it (verify leaves it out)",
			"§4.1, §4.3: message and message_detail are strings (\"message_detail may be empty\"); §C9: \"the runner never fails a target on the text of message or message_detail\""},
		{VariantB7StatusInvisible, "credential records show no process_status and no state_changes in json: the status shows in verify's answers (and as text in markdown and json-ld)",
			"§C6: \"The move seen in getRecord | KIT; info | ... a real service that shows it otherwise is not failed\"; §2.1: process_status and state_changes are optional"},
		{VariantB7SearchSubstring, "search_key is one case-insensitive substring of name, note or number, not a set of words",
			"§C5: \"search_key | SPEC (§4.3: fuzzy) ... KIT: a case-insensitive substring of name, note or number\""},
		{VariantB7HeadingAnchor, "markdown's top-level heading carries a header attribute (# 设备巡检表 {#r-800001}), as kramdown and Pandoc write anchors",
			"§2.2: \"then a top-level heading\"; CommonMark 0.31 §4.2: an ATX heading's content is the rest of its line, so this is a level-1 heading; \"The rest of its layout is open (§C7)\""},
	}}
}

// b7State is what round 7's bugs remember between requests.
type b7State struct {
	// searches caches getFormList search results by search_key alone.
	searches map[string][]*form
}

// b7Searched is the cached result of a search, or the forms match gives
// (then cached): the cache is keyed by the search key alone (a bug).
func (s *Server) b7Searched(key string, match func() []*form) []*form {
	s.mu.Lock()
	if f, ok := s.b7.searches[key]; ok {
		s.mu.Unlock()
		return append([]*form(nil), f...)
	}
	s.mu.Unlock()
	forms := match()
	s.mu.Lock()
	if s.b7.searches == nil {
		s.b7.searches = map[string][]*form{}
	}
	s.b7.searches[key] = append([]*form(nil), forms...)
	s.mu.Unlock()
	return forms
}

// b7Newest is the key's organization's newest record (record_id 0: a bug).
func (s *Server) b7Newest(k *apiKey) int64 {
	var id int64
	for _, r := range s.data.records {
		if r.org == k.org && r.id > id {
			id = r.id
		}
	}
	return id
}

// b7FlagsCleared sets every field's is_masked to false (a bug of the
// share-link renderer).
func b7FlagsCleared(rec obj) obj {
	groups, _ := rec.get("tpl_groups").([]any)
	for _, g := range groups {
		gob, _ := g.(obj)
		fields, _ := gob.get("fields").([]any)
		for i, f := range fields {
			fob, _ := f.(obj)
			opts, _ := fob.get("options").(obj)
			fields[i] = fob.set("options", opts.set("is_masked", false))
		}
	}
	return rec
}

// b7Without leaves a member out.
func b7Without(ob obj, key string) obj {
	out := make(obj, 0, len(ob))
	for _, m := range ob {
		if m.key != key {
			out = append(out, m)
		}
	}
	return out
}

// b7Mask is a mask of the tight variant or of a masking bug; ok is false
// when neither applies.
func (s *Server) b7Mask(typ string, r []rune) (string, bool) {
	n := len(r)
	stars := func(k int) string { return strings.Repeat("*", max(k, 1)) }
	switch {
	case n == 0:
		return "", false
	case s.opts.is(VariantB7TightMasks):
		switch {
		case (typ == "tel" || typ == "customer_mobile") && n >= 8:
			return string(r[:3]) + stars(n-5) + string(r[n-2:]), true
		case typ == "identity" && n >= 9:
			return string(r[:2]) + stars(n-4) + string(r[n-2:]), true
		}
		return string(r[:1]) + stars(n-1), true
	case s.opts.has(BugB7IdentityMask15) && typ == "identity" && n >= 15:
		return string(r[:6]) + "*****" + string(r[11:]), true
	case s.opts.has(BugB7TextMaskKeepsHalf) && n > 2 && typ != "name" && typ != "customer_name" && typ != "recorder" &&
		typ != "tel" && typ != "customer_mobile" && typ != "identity":
		keep := (n + 1) / 2
		return string(r[:keep]) + stars(n-keep), true
	}
	return "", false
}

// b7URL is a record URL as the service writes it (the host in capitals in
// a variant).
func (s *Server) b7URL(u string) string {
	if !s.opts.is(VariantB7URLHostUpper) {
		return u
	}
	rest, ok := strings.CutPrefix(u, "https://")
	if !ok {
		return u
	}
	host, path, _ := strings.Cut(rest, "/")
	return "https://" + strings.ToUpper(host) + "/" + path
}

// b7Reaches says whether to can be reached from cur in any number of
// moves (a bug's path finder).
func b7Reaches(f *flow, cur, to *status) bool {
	seen := map[*status]bool{cur: true}
	queue := []*status{cur}
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		for _, n := range st.next {
			nx := f.ref(n)
			if nx == nil || seen[nx] {
				continue
			}
			if nx == to {
				return true
			}
			seen[nx] = true
			queue = append(queue, nx)
		}
	}
	return false
}

// b7MinuteMonth writes a time as the exact-lookup serializer does (a
// bug): the month where the minutes go.
func b7MinuteMonth(unix int64) string {
	if unix == 0 {
		return ""
	}
	return time.Unix(unix, 0).In(zone).Format("2006-01-02 15:01:05") + "(UTC+08:00)"
}

// b7SearchKey joins a search_key sent as an array of strings (a bug).
func b7SearchKey(p params) {
	l, isList := p["search_key"].([]any)
	if !isList {
		return
	}
	var words []string
	for _, e := range l {
		if w, ok := e.(string); ok {
			words = append(words, w)
		}
	}
	p["search_key"] = strings.Join(words, " ")
}

// b7NumericToken is a page_token sent as a JSON number, read as an offset
// (a bug); ok is false for any other token.
func b7NumericToken(p params) (int64, bool) {
	n, isNum := p["page_token"].(json.Number)
	if !isNum {
		return 0, false
	}
	off, err := n.Int64()
	if err != nil || off < 0 {
		return 0, false
	}
	delete(p, "page_token")
	return off, true
}

// b7StreamLimit is the size above which a bug's streaming encoder (with
// its byte order mark) writes an answer.
const b7StreamLimit = 16 << 10

// b7FormsLess orders forms by number descending (a variant); nil when
// the variant is off.
func (s *Server) b7FormsLess() func(a, b *form) bool {
	if !s.opts.is(VariantB7ListsByCodeDesc) {
		return nil
	}
	return func(a, b *form) bool {
		if a.number != b.number {
			return a.number > b.number
		}
		return a.id > b.id
	}
}

// b7ItemsLess orders cursor items by coding descending (a variant).
func b7ItemsLess(a, b item) bool {
	ca, _ := a.json.get("coding").(string)
	cb, _ := b.json.get("coding").(string)
	if ca != cb {
		return ca > cb
	}
	return a.id > b.id
}

// b7FirstFlow is the flow of the data set's first credential form, whose
// status table a bug reads for every flow.
func (s *Server) b7FirstFlow() *flow {
	if f := formByID(s.data.forms, certForm); f != nil {
		return f.flow
	}
	return nil
}
