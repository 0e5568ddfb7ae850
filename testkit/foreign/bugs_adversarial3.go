package foreign

import (
	"strconv"
	"strings"
)

// Adversarial round 3: bugs and correct variants written after reading
// the conformance runner of main (conformance/, its rules, relations,
// verify matrix and generated requests, docs/conformance.md) and the
// misses of the rounds before, aimed at what it still does not reach:
// the other organization's own objects, read with its own key; the keys
// that may write, on the endpoints relation.keys does not read with them
// (listQrcodes); requests carrying two optional members that the matrix
// sends one at a time (tpl_id beside code_id, to_certificate_status beside
// set_next_certificate_status, from_certificate_status by id on the action
// the pivot does not take, two failing switches on one credential); the
// success data of the moves verify.transitions does not compare (the
// next action's); moves the profile's cases never make (a void from a
// later status, a repeat that names its from status); a move that
// answers success and saves nothing where no second step shows it (the
// limited key's); getFormList paging
// written the way a client writes it (page without page_size, an oversize
// page_size past page 1, an oversize page_size beside search_key); cursor
// walks that send back only the token, or end one item after a page;
// the value forms of a request nobody in the run writes (a record_id as a
// digit string, a tpl_id as a digit string, an emoji, a number without
// its dash, JavaScript's toISOString, a record URL in capitals, a QR
// code's short link as record_url, a date as end_time on templates/list);
// headers nobody in the run sends (Accept-Encoding with q=0, another
// Authorization scheme, a key in the query string); and statements whose
// rule accepts too broadly what it reads (a mask that hides one
// character, a project object where null is due, a masked phone linked to
// its clear number). The variants differ from Defaults only where
// docs/contract.md allows, in forms the runner may read one way (page
// tokens with a slash or as plain offsets, a quoted record_id, front
// matter holding lists and maps, a heading that is not the title, a tab
// after the heading's #, scope checked before the switches, no page-break
// group, extra json-ld members, code spans, an extra markdown section).

// The bugs of adversarial round 3.
const (
	BugA3OtherOrgUnmasked        Bug = "a3-other-org-records-unmasked"
	BugA3CodeIDShadowed          Bug = "a3-code-id-unchecked-beside-tpl-id"
	BugA3NextNumberOfQRCode      Bug = "a3-next-success-record-number-of-qrcode"
	BugA3PlainRecordVerifies     Bug = "a3-verify-plain-record-succeeds"
	BugA3FormProjectZero         Bug = "a3-form-project-zero-object"
	BugA3FormClampOffsetAsked    Bug = "a3-form-clamped-offset-by-asked-size"
	BugA3TwoFaultsGeneric        Bug = "a3-verify-two-faults-100319"
	BugA3WriteKeyQrcodesNoWindow Bug = "a3-write-key-qrcodes-window-ignored"
	BugA3RecordIDEchoedString    Bug = "a3-record-id-echoed-as-string"
	BugA3LimitedQrcodesAnyOrg    Bug = "a3-limited-key-qrcodes-other-org"
	BugA3RepeatWithFromSucceeds  Bug = "a3-repeat-with-from-succeeds"
	BugA3VoidFromAnywhere        Bug = "a3-void-reachable-from-any-status"
	BugA3NextHonoursTo           Bug = "a3-next-honours-to-status"
	BugA3MaskOneCharacter        Bug = "a3-mask-hides-one-character"
	BugA3MarkdownTelLink         Bug = "a3-markdown-phone-link-clear"
	BugA3PageWithoutSize15       Bug = "a3-form-page-without-size-15"
	BugA3TokenSchemeAccepted     Bug = "a3-token-scheme-accepted"
	BugA3KeyInQuery              Bug = "a3-api-key-in-query-string"
	BugA3NumberSeparatorsIgnored Bug = "a3-form-number-separators-ignored"
	BugA3RecordURLResolvesQRCode Bug = "a3-record-url-resolves-qrcode-link"
	BugA3TplIDStringMismatch     Bug = "a3-tpl-id-digit-string-never-matches"
	BugA3DateEndTotalMidnight    Bug = "a3-templates-date-end-total-at-midnight"
	BugA3FractionRefused         Bug = "a3-cursor-fractional-seconds-refused"
	BugA3RecordURLCaseless       Bug = "a3-record-url-caseless"
	BugA3GzipQZero               Bug = "a3-gzip-despite-q-zero"
	BugA3TokenDroppedOneLeft     Bug = "a3-cursor-no-token-one-item-left"
	BugA3SearchEmoji500          Bug = "a3-search-key-emoji-html-500"
	BugA3LimitedMoveNotSaved     Bug = "a3-limited-key-move-not-saved"
	BugA3SearchPagerUncapped     Bug = "a3-search-page-size-uncapped"
	BugA3TokenNeedsPageSize      Bug = "a3-cursor-token-ignored-without-page-size"
	BugA3NextFromIDRefused       Bug = "a3-next-from-status-id-refused"
)

// The correct variants of adversarial round 3.
const (
	VariantA3TokensWithSlash     Variant = "a3-page-tokens-with-slash"
	VariantA3PlainOffsetTokens   Variant = "a3-page-tokens-plain-offsets"
	VariantA3FrontMatterIDQuoted Variant = "a3-front-matter-record-id-quoted"
	VariantA3FrontMatterLists    Variant = "a3-front-matter-lists-and-maps"
	VariantA3HeadingWithNumber   Variant = "a3-markdown-heading-with-number"
	VariantA3HeadingTab          Variant = "a3-markdown-heading-tab"
	VariantA3ScopeBeforeSwitches Variant = "a3-verify-scope-before-switches"
	VariantA3NoPageBreakGroups   Variant = "a3-no-page-break-groups"
	VariantA3JSONLDID            Variant = "a3-jsonld-id-and-language"
	VariantA3MarkdownCodeSpans   Variant = "a3-markdown-values-in-code-spans"
	VariantA3MarkdownStatusTable Variant = "a3-markdown-status-section"
)

// Details of the variants: the prefix of a token with a slash, the
// characters a code span does not hold, the heading of a status section.
const (
	variantA3TokenPrefix          = "v1/"
	variantA3CodeSpanUnsafeRunes  = "`\n"
	variantA3StatusSectionHeading = "证书状态"
)

func adversarialRound3() Round {
	return Round{Name: "adversarial-3", Kind: "adversarial", Bugs: []BugInfo{
		{BugA3OtherOrgUnmasked, "§2.1, §C8", "masks come from a per-organization policy row joined LEFT: the other organization, created after the migration, has none, and its own key reads its credentials' masked holder names in clear with is_masked true"},
		{BugA3CodeIDShadowed, "§3.1, §7", "the scope check is if tpl_id … else if code_id: sent together with the right tpl_id, a wrong code_id is never compared and the record moves (100323 is due)"},
		{BugA3NextNumberOfQRCode, "§4.2", "set_next_certificate_status loads the credential through its QR code and answers record_number with the QR code's number (QR810001), where set_certificate_status answers the record's"},
		{BugA3PlainRecordVerifies, "§4.2, §7", "verify updates by code without checking the record is a credential: a plain record's code (fxr800001) answers success with certificate_status \"\" instead of 100320"},
		{BugA3FormProjectZero, "§2.3", "getFormList writes a form not linked to a project as the zero value of its project struct, {id: 0, name: \"\", number: \"\"}, where null is due"},
		{BugA3FormClampOffsetAsked, "§4.3, §8", "getFormList clamps a page_size over 20 to 20 but computes the offset of page n with the size asked: at page_size 25, page 2 starts at the 26th form and forms 21 to 25 are on no page"},
		{BugA3TwoFaultsGeneric, "§7, §C6", "when two of a credential's conditions fail together (not approved and the wrong tpl_id), verify collects them and answers the generic 100319 instead of either code"},
		{BugA3WriteKeyQrcodesNoWindow, "§4.5, §5", "a key that may write is routed to the management listing of sub-codes, which takes no time filter: its listQrcodes ignores start_time and end_time"},
		{BugA3RecordIDEchoedString, "§2.1, §4.1", "getRecord reads record_id \"800001\" leniently but echoes the request's value into the payload: record_id comes back as the string \"800001\""},
		{BugA3LimitedQrcodesAnyOrg, "§4.5, §C2", "a key limited to some forms is resolved by the scope middleware, which sets no organization: its listQrcodes lists another organization's template (xlt0001)"},
		{BugA3RepeatWithFromSucceeds, "§7, §3.1", "a retry guard treats a move whose from_certificate_status and to_certificate_status both name the current status as already done: that repeated verification answers success instead of 100326"},
		{BugA3VoidFromAnywhere, "§3.1, §7", "a status that voids (已作废) is treated as reachable from every status: set_certificate_status 已作废 from 已核销 moves the record instead of 100326"},
		{BugA3NextHonoursTo, "§3.1", "one handler serves both actions with target = to_certificate_status ?: next: set_next_certificate_status sent with to_certificate_status 已作废 moves there, not to the flow's next status 已核销"},
		{BugA3MaskOneCharacter, "§2.1, §C8", "the mask replaces one character only (str_replace with a limit of 1): 138*2345678, 110101*99003071234, 欧*建华 — is_masked true, a mask character shown, the value all but in clear"},
		{BugA3MarkdownTelLink, "§2.1, §C8", "the markdown renderer links phone numbers: the masked 138****5678 is written [138****5678](tel:13812345678), the clear number in the link"},
		{BugA3PageWithoutSize15, "§4.3, §8", "getFormList applies the default of 10 only when neither page nor page_size is sent; {page: n} alone goes to the paginator's own default, 15 (Laravel's): per_page 15, page 2 starting at the 16th form"},
		{BugA3TokenSchemeAccepted, "§5, §C2", "the authentication middleware also accepts Django REST framework's scheme: Authorization: Token <key> reads as if it were Bearer"},
		{BugA3KeyInQuery, "§5, §C2", "a legacy fallback reads the key from the query string when no Authorization header is sent: POST …/getFormList?api_key=<key> is a success (and the key lands in every access log)"},
		{BugA3NumberSeparatorsIgnored, "§4.3", "getFormList compares number with dashes and spaces stripped (a normaliser for numbers read off paper forms): number FX001 hits FX-001"},
		{BugA3RecordURLResolvesQRCode, "§4.1", "record_url goes through the short-link resolver, which also resolves a QR code's link (/q/QR800001) to that code's latest record: getRecord answers a record whose record_url is not the one asked"},
		{BugA3TplIDStringMismatch, "§4.2, §7", "tpl_id passes validation as a digit string (\"5031\") but is then compared strictly with the integer form id: the credential's own form sent as a string answers 100323 (neither 100301 nor a move)"},
		{BugA3DateEndTotalMidnight, "§4.4", "templates/list reads an end_time written as a date to the end of its day for the list but to its midnight in the COUNT query: total leaves out that day's templates the list holds"},
		{BugA3FractionRefused, "§4.4, §4.5", "templates/* refuse an ISO 8601 time with fractional seconds, JavaScript's toISOString() form (2026-01-04T16:00:00.000Z), with a 400 naming start_time"},
		{BugA3RecordURLCaseless, "§4.1", "getRecord looks record_url up under a case-insensitive collation: https://qa.foreign.example/c/FXR800001, a URL nobody issued, answers fxr800001, whose record_url differs from the one asked"},
		{BugA3GzipQZero, "§C1", "answers are gzip-compressed whenever Accept-Encoding contains \"gzip\": a client that refuses it with gzip;q=0 (RFC 9110 §12.4.2) reads binary, not JSON"},
		{BugA3TokenDroppedOneLeft, "§4.4, §4.5", "the cursor's has-more test is offset + size < total - 1: a page after which exactly one item is left carries next_page_token null, and a client's walk misses the last item"},
		{BugA3SearchEmoji500, "§4.3, §C1", "search_key is compared against a utf8mb3 column: a key holding a character outside the BMP (an emoji) fails the collation and answers the framework's HTML 500 page"},
		{BugA3LimitedMoveNotSaved, "§3.1, §4.2", "a limited key's verify runs in the form-scoped service, which answers success with the new status but saves the move on a detached copy: the record stays where it was"},
		{BugA3SearchPagerUncapped, "§8", "getFormList with search_key goes through the search engine's pager, which has no maximum: page_size 50 beside search_key serves up to 50 forms and per_page 50"},
		{BugA3TokenNeedsPageSize, "§4.4, §4.5", "templates/* read page_token only in the branch that handles page_size: a client that sends back the token alone, as §4.4 describes, gets the first page again, and its walk never ends"},
		{BugA3NextFromIDRefused, "§3.1, §4.2", "set_next_certificate_status compares from_certificate_status with the current status's name only: the current status named by its id (\"11\") answers 100324"},
	}, Variants: []VariantInfo{
		{VariantA3TokensWithSlash, "page tokens carry a version prefix and a slash (v1/MjB8…)",
			"§C5: \"page_token | KIT; never asserted\" (URL-safe tokens are the kit's choice); §4.4: the previous page's next_page_token is sent back as it came, in a JSON body"},
		{VariantA3PlainOffsetTokens, "page tokens are the plain offset of the next page (\"20\"), bound to no filter, not tamper-evident",
			"§C5: \"page_token | KIT; never asserted\" (binding and tamper-evidence are the kit's, §C10 \"All KIT\"); §4.4: next_page_token is a string, null on the last page"},
		{VariantA3FrontMatterIDQuoted, "markdown front matter writes record_id as a quoted YAML string (record_id: \"800001\")",
			"§2.2: the front matter holds record_id, the rest of the layout is open (§C7 \"markdown layout | KIT\"); YAML 1.2 §7.3.2: a double-quoted scalar"},
		{VariantA3FrontMatterLists, "markdown front matter also holds a block sequence (tags) and a nested mapping (links)",
			"§2.2: \"a front-matter block holding at least a title and record_id\", the rest open (§C7); YAML 1.2 §8.2 block collections"},
		{VariantA3HeadingWithNumber, "the markdown's top-level heading is the title followed by the record number (# 巡检 · R2026800001)",
			"§2.2: \"then a top-level heading\" (its text is not given); §C7's \"# <title>\" is the mock's KIT layout"},
		{VariantA3HeadingTab, "the top-level heading's # is followed by a tab (#\\t巡检)",
			"§2.2: a top-level heading; CommonMark 0.31 §4.2: the opening # sequence is followed by spaces or tabs"},
		{VariantA3ScopeBeforeSwitches, "verify checks tpl_id and code_id (100323) before the record's switches (100321, 100322, 100329, 100327)",
			"§C6: \"The order is KIT; the codes are SPEC\""},
		{VariantA3NoPageBreakGroups, "tpl_groups leaves out page-break groups (they hold no fields)",
			"§2.1: tpl_groups is an array of TplGroup; is_page_break_group marks a page break when one is listed, nothing requires one to be"},
		{VariantA3JSONLDID, "json-ld also carries @id (the record URL) and inLanguage zh-CN",
			"§2.2: json-ld holds @context, @type, identifier, name, url and mainEntity, \"The rest of its layout is open (§C7)\""},
		{VariantA3MarkdownCodeSpans, "markdown table cells write one-line values in code spans (`欧**`)",
			"§2.2 and §C7 \"markdown layout | KIT\"; §C8 \"Mask format | KIT\"; CommonMark 0.31 §6.1 code spans"},
		{VariantA3MarkdownStatusTable, "a credential's markdown ends with a ## 证书状态 section holding its current status",
			"§2.2: \"then sections. The rest of its layout is open (§C7)\"; §C6: how getRecord shows a move is KIT"},
	}}
}

// a3Mask hides one character of v only (a bug): the first character the
// service's own mask would hide.
func a3Mask(typ string, r []rune) string {
	n := len(r)
	at := 1
	switch {
	case n == 0:
		return ""
	case n == 1:
		return "*"
	case (typ == "tel" || typ == "customer_mobile") && n >= 8:
		at = 3
	case typ == "identity" && n >= 11:
		at = 6
	}
	out := append([]rune(nil), r...)
	out[at] = '*'
	return string(out)
}

// stripSeparators is a form number without dashes and spaces (a bug's
// normaliser).
func stripSeparators(s string) string {
	return strings.NewReplacer("-", "", " ", "", "\u3000", "").Replace(s)
}

// astral says whether s holds a character outside the Basic Multilingual
// Plane (four bytes in UTF-8).
func astral(s string) bool {
	for _, r := range s {
		if r > 0xFFFF {
			return true
		}
	}
	return false
}

// fractional says whether a time parameter has fractional seconds.
func fractional(v string) bool {
	return len(v) > 20 && v[19] == '.'
}

// plainRecord finds a record of the key's organization that is no
// credential by its code or its URL (for a bug that verifies it).
func (s *Server) plainRecord(k *apiKey, code string) *record {
	for _, r := range s.data.records {
		if r.org == k.org && r.cert == nil && (r.code == code || s.data.recordURL(r) == code) {
			return r
		}
	}
	return nil
}

// a3DateEndTotal is total counted with an end_time written as a date read
// as that date's midnight (a bug of the COUNT query).
func a3DateEndTotal(hits []item, w window) int64 {
	var n int64
	for _, it := range hits {
		if it.created <= w.end-86399 {
			n++
		}
	}
	return n
}

// a3Token and a3ReadToken wrap or unwrap a page token as a variant writes
// it: with a version prefix holding a slash, or as the plain offset.
func (s *Server) a3Token(offset int64, tok string) string {
	switch {
	case s.opts.is(VariantA3PlainOffsetTokens):
		return strconv.FormatInt(offset, 10)
	case s.opts.is(VariantA3TokensWithSlash):
		return variantA3TokenPrefix + tok
	}
	return tok
}

// a3ReadToken is the offset a variant's token stands for; handled says
// the variant read it (ok: a token of the variant).
func (s *Server) a3ReadToken(tok string) (offset int64, rest string, handled, ok bool) {
	switch {
	case s.opts.is(VariantA3PlainOffsetTokens):
		n, err := strconv.ParseInt(tok, 10, 64)
		return n, "", true, err == nil && n >= 0
	case s.opts.is(VariantA3TokensWithSlash):
		rest, found := strings.CutPrefix(tok, variantA3TokenPrefix)
		return 0, rest, false, found
	}
	return 0, tok, false, true
}

// codeSpans writes each one-line value of es in a code span (a variant).
func codeSpans(es []entry) []entry {
	out := make([]entry, len(es))
	for i, e := range es {
		out[i] = e
		if e.text != "" && !strings.ContainsAny(e.text, variantA3CodeSpanUnsafeRunes) {
			out[i].text = "`" + e.text + "`"
		}
	}
	return out
}
