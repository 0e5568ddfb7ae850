package e2e

import "github.com/rtq-kit/rtq/testkit/foreign"

// adversarial14FirstSight is adversarial round 14
// (testkit/foreign/bugs_adversarial14.go, written after reading the runner
// while it drew a client, key form, members and values for every request
// from spaces so wide that no single request seemed left out; aimed past
// the single request, at what a service remembers between requests: a
// worker's statics, a connection's principal, caches keyed wrongly, what
// a refusal leaves behind, plus calendar values and answers in codings the
// runner cannot read) as the runner of main saw it at 4b7b947: 24 of 32
// bugs caught, no false alarm on the 10 correct variants. Every catch was
// seen again in a run of the rtq command against that build alone; the
// round's second run, at a load average near 70, counted a false alarm on
// the zstd variant (four checks of unrelated requests) and a set-up
// time-out on one bug, neither seen in three runs alone. What the runner
// sends between requests is wider than its single requests suggest: its
// relations put answers of one run side by side, so a static that leaks
// one request's format, page size, search key, window, template, record,
// host, zone or error code into the next is caught, and so are the
// connection-scoped principals (its pooled connections carry every key).
// The 8 misses, by where the runner does not look:
//   - codings (2): an answer coded br (or zstd), which the runner cannot
//     unpack, is never judged: the request is asked again without br and
//     only that answer is read;
//   - connections (1): the run spreads its requests over a pool of
//     connections, none of which carries 100 requests;
//   - sequences (2): no set_next follows a refused set of the same
//     credential; the one certificate code in another case (HX810001)
//     goes before any move of hx810001, none after a success;
//   - paging (1): getFormList page_size is never 11 to 19;
//   - time (2): no bound is a 29 February or holds second 60.
var adversarial14FirstSight = firstSight{
	runner: "4b7b9478881901ba1a2bf4e3e066ed008978aaca",
	misses: map[foreign.Bug]string{
		foreign.BugA14BrotliEdgeCache:   "codings: a br answer is never judged (the runner cannot unpack br, asks again without it and reads only that answer), so the edge's cached br body is never seen",
		foreign.BugA14BrotliTruncated:   "codings: a br answer is never judged, so a brotli stream that no decoder finishes is never read",
		foreign.BugA14KeepAliveCut100:   "connections: the run's requests are spread over a pool of keep-alive connections, none of which carries 100 requests",
		foreign.BugA14RefusedTargetKept: "sequences: no set_next_certificate_status follows a refused set_certificate_status of the same credential before a reset",
		foreign.BugA14CodeCacheFolded:   "identifiers: the one certificate code in another letter case (HX810001) is sent before any move of hx810001, and none follows a successful verify",
		foreign.BugA14FormSizeSnap:      "paging: getFormList page_size is 1, 3, 7, 10, 20, 21, 39, 100, 1000 or a wrong form, never 11 to 19",
		foreign.BugA14LeapDay500:        "time: no bound is a 29 February (dates are the data's January, year edges, 1970, 2000, 2038, 2106, 9999)",
		foreign.BugA14LeapSecond500:     "time: no bound holds second 60, which RFC 3339 allows",
	},
	falseAlarms: map[foreign.Variant]string{},
	caughtSince: map[foreign.Bug]string{
		// What a write leaves behind: the matrix's step after its refused
		// rows in the other action, and every moved credential's code
		// spelt otherwise after the writes.
		foreign.BugA14RefusedTargetKept: "4e0974b0c996eb5517281b8d12acd6fd7d8b19bc",
		foreign.BugA14CodeCacheFolded:   "4e0974b0c996eb5517281b8d12acd6fd7d8b19bc",
		// Every coding a client names is read (br and zstd too), and a
		// coded answer is judged as its client gets it.
		foreign.BugA14BrotliEdgeCache: "280a89b003970ce2b5f9445be73d7cb961866676",
		foreign.BugA14BrotliTruncated: "280a89b003970ce2b5f9445be73d7cb961866676",
		// The calendar's limits (every month's length, second 60) as far
		// bounds of each listing.
		foreign.BugA14LeapDay500:    "1525e9b1b821f02d684584f139060b367b7c9816",
		foreign.BugA14LeapSecond500: "1525e9b1b821f02d684584f139060b367b7c9816",
		// Each filter of each paging product walked at a middle size
		// no other class walks (getFormList's 11 to 19).
		foreign.BugA14FormSizeSnap: "47b752e5b83428a1dfa83415406b203cc9ca2197",
	},
}
