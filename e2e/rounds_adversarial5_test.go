package e2e

import "github.com/rtq-kit/rtq/testkit/foreign"

// adversarial5FirstSight is adversarial round 5
// (testkit/foreign/bugs_adversarial5.go, written after reading the
// runner and a log of every request it sends, and aimed at the requests
// it never sends and the members it never reads) as the runner of main
// saw it when the round was written: 5 of 35 bugs caught, 2 false
// alarms in 12 correct variants. The 30 misses, by where the runner does
// not look: identifiers as a client pads or shares them (a record URL, a
// certificate code, a status name, a template coding with white space
// around it; a credential's link with a query string) and names an older
// API took (action_type next); record_id beside its own record_url in
// another format; set_next_certificate_status naming the status the
// record is in; time bounds in the forms client libraries write (a
// lower-case z, a space before an offset, an offset without a colon);
// templates/list under both bounds past its first page; a template later
// in the list than the profile's three; page as a digit string past 1;
// number or search_key that hit without page and page_size; a search key
// between 65 and 255 characters; a search after a verify; record_id
// negative or wrapping in 32 bits; what json-ld and markdown write under
// their own names (markdown's submitted, json-ld's dateCreated), derive
// from a masked value (a birth date, a prefix, a percent-encoded share
// link) or whether the front matter parses as YAML; labels on the cases'
// credentials of other forms; our page token beside the other
// organization's own template. The false alarms: relation.afterWrites and
// the verify checks want a move to change only the members that show a
// status or a history, where §C6 leaves how a record shows a move open
// (a field naming the redeeming terminal); and every check that sent a
// body chunked reads an HTTP 411 as a failure, which RFC 9112 §6.3 lets
// a server answer to a body without a Content-Length.
var adversarial5FirstSight = firstSight{
	runner: "97de033915328e976015a2fc97f9a78d640f04f7",
	misses: map[foreign.Bug]string{
		foreign.BugA5RecordURLTrimmed:          "addressing: record_url is sent as issued, in other case or width, never with white space around it",
		foreign.BugA5VerifyURLQueryStripped:    "addressing: a credential's URL goes as issued or under another origin, never with a query string (a shared link's ?from=)",
		foreign.BugA5BothAddressesFormatJSON:   "addressing: record_id beside its own record_url is sent to our keys in json only, or not at all; other formats go by one address",
		foreign.BugA5BothAddressesJSONLDNoURL:  "addressing: json-ld is never asked for with record_id and its own record_url together",
		foreign.BugA5CertCodeTrimmed:           "identifiers: certificate_code goes as issued, in other case or width or cut short, never padded with white space",
		foreign.BugA5StatusNameTrimmed:         "verify: a status name goes as named, cut short or in another case, never with white space around it",
		foreign.BugA5TemplateCodingTrimmed:     "identifiers: template goes as issued, in other case or width, never padded with white space",
		foreign.BugA5LegacyActionAlias:         "verify: action_type's wrong values are cut short, other case, hyphens or made up, never a short alias (next, set) an older API took",
		foreign.BugA5NextRefusesToCurrent:      "verify: set_next_certificate_status goes with a to_certificate_status the record can reach, never with the status it is in",
		foreign.BugA5TimeLowercaseZ:            "time: RFC 3339 goes with an upper-case T and Z; the lower-case forms RFC 3339 §5.6 allows are never sent",
		foreign.BugA5TimeSpaceOffsetDropped:    "time: a time written with a space goes without a zone only; never with an offset or Z after it (Python's str(datetime))",
		foreign.BugA5TimeBasicOffsetDropped:    "time: offsets are written with a colon; never +0000 (PHP's DATE_ISO8601, Java's Z)",
		foreign.BugA5TemplatesWindowTokenStart: "walks: templates/list under both bounds is never followed past the first page",
		foreign.BugA5QrcodesTemplateBeyond20:   "addressing: listQrcodes goes to the profile's templates (the first three) only, never to one later in the list",
		foreign.BugA5FormStringPageFirst:       "values: page written as a digit string is \"1\" or \"01\", never a later page of a walk",
		foreign.BugA5NumberShortcutPerPage:     "defaults: number that hits a form always goes with page and page_size; the defaults are judged without filters only",
		foreign.BugA5SearchNoPagingAllHits:     "defaults: a search_key that hits forms always goes with page and page_size",
		foreign.BugA5SearchKeyIndexOverflow:    "values: search_key lengths are a few characters or 2,004; none between 65 and 255",
		foreign.BugA5SearchDuplicateAfterMove:  "after a write: no search_key walk follows a verify",
		foreign.BugA5RecordIDAbs:               "values: record_id boundaries are never negative",
		foreign.BugA5RecordIDWraps32:           "values: record_id's large values are not those that wrap to a record in 32 bits",
		foreign.BugA5JSONLDBirthDate:           "masking: json-ld is searched for a masked value in clear, whole or by its mask's shape; a value derived from its hidden digits (a birth date) is not",
		foreign.BugA5JSONLDAbstractSnippet:     "masking: json-ld is searched for a masked value in clear whole or by its mask's shape; a prefix longer than the mask shows is not",
		foreign.BugA5NewFormsQrcodeLabel:       "labels: labels are compared across the profile's records, not the cases' credentials of other forms",
		foreign.BugA5FrontMatterDuplicateTitle: "markdown: the front matter is read key by key; whether it parses as YAML (a duplicate key) is never asked",
		foreign.BugA5FrontMatterAliasTitle:     "markdown: the front matter is read key by key; whether it parses as YAML (a plain scalar starting with *) is never asked",
		foreign.BugA5MarkdownSubmittedUTC:      "held values: the front matter is judged on submit_at, submit_at_iso and record_number; a time under the layout's own key is not",
		foreign.BugA5JSONLDDateCreatedLocalZ:   "held values: json-ld is judged where it uses the Record's member names; dateCreated, its own, is not",
		foreign.BugA5QrcodesTokenTemplate:      "tenancy: our page token goes to the other organization beside our template only, never beside its own",
		foreign.BugA5JSONLDShareURLHolder:      "masking: a masked value is looked for in clear text; percent-encoded in a URL it is not",
	},
	caughtSince: map[foreign.Bug]string{
		// relation.masked reads every string decoded and finds a masked
		// value's hidden characters alone by the profile's fingerprint.
		foreign.BugA5JSONLDBirthDate:       "98a37679ed974bae09943695b236b92ff5b724bd",
		foreign.BugA5JSONLDAbstractSnippet: "98a37679ed974bae09943695b236b92ff5b724bd",
		foreign.BugA5JSONLDShareURLHolder:  "98a37679ed974bae09943695b236b92ff5b724bd",
		// relation.formats: every instant json-ld and markdown write is
		// one the record's json shows.
		foreign.BugA5MarkdownSubmittedUTC:    "98a37679ed974bae09943695b236b92ff5b724bd",
		foreign.BugA5JSONLDDateCreatedLocalZ: "98a37679ed974bae09943695b236b92ff5b724bd",
		// relation.labels: a label is its code's across every record read.
		foreign.BugA5NewFormsQrcodeLabel: "98a37679ed974bae09943695b236b92ff5b724bd",
		// relation.keys reads a record by its id beside its own URL in
		// json-ld and markdown; the rules judge the answers.
		foreign.BugA5BothAddressesFormatJSON:   "98a37679ed974bae09943695b236b92ff5b724bd",
		foreign.BugA5BothAddressesJSONLDNoURL:  "98a37679ed974bae09943695b236b92ff5b724bd",
		foreign.BugA5TemplatesWindowTokenStart: "d191e66db82c842d39e91f48b99e01a5b3ec9b14",
		// 2.2.markdown reads the front matter as YAML.
		foreign.BugA5FrontMatterDuplicateTitle: "027ac297077c7cbd825a804a62091640b6f418f3",
		foreign.BugA5FrontMatterAliasTitle:     "027ac297077c7cbd825a804a62091640b6f418f3",
		// Identifiers as pasted (white space, a URL's query), held
		// integers negative and wrapped, free text past a column width,
		// verify's action aliases and padded names, set_next beside the
		// status it is in, a digit-string walk's later pages.
		foreign.BugA5RecordURLTrimmed:       "9b63d65f24c6c3dafdaa86cb39c085c38d5d1bf6",
		foreign.BugA5VerifyURLQueryStripped: "9b63d65f24c6c3dafdaa86cb39c085c38d5d1bf6",
		foreign.BugA5CertCodeTrimmed:        "9b63d65f24c6c3dafdaa86cb39c085c38d5d1bf6",
		foreign.BugA5StatusNameTrimmed:      "9b63d65f24c6c3dafdaa86cb39c085c38d5d1bf6",
		foreign.BugA5TemplateCodingTrimmed:  "9b63d65f24c6c3dafdaa86cb39c085c38d5d1bf6",
		foreign.BugA5LegacyActionAlias:      "9b63d65f24c6c3dafdaa86cb39c085c38d5d1bf6",
		foreign.BugA5NextRefusesToCurrent:   "9b63d65f24c6c3dafdaa86cb39c085c38d5d1bf6",
		foreign.BugA5FormStringPageFirst:    "9b63d65f24c6c3dafdaa86cb39c085c38d5d1bf6",
		foreign.BugA5SearchKeyIndexOverflow: "9b63d65f24c6c3dafdaa86cb39c085c38d5d1bf6",
		foreign.BugA5RecordIDAbs:            "9b63d65f24c6c3dafdaa86cb39c085c38d5d1bf6",
		foreign.BugA5RecordIDWraps32:        "9b63d65f24c6c3dafdaa86cb39c085c38d5d1bf6",
		// relation.formList.defaults under every filter.
		foreign.BugA5NumberShortcutPerPage: "757ec1b63c8b2e9ec07b2f13e46fd8c050b2e5c2",
		foreign.BugA5SearchNoPagingAllHits: "757ec1b63c8b2e9ec07b2f13e46fd8c050b2e5c2",
		// relation.time.forms sends the forms client libraries write.
		foreign.BugA5TimeLowercaseZ:         "34805a35faa92fb3f3dda960485a67bef75a2c7d",
		foreign.BugA5TimeSpaceOffsetDropped: "34805a35faa92fb3f3dda960485a67bef75a2c7d",
		foreign.BugA5TimeBasicOffsetDropped: "34805a35faa92fb3f3dda960485a67bef75a2c7d",
		// relation.tenancy: our token beside their own template.
		foreign.BugA5QrcodesTokenTemplate: "757ec1b63c8b2e9ec07b2f13e46fd8c050b2e5c2",
	},
	falseAlarms: map[foreign.Variant]string{
		foreign.VariantA5MoveRecordsTerminal: "relation.afterWrites, relation.verify.matrix, verify.*: a moved record may change only where it shows a status (process_status, state changes, an object naming a status); §C6 leaves how a record shows a move to the service, and a field naming the redeeming terminal is one way",
		foreign.VariantA5LengthRequired:      "every check whose request the seed sends chunked: an HTTP 411 with a JSON error is read as the service's refusal of the request, where RFC 9112 §6.3 lets a server require a Content-Length",
	}, passingSince: map[foreign.Variant]string{
		// A chunked body refused with HTTP 411 goes again with its length.
		foreign.VariantA5LengthRequired: "03ed53690091459deec8bbbd7bd760372b536381",
		// §C6: a move may add fields to the record's groups.
		foreign.VariantA5MoveRecordsTerminal: "1b485b450f0545e8a9d7fb598a6bb6886d2e1eb5",
	},
}
