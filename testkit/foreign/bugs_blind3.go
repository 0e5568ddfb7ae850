package foreign

// Blind round 3: bugs and correct variants written from docs/contract.md
// alone, without reading the conformance runner, in places the earlier
// rounds left alone: keys compared under a database collation, writes
// committed before a refusal, continuation queries that lose a clause,
// filters a framework rewrites (trimmed strings), joins that pick the
// wrong column, times compared as text, one field type's serializer, one
// record's template branch, the validation layer's own error shape, and
// the answers a router or a middleware writes before the service does.

// The bugs of blind round 3.
const (
	BugB3KeyCaseless            Bug = "b3-api-key-caseless-collation"
	BugB3TemplatesLaterAllOrgs  Bug = "b3-templates-token-pages-all-orgs"
	BugB3ReadKeyMovesThenRefuse Bug = "b3-read-key-verify-commits-then-refuses"
	BugB3BothFiltersDropOrg     Bug = "b3-form-both-filters-drop-org"
	BugB3LastPageFloor          Bug = "b3-form-last-page-floor"
	BugB3TokenDefaultStride     Bug = "b3-cursor-token-advances-default-size"
	BugB3EmptyTemplate404       Bug = "b3-qrcodes-empty-template-404"
	BugB3CurrentPageString      Bug = "b3-form-default-current-page-string"
	BugB3NumberTrimmed          Bug = "b3-form-number-trimmed"
	BugB3TemplatePrefix         Bug = "b3-qrcodes-template-prefix-match"
	BugB3OffsetMinutesDropped   Bug = "b3-templates-offset-minutes-dropped"
	BugB3WindowOnTemplateTime   Bug = "b3-qrcodes-window-on-template-time"
	BugB3TimeStringCompare      Bug = "b3-qrcodes-time-compared-as-text"
	BugB3JSONLDNoCharset        Bug = "b3-jsonld-content-type-no-charset"
	BugB3FormatEchoInternal     Bug = "b3-jsonld-format-echo-internal-name"
	BugB3MainEntityPerGroup     Bug = "b3-jsonld-main-entity-per-group"
	BugB3CredentialMDNewline    Bug = "b3-credential-markdown-leading-newline"
	BugB3ByURLLostAfterVerify   Bug = "b3-by-url-lost-after-verify"
	BugB3MaskedFlagNamesOnly    Bug = "b3-is-masked-flag-names-only"
	BugB3ShortValuesClear       Bug = "b3-short-values-unmasked"
	BugB3BothIDsUnmasked        Bug = "b3-record-id-and-url-unmasked"
	BugB3NumberValueString      Bug = "b3-number-value-decimal-string"
	BugB3ChainedLevelZero       Bug = "b3-chained-level-from-zero"
	BugB3FileNameNoExt          Bug = "b3-file-name-without-extension"
	BugB3DynamicUUIDEmpty       Bug = "b3-dynamic-matrix-uuid-empty-string"
	BugB3DiffMediaAllMembers    Bug = "b3-diff-media-item-all-members"
	BugB3SignatureNoSize        Bug = "b3-signature-no-width-height"
	BugB3ManualUserNull         Bug = "b3-manual-record-user-id-null"
	BugB3NoFormTemplateEmpty    Bug = "b3-no-form-record-template-empty"
	BugB3UpdatedISOFromCreated  Bug = "b3-form-updated-iso-from-created"
	BugB3SubcodeIDString        Bug = "b3-subcode-id-string"
	BugB3NextFromStale          Bug = "b3-verify-next-from-stale-status"
	BugB3FormVerifyFlagIgnored  Bug = "b3-verify-form-flag-ignored"
	BugB3IdentityAsUnapproved   Bug = "b3-verify-identity-as-100322"
	BugB3SubmitAtMillis         Bug = "b3-verify-submit-at-millis"
	BugB3TemplatesCode422       Bug = "b3-templates-validation-422"
	BugB3Qrcodes404DataNull     Bug = "b3-qrcodes-404-data-null"
	BugB3UnknownFormatJSON      Bug = "b3-record-unknown-format-as-json"
	BugB3VerifyParamNoData      Bug = "b3-verify-param-errors-no-data"
	BugB3TokenNotStringIgnored  Bug = "b3-qrcodes-token-not-string-ignored"
	BugB3MethodPlainText        Bug = "b3-405-plain-text"
	BugB3MalformedAuthEmpty     Bug = "b3-malformed-auth-empty-401"
	BugB3TemplatesTrailingDebug Bug = "b3-templates-trailing-debug-comment"
)

// The correct variants of blind round 3.
const (
	VariantB3TargetBeforeState Variant = "b3-verify-target-before-state"
	VariantB3SingleUseTokens   Variant = "b3-single-use-page-tokens"
	VariantB3PastEndRefused    Variant = "b3-form-page-past-end-refused"
	VariantB3NumberExponent    Variant = "b3-numbers-with-exponent"
	VariantB3HeadingTight      Variant = "b3-markdown-heading-right-after-front-matter"
	VariantB3TitleBlockScalar  Variant = "b3-front-matter-title-block-scalar"
	VariantB3JSONLDURLNode     Variant = "b3-jsonld-url-node-object"
	VariantB3MaskBullets       Variant = "b3-mask-bullets"
	VariantB3MaskAll           Variant = "b3-mask-every-character"
	VariantB3ISOBasicFormat    Variant = "b3-iso-8601-basic-and-minutes"
	VariantB3ListItemsExtra    Variant = "b3-list-items-extra-members"
	VariantB3EscapedSlashes    Variant = "b3-escaped-slashes"
)

func blindRound3() Round {
	return Round{Name: "blind-3", Kind: "blind", Bugs: []BugInfo{
		{BugB3KeyCaseless, "§5, §C2", "API keys are looked up under a case-insensitive collation: a key nobody issued that differs from ours in letter case reads as ours"},
		{BugB3TemplatesLaterAllOrgs, "§4.4, §C2", "templates/list pages reached with a page_token run a continuation query without the organization clause: later pages list another organization's templates"},
		{BugB3ReadKeyMovesThenRefuse, "§5 item 3", "verify with a read key commits the move, then the permission check answers 403: the refused move has happened"},
		{BugB3BothFiltersDropOrg, "§4.3, §C2", "getFormList with number and search_key together builds its query without the organization clause: another organization's form with that number and key is listed"},
		{BugB3LastPageFloor, "§4.3", "getFormList last_page is floor(total / per_page): a client that stops at current_page >= last_page never reads the last, partial page"},
		{BugB3TokenDefaultStride, "§4.4, §4.5", "templates/* next_page_token advances by the default page size (20), not by the page_size asked: walks at another size skip or repeat items"},
		{BugB3EmptyTemplate404, "§4.5", "listQrcodes of an existing template without sub-codes answers 404 (an inner join of template and sub-codes finds no row)"},
		{BugB3CurrentPageString, "§4.3", "getFormList without page answers current_page \"1\", a string (the default taken from the request layer's default value)"},
		{BugB3NumberTrimmed, "§4.3", "getFormList trims number (the framework trims every input string): \" FX-001 \" hits form FX-001, and a number of only spaces hits every form"},
		{BugB3TemplatePrefix, "§4.5", "listQrcodes looks template up with LIKE 'x%': a coding that does not exist but begins an existing one lists that template's sub-codes instead of 404"},
		{BugB3OffsetMinutesDropped, "§4.4", "templates/list applies the hours of a time's offset only: +05:30 reads as +05:00, so the same instant written at a half-hour offset selects other templates"},
		{BugB3WindowOnTemplateTime, "§4.5", "listQrcodes filters start_time and end_time on the template's creation time (an ambiguous created_at in a join), not on the sub-codes'"},
		{BugB3TimeStringCompare, "§4.5", "listQrcodes compares start_time and end_time as text with the stored 'YYYY-MM-DD HH:MM:SS' local times: an RFC 3339 time, another offset or a date alone as end_time selects the wrong sub-codes"},
		{BugB3JSONLDNoCharset, "§4.1", "getRecord json-ld says content_type application/ld+json, without its charset"},
		{BugB3FormatEchoInternal, "§4.1", "getRecord json-ld echoes data.format as jsonld, the internal name of the format"},
		{BugB3MainEntityPerGroup, "§2.2", "json-ld of a record with several field groups has mainEntity an array of item lists, one per group, not an item list"},
		{BugB3CredentialMDNewline, "§2.2", "markdown of a credential record starts with a blank line before its front matter (the template's status block renders a newline)"},
		{BugB3ByURLLostAfterVerify, "§4.1", "after a verify, getRecord by the moved record's record_url is not found (the write drops the URL index entry)"},
		{BugB3MaskedFlagNamesOnly, "§2.1", "is_masked is true only on name fields: masked phone, identity and text values come masked with is_masked false"},
		{BugB3ShortValuesClear, "§2.1, §C8", "the masker leaves values of one or two characters as they are: a two-character name comes in clear with is_masked true, in every format"},
		{BugB3BothIDsUnmasked, "§2.1, §4.1", "getRecord with both record_id and record_url answers the record loaded for the comparison, unmasked"},
		{BugB3NumberValueString, "§2.1", "a number field's value is the DECIMAL column as a string (\"36.5\"), as PDO returns it"},
		{BugB3ChainedLevelZero, "§2.1", "chained_selects levels count from 0, not from 1"},
		{BugB3FileNameNoExt, "§2.1", "a file item's file_name is the name without its extension"},
		{BugB3DynamicUUIDEmpty, "§2.1", "in a dynamic_matrix row, a column that is not a choice has option_uuid \"\", not null (matrix is right)"},
		{BugB3DiffMediaAllMembers, "§2.1", "a sub_qrcode_edit_diff image media item carries every media member, duration and file_name null"},
		{BugB3SignatureNoSize, "§2.1", "signature ImageItems carry no width and height (a canvas signature has no dimensions stored)"},
		{BugB3ManualUserNull, "§2.1", "a record added by hand has recorder.user_id null"},
		{BugB3NoFormTemplateEmpty, "§2.1", "a record without a form has record_template {}: its five members are left out instead of null"},
		{BugB3UpdatedISOFromCreated, "§1.3", "getFormList writes updated_at_iso from created_at"},
		{BugB3SubcodeIDString, "§2.5", "listQrcodes writes each sub-code's id as a string (a JSON ,string tag)"},
		{BugB3NextFromStale, "§3.1", "set_next_certificate_status reads the current status from a cache the moves never update: the second next answers the first next status again"},
		{BugB3FormVerifyFlagIgnored, "§7", "verify checks only the credential's own verification switch, not the form's: a credential of a form with verification off moves instead of 100321"},
		{BugB3IdentityAsUnapproved, "§7", "verify of an approved credential whose identity is not completed answers 100322 (not approved) instead of 100329"},
		{BugB3SubmitAtMillis, "§4.2", "verify's success data carries submit_at in milliseconds"},
		{BugB3TemplatesCode422, "§4.4, §4.5, §C3", "templates/* parameter errors (listQrcodes without template, a page_size that is not a number) carry code 422, the validation layer's status, not 400"},
		{BugB3Qrcodes404DataNull, "§4.5", "listQrcodes of an unknown template answers data null, not {}"},
		{BugB3UnknownFormatJSON, "§4.1, §C1", "getRecord with a format other than the three answers json (the switch's default branch) instead of an error"},
		{BugB3VerifyParamNoData, "§4.2, §C3", "verify's parameter errors (100301) come from the validation layer in the getRecord shape, without data"},
		{BugB3TokenNotStringIgnored, "§C1", "listQrcodes reads a page_token that is not a string as absent and serves the first page"},
		{BugB3MethodPlainText, "§C1", "a method other than POST gets the router's own 405, text/plain, not JSON"},
		{BugB3MalformedAuthEmpty, "§C1, §5", "an Authorization header whose scheme is not Bearer gets the gateway's HTTP 401 with an empty body"},
		{BugB3TemplatesTrailingDebug, "§C1", "templates/list successes end with a profiler's HTML comment after the JSON object"},
	}, Variants: []VariantInfo{
		{VariantB3TargetBeforeState, "verify checks the target (§C6 step 11) before the current status (step 10): a move from a forbidding or terminal status to a status it cannot reach, or a next at the end of a flow, is 100326",
			"§C6: \"The order is KIT; the codes are SPEC (§7)\"; §7: 100326 \"the target is invalid or unreachable, there is no next status\""},
		{VariantB3SingleUseTokens, "page tokens are random server-side handles that can be used once: a second use is a 400 naming page_token",
			"§4.4: page_token is \"the previous page's next_page_token\"; §C5: \"page_token | KIT; never asserted\""},
		{VariantB3PastEndRefused, "getFormList refuses a page past last_page (when there are forms) with a parameter error naming page",
			"§C5: \"current_page echoes the requested page, also past the end\" is KIT (\"the spec does not say what a page past the end holds\")"},
		{VariantB3NumberExponent, "every number that is not an integer is written with an exponent (3.65e+01)",
			"§2.1: value, lat, lng and duration are \"number\"; RFC 8259 §6: number = [ minus ] int [ frac ] [ exp ]"},
		{VariantB3HeadingTight, "markdown's top-level heading follows the front matter's closing --- with no blank line",
			"§2.2: \"a front-matter block ... then a top-level heading\"; CommonMark 0.31 §4.2: an ATX heading needs no blank line before it"},
		{VariantB3TitleBlockScalar, "markdown front matter writes title as a folded block scalar (title: >-, the title on the next line)",
			"§2.2: \"a front-matter block holding at least a title and record_id\"; YAML 1.2 §8.1.3 folded style, §8.1.1.2 strip chomping"},
		{VariantB3JSONLDURLNode, "json-ld url is a node reference {\"@id\": <record_url>}",
			"§2.2: json-ld holds url; \"The rest of its layout is open (§C7)\"; JSON-LD 1.1 §4.1.2: a node reference is an object with only @id"},
		{VariantB3MaskBullets, "masked values use ● (U+25CF) as the mask character, and the profile says so",
			"§C8: \"Mask format | KIT\"; the specification says only that a masked value \"is returned in desensitized form\" (§2.1)"},
		{VariantB3MaskAll, "a masked value keeps none of its characters: every character becomes *",
			"§C8: \"Mask format | KIT\"; the specification says only that a masked value \"is returned in desensitized form\" (§2.1)"},
		{VariantB3ISOBasicFormat, "start_time and end_time also accept ISO 8601 basic format (20260105T000000+0800), offsets without a colon and times without seconds",
			"§4.4: start_time and end_time are \"string, ISO 8601\"; §C5: the forms accepted are KIT; ISO 8601-1:2019 §5.4.2 basic and extended formats, reduced precision"},
		{VariantB3ListItemsExtra, "forms carry icon_url, batch templates and sub-codes created_at, beside the members of §2.3 to §2.5",
			"§2.1 says the Record is \"A closed object\"; §2.3, §2.4 and §2.5 list their members without closing them"},
		{VariantB3EscapedSlashes, "every / in a JSON string written as \\/, as PHP's json_encode does by default",
			"RFC 8259 §7: \"\\/\" is an escape of the solidus; §C1 asks only for one JSON object in UTF-8"},
	}}
}
