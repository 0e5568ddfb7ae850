package e2e

import "github.com/rtq-kit/rtq/testkit/foreign"

// adversarial11FirstSight is adversarial round 11
// (testkit/foreign/bugs_adversarial11.go, written after reading the runner
// while it learnt verify as a state machine, the other organization as
// the subject of every rule, and identifiers, URLs and keys spelt
// otherwise; aimed at what a sampler that dresses each request once
// rarely puts together) as the runner of main saw it once those had
// landed: 12 of 31 bugs caught, false alarms on 2 of 10 correct
// variants. The round ran at a load average near 17; every catch and
// both alarms were confirmed by running that build alone (load near 2),
// each on the checks its change concerns. The 19 misses,
// by where the runner does not look: the limited and the write key as
// subjects of the listing rules (a templates walk past page 1, another
// case of a number, a start_time on an item's second, times without zone
// at an hour that moves an item, a cursor walk judged whole); values past
// the data set's edges (a held id as a fraction or with letters after
// its digits, a status id with letters after it, a code or a coding cut
// at NUL); a window with a date as its end on a day that holds items;
// verify's conditions by a status id on a credential whose form has
// verification off or that is not approved, and the repeat by URL; masks
// in markdown and json-ld that show more than json but not the value
// whole.
var adversarial11FirstSight = firstSight{
	runner: "f0a0d1e617aa88cb37f9fe7ee9508cd855859785",
	misses: map[foreign.Bug]string{
		foreign.BugA11LimitedTemplatesTokenDropped: "keys: the limited key's templates/list is never walked with a page_token",
		foreign.BugA11LimitedNumberCaseless:        "keys: the limited key filters by number only as numbers are held, never another case of one held whole",
		foreign.BugA11WriteQrcodesLocalUTC:         "keys: the write key's listQrcodes never gets a time without zone at an hour its sub-codes are created in",
		foreign.BugA11LimitedQrcodesStartExclusive: "keys: the limited key's listQrcodes start_time never falls on a sub-code's creation second",
		foreign.BugA11WriteTemplatesLaterHideEmpty: "keys: the write key's templates/list is never walked past its first page",
		foreign.BugA11LimitedTemplatesLocalUTC:     "keys: the limited key's templates/list never gets a time without zone at an hour that moves a template",
		foreign.BugA11LimitedQrcodesTotalRemaining: "keys: the limited key's later listQrcodes pages are asked alone, never in a walk whose total is compared",
		foreign.BugA11StatusIDNumericPrefix:        "verify: a status id is never followed by letters (12abc, read as 12 by MySQL's cast)",
		foreign.BugA11RecordIDFraction:             "getRecord: record_id's fractions are of no record (1.5), never of a held id (800001.5)",
		foreign.BugA11CodeNULTruncated:             "identifiers: a certificate code never carries a NUL with more after it",
		foreign.BugA11TemplateNULTruncated:         "identifiers: a template's coding never carries a NUL with more after it",
		foreign.BugA11WindowEndDateMidnight:        "windows: listQrcodes with both bounds never has a date as end_time on a day that holds sub-codes",
		foreign.BugA11OffFormStatusByID:            "verify: the credential of a form with verification off is never moved to a status named by id",
		foreign.BugA11RepeatByURLSucceeds:          "verify: the repeated verification is asked by code, never by the record's URL",
		foreign.BugA11UnapprovedStatusByID:         "verify: the credential not yet approved is never moved to a status named by id",
		foreign.BugA11MarkdownNameKeepsLast:        "masks: markdown is searched for a held value whole, never for more of it than json shows",
		foreign.BugA11RecordIDNumericPrefix:        "getRecord: record_id's wrong types are words, never a held id with letters after its digits",
		foreign.BugA11LimitedJSONLDKeepsLast:       "masks: json-ld is searched for a held value whole, never for more of it than json shows, for any key",
		foreign.BugA11TplIDNumericPrefix:           "verify: tpl_id's words never begin with the digits of the credential's form id",
	},
	falseAlarms: map[foreign.Variant]string{
		foreign.VariantA11TerminalNext100326:  "verify.next: set_next_certificate_status on a terminal status must be 100324, while §7 gives 100326 to \"there is no next status\", which a terminal status also is, and §C10's End of a flow (100324) is the kit's reading (KIT)",
		foreign.VariantA11TokensVoidAfterMove: "relation.cursor.pageSize, relation.cursor.paging, relation.time.forms: a walk's page_token must still be served after a move elsewhere, while §C5 and §C10 leave tokens opaque and the kit's, a refusal a 400 naming page_token; arguable: no sentence of the contract names a move as a reason to refuse one",
	},
	caughtSince: map[foreign.Bug]string{
		// A masked form in another format is held to its type's share;
		// an error case's step by the URL names its statuses by id.
		foreign.BugA11MarkdownNameKeepsLast:  "3310bf31155e8b027a4d8ce5fc625ed5df883898",
		foreign.BugA11LimitedJSONLDKeepsLast: "3310bf31155e8b027a4d8ce5fc625ed5df883898",
		foreign.BugA11UnapprovedStatusByID:   "3310bf31155e8b027a4d8ce5fc625ed5df883898",
		// The refusals of cases of moves by the URL, and an error case's
		// next move by its mirror's status id.
		foreign.BugA11OffFormStatusByID:   "9cc2e158f309d9e4631c6224a1d30ce1ea36cd34",
		foreign.BugA11RepeatByURLSucceeds: "9cc2e158f309d9e4631c6224a1d30ce1ea36cd34",
		// The key as a dimension of the listing rules: the cursor
		// product's walks, the number near misses, the time forms and
		// the windows at an item's second go with every key of ours,
		// each judged against what that key sees.
		foreign.BugA11LimitedTemplatesTokenDropped: "9792821d6cf047950f61cb1fbaccbda85f12e0da",
		foreign.BugA11LimitedNumberCaseless:        "9792821d6cf047950f61cb1fbaccbda85f12e0da",
		foreign.BugA11WriteQrcodesLocalUTC:         "9792821d6cf047950f61cb1fbaccbda85f12e0da",
		foreign.BugA11LimitedQrcodesStartExclusive: "9792821d6cf047950f61cb1fbaccbda85f12e0da",
		foreign.BugA11WriteTemplatesLaterHideEmpty: "9792821d6cf047950f61cb1fbaccbda85f12e0da",
		foreign.BugA11LimitedTemplatesLocalUTC:     "9792821d6cf047950f61cb1fbaccbda85f12e0da",
		foreign.BugA11LimitedQrcodesTotalRemaining: "9792821d6cf047950f61cb1fbaccbda85f12e0da",
		// A held identifier then a tail a lenient reading drops (a
		// fraction, letters, an exponent, a space or a NUL and more; a
		// NUL after a code, a coding or a URL) in every slot that names
		// an object: record_id's value space, verify.values' tpl_id,
		// code_id, status ids and code, the unknown template and code.
		foreign.BugA11RecordIDFraction:      "c2cd2020c1e6090e89236f1d5b91ad648554b735",
		foreign.BugA11RecordIDNumericPrefix: "c2cd2020c1e6090e89236f1d5b91ad648554b735",
		foreign.BugA11TplIDNumericPrefix:    "c2cd2020c1e6090e89236f1d5b91ad648554b735",
		foreign.BugA11StatusIDNumericPrefix: "c2cd2020c1e6090e89236f1d5b91ad648554b735",
		foreign.BugA11CodeNULTruncated:      "c2cd2020c1e6090e89236f1d5b91ad648554b735",
		foreign.BugA11TemplateNULTruncated:  "c2cd2020c1e6090e89236f1d5b91ad648554b735",
		// A window whose end is written as the date of its last day, on
		// every windowed listing, held to its halves: the start alone and
		// the date alone (relations.go, sameInstants).
		foreign.BugA11WindowEndDateMidnight: "361e4c55a08fa2c5e11753cce822d5e68b66aeec",
	},
	passingSince: map[foreign.Variant]string{
		// A verify case's refusal may carry the code of any other
		// condition the step fails (§C6: the order is the kit's), as the
		// runner's model of verify reads it.
		foreign.VariantA11TerminalNext100326: "7f0ede93abfde29f7bf0ab21b089b4d77addcf20",
	},
}
