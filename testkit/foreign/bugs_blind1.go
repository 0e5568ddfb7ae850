package foreign

// Blind round 1: bugs and correct variants written from docs/contract.md
// alone, without reading the conformance runner. Each bug is a mistake an
// implementer could ship where a statement holds on the answer a reader
// looks at first and breaks on another one: a later page, a filter, another
// format, a read after a verify, another way of addressing an object,
// another time offset, another organization, another bad parameter.

// The bugs of blind round 1.
const (
	BugB1FilterFirstPageOnly    Bug = "b1-form-filter-first-page-only"
	BugB1TokenSkipsOne          Bug = "b1-cursor-token-skips-one"
	BugB1QrcodesLaterPagesAll   Bug = "b1-qrcodes-later-pages-drop-window"
	BugB1TokenOnExactLastPage   Bug = "b1-cursor-token-on-exact-last-page"
	BugB1FormMaxRefused         Bug = "b1-form-page-size-20-refused"
	BugB1SearchDropsNumber      Bug = "b1-form-search-drops-number"
	BugB1SearchOtherOrg         Bug = "b1-form-search-other-org"
	BugB1TemplatesStartExcl     Bug = "b1-templates-start-exclusive"
	BugB1QrcodesEndExcl         Bug = "b1-qrcodes-end-exclusive"
	BugB1TimeOffsetDropped      Bug = "b1-time-offset-dropped"
	BugB1JSONLDLeaksMasked      Bug = "b1-jsonld-leaks-masked"
	BugB1MarkdownIDIsNumber     Bug = "b1-markdown-record-id-is-number"
	BugB1MarkdownNoHeadingNoTpl Bug = "b1-markdown-no-heading-without-form"
	BugB1ByURLIgnoresFormat     Bug = "b1-by-url-ignores-format"
	BugB1JSONLDAsString         Bug = "b1-jsonld-as-string"
	BugB1MarkdownMasksNamesOnly Bug = "b1-markdown-masks-names-only"
	BugB1VerifyRewritesMethod   Bug = "b1-verify-rewrites-submit-method"
	BugB1MasksLostAfterVerify   Bug = "b1-masks-lost-after-verify"
	BugB1ByURLCrossesOrgs       Bug = "b1-record-by-url-crosses-orgs"
	BugB1VerifyURLCrossesOrgs   Bug = "b1-verify-by-url-crosses-orgs"
	BugB1QrcodesURLCrossesOrgs  Bug = "b1-qrcodes-by-url-crosses-orgs"
	BugB1VerifyURLRefused       Bug = "b1-verify-url-refused"
	BugB1VerifyStatusIDRefused  Bug = "b1-verify-status-id-refused"
	BugB1TemplatesTotalAllOrgs  Bug = "b1-templates-total-all-orgs"
	BugB1OtherFormatsOtherOrg   Bug = "b1-other-formats-other-org"
	BugB1UnknownCodeGeneric     Bug = "b1-verify-unknown-code-100319"
	BugB1CodeIDNotIntIgnored    Bug = "b1-verify-bad-code-id-ignored"
	BugB1TplIDZeroUnscoped      Bug = "b1-verify-tpl-id-zero-unscoped"
	BugB1QrcodesMissing404      Bug = "b1-qrcodes-missing-template-404"
	BugB1StateErrorsDataArray   Bug = "b1-verify-state-errors-data-array"
	BugB1UnknownURLCodeZero     Bug = "b1-unknown-url-code-zero"
	BugB1PageSizeHTML           Bug = "b1-form-bad-page-size-html"
	BugB1ActiveZeroEpoch        Bug = "b1-active-at-zero-epoch-iso"
	BugB1NotaryISOUTC           Bug = "b1-notary-iso-utc"
	BugB1UploadTimeRFC3339      Bug = "b1-upload-time-rfc3339"
	BugB1ProjectEmptyArray      Bug = "b1-form-project-empty-array"
)

// The correct variants of blind round 1.
const (
	VariantB1FormsByName       Variant = "b1-forms-by-name-items-by-id-desc"
	VariantB1MembersReversed   Variant = "b1-members-reversed"
	VariantB1PrettyJSON        Variant = "b1-pretty-json"
	VariantB1UnicodeEscaped    Variant = "b1-unicode-escaped"
	VariantB1MarkdownSetext    Variant = "b1-markdown-setext-heading"
	VariantB1MarkdownCRLF      Variant = "b1-markdown-crlf"
	VariantB1JSONLDContextList Variant = "b1-jsonld-context-array"
	VariantB1VerifyOrder       Variant = "b1-verify-checks-reversed"
	VariantB1Auth403Always200  Variant = "b1-auth-403-http-200"
	VariantB1OptionalMembers   Variant = "b1-optional-members"
	VariantB1ServerTokens      Variant = "b1-server-side-tokens"
	VariantB1ChineseMessages   Variant = "b1-chinese-messages"
)

func blindRound1() Round {
	return Round{Name: "blind-1", Kind: "blind", Bugs: []BugInfo{
		{BugB1FilterFirstPageOnly, "§4.3", "getFormList applies search_key and number on page 1 only: later pages of a filtered walk list unfiltered forms while total counts the filtered ones"},
		{BugB1TokenSkipsOne, "§4.4", "templates/* next_page_token points one item past the page's end: every page boundary loses an item, the walk holds fewer than total"},
		{BugB1QrcodesLaterPagesAll, "§4.5", "listQrcodes applies start_time and end_time on the first page only: pages reached with a token list sub-codes outside the window"},
		{BugB1TokenOnExactLastPage, "§4.4", "templates/* set next_page_token whenever a page is full: a last page that ends exactly on a page_size boundary carries a token to an empty page"},
		{BugB1FormMaxRefused, "§8", "getFormList refuses page_size 20, the maximum itself (>= instead of >)"},
		{BugB1SearchDropsNumber, "§4.3", "getFormList with search_key ignores number: both sent, only the search applies"},
		{BugB1SearchOtherOrg, "§4.3, §C2", "getFormList search_key searches every organization's forms: another organization's form shows under a key its name holds"},
		{BugB1TemplatesStartExcl, "§4.4", "templates/list start_time is exclusive: a template created at that very second is left out"},
		{BugB1QrcodesEndExcl, "§4.5", "listQrcodes end_time is exclusive: a sub-code created at that very second is left out"},
		{BugB1TimeOffsetDropped, "§4.4", "templates/* read start_time and end_time with their offset (Z, +00:00) dropped, as UTC+08:00 wall time: the same instant in another offset selects other items"},
		{BugB1JSONLDLeaksMasked, "§C8", "the json-ld representation shows masked values in clear"},
		{BugB1MarkdownIDIsNumber, "§2.2", "markdown's front-matter record_id carries the record_number"},
		{BugB1MarkdownNoHeadingNoTpl, "§2.2", "markdown of a record without a form has no top-level heading"},
		{BugB1ByURLIgnoresFormat, "§4.1", "getRecord by record_url alone ignores format: json-ld and markdown by URL come as json"},
		{BugB1JSONLDAsString, "§4.1", "getRecord json-ld carries data.data as a JSON text (a string), not an object"},
		{BugB1MarkdownMasksNamesOnly, "§C8", "markdown masks name fields but shows phone and identity numbers that json masks in clear"},
		{BugB1VerifyRewritesMethod, "§2.1, §3.1", "a successful verify rewrites the record's submit_method to 核销 (the write model's own label): a field the move may not change changes"},
		{BugB1MasksLostAfterVerify, "§2.1", "after a successful verify the record is re-rendered from the write model: its masked fields come in clear in json, is_masked still true"},
		{BugB1ByURLCrossesOrgs, "§C2", "getRecord by record_url finds any organization's record: another organization's key reads ours by URL"},
		{BugB1VerifyURLCrossesOrgs, "§C2", "verify by the record's full URL finds any organization's credential: another organization's key moves ours"},
		{BugB1QrcodesURLCrossesOrgs, "§C2, §4.5", "listQrcodes by the template's full URL finds any organization's template"},
		{BugB1VerifyURLRefused, "§4.2", "verify does not accept the credential record's full URL as certificate_code (100320)"},
		{BugB1VerifyStatusIDRefused, "§4.2", "verify names statuses by name only: a status id written as a string is unknown"},
		{BugB1TemplatesTotalAllOrgs, "§4.4, §C2", "templates/list total counts every organization's templates; the walk holds fewer"},
		{BugB1OtherFormatsOtherOrg, "§C2", "getRecord json-ld and markdown by record_id skip the organization check: another organization's key reads our records in those formats"},
		{BugB1UnknownCodeGeneric, "§7", "verify of a certificate code that names no record is 100319, not 100320"},
		{BugB1CodeIDNotIntIgnored, "§7", "verify reads a code_id that is not an integer as absent (PHP intval): the move succeeds instead of 100301"},
		{BugB1TplIDZeroUnscoped, "§7", "verify treats tpl_id 0 as absent: tpl_id 0 does not scope the move (success instead of 100323)"},
		{BugB1QrcodesMissing404, "§4.5", "listQrcodes without template answers 404 (an unknown template), not 400"},
		{BugB1StateErrorsDataArray, "§C3", "verify's state errors (100324, 100326) carry data [] (a PHP empty array), not {}"},
		{BugB1UnknownURLCodeZero, "§4.1", "getRecord of an unknown record_url answers code 0 with data null"},
		{BugB1PageSizeHTML, "§C1", "getFormList with a page_size that is not a number answers an HTML error page, HTTP 500"},
		{BugB1ActiveZeroEpoch, "§1.3", "a form never active has active_at 0 and active_at_iso 1970-01-01 08:00:00(UTC+08:00), not \"\""},
		{BugB1NotaryISOUTC, "§1.3", "trusted_notary.notarized_at_iso is written in UTC while labelled UTC+08:00"},
		{BugB1UploadTimeRFC3339, "§1.3", "media upload_time_iso strings are RFC 3339 (2026-01-08T09:30:00+08:00), not the §1.3 shape"},
		{BugB1ProjectEmptyArray, "§2.3", "getFormList writes a form without project as project [] (a PHP empty array), not null"},
	}, Variants: []VariantInfo{
		{VariantB1FormsByName, "forms ordered by name, templates and sub-codes by id descending",
			"§C5: \"getFormList order | KIT; never asserted\"; \"templates/* order | KIT; never asserted\""},
		{VariantB1MembersReversed, "every JSON object's members in reverse order",
			"§2.1 lists members, never their order; RFC 8259 §4: \"An object is an unordered collection of zero or more name/value pairs\""},
		{VariantB1PrettyJSON, "every answer indented, a newline at the end",
			"§C1: the body is \"one JSON object\" (RFC 8259 §2: insignificant whitespace is allowed before or after any token)"},
		{VariantB1UnicodeEscaped, "every non-ASCII character written as a \\u escape, as PHP's json_encode does by default",
			"RFC 8259 §7: any character may be escaped; §C1 asks for UTF-8 JSON, which pure ASCII is"},
		{VariantB1MarkdownSetext, "markdown's top-level heading in setext syntax (the title underlined with =)",
			"§2.2: \"then a top-level heading\"; CommonMark 0.31 §4.3: a setext heading underlined with = is a level-1 heading"},
		{VariantB1MarkdownCRLF, "markdown lines end with CR LF",
			"§2.2 fixes front matter and a heading, not line endings; CommonMark 0.31 §2.1: \"A line ending is a line feed (U+000A), a carriage return (U+000D) not followed by a line feed, or a carriage return and a following line feed\""},
		{VariantB1JSONLDContextList, "json-ld @context an array (schema.org and a local prefix), @type a list",
			"§2.2: json-ld has @context, @type, identifier, name, url and mainEntity; \"The rest of its layout is open (§C7)\""},
		{VariantB1VerifyOrder, "verify's precondition checks (§C6 steps 5 to 9) run in reverse order",
			"§C6: \"The order is KIT; the codes are SPEC (§7)\""},
		{VariantB1Auth403Always200, "a missing or unknown key is code 403 / error_code 100403, and every error answers HTTP 200",
			"§5 item 4: \"Failed authentication or permission may answer code 401 or 403\"; §C1: \"HTTP status line of errors | KIT (§7 leaves it open); never asserted\""},
		{VariantB1OptionalMembers, "optional members written as null when empty, Field.group_id left out, field_short_name added",
			"§2.1: Field has \"optional field_desc string, field_short_name string, group_id integer\"; qrcode \"optional category_id, integer or null\"; audit's optional members \"each nullable\""},
		{VariantB1ServerTokens, "page tokens are random server-side handles, not signed offsets",
			"§C5: \"page_token | KIT; never asserted | Opaque and URL-safe\"; §4.4: \"the previous page's next_page_token\""},
		{VariantB1ChineseMessages, "success message 操作成功, error messages in Chinese",
			"§1.2: message is \"a string\"; §C9: \"the runner never fails a target on the text of message or message_detail\""},
	}}
}
