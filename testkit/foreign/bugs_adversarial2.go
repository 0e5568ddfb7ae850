package foreign

// Adversarial round 2: bugs and correct variants written after reading
// the conformance runner of main (conformance/, conformance/rules,
// docs/conformance.md) and a log of every request one run sends against
// this service, aimed at what round 1 did not aim at: the headers every
// request of the run carries the same way (Accept, Content-Type, a
// Content-Length, Accept-Encoding, a key's whole secret), the keys the run
// never reads with (the write key, the limited key), writes that succeed
// on a path the run only sends failing requests through (a verify by full
// URL), each error case tried with one action only, the listings never read
// again after a verify, the records the profile does not list, the default
// page sizes of the cursor listings, masks of one value that disagree
// between formats, and verify values written another way. The variants
// differ from Defaults only where docs/contract.md allows, in forms the
// runner reads in one way (a status shown as a field, the order of the
// permission check, extra members of a Form, JSON front matter, masks of
// the other formats, a page past the end).

// The bugs of adversarial round 2.
const (
	BugA2HTMLWithoutAcceptJSON   Bug = "a2-errors-html-without-accept-json"
	BugA2ContentTypeParamsDrop   Bug = "a2-content-type-with-charset-drops-body"
	BugA2ChunkedBodyIgnored      Bug = "a2-chunked-body-ignored"
	BugA2AlwaysGzip              Bug = "a2-always-gzip"
	BugA2KeyPrefixOnly           Bug = "a2-key-matched-on-prefix"
	BugA2WriteKeyUnmasked        Bug = "a2-write-key-reads-unmasked"
	BugA2WriteKeyStaffMembers    Bug = "a2-write-key-staff-members"
	BugA2LimitedKeyFormsAllOrgs  Bug = "a2-limited-key-forms-all-orgs"
	BugA2LimitedKeyRecordsOther  Bug = "a2-limited-key-records-other-org"
	BugA2BareListingCached       Bug = "a2-bare-form-listing-cached-across-orgs"
	BugA2ByURLMoveNotSaved       Bug = "a2-verify-by-url-not-saved"
	BugA2ByURLFromIgnored        Bug = "a2-verify-by-url-from-ignored"
	BugA2ByURLRecordIDIsQRCode   Bug = "a2-verify-by-url-record-id-is-qrcode"
	BugA2IdentitySkippedOnSet    Bug = "a2-identity-skipped-on-set"
	BugA2ApprovalSkippedOnNext   Bug = "a2-approval-skipped-on-next"
	BugA2FormOffSkippedOnSet     Bug = "a2-form-off-skipped-on-set"
	BugA2WrongTplMovesOnNext     Bug = "a2-wrong-tpl-id-moves-on-next"
	BugA2AuthCodeSkippedOnSet    Bug = "a2-auth-code-skipped-on-set"
	BugA2VerifyDuplicatesForm    Bug = "a2-verify-duplicates-form-in-list"
	BugA2VerifyActiveISOStale    Bug = "a2-verify-active-iso-stale"
	BugA2MovedRecordAnyOrg       Bug = "a2-moved-record-any-org"
	BugA2PendingCardMarkdown     Bug = "a2-pending-card-markdown-clear"
	BugA2ExpiredAuthRecordHTML   Bug = "a2-expired-auth-record-html"
	BugA2SearchQuoteHTML         Bug = "a2-search-key-quote-html"
	BugA2CurrentPageString       Bug = "a2-current-page-echoes-string"
	BugA2TemplatesDefaultToken   Bug = "a2-templates-default-size-token-of-10"
	BugA2QrcodesDefaultUnlimited Bug = "a2-qrcodes-default-size-unlimited"
	BugA2MarkdownPhoneOtherHalf  Bug = "a2-markdown-phone-other-half"
	BugA2JSONLDIdentityOtherHalf Bug = "a2-jsonld-identity-other-half"
	BugA2ActionTypeCaseless      Bug = "a2-action-type-caseless"
	BugA2ToStatusPrefix          Bug = "a2-to-status-prefix"
	BugA2VoidCardJSONLDClear     Bug = "a2-void-card-jsonld-clear"
	BugA2WriteKeyFormDefault20   Bug = "a2-write-key-form-default-20"
)

// The correct variants of adversarial round 2.
const (
	VariantA2StatusAsField       Variant = "a2-status-as-record-field"
	VariantA2PermissionAfterFind Variant = "a2-permission-after-lookup"
	VariantA2SearchHighlight     Variant = "a2-form-search-highlight"
	VariantA2JSONFrontMatter     Variant = "a2-markdown-json-front-matter"
	VariantA2OtherFormatsHide    Variant = "a2-other-formats-hide-masked"
	VariantA2ChineseDates        Variant = "a2-markdown-chinese-dates"
	VariantA2PastEndClamped      Variant = "a2-form-past-end-clamped"
	VariantA2TemplateCreated     Variant = "a2-template-items-created-at"
	VariantA2ErrorsBag           Variant = "a2-parameter-errors-bag"
	VariantA2OtherOrgVerify      Variant = "a2-other-org-verify-100328"
	VariantA2TokenAsWritten      Variant = "a2-qrcodes-token-bound-as-written"
	VariantA2StrictIntegers      Variant = "a2-strict-integers"
	VariantA2DateAsMidnight      Variant = "a2-date-bound-as-midnight"
)

func adversarialRound2() Round {
	return Round{Name: "adversarial-2", Kind: "adversarial", Bugs: []BugInfo{
		{BugA2HTMLWithoutAcceptJSON, "§C1, §C3", "an error answers the framework's HTML page unless the request's Accept names JSON (Laravel's expectsJson): curl, which sends Accept: */*, gets HTML for a bad page_size"},
		{BugA2ContentTypeParamsDrop, "§4.3, §1.1", "the body is read as parameters only when Content-Type is exactly application/json: a client sending application/json; charset=utf-8 (.NET, Java) has its members ignored, number FX-001 lists every form"},
		{BugA2ChunkedBodyIgnored, "§4.3, §1.1", "the body is read up to Content-Length: a chunked body (a client streaming its JSON) reads as {}, number FX-001 lists every form"},
		{BugA2AlwaysGzip, "§C1", "every answer is gzip-compressed whatever the request's Accept-Encoding says: a client that asks for identity (no compression, RFC 9110 §12.5.3) reads binary, not JSON"},
		{BugA2KeyPrefixOnly, "§5, §C2", "keys are looked up by their first 8 characters (the indexed prefix) and the rest is never compared: fx-read-0000, a key nobody issued, reads"},
		{BugA2WriteKeyUnmasked, "§2.1, §C8", "getRecord with a key that may write gives the staff view: masked fields in clear while is_masked is true"},
		{BugA2WriteKeyStaffMembers, "§2.1", "getRecord with a key that may write adds the staff members internal_remark and reviewer_id to the closed Record"},
		{BugA2LimitedKeyFormsAllOrgs, "§C2, §4.3", "a key limited to some forms is resolved by the scope middleware, which sets no organization: its getFormList lists every organization's forms"},
		{BugA2LimitedKeyRecordsOther, "§C2, §4.1", "a key limited to some forms reads records platform-wide: getRecord of another organization's record by id is a success"},
		{BugA2BareListingCached, "§C2, §4.3", "getFormList with an empty body is served from a cache warmed for the main organization and keyed without the organization: another organization's key gets our forms"},
		{BugA2ByURLMoveNotSaved, "§3.1, §4.2", "verify by the credential's full URL answers success with the new status but saves the move on a detached copy: the record stays where it was"},
		{BugA2ByURLFromIgnored, "§3.1, §7", "verify by the credential's full URL builds its command without from_certificate_status: a record in another status moves"},
		{BugA2ByURLRecordIDIsQRCode, "§4.2", "verify by the credential's full URL answers record_id from the entity the URL resolves to, the QR code, not the record"},
		{BugA2IdentitySkippedOnSet, "§7, §C6", "the identity condition (100329) is checked by set_next_certificate_status only: set_certificate_status moves a credential whose holder never completed identity"},
		{BugA2ApprovalSkippedOnNext, "§3.1, §7", "the approval condition (100322) is checked by set_certificate_status only: set_next_certificate_status moves a record not approved for verification"},
		{BugA2FormOffSkippedOnSet, "§3.1, §7", "verification disabled for the form (100321) is checked by set_next_certificate_status only: set_certificate_status moves a credential of a form that does not verify"},
		{BugA2WrongTplMovesOnNext, "§3.1, §7", "tpl_id is compared by set_certificate_status only: set_next_certificate_status with another form's tpl_id moves the record"},
		{BugA2AuthCodeSkippedOnSet, "§7, §C6", "the verification authorization code (100327) is checked by set_next_certificate_status only: set_certificate_status moves a credential whose authorization expired"},
		{BugA2VerifyDuplicatesForm, "§4.3", "after a verify, getFormList joins the verification log: the credential's form is listed once per verification, twice on one page, and total counts it twice"},
		{BugA2VerifyActiveISOStale, "§1.3, §C1", "a verify moves its form's active_at to the time of the verify, but active_at_iso is a column the nightly job fills: the two name other instants"},
		{BugA2MovedRecordAnyOrg, "§C2, §4.1", "a moved credential is served from the verification snapshot, looked up by record id alone: after a verify, another organization's key reads it"},
		{BugA2PendingCardMarkdown, "§C8", "the markdown of a credential still in its flow's first status is the counter's card view, rendered from the raw values: its holder in clear where json masks the name"},
		{BugA2ExpiredAuthRecordHTML, "§C1", "getRecord of a credential whose verification authorization expired throws loading the authorization: the framework's HTML 500 page"},
		{BugA2SearchQuoteHTML, "§C1", "search_key is pasted into the SQL unescaped: a key holding an apostrophe (O'Neil) makes a syntax error, the framework's HTML 500 page"},
		{BugA2CurrentPageString, "§4.3", "getFormList's current_page echoes page as sent: a page written \"2\" (which the service reads) comes back as the string \"2\""},
		{BugA2TemplatesDefaultToken, "§4.4", "templates/list without page_size serves the default 20 but builds its token with the cursor encoder's own default 10: page 2 repeats items 11 to 20"},
		{BugA2QrcodesDefaultUnlimited, "§4.5, §8", "listQrcodes without page_size binds LIMIT to null: every sub-code on one page, 45 where the default is 20"},
		{BugA2MarkdownPhoneOtherHalf, "§C8", "markdown masks phone numbers with its own helper, which keeps the first 7 digits (1381234****) where json keeps 3 + 4: the two formats together give the number"},
		{BugA2JSONLDIdentityOtherHalf, "§C8", "json-ld masks identity numbers keeping the first 14 characters where json keeps 6 + 4: the two formats together give the number"},
		{BugA2ActionTypeCaseless, "§4.2, §7", "action_type is lower-cased before it is compared: SET_NEXT_CERTIFICATE_STATUS moves the record instead of 100325"},
		{BugA2ToStatusPrefix, "§3.1, §7", "to_certificate_status is looked up with LIKE 'x%': a target named by a prefix (已) moves the record to the first status it starts (已核销) instead of 100326"},
		{BugA2VoidCardJSONLDClear, "§C8", "the json-ld of a credential in a status that forbids verification (a void card) is built from the archive copy, which keeps raw values: its holder in clear where json masks the name"},
		{BugA2WriteKeyFormDefault20, "§4.3, §8", "getFormList with a key that may write takes its default page size from the console's setting, 20: without page_size per_page is 20, not 10"},
	}, Variants: []VariantInfo{
		{VariantA2StatusAsField, "a credential shows its certificate status as a radio field 核销状态 of its first group, not as process_status and state changes",
			"§C6: \"The move seen in getRecord | KIT ... a real service that shows it otherwise is not failed\"; §2.1: a radio field's value is {option_text, option_id}"},
		{VariantA2PermissionAfterFind, "verify checks the key's write permission after reading the parameters and finding the credential: the read key gets 100301 for a bad parameter and 100320 for a code no record has, 403 only on a credential it names right",
			"§C6: \"The checks run in this order ... The order is KIT\"; §5 item 3 holds: the read key moves nothing"},
		{VariantA2SearchHighlight, "under search_key each form carries a highlight member: its name with the key marked",
			"§2.3 lists a Form's members without closing it (only §2.1's Record is \"A closed object: no members beyond these\"); §4.3: search_key is fuzzy"},
		{VariantA2JSONFrontMatter, "markdown's front matter is one JSON object between the --- lines ({\"title\": ..., \"record_id\": 800001, ...})",
			"§2.2: \"starts with a front-matter block holding at least a title and record_id\"; YAML 1.2 §1.3: YAML is a superset of JSON, a JSON object is a YAML flow mapping"},
		{VariantA2OtherFormatsHide, "json-ld and markdown show a masked value as ****** whole, json keeps the kit's characters",
			"§C8: \"Mask format | KIT\"; §2.2: the layout of json-ld and markdown is open (§C7); nothing json hides is shown"},
		{VariantA2ChineseDates, "markdown writes dates the Chinese way (2026年01月08日) and its submitted line as 2026年01月08日 09:01",
			"§2.2: markdown \"The rest of its layout is open (§C7)\"; §1.4: texts for people are Chinese"},
		{VariantA2PastEndClamped, "a getFormList page past the end is served as the last page (current_page is last_page, its forms listed)",
			"§C5: \"the spec does not say what a page past the end holds\" (formList.paging.pastEnd is info); §4.3: the page with current_page >= last_page is the last"},
		{VariantA2TemplateCreated, "template and sub-code items carry created_at and created_at_iso beside their §2.4/§2.5 members",
			"§2.4 and §2.5 list an item's members without closing it; §1.3: a *_at member with its *_iso companion"},
		{VariantA2ErrorsBag, "a parameter error carries errors: {member: [message]} beside its shape's members (Laravel's validation bag)",
			"§C3 gives each endpoint's required error members; §C9: \"the runner never fails a target on the text of message or message_detail\""},
		{VariantA2OtherOrgVerify, "another organization's key verifying our credential gets code 400, error_code 100328 (no permission), a code no record has 100320",
			"§C2: \"A key of another organization, any endpoint | KIT; the runner asserts only that nothing of ours is shown\"; §5 item 4: a business-level refusal of a verify is error_code 100328"},
		{VariantA2TokenAsWritten, "listQrcodes page tokens are bound to template as the client wrote it: a token of the walk by coding is refused (400) in the walk by URL",
			"§4.5: page_token is \"the previous page's next_page_token\"; §C5: \"page_token | KIT; never asserted\""},
		{VariantA2StrictIntegers, "an integer member written as a string (\"5\") or with a fraction or an exponent (5.0, 5e0) is a parameter error, 100301",
			"§C1: \"Reading a member leniently (\"123\" as 123) breaks nothing a client relies on, so it is KIT too\"; RFC 8259 §6 and §4.1's tables: the members are integers"},
		{VariantA2DateAsMidnight, "a date alone (2026-01-05) as start_time or end_time is the instant 2026-01-05T00:00:00+08:00: as end_time it leaves out that day",
			"§4.4: start_time and end_time are ISO 8601; §C10: the whole-day reading of a date is the kit's (\"All KIT unless marked\"); ISO 8601 gives a date no time of day"},
	}}
}
