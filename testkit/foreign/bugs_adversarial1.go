package foreign

// Adversarial round 1: bugs and correct variants written after reading the
// conformance runner (conformance/, conformance/rules, docs/conformance.md)
// and a log of every request one run sends, aimed where it does not look:
// values of a parameter it never sends (page_size 1 or negative or
// fractional, LIKE wildcards, zone-less times on the other endpoint, a
// bare "Bearer "), combinations it never makes (a token with another key,
// a coding with a window under another key, a URL with a window, the right
// tpl_id and code_id, a from_certificate_status on the other action),
// states it never reaches (a tie on a page boundary, a page past the end,
// other formats and other addressing after a verify) and forms it does not
// compare (a masked value inside CJK text or with separators). The
// variants differ from Defaults only in forms the contract allows and the
// runner reads in one way.

// The bugs of adversarial round 1.
const (
	BugA1FormPageSizeOne        Bug = "a1-form-page-size-1-refused"
	BugA1FormNegativeSizeAll    Bug = "a1-form-negative-page-size-all"
	BugA1NumberLikeWildcards    Bug = "a1-form-number-like-wildcards"
	BugA1NumberOtherOrg         Bug = "a1-form-number-other-org"
	BugA1PastEndTotalZero       Bug = "a1-form-past-end-total-0"
	BugA1TwoFaultsHTML          Bug = "a1-form-two-faults-html"
	BugA1QrcodesFractionalSize  Bug = "a1-qrcodes-fractional-page-size"
	BugA1QrcodesLocalTimeUTC    Bug = "a1-qrcodes-local-time-as-utc"
	BugA1TemplatesDateStartEOD  Bug = "a1-templates-date-start-end-of-day"
	BugA1QrcodesZAsLocal        Bug = "a1-qrcodes-z-as-local"
	BugA1CursorTiesSkipped      Bug = "a1-templates-keyset-skips-ties"
	BugA1TokenOtherOrg          Bug = "a1-templates-token-other-org"
	BugA1QrcodesWindowOtherOrg  Bug = "a1-qrcodes-window-other-org"
	BugA1QrcodesURLDropsWindow  Bug = "a1-qrcodes-by-url-drops-window"
	BugA1CodeIDIsRecordID       Bug = "a1-verify-code-id-is-record-id"
	BugA1TplIDIsFlowID          Bug = "a1-verify-tpl-id-is-flow-id"
	BugA1NextIgnoresFrom        Bug = "a1-verify-next-ignores-from"
	BugA1ReadKeySets            Bug = "a1-read-key-set-status"
	BugA1OtherOrgNext           Bug = "a1-other-org-next-status"
	BugA1LimitedKeySets         Bug = "a1-limited-key-set-status"
	BugA1FromIDUnchecked        Bug = "a1-verify-from-id-unchecked"
	BugA1FromNumberIgnored      Bug = "a1-verify-from-number-ignored"
	BugA1LimitedKeyByURL        Bug = "a1-limited-key-by-url"
	BugA1StatusEchoesRequest    Bug = "a1-verify-status-echoes-request"
	BugA1MarkdownClearAfterMove Bug = "a1-markdown-clear-after-verify"
	BugA1ByURLStaleAfterMove    Bug = "a1-by-url-stale-after-verify"
	BugA1HolderInTitle          Bug = "a1-holder-name-in-title"
	BugA1MarkdownPhoneGrouped   Bug = "a1-markdown-phone-grouped-clear"
	BugA1UnknownPathHTML        Bug = "a1-unknown-path-html"
	BugA1BodyTooLargeHTML       Bug = "a1-body-too-large-html"
	BugA1EmptyBearerReads       Bug = "a1-empty-bearer-reads"
)

// The correct variants of adversarial round 1.
const (
	VariantA1QuotedKeys       Variant = "a1-front-matter-quoted-keys"
	VariantA1MarkdownCR       Variant = "a1-markdown-cr-line-endings"
	VariantA1FrontMatterSpace Variant = "a1-front-matter-marker-trailing-space"
	VariantA1ReadKey100328    Variant = "a1-read-key-verify-400-100328"
	VariantA1QuotedCharset    Variant = "a1-content-type-quoted-charset"
	VariantA1BareAuthBodies   Variant = "a1-auth-bodies-code-and-message"
	VariantA1StatusLines      Variant = "a1-error-status-422-409"
	VariantA1IdentifierObject Variant = "a1-jsonld-identifier-property-value"
	VariantA1NameValueObject  Variant = "a1-jsonld-name-value-object"
	VariantA1EmptyMessage     Variant = "a1-success-message-empty"
	VariantA1OtherOrg403      Variant = "a1-other-org-record-403"
)

func adversarialRound1() Round {
	return Round{Name: "adversarial-1", Kind: "adversarial", Bugs: []BugInfo{
		{BugA1FormPageSizeOne, "§8", "getFormList refuses page_size 1 (the lower bound written > 1 instead of >= 1): a client showing one form at a time gets 100301"},
		{BugA1FormNegativeSizeAll, "§8, §C1", "getFormList serves a negative page_size as LIMIT -1 (SQLite: no limit): every form on one page, per_page -1, instead of a parameter error"},
		{BugA1NumberLikeWildcards, "§4.3", "getFormList number is compared with SQL LIKE without escaping: _ and % match any character, FX-00_ lists FX-001 to FX-009"},
		{BugA1NumberOtherOrg, "§4.3, §C2", "getFormList number alone is looked up by the platform-wide number index: another organization's form shows under its number"},
		{BugA1PastEndTotalZero, "§4.3", "getFormList total is COUNT(*) OVER () of the page's rows: a page past the end says total 0 and last_page 1"},
		{BugA1TwoFaultsHTML, "§C1", "getFormList with two bad parameters (page and page_size) crashes joining the validation messages: the framework's HTML 500 page"},
		{BugA1QrcodesFractionalSize, "§C1", "listQrcodes reads a fractional page_size (2.5) as its integer part (PHP intval) instead of a parameter error"},
		{BugA1QrcodesLocalTimeUTC, "§4.5, §C5", "listQrcodes reads a time without zone (2026-01-06 08:00:00) as UTC instead of UTC+08:00 (time.Parse where templates/list uses ParseInLocation)"},
		{BugA1TemplatesDateStartEOD, "§4.4, §C10", "templates/list reads a date-only start_time as the end of that day (23:59:59), as end_time is (the upper flag copied): items of that day are left out"},
		{BugA1QrcodesZAsLocal, "§4.5", "listQrcodes reads a trailing Z as the service's own zone (UTC+08:00): the same instant written in Z selects other sub-codes"},
		{BugA1CursorTiesSkipped, "§4.4", "templates/list pages by keyset on creation time alone: an item created in the same second as the last item of a page is skipped, the walk holds fewer than total"},
		{BugA1TokenOtherOrg, "§C2, §4.4", "templates/list takes the organization from the page token, not from the key: another organization's key sent our token lists our templates"},
		{BugA1QrcodesWindowOtherOrg, "§C2, §4.5", "listQrcodes with start_time or end_time looks the template up in every organization: another organization's key lists our sub-codes in a window"},
		{BugA1QrcodesURLDropsWindow, "§4.5", "listQrcodes by the template's full URL drops start_time and end_time: by URL lists every sub-code, by coding those in the window"},
		{BugA1CodeIDIsRecordID, "§3.1, §C10", "verify compares code_id with the record's id instead of its QR code's: the right code_id is 100323"},
		{BugA1TplIDIsFlowID, "§3.1, §C10", "verify compares tpl_id with the flow's id instead of the form's: the right tpl_id is 100323"},
		{BugA1NextIgnoresFrom, "§4.2, §7", "set_next_certificate_status ignores from_certificate_status: a record in another status moves"},
		{BugA1ReadKeySets, "§5, §C2", "the write permission is checked on set_next_certificate_status only: a read key moves a record with set_certificate_status"},
		{BugA1OtherOrgNext, "§C2", "set_next_certificate_status finds the credential platform-wide (codes are unique on the platform): another organization's key moves ours"},
		{BugA1LimitedKeySets, "§5", "a key limited to some forms is checked on set_next_certificate_status only: with set_certificate_status it moves another form's credential"},
		{BugA1FromIDUnchecked, "§4.2, §7", "from_certificate_status is compared by name only: one written as an id is never compared, a wrong id moves the record"},
		{BugA1FromNumberIgnored, "§C1, §4.2", "a from_certificate_status sent as a JSON number is read as absent: the move skips the check instead of a parameter error"},
		{BugA1LimitedKeyByURL, "§5", "a key limited to some forms is checked in the code lookup only: by the record's full URL it moves another form's credential"},
		{BugA1StatusEchoesRequest, "§3.1", "verify's certificate_status echoes to_certificate_status as sent: a target named by id answers the id (12), not the status's text"},
		{BugA1MarkdownClearAfterMove, "§C8", "after a verify the record's markdown is re-rendered from the write model: its masked values in clear"},
		{BugA1ByURLStaleAfterMove, "§4.1", "getRecord by record_url is served from a cache a verify does not invalidate: by URL shows the status before the move, by id the new one"},
		{BugA1HolderInTitle, "§C8", "json-ld name and the markdown title of a credential record name its holder in clear (陈静怡的会员卡核销) where json masks the name"},
		{BugA1MarkdownPhoneGrouped, "§C8", "markdown writes phone numbers grouped for reading (138 1234 5678) from the clear value: the number json masks shows in clear"},
		{BugA1UnknownPathHTML, "§C1", "an unknown path gets the framework's HTML 404 page"},
		{BugA1BodyTooLargeHTML, "§C1", "a body over 1 MiB gets the front proxy's HTML 413 page"},
		{BugA1EmptyBearerReads, "§5, §C2", "Authorization: Bearer with an empty key matches the key row a migration left with an empty secret: a client whose key variable is unset reads our data"},
	}, Variants: []VariantInfo{
		{VariantA1QuotedKeys, "markdown front-matter keys written as double-quoted scalars (\"record_id\": 800001)",
			"§2.2: \"a front-matter block holding at least a title and record_id\"; §C7: YAML front matter; YAML 1.2 §7.3.1: a double-quoted scalar is a mapping key like a plain one"},
		{VariantA1MarkdownCR, "markdown lines end with CR alone",
			"§2.2 fixes front matter and a heading, not line endings; CommonMark 0.31 §2.1: \"a carriage return (U+000D) not followed by a line feed\" is a line ending; YAML 1.2 §5.4: CR is a line break"},
		{VariantA1FrontMatterSpace, "markdown's opening --- is followed by a space before its line ends",
			"§2.2: \"starts with a front-matter block\"; YAML 1.2 §9.1.2: the directives end marker --- is followed by white space or a line break"},
		{VariantA1ReadKey100328, "a read key calling verify gets code 400, error_code 100328 (the limited key's refusal)",
			"§C2 statement C2.writeScope: \"verify with a key without write permission is refused: code 401 or 403, or error_code 100328\""},
		{VariantA1QuotedCharset, "Content-Type application/json; charset=\"utf-8\"",
			"§C1: a charset, when given, is utf-8; RFC 9110 §5.6.6: a parameter value may be a token or a quoted-string, and both are equivalent"},
		{VariantA1BareAuthBodies, "401 and 403 answers are {code, message} only, in no endpoint's shape",
			"§C3: \"The shape of a 401/403 body is never failed, only noted\""},
		{VariantA1StatusLines, "parameter errors answer HTTP 422, verify's state errors (100324, 100326) HTTP 409",
			"§C1: \"HTTP status line of errors | KIT (§7 leaves it open); never asserted\""},
		{VariantA1IdentifierObject, "json-ld identifier is a schema.org PropertyValue object, not a string",
			"§2.2: json-ld has @context, @type, identifier, name, url and mainEntity; \"The rest of its layout is open (§C7)\" (schema.org identifier takes Text, URL or PropertyValue)"},
		{VariantA1NameValueObject, "json-ld name is a JSON-LD value object with a language ({\"@value\": ..., \"@language\": \"zh\"})",
			"§2.2: json-ld has a name; \"The rest of its layout is open (§C7)\"; JSON-LD 1.1 §4.2.4: a value object expresses a string with its language"},
		{VariantA1EmptyMessage, "every success carries message \"\"",
			"§1.2: \"a string message\"; §C9: the runner never fails a target on the text of message"},
		{VariantA1OtherOrg403, "getRecord of another organization's record is code 403, error_code 100403",
			"§C2: \"A key of another organization, any endpoint | KIT; the runner asserts only that nothing of ours is shown\"; statement C2.tenancy: another organization's key sees none of our records"},
	}}
}
