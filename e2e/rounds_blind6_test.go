package e2e

import "github.com/rtq-kit/rtq/testkit/foreign"

// blind6FirstSight is blind round 6 at first sight: 38 bugs of the
// independent fake and 12 correct variants, written from the contract
// alone; 27 bugs caught, 11 missed, no false alarm.
var blind6FirstSight = firstSight{
	runner: "c2e34974c34d5ca8bc6e99c7e1211964ae9005a1",
	misses: map[foreign.Bug]string{
		foreign.BugB6ShareURLNoKey:           "no keyless getRecord addresses a record by its record_url",
		foreign.BugB6ReadKeyCodeScoped:       "no verify with the read key carries the record's code_id",
		foreign.BugB6StringIDAnyOrg:          "no request asks for another organization's record_id written as a string",
		foreign.BugB6SearchNumberGlobal:      "no search_key sent with our key is another organization's form number",
		foreign.BugB6QrcodesEndDateLater:     "no sub-code walk of several pages has an end_time written as a date alone",
		foreign.BugB6EmptySearchDropsNumber:  "number is never sent beside an empty search_key",
		foreign.BugB6TemplatesEqualBounds:    "no window has start_time equal to end_time on an item's creation second",
		foreign.BugB6ScopedSkipsIdentity:     "no verify of the identity case (100329) carries the record's own tpl_id",
		foreign.BugB6UnreachableFrom100324:   "no unreachable target is sent with a from_certificate_status that matches the current status",
		foreign.BugB6TplIDFractionTruncated:  "no tpl_id is a fractional number whose integer part is the record's form",
		foreign.BugB6FormStringSizeUnbounded: "no getFormList page_size over the maximum is written as a numeric string",
	},
	falseAlarms: map[foreign.Variant]string{},
	caughtSince: map[foreign.Bug]string{
		// verify.values: tpl_id as the record's form and a half;
		// generated.getFormList: a digit string past the maximum.
		foreign.BugB6TplIDFractionTruncated:  "d6bd29d3f2abc757b6dce987ee9af17c8bbfca3b",
		foreign.BugB6FormStringSizeUnbounded: "d6bd29d3f2abc757b6dce987ee9af17c8bbfca3b",
		// generated.getRecord: another organization's record_id as a
		// digit string (C2.tenancy).
		foreign.BugB6StringIDAnyOrg: "d191e66db82c842d39e91f48b99e01a5b3ec9b14",
		// relation.formList.filters: another organization's form number
		// as search_key, and a number beside an empty search_key.
		foreign.BugB6SearchNumberGlobal:     "5b9da5e7c2d869cd306a4441b528b230f5150e3a",
		foreign.BugB6EmptySearchDropsNumber: "5b9da5e7c2d869cd306a4441b528b230f5150e3a",
		// relation.time.windows: a date as end_time walked over several
		// pages; relation.time.forms: start_time and end_time both at an
		// item's creation second, judged against each alone.
		foreign.BugB6QrcodesEndDateLater:  "5b9da5e7c2d869cd306a4441b528b230f5150e3a",
		foreign.BugB6TemplatesEqualBounds: "5b9da5e7c2d869cd306a4441b528b230f5150e3a",
		// relation.verify.matrix: the refusals carry the record's own
		// code_id on one half; unreachable targets go beside the right
		// from. verify.errorCodes:
		// each condition both actions check, beside the record's tpl_id.
		foreign.BugB6ReadKeyCodeScoped:     "027ac297077c7cbd825a804a62091640b6f418f3",
		foreign.BugB6ScopedSkipsIdentity:   "027ac297077c7cbd825a804a62091640b6f418f3",
		foreign.BugB6UnreachableFrom100324: "027ac297077c7cbd825a804a62091640b6f418f3",
		// auth.noKey.getRecord (a share link).
		foreign.BugB6ShareURLNoKey: "36c4493d7775598d196ce68b05066ff820415e4f",
	},
}
