package e2e

import "github.com/rtq-kit/rtq/testkit/foreign"

// adversarial7FirstSight is adversarial round 7
// (testkit/foreign/bugs_adversarial7.go, written after reading the
// runner and a log of every request it sends, while the runner learnt
// the headers real clients send, reads as a covering array of key, state,
// address and format, and verify's successes as a product) as the runner
// of main saw it once those had landed: 0 of 35 bugs caught, 1 false
// alarm in 13 correct variants. The 35 misses, by where the runner does
// not look: paths (every request goes to an operation's exact path; a
// doubled slash, a trailing slash and a misspelt operation of a known
// group are never sent, so the HTML or text/plain a layer in front
// answers them with is never judged); members an SDK, a console or a
// mini-program adds to a body (org_id, lang, timezone, desensitize,
// request_id, trace_id, version, appid, platform, sort, order_by, order,
// page_token on the form list, remark and idempotency_key on verify,
// project_id, download, exact: the unknown members the runner sends are
// paging aliases and unmask, debug, force, include_masked, show_all);
// search keys (never one character, a capitalised word, an input
// method's ideographic space or full-width letters); form numbers (the
// profile's three and their near forms, never a revision letter or a
// system form's); time forms (RFC 3339, the space form and dates, never
// a T without zone, a time without seconds, an unpadded date, T24:00:00,
// the year 1 or six digits of a fraction). The false alarm: a target that
// answers the record record_id names when record_url names another is
// failed as answering another organization's record and not the URL
// asked for, where §C10 leaves a request with both to the service.
var adversarial7FirstSight = firstSight{
	runner: "a79b4ca03b847ab1d98112cc350017679f9d8d39",
	misses: map[foreign.Bug]string{
		foreign.BugA7DoubleSlashHTML:         "paths: no request goes to a path with a doubled slash (a base URL ending in /)",
		foreign.BugA7UnknownOpInGroupHTML:    "paths: the one unknown path sent is an unknown group (rtq-conform/noSuchOperation), never an unknown operation of a known group",
		foreign.BugA7TrailingSlash405Plain:   "paths: no request goes to a path with a trailing slash",
		foreign.BugA7BodyOrgIDHonoured:       "members: no body carries org_id; the other organization's key is judged on bodies without it",
		foreign.BugA7BodyLangStatusEnglish:   "members: no verify body carries lang or locale (the language is tried in Accept-Language only)",
		foreign.BugA7BodyTimezoneISO:         "members: no body carries timezone or tz; *_iso is judged on answers to bodies without it",
		foreign.BugA7DesensitizeFalse:        "members: the unmasking members sent are unmask, include_masked and show_all, never desensitize: false",
		foreign.BugA7RequestIDCache:          "members: no body carries request_id, so no two reads share one",
		foreign.BugA7BodyVersionV1:           "members: no getFormList body carries version",
		foreign.BugA7AppIDMiniProgramURL:     "members: no getRecord body carries appid",
		foreign.BugA7PlatformMillis:          "members: no getRecord body carries platform",
		foreign.BugA7SortCountUnfiltered:     "members: no getFormList body carries sort or order_by",
		foreign.BugA7OrderTotalUnwindowed:    "members: no templates/list body carries order",
		foreign.BugA7FormPageTokenNoLastPage: "members: page_token goes to the cursor listings only, never to getFormList",
		foreign.BugA7TraceIDEchoed:           "members: no getRecord body carries trace_id",
		foreign.BugA7VerifyRemarkNoOrgID:     "members: verify's successes carry the members of §4.2 only, never a remark",
		foreign.BugA7IdempotencyReplay:       "members: no verify body carries idempotency_key",
		foreign.BugA7ProjectIDDropsNumber:    "members: no getFormList body carries project_id beside number",
		foreign.BugA7DownloadOctetStream:     "members: no getRecord body carries download",
		foreign.BugA7ExactFalseNumberFuzzy:   "members: no getFormList body carries exact beside number",
		foreign.BugA7OneCharSearchOtherOrg:   "search keys: never one character (the first key a search-as-you-type box sends)",
		foreign.BugA7OneCharSearchTotalAll:   "search keys: never one character",
		foreign.BugA7TNoZoneAsUTC:            "time forms: never a T without a zone (Python's and Java's local isoformat)",
		foreign.BugA7DatetimeLocalAsUTC:      "time forms: never a time without seconds (a browser's datetime-local input)",
		foreign.BugA7MinutesOffsetDropped:    "time forms: never a time without seconds with an offset (Java's OffsetDateTime)",
		foreign.BugA7UnpaddedDateUTC:         "time forms: dates are always zero-padded",
		foreign.BugA7NumberRevisionBase:      "form numbers: the profile's three and their near forms; never a number with a revision letter (FX-001A)",
		foreign.BugA7SystemFormNumbers:       "form numbers: never a system form's number (FX-011 to FX-016)",
		foreign.BugA7CapitalisedWordCount:    "search keys: never a capitalised word (Night); the Latin keys are night and number-like ones",
		foreign.BugA7IdeographicSpaceCount:   "search keys: the white space around a key is ASCII, never an input method's ideographic space",
		foreign.BugA7MicrosAsMillis:          "time forms: fractions of a second of one or three digits, never six (Python's microseconds)",
		foreign.BugA7ZeroYearSelectsNone:     "time forms: the earliest bound sent is in 1970, never the year 1 (Go's and .NET's zero time)",
		foreign.BugA7FullWidthSearchCount:    "search keys: full-width forms go to number only, never to search_key",
		foreign.BugA7LangMarkdownIDKey:       "members: no getRecord body carries lang",
		foreign.BugA7Hour24SameDay:           "time forms: never ISO 8601's end of a day, T24:00:00",
	},
	falseAlarms: map[foreign.Variant]string{
		foreign.VariantA7RecordIDWins: "answers.2.1.identity, answers.C2.tenancy: a request with both addresses is held to record_url too, and a success to one that names our URL is read as our record shown, where §C10 leaves both addresses to the service and the answer is the record record_id names (the other organization's own one under its key)",
	},
	caughtSince: map[foreign.Bug]string{
		// Seen caught at main 4ab549d by the body members drawn from a
		// client's space (a version member among framework members or
		// the dress): not bisected to one commit.
		foreign.BugA7BodyVersionV1: "4ab549da5e770997f8d7fa6dede8ef8b05d1023f",
		// transport.unknownPath sends the paths a client joins (a base
		// URL ending in /, a trailing slash, a misspelt operation of a
		// known group), every answer of which must be JSON.
		foreign.BugA7DoubleSlashHTML:       "dcbe36fa57893326d3b25f6e5879b2c60036d70c",
		foreign.BugA7UnknownOpInGroupHTML:  "dcbe36fa57893326d3b25f6e5879b2c60036d70c",
		foreign.BugA7TrailingSlash405Plain: "dcbe36fa57893326d3b25f6e5879b2c60036d70c",
		// relation.formList.filters: keys as people type them (one
		// character, a capitalised word, Unicode spaces, full width) and a
		// number of each kind of form and with a revision letter.
		foreign.BugA7OneCharSearchOtherOrg: "a7d76ca3f6cf17c9e3f24cae9400cb2bc6f78971",
		foreign.BugA7OneCharSearchTotalAll: "a7d76ca3f6cf17c9e3f24cae9400cb2bc6f78971",
		foreign.BugA7NumberRevisionBase:    "a7d76ca3f6cf17c9e3f24cae9400cb2bc6f78971",
		foreign.BugA7SystemFormNumbers:     "a7d76ca3f6cf17c9e3f24cae9400cb2bc6f78971",
		foreign.BugA7CapitalisedWordCount:  "a7d76ca3f6cf17c9e3f24cae9400cb2bc6f78971",
		foreign.BugA7IdeographicSpaceCount: "a7d76ca3f6cf17c9e3f24cae9400cb2bc6f78971",
		foreign.BugA7FullWidthSearchCount:  "a7d76ca3f6cf17c9e3f24cae9400cb2bc6f78971",
		// Every request carries, picked by the seed, members real clients
		// add to a body (conformance/clientmembers.go), and every answer
		// is judged by every rule as the bare one's.
		foreign.BugA7BodyOrgIDHonoured:       "0f2911be3d7b307bda9092aeb95171691b59524b",
		foreign.BugA7BodyLangStatusEnglish:   "0f2911be3d7b307bda9092aeb95171691b59524b",
		foreign.BugA7BodyTimezoneISO:         "0f2911be3d7b307bda9092aeb95171691b59524b",
		foreign.BugA7DesensitizeFalse:        "0f2911be3d7b307bda9092aeb95171691b59524b",
		foreign.BugA7RequestIDCache:          "0f2911be3d7b307bda9092aeb95171691b59524b",
		foreign.BugA7AppIDMiniProgramURL:     "0f2911be3d7b307bda9092aeb95171691b59524b",
		foreign.BugA7SortCountUnfiltered:     "0f2911be3d7b307bda9092aeb95171691b59524b",
		foreign.BugA7OrderTotalUnwindowed:    "0f2911be3d7b307bda9092aeb95171691b59524b",
		foreign.BugA7FormPageTokenNoLastPage: "0f2911be3d7b307bda9092aeb95171691b59524b",
		foreign.BugA7TraceIDEchoed:           "0f2911be3d7b307bda9092aeb95171691b59524b",
		foreign.BugA7VerifyRemarkNoOrgID:     "0f2911be3d7b307bda9092aeb95171691b59524b",
		foreign.BugA7IdempotencyReplay:       "0f2911be3d7b307bda9092aeb95171691b59524b",
		foreign.BugA7ProjectIDDropsNumber:    "0f2911be3d7b307bda9092aeb95171691b59524b",
		foreign.BugA7DownloadOctetStream:     "0f2911be3d7b307bda9092aeb95171691b59524b",
		foreign.BugA7ExactFalseNumberFuzzy:   "0f2911be3d7b307bda9092aeb95171691b59524b",
		foreign.BugA7LangMarkdownIDKey:       "0f2911be3d7b307bda9092aeb95171691b59524b",
		// relation.time.forms spells the item's second as client
		// formatters do (a generator of shapes and seed-picked options).
		foreign.BugA7TNoZoneAsUTC:        "0173197ca274183a5db43183c7577d783fe56e8b",
		foreign.BugA7MicrosAsMillis:      "0173197ca274183a5db43183c7577d783fe56e8b",
		foreign.BugA7ZeroYearSelectsNone: "0173197ca274183a5db43183c7577d783fe56e8b",
		// A spelling goes on one bound of a request, so that a refusal of
		// the other bound's spelling hides no wrong reading.
		foreign.BugA7DatetimeLocalAsUTC:   "95c4ea400b17e912e04a944e434e67ec73af217d",
		foreign.BugA7MinutesOffsetDropped: "95c4ea400b17e912e04a944e434e67ec73af217d",
		foreign.BugA7Hour24SameDay:        "95c4ea400b17e912e04a944e434e67ec73af217d",
	},
	passingSince: map[foreign.Variant]string{
		foreign.VariantA7RecordIDWins: "373f84fda167138b2fbe5aa64884c04b17c26755",
	},
}
