package e2e

import "github.com/rtq-kit/rtq/testkit/foreign"

// blind9FirstSight is blind round 9 (testkit/foreign/bugs_blind9.go) as
// the runner met it at first sight, measured before anyone changed the
// runner for it: what it missed, and where it seems not to look.
var blind9FirstSight = firstSight{
	runner: "a79b4ca03b847ab1d98112cc350017679f9d8d39",
	misses: map[foreign.Bug]string{
		foreign.BugB9ZeroFractionStart:   "no run writes a bound with a fraction of zeros (.000) at an item's very creation second: the same instant in that form is never compared with the whole second",
		foreign.BugB9MidnightEndWholeDay: "no run sends an end_time that is a time at 00:00:00 (not a date) on a day that has items after midnight",
		foreign.BugB9TokenBypassesKey:    "the unknown-key and no-key checks send first-page bodies only: never a valid page_token with a key nobody issued",
		foreign.BugB9TplIDBoolAsInt:      "verify's wrong-type tpl_id requests do not include a boolean (true read as 1 answers 100323, not 100301)",
	},
	falseAlarms: map[foreign.Variant]string{},
	caughtSince: map[foreign.Bug]string{
		// auth.badKey.*: the refusals asked of a later page too.
		foreign.BugB9TokenBypassesKey: "dcbe36fa57893326d3b25f6e5879b2c60036d70c",
		// generated.verify: the bad-input values of one member alone in
		// one body get one error_code (one order of the checks, §C6).
		foreign.BugB9TplIDBoolAsInt: "0f2911be3d7b307bda9092aeb95171691b59524b",
		// relation.time.forms spells the item's second as client
		// formatters do (a generator of shapes and seed-picked options).
		foreign.BugB9ZeroFractionStart:   "0173197ca274183a5db43183c7577d783fe56e8b",
		foreign.BugB9MidnightEndWholeDay: "0173197ca274183a5db43183c7577d783fe56e8b",
	},
}
