package e2e

import "github.com/rtq-kit/rtq/testkit/foreign"

// blind4FirstSight is blind round 4 (testkit/foreign/bugs_blind4.go,
// written from the contract alone) as the runner of main saw it when the
// round was written: 27 of 34 bugs caught, 0 false alarms in 13 correct
// variants. The seven misses, by kind: a body of JSON null; an exact
// filter value written in full-width characters; a start_time with
// fractional seconds; a full URL whose host is the caller's own and whose
// path names our object (listQrcodes and verify); a code 500 for one bad
// time parameter (only should checks fail); a certificate code nobody
// issued that is one of ours in another letter case.
var blind4FirstSight = firstSight{
	runner: "287ed92199fe171ecfd638a777b8e332e7a3d333",
	misses: map[foreign.Bug]string{
		foreign.BugB4NullBodyServed:         "transport: a request body of JSON null, served as {} on every endpoint",
		foreign.BugB4NumberWidthFolded:      "filters: a getFormList number in full-width characters that folds to one of ours",
		foreign.BugB4FractionTruncatedStart: "time: a templates/* start_time with fractional seconds, in the second of an item's creation",
		foreign.BugB4QrcodesURLHostTrusted:  "tenancy: listQrcodes by a full URL with the other organization's own host and our coding",
		foreign.BugB4VerifyURLHostTrusted:   "tenancy: verify by a full URL with the other organization's own host and our certificate code",
		foreign.BugB4BadEndTime500:          "errors: templates/* code 500 for an end_time that does not parse (C3's code 400 unchecked there; only should checks fail)",
		foreign.BugB4CertCodeCaseless:       "verify: a certificate code nobody issued that is one of ours in another letter case",
	},
	falseAlarms: map[foreign.Variant]string{},
	caughtSince: map[foreign.Bug]string{
		foreign.BugB4NullBodyServed:         "f807cb3564699bf2fc222214ef60c698b6297160",
		foreign.BugB4BadEndTime500:          "f807cb3564699bf2fc222214ef60c698b6297160",
		foreign.BugB4NumberWidthFolded:      "2c7d26ced03091457537f476532d953df1c3d839",
		foreign.BugB4CertCodeCaseless:       "2c7d26ced03091457537f476532d953df1c3d839",
		foreign.BugB4FractionTruncatedStart: "11bb239239870ab17a9e26c425b9b2cca331b111",
		// relation.tenancy, relation.verify.address: every full URL the
		// run can build, the path of an object of each organization
		// under every origin it knows, with each key.
		foreign.BugB4QrcodesURLHostTrusted: "5fdf4adbee385b18223197c937b627ecb1c36020",
		foreign.BugB4VerifyURLHostTrusted:  "5fdf4adbee385b18223197c937b627ecb1c36020",
	},
}
