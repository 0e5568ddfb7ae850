package e2e

import "github.com/rtq-kit/rtq/testkit/foreign"

// blind7FirstSight is what the runner did on blind round 7 when it was
// written (testkit/foreign/bugs_blind7.go, from the contract alone):
// measured once, against the main named in runner, before anyone changed
// the runner for the round. 31 of 36 bugs caught, 1 false alarm in 11
// correct variants.
var blind7FirstSight = firstSight{
	runner: "97de033915328e976015a2fc97f9a78d640f04f7",
	misses: map[foreign.Bug]string{
		foreign.BugB7MarkdownSubmittedUTC: "the submission time in markdown's front matter is not compared with the record's submit_at: " +
			"no must or should check reads a time out of the markdown at all",
		foreign.BugB7LaterPagesDropOffset: "time bounds written in Z or another offset are not followed to a walk's later pages of templates/list: " +
			"the window seems judged on first pages, or on walks where the shifted bound moves no item",
		foreign.BugB7FromPathTransitive: "an unreachable target is sent without from_certificate_status; from is sent only with the current " +
			"status or a wrong one, never beside a target two moves away",
		foreign.BugB7CertCodeTrimmed: "no certificate_code with white space around it is sent: exactness of codes seems probed by letter " +
			"case and full width only",
		foreign.BugB7ByURLSkipsIdentity: "the profile's error cases (100329 here) are sent by certificate code only; addressing the same " +
			"credential by its full URL is tried on moves, not on the refusals",
	},
	falseAlarms: map[foreign.Variant]string{
		foreign.VariantB7URLHostUpper: "answers.2.1.identity and getRecord.json.schema compare record_url with the profile's and the " +
			"request's URL character for character, host case included, where §C10 reads the host without regard to case",
	},
	caughtSince: map[foreign.Bug]string{
		// relation.formats: every instant markdown writes is one the
		// record's json shows.
		foreign.BugB7MarkdownSubmittedUTC: "98a37679ed974bae09943695b236b92ff5b724bd",
		// A target two moves away beside the right from, a code padded
		// with white space, the error cases by the record's full URL.
		foreign.BugB7FromPathTransitive: "9b63d65f24c6c3dafdaa86cb39c085c38d5d1bf6",
		foreign.BugB7CertCodeTrimmed:    "9b63d65f24c6c3dafdaa86cb39c085c38d5d1bf6",
		foreign.BugB7ByURLSkipsIdentity: "9b63d65f24c6c3dafdaa86cb39c085c38d5d1bf6",
		// relation.time.forms walks a bound written with an offset, next
		// to an item, past its first page.
		foreign.BugB7LaterPagesDropOffset: "34805a35faa92fb3f3dda960485a67bef75a2c7d",
	},
	passingSince: map[foreign.Variant]string{
		// rules.SameURL reads a URL's scheme and host without regard to
		// case.
		foreign.VariantB7URLHostUpper: "8319a9dce1a3c424f16628709ee124caddb3eed8",
	},
}
