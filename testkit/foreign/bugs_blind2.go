package foreign

// Blind round 2: bugs and correct variants written from docs/contract.md
// alone, without reading the conformance runner, in classes round 1 left
// alone: what a verify does beyond its own record and answer, masking of
// one field type or on one way in, the default equal to its explicit
// value, totals and tokens of filtered or empty walks, offsets other than
// the common two, other records' optional blocks, two parameters where
// one is bad, and transport choices HTTP leaves open.

// The bugs of blind round 2.
const (
	BugB2VerifyMovesSiblings      Bug = "b2-verify-moves-siblings"
	BugB2VerifyOrgIDIsFormID      Bug = "b2-verify-org-id-is-form-id"
	BugB2VerifyNumberIsCode       Bug = "b2-verify-record-number-is-code"
	BugB2CodeIDIgnored            Bug = "b2-verify-code-id-ignored"
	BugB2RepeatByID               Bug = "b2-verify-repeat-by-id-succeeds"
	BugB2UnknownURL500            Bug = "b2-verify-unknown-url-500"
	BugB2ReadKeyVerifiesByURL     Bug = "b2-read-key-verifies-by-url"
	BugB2OtherOrgVerifyWithTpl    Bug = "b2-other-org-verifies-with-tpl-id"
	BugB2StateChangeColorName     Bug = "b2-state-change-colour-name"
	BugB2ProcessColorNoHash       Bug = "b2-process-status-colour-no-hash"
	BugB2VerifyBusinessCodeZero   Bug = "b2-verify-late-errors-code-0"
	BugB2JSONLDByURLLeaksMasked   Bug = "b2-jsonld-by-url-leaks-masked"
	BugB2CustomerMobileClear      Bug = "b2-customer-mobile-clear"
	BugB2DefaultFormatUnmasked    Bug = "b2-default-format-unmasked"
	BugB2PerPageEchoesRequest     Bug = "b2-form-per-page-echoes-request"
	BugB2QrcodesTotalLaterPages   Bug = "b2-qrcodes-later-pages-total-unfiltered"
	BugB2EmptyListToken           Bug = "b2-cursor-empty-list-token"
	BugB2QrcodesCap30             Bug = "b2-qrcodes-page-size-capped-30"
	BugB2SearchIgnoresNumberField Bug = "b2-search-ignores-number"
	BugB2QrcodesBoundsSwapped     Bug = "b2-qrcodes-bounds-swapped"
	BugB2OffsetSignInverted       Bug = "b2-qrcodes-offset-sign-inverted"
	BugB2TemplatesWindowOtherOrgs Bug = "b2-templates-window-other-orgs"
	BugB2MarkdownIDZeroByURL      Bug = "b2-markdown-by-url-record-id-0"
	BugB2JSONLDNoNameWithoutForm  Bug = "b2-jsonld-no-name-without-form"
	BugB2MarkdownContentTypePlain Bug = "b2-markdown-content-type-plain"
	BugB2AuditStatusString        Bug = "b2-audit-status-string"
	BugB2OCRImageOmitted          Bug = "b2-ocr-image-omitted"
	BugB2AuditTextsDiffer         Bug = "b2-audit-texts-differ"
	BugB2CategoryIDString         Bug = "b2-category-id-string"
	BugB2FormListErrorNoDetail    Bug = "b2-form-error-no-detail"
	BugB2RecordErrorCodeString    Bug = "b2-record-error-code-string"
	BugB2BadRecordIDWithURL       Bug = "b2-bad-record-id-beside-url"
	BugB2PageStringIgnored        Bug = "b2-form-bad-page-ignored"
	BugB2TemplatesPageSizeZero    Bug = "b2-templates-page-size-0-default"
	BugB2ArrayBody                Bug = "b2-form-array-body-served"
	BugB2BadTimeIgnored           Bug = "b2-templates-bad-time-ignored"
	BugB2QrcodesBadKey            Bug = "b2-qrcodes-any-key"
)

// The correct variants of blind round 2.
const (
	VariantB2HeadingClosed      Variant = "b2-markdown-heading-closing-hashes"
	VariantB2HeadingIndented    Variant = "b2-markdown-heading-indented"
	VariantB2FrontMatterOrder   Variant = "b2-front-matter-comment-and-order"
	VariantB2VerifyNoDetail     Variant = "b2-verify-errors-without-detail"
	VariantB2FormDetailEmpty    Variant = "b2-form-errors-empty-detail"
	VariantB2TemplatesDetail    Variant = "b2-templates-errors-with-detail"
	VariantB2ReadKeyVerify401   Variant = "b2-read-key-verify-401"
	VariantB2Gzip               Variant = "b2-gzip"
	VariantB2NoCharset          Variant = "b2-content-type-without-charset"
	VariantB2CharsetUpper       Variant = "b2-charset-upper-case"
	VariantB2VerifyExtraData    Variant = "b2-verify-extra-data"
	VariantB2JSONLDPlainEntries Variant = "b2-jsonld-plain-entries"
)

func blindRound2() Round {
	return Round{Name: "blind-2", Kind: "blind", Bugs: []BugInfo{
		{BugB2VerifyMovesSiblings, "§3.1", "a set_certificate_status move also moves every other record of the form that is in the same status (an UPDATE on form and status)"},
		{BugB2VerifyOrgIDIsFormID, "§4.2", "verify's success data carries the form id as org_id"},
		{BugB2VerifyNumberIsCode, "§4.2", "verify's success data carries the record code as record_number"},
		{BugB2CodeIDIgnored, "§7", "verify never compares code_id: a credential of another QR code moves instead of 100323"},
		{BugB2RepeatByID, "§7", "a repeated verification naming the current status by its id succeeds (the repeat check compares names) and appends a move to itself"},
		{BugB2UnknownURL500, "§7", "verify of a full URL that names no record crashes: HTTP 500, code 500, error_code 100300 instead of 100320"},
		{BugB2ReadKeyVerifiesByURL, "§5", "a read key may verify when certificate_code is the record's full URL (the write check sits on the code path only)"},
		{BugB2OtherOrgVerifyWithTpl, "§C2", "verify with tpl_id looks the credential up in that form, whatever its organization: another organization's key moves ours"},
		{BugB2StateChangeColorName, "§2.1", "state_changes written by a verify carry colour names (green) instead of hex"},
		{BugB2ProcessColorNoHash, "§2.1", "process_status.color is written without its # (52C41A)"},
		{BugB2VerifyBusinessCodeZero, "§7, §C3", "verify's errors 100327 and 100329 carry code 0: a client that tests code takes them for a success"},
		{BugB2JSONLDByURLLeaksMasked, "§C8", "getRecord json-ld by record_url shows masked values in clear (by record_id they are masked)"},
		{BugB2CustomerMobileClear, "§2.1", "customer_mobile values come in clear in json while is_masked is true (the mask table lacks the type)"},
		{BugB2DefaultFormatUnmasked, "§4.1", "getRecord without format goes through a legacy path that does not mask: the default differs from format json"},
		{BugB2PerPageEchoesRequest, "§8", "getFormList clamps a page_size over 20 to 20 forms but per_page echoes the size asked for"},
		{BugB2QrcodesTotalLaterPages, "§4.5", "listQrcodes pages reached with a token count total without the time window"},
		{BugB2EmptyListToken, "§4.4", "templates/* answer an empty list with a next_page_token"},
		{BugB2QrcodesCap30, "§8", "listQrcodes serves at most 30 sub-codes a page whatever page_size up to 100 asks"},
		{BugB2SearchIgnoresNumberField, "§4.3", "search_key matches form names and notes but not numbers"},
		{BugB2QrcodesBoundsSwapped, "§4.5", "listQrcodes reads start_time as the upper bound and end_time as the lower"},
		{BugB2OffsetSignInverted, "§4.5", "listQrcodes applies an offset other than +08:00 and Z with the wrong sign"},
		{BugB2TemplatesWindowOtherOrgs, "§4.4, §C2", "templates/list with a time window lists every organization's templates in it"},
		{BugB2MarkdownIDZeroByURL, "§2.2", "markdown read by record_url has record_id 0 in its front matter"},
		{BugB2JSONLDNoNameWithoutForm, "§2.2", "json-ld of a record without a form has no name member"},
		{BugB2MarkdownContentTypePlain, "§4.1", "getRecord markdown says content_type text/plain; charset=utf-8"},
		{BugB2AuditStatusString, "§2.1", "audit.status is written as a string (\"2\")"},
		{BugB2OCRImageOmitted, "§2.1", "an OCR value without a source image leaves image out instead of null"},
		{BugB2AuditTextsDiffer, "§2.1, §3.2", "a pending review reads 待审核 on one record and 审核中 on another"},
		{BugB2CategoryIDString, "§2.1", "qrcode.category_id is written as a string (\"12\")"},
		{BugB2FormListErrorNoDetail, "§C3", "getFormList errors lack message_detail"},
		{BugB2RecordErrorCodeString, "§C3", "getRecord errors carry error_code as a string"},
		{BugB2BadRecordIDWithURL, "§C1", "getRecord ignores a record_id that is not an integer when record_url is given, and answers the URL's record"},
		{BugB2PageStringIgnored, "§C1", "getFormList serves page 1 for a page that is not a number"},
		{BugB2TemplatesPageSizeZero, "§C1", "templates/list serves page_size 0 as the default (a falsy test)"},
		{BugB2ArrayBody, "§C1", "getFormList serves a body that is a JSON array as if it were {}"},
		{BugB2BadTimeIgnored, "§C1, §4.4", "templates/list ignores a start_time it cannot read and lists everything"},
		{BugB2QrcodesBadKey, "§C2", "listQrcodes accepts any non-empty key as our organization's read key"},
	}, Variants: []VariantInfo{
		{VariantB2HeadingClosed, "markdown's top-level heading with a closing sequence (# title #)",
			"§2.2: \"then a top-level heading\"; CommonMark 0.31 §4.2: \"The optional closing sequence of #s ... is not part of the content\""},
		{VariantB2HeadingIndented, "markdown's top-level heading indented by three spaces",
			"§2.2: \"then a top-level heading\"; CommonMark 0.31 §4.2: \"One to three spaces of indentation are allowed\""},
		{VariantB2FrontMatterOrder, "markdown front matter opens with a YAML comment, record_id before title, title in single quotes",
			"§2.2: \"a front-matter block holding at least a title and record_id\"; YAML 1.2 §6.6 comments, §7.3.2 single-quoted scalars; members of a mapping are unordered"},
		{VariantB2VerifyNoDetail, "verify errors leave message_detail out",
			"§4.2: \"plus message_detail, which may be empty or left out\""},
		{VariantB2FormDetailEmpty, "getFormList errors carry message_detail \"\"",
			"§4.3: \"Error: {code, error_code, message, message_detail}; message_detail may be empty\""},
		{VariantB2TemplatesDetail, "templates/* errors carry a message_detail member beside code, message and data",
			"§C3: \"The mock sends message_detail in the templates shape too (an extra member the shape allows)\""},
		{VariantB2ReadKeyVerify401, "a read key calling verify gets code 401, error_code 100401",
			"§5 item 4: \"Failed authentication or permission may answer code 401 or 403\""},
		{VariantB2Gzip, "answers gzip-compressed (Content-Encoding: gzip) when the request accepts gzip",
			"§1.1: \"Answers are JSON\"; RFC 9110 §8.4.1: a content coding the request's Accept-Encoding accepts"},
		{VariantB2NoCharset, "Content-Type application/json without a charset",
			"§C1: \"A missing charset is read as UTF-8 (RFC 8259)\""},
		{VariantB2CharsetUpper, "Content-Type application/json; charset=UTF-8",
			"§C1: a charset, when given, is utf-8; RFC 2046 §4.1.2: charset values are case-insensitive"},
		{VariantB2VerifyExtraData, "verify's success data carries status_id and verified_at beside the five members",
			"§4.2 lists what the success data holds and, unlike §2.1 (\"A closed object\") and §4.1 (\"nothing else at the top\"), does not close it"},
		{VariantB2JSONLDPlainEntries, "json-ld mainEntity lists PropertyValue entries directly, with numberOfItems",
			"§2.2: \"mainEntity, an item list named for the component data. The rest of its layout is open (§C7)\""},
	}}
}
