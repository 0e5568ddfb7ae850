package e2e

import "github.com/rtq-kit/rtq/testkit/foreign"

// blind5FirstSight is blind round 5 (testkit/foreign/bugs_blind5.go,
// written from the contract alone) as the runner of main saw it when the
// round was written: 29 of 35 bugs caught, 0 false alarms in 12 correct
// variants. The six misses, by kind: a body with data after its JSON
// object; a member sent as an array or a number where a string is due,
// served as one of ours (listQrcodes template, verify certificate_code);
// another organization's key sending both record_id and record_url; a
// to_certificate_status sent beside set_next_certificate_status; one
// field type (customer_name) in clear in json-ld where json masks it.
var blind5FirstSight = firstSight{
	runner: "e68b10ee67fe1a638f458b216e7efb7b9652fca1",
	misses: map[foreign.Bug]string{
		foreign.BugB5BodyTrailingData:        "transport: a body with data after its JSON object ({\"page\":2}{\"page\":3}), served as the first object",
		foreign.BugB5QrcodesTemplateArray:    "bad input: listQrcodes template sent as an array of codings, served as its first coding",
		foreign.BugB5CertCodeNumberAsID:      "bad input: verify certificate_code sent as a JSON number that is one of our credentials' record ids, which moves it",
		foreign.BugB5BothAddressesAnyOrg:     "tenancy: getRecord by another organization's key sending both record_id and record_url of our record",
		foreign.BugB5NextHonoursTo:           "verify: set_next_certificate_status with a to_certificate_status sent moves there, not to the flow's next status",
		foreign.BugB5JSONLDCustomerNameClear: "masking: json-ld shows a customer_name value in clear where json masks it",
	},
	falseAlarms: map[foreign.Variant]string{},
	caughtSince: map[foreign.Bug]string{
		// relation.verify.matrix (the record's id as a code), verify.next
		// (a to_certificate_status beside set_next).
		foreign.BugB5CertCodeNumberAsID: "24965a604035c73c7572017b9da4cddc87780782",
		foreign.BugB5NextHonoursTo:      "24965a604035c73c7572017b9da4cddc87780782",
		// relation.keys: a record by both members under another
		// organization's key (the same record's, mismatched pairs),
		// each answer judged by C2.tenancy.
		foreign.BugB5BothAddressesAnyOrg: "207d5f74505b2068944755d235326db26ef56d10",
		// generated.<operation>: bodies that are not exactly one JSON
		// object (C1.badInput); negative.*.array: an array holding a
		// value the run holds.
		foreign.BugB5BodyTrailingData:     "e232dea1faccce473b0aad858633505cb65ba81c",
		foreign.BugB5QrcodesTemplateArray: "e232dea1faccce473b0aad858633505cb65ba81c",
		// relation.masked: a masked value the profile holds (length and
		// fingerprint) is looked for in clear in every answer of the
		// record, whatever its mask looks like.
		foreign.BugB5JSONLDCustomerNameClear: "e64fafd1f9bc6ef7adebab44ef05828c5fff8748",
	},
}
