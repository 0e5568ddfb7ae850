package e2e

import "github.com/rtq-kit/rtq/testkit/foreign"

// adversarial1FirstSight: adversarial round 1 (foreign.Rounds,
// bugs_adversarial1.go), written after reading the runner and a log of
// every request one run sends, aimed at what it never sends, never
// reaches and never compares; measured against the runner of main at the
// commit below before any change to the runner: 5 of 31 bugs caught, 4
// false alarms in 11 variants. The round was written reading the runner
// of an older commit (9bf07a1, before generated requests and relations),
// which caught 1 of 31 with the same 4 false alarms.
var adversarial1FirstSight = firstSight{
	runner: "c5991224dfda95d0a8fe41667bf502ef412be991",
	misses: map[foreign.Bug]string{
		// Values of a parameter the runner never sends.
		foreign.BugA1FormNegativeSizeAll:   "a negative page_size",
		foreign.BugA1QrcodesFractionalSize: "a fractional page_size",
		foreign.BugA1FromNumberIgnored:     "from_certificate_status as a JSON number",
		foreign.BugA1NumberLikeWildcards:   "a number holding _ or % (prefixes, substrings and other cases are sent)",
		foreign.BugA1EmptyBearerReads:      "Authorization: Bearer with an empty key",
		foreign.BugA1UnknownPathHTML:       "a path that names no operation",
		foreign.BugA1BodyTooLargeHTML:      "a body over the size limit",
		// The same instant or bound written in a form one endpoint never gets.
		foreign.BugA1QrcodesLocalTimeUTC:   "listQrcodes with a time without zone",
		foreign.BugA1TemplatesDateStartEOD: "templates/list with a date-only start_time",
		foreign.BugA1QrcodesZAsLocal:       "listQrcodes with a bound in Z",
		// Combinations of a key, a filter and a way of addressing never made.
		foreign.BugA1TokenOtherOrg:         "our page token sent with another organization's key",
		foreign.BugA1QrcodesWindowOtherOrg: "another organization's key listing our sub-codes with a time window",
		foreign.BugA1ReadKeySets:           "a read key verifying with set_certificate_status",
		foreign.BugA1OtherOrgNext:          "another organization's key with set_next_certificate_status",
		foreign.BugA1LimitedKeySets:        "the limited key with set_certificate_status on another form",
		foreign.BugA1LimitedKeyByURL:       "the limited key verifying by full URL",
		foreign.BugA1NextIgnoresFrom:       "set_next_certificate_status with a from_certificate_status the record is not in",
		foreign.BugA1FromIDUnchecked:       "a wrong from_certificate_status written as an id",
		foreign.BugA1CodeIDIsRecordID:      "a code_id that is right",
		foreign.BugA1TplIDIsFlowID:         "a tpl_id that is right",
		// States the runner never reaches.
		foreign.BugA1CursorTiesSkipped:      "a page boundary between two items created in the same second",
		foreign.BugA1PastEndTotalZero:       "total on a getFormList page past the end",
		foreign.BugA1MarkdownClearAfterMove: "markdown read after a verify",
		foreign.BugA1ByURLStaleAfterMove:    "a read by record_url after a verify",
		// Forms of one value the runner does not compare.
		foreign.BugA1HolderInTitle:        "a masked value inside CJK text, with no word boundary around it",
		foreign.BugA1MarkdownPhoneGrouped: "a masked value shown with separators (138 1234 5678)",
	},
	falseAlarms: map[foreign.Variant]string{
		foreign.VariantA1QuotedKeys:       "answers.2.2.markdown, getRecord.format.markdown: a front-matter key is found only unquoted at the start of a line",
		foreign.VariantA1MarkdownCR:       "answers.2.2.markdown, answers.4.1.wrapper, getRecord.byUrl, getRecord.format.markdown: only LF and CR LF end a line",
		foreign.VariantA1FrontMatterSpace: "answers.2.2.markdown, answers.4.1.wrapper, getRecord.byUrl, getRecord.format.markdown: the opening marker must be ---\\n exactly",
		foreign.VariantA1OtherOrg403:      "answers.C2.readKey: another organization's key refused on our record is taken for a read key refused",
	},
	caughtSince: map[foreign.Bug]string{
		foreign.BugA1NumberLikeWildcards:    "rules: an exact number read literally, pattern characters included",
		foreign.BugA1CursorTiesSkipped:      "rules: relation.cursor.pageSize, a boundary between every two neighbours",
		foreign.BugA1PastEndTotalZero:       "rules: relation.formList.pastEnd",
		foreign.BugA1HolderInTitle:          "rules: masking compared normalised, no word boundary in Chinese",
		foreign.BugA1MarkdownPhoneGrouped:   "rules: masking compared normalised, no word boundary in Chinese",
		foreign.BugA1MarkdownClearAfterMove: "rules: relation.masked, every getRecord answer of the run",
		foreign.BugA1CodeIDIsRecordID:       "rules: relation.verify.matrix",
		foreign.BugA1TplIDIsFlowID:          "rules: relation.verify.matrix",
		foreign.BugA1NextIgnoresFrom:        "rules: relation.verify.matrix",
		foreign.BugA1ReadKeySets:            "rules: relation.verify.matrix",
		foreign.BugA1OtherOrgNext:           "rules: relation.verify.matrix",
		foreign.BugA1LimitedKeySets:         "rules: relation.verify.matrix",
		foreign.BugA1FromIDUnchecked:        "rules: relation.verify.matrix",
		foreign.BugA1FromNumberIgnored:      "rules: relation.verify.matrix",
		foreign.BugA1LimitedKeyByURL:        "rules: relation.verify.matrix",
		foreign.BugA1ByURLStaleAfterMove:    "rules: relation.verify.matrix",
		foreign.BugA1TokenOtherOrg:          "rules: relation.tenancy, every filter × address × page token",
		foreign.BugA1QrcodesWindowOtherOrg:  "rules: relation.tenancy, every filter × address × page token",
		foreign.BugA1FormNegativeSizeAll:    "values: generated.getFormList (the value space of page_size)",
		foreign.BugA1QrcodesFractionalSize:  "values: generated.listQrcodes (a fraction is no integer, rules.Faults)",
		foreign.BugA1EmptyBearerReads:       "values: auth.malformed",
		foreign.BugA1UnknownPathHTML:        "values: transport.unknownPath",
		foreign.BugA1BodyTooLargeHTML:       "values: transport.bodyTooLarge",
		foreign.BugA1QrcodesLocalTimeUTC:    "values: relation.time.forms",
		foreign.BugA1TemplatesDateStartEOD:  "values: relation.time.forms",
		foreign.BugA1QrcodesZAsLocal:        "values: relation.time.forms",
	},
	passingSince: map[foreign.Variant]string{
		foreign.VariantA1QuotedKeys:       "rules: one markdown reader (conformance/rules/markdown.go)",
		foreign.VariantA1MarkdownCR:       "rules: one markdown reader (conformance/rules/markdown.go)",
		foreign.VariantA1FrontMatterSpace: "rules: one markdown reader (conformance/rules/markdown.go)",
		foreign.VariantA1OtherOrg403:      "rules: C2.readKey applies to our own objects only",
	},
}
