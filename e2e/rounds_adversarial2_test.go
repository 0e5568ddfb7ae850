package e2e

import "github.com/rtq-kit/rtq/testkit/foreign"

// adversarial2FirstSight: adversarial round 2 (foreign.Rounds,
// bugs_adversarial2.go), written after reading the runner of main and a
// log of every request one run sends against the foreign fake, aimed at
// what round 1 did not aim at; measured against the runner of main at
// the commit below before any change to the runner for it: 2 of 33 bugs
// caught (a verify by full URL that succeeds: its move read back, and its
// from_certificate_status, both by relation.verify.matrix), 5 false
// alarms in 13 variants. The round was written reading the runner of an
// older commit (0d64e68), and measured on the way at 72ea4ca: 0 of 33
// caught, 4 false alarms in 13 (all but the page past the end). Blind
// round 3, landed just after the measurement, holds two of the round's
// bugs as its own (a number trimmed, a template by a prefix of a coding):
// they left this round for two of the same classes (the json-ld of a void
// credential, the write key's default page size), missed too by the same
// runner (conformance/ unchanged from e3ae45f to a9701f7).
var adversarial2FirstSight = firstSight{
	runner: "e3ae45fc9238b1c54402f9dea69ec933cfe5b7aa",
	misses: map[foreign.Bug]string{
		// Headers every request of the run carries one way: Accept:
		// application/json, Content-Type: application/json exactly, a
		// Content-Length, Accept-Encoding: gzip (Go's transport), a key
		// nobody issued that shares no prefix with an issued one.
		foreign.BugA2HTMLWithoutAcceptJSON: "an error asked for without Accept: application/json",
		foreign.BugA2ContentTypeParamsDrop: "a body sent as application/json; charset=utf-8",
		foreign.BugA2ChunkedBodyIgnored:    "a body sent chunked, without a Content-Length",
		foreign.BugA2AlwaysGzip:            "an answer asked for with Accept-Encoding: identity",
		foreign.BugA2KeyPrefixOnly:         "a key nobody issued that shares an issued key's first 8 characters",
		// Keys the run never reads with, and a body it never sends with
		// the other organization's key.
		foreign.BugA2WriteKeyUnmasked:       "getRecord with the write key",
		foreign.BugA2WriteKeyStaffMembers:   "getRecord with the write key",
		foreign.BugA2LimitedKeyFormsAllOrgs: "getFormList with the limited key",
		foreign.BugA2LimitedKeyRecordsOther: "getRecord of another organization's record with the limited key",
		foreign.BugA2BareListingCached:      "getFormList with an empty body and the other organization's key",
		foreign.BugA2WriteKeyFormDefault20:  "getFormList with the write key",
		// Writes that succeed on a path the run sends few requests
		// through: a verify by full URL is read back, not its answer.
		foreign.BugA2ByURLRecordIDIsQRCode: "the success data of a verify by full URL",
		// Each error case of the profile tried under one action only.
		foreign.BugA2IdentitySkippedOnSet:  "the identity case under set_certificate_status",
		foreign.BugA2ApprovalSkippedOnNext: "the not-approved case under set_next_certificate_status",
		foreign.BugA2FormOffSkippedOnSet:   "the form-without-verification case under set_certificate_status",
		foreign.BugA2WrongTplMovesOnNext:   "a wrong tpl_id under set_next_certificate_status",
		foreign.BugA2AuthCodeSkippedOnSet:  "the expired-authorization case under set_certificate_status",
		// What the run never reads again after its writes: listings, and
		// moved records with another key.
		foreign.BugA2VerifyDuplicatesForm: "getFormList after a verify",
		foreign.BugA2VerifyActiveISOStale: "getFormList after a verify",
		foreign.BugA2MovedRecordAnyOrg:    "a moved record read with the other organization's key",
		// Records the profile does not list, read in no format but json
		// (after a move) or not at all.
		foreign.BugA2PendingCardMarkdown:   "the markdown of a credential still in its flow's first status",
		foreign.BugA2ExpiredAuthRecordHTML: "getRecord of a case's credential the profile does not list",
		foreign.BugA2VoidCardJSONLDClear:   "the json-ld of a credential in a status that forbids verification",
		// Values of a parameter the run never sends: a quote in a search
		// key, a page written as a numeric string, another case of an
		// action, a prefix of a status name.
		foreign.BugA2SearchQuoteHTML:    "a search_key holding an apostrophe",
		foreign.BugA2CurrentPageString:  "page written as a numeric string",
		foreign.BugA2ActionTypeCaseless: "an action_type in capitals",
		foreign.BugA2ToStatusPrefix:     "a to_certificate_status that is a prefix of a status name",
		// Default page sizes of the cursor listings, never walked.
		foreign.BugA2TemplatesDefaultToken:   "a templates/list walk without page_size",
		foreign.BugA2QrcodesDefaultUnlimited: "listQrcodes of a known template without page_size",
		// Masks of one value that disagree between formats: each hides
		// part of it, together they show all of it.
		foreign.BugA2MarkdownPhoneOtherHalf:  "json and markdown masks compared position by position",
		foreign.BugA2JSONLDIdentityOtherHalf: "json and json-ld masks compared position by position",
	},
	falseAlarms: map[foreign.Variant]string{
		foreign.VariantA2StatusAsField:       "relation.afterWrites, relation.verify.matrix: a field that shows the status changed after the move; only process_status and state_changes may",
		foreign.VariantA2PermissionAfterFind: "answers.C2.writeScope: the read key's 100320 and 100301, given before its refusal in an order §C6 leaves to the service",
		foreign.VariantA2SearchHighlight:     "relation.formList.searchKey: a form under search_key compared member for member with the unfiltered walk's",
		foreign.VariantA2JSONFrontMatter:     "answers.2.2.markdown, getRecord.format.markdown: front-matter keys read only in block style, one a line",
		foreign.VariantA2PastEndClamped:      "relation.formList.pastEnd: a page past the end must be empty, where §C5 leaves what it holds to the service",
	},
	caughtSince: map[foreign.Bug]string{
		foreign.BugA2IdentitySkippedOnSet:    "c333f6ffee4f68bd691e68c9dd2c5fbae349cee1",
		foreign.BugA2ApprovalSkippedOnNext:   "c333f6ffee4f68bd691e68c9dd2c5fbae349cee1",
		foreign.BugA2FormOffSkippedOnSet:     "c333f6ffee4f68bd691e68c9dd2c5fbae349cee1",
		foreign.BugA2WrongTplMovesOnNext:     "c333f6ffee4f68bd691e68c9dd2c5fbae349cee1",
		foreign.BugA2AuthCodeSkippedOnSet:    "c333f6ffee4f68bd691e68c9dd2c5fbae349cee1",
		foreign.BugA2MarkdownPhoneOtherHalf:  "b651c3f1a44ec200b94120375efc9354a0822404",
		foreign.BugA2JSONLDIdentityOtherHalf: "b651c3f1a44ec200b94120375efc9354a0822404",
		foreign.BugA2SearchQuoteHTML:         "a7577f48856597f722b57af5b01addf9de04987a",
		foreign.BugA2CurrentPageString:       "a7577f48856597f722b57af5b01addf9de04987a",
		foreign.BugA2ActionTypeCaseless:      "a7577f48856597f722b57af5b01addf9de04987a",
		foreign.BugA2ToStatusPrefix:          "a7577f48856597f722b57af5b01addf9de04987a",
		foreign.BugA2TemplatesDefaultToken:   "ee753af610de55098be26cc3de6eedf8ce690fdb",
		foreign.BugA2QrcodesDefaultUnlimited: "8df65ec7c4ee4c055f38a749624f37984dd01db6",
		foreign.BugA2HTMLWithoutAcceptJSON:   "940a112db85078b5026d617ff96e0c50a07b97d1",
		foreign.BugA2ContentTypeParamsDrop:   "940a112db85078b5026d617ff96e0c50a07b97d1",
		foreign.BugA2ChunkedBodyIgnored:      "940a112db85078b5026d617ff96e0c50a07b97d1",
		foreign.BugA2AlwaysGzip:              "940a112db85078b5026d617ff96e0c50a07b97d1",
		foreign.BugA2KeyPrefixOnly:           "940a112db85078b5026d617ff96e0c50a07b97d1",
		// relation.keys: every key of ours reads what the read key reads,
		// the cases' credentials in every format, the listings with an
		// empty body to another organization's key.
		foreign.BugA2WriteKeyUnmasked:       "2903f0e067685b2f961691e2089413b40a050ea4",
		foreign.BugA2WriteKeyStaffMembers:   "2903f0e067685b2f961691e2089413b40a050ea4",
		foreign.BugA2LimitedKeyFormsAllOrgs: "2903f0e067685b2f961691e2089413b40a050ea4",
		foreign.BugA2LimitedKeyRecordsOther: "2903f0e067685b2f961691e2089413b40a050ea4",
		foreign.BugA2BareListingCached:      "2903f0e067685b2f961691e2089413b40a050ea4",
		foreign.BugA2WriteKeyFormDefault20:  "2903f0e067685b2f961691e2089413b40a050ea4",
		foreign.BugA2PendingCardMarkdown:    "2903f0e067685b2f961691e2089413b40a050ea4",
		foreign.BugA2ExpiredAuthRecordHTML:  "2903f0e067685b2f961691e2089413b40a050ea4",
		foreign.BugA2VoidCardJSONLDClear:    "2903f0e067685b2f961691e2089413b40a050ea4",
		// relation.afterWrites: right after the first move, the moved
		// record with every other key and its form's listing.
		foreign.BugA2VerifyDuplicatesForm: "a4a5c653ee2d7d84a30641bd1a56f60c5ae558a3",
		foreign.BugA2VerifyActiveISOStale: "a4a5c653ee2d7d84a30641bd1a56f60c5ae558a3",
		foreign.BugA2MovedRecordAnyOrg:    "a4a5c653ee2d7d84a30641bd1a56f60c5ae558a3",
		// relation.verify.matrix: its move by the record's full URL
		// describes the case's record, as a move by the code does.
		foreign.BugA2ByURLRecordIDIsQRCode: "5fdf4adbee385b18223197c937b627ecb1c36020",
	},
	passingSince: map[foreign.Variant]string{
		foreign.VariantA2PermissionAfterFind: "rules: C2.writeScope accepts a fault of the request or an unknown code found before the permission (§C6: the order is the kit's)",
		foreign.VariantA2SearchHighlight:     "relations: an item compared on the members both answers carry (sameShared)",
		foreign.VariantA2JSONFrontMatter:     "rules: the markdown reader reads any front matter YAML allows",
		foreign.VariantA2PastEndClamped:      "relations: relation.formList.pastEnd holds the total only (what the page holds is KIT, §C5)",
		foreign.VariantA2StatusAsField:       "relations: after a move, an object that shows a status of the flows before and after may change (sameAfter; §C6 leaves how getRecord shows a move to the service)",
	},
}
