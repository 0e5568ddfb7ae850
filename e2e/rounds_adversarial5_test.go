package e2e

import "github.com/rtq-kit/rtq/testkit/foreign"

// adversarial5FirstSight is adversarial round 5
// (testkit/foreign/bugs_adversarial5.go, written after reading the
// runner and a log of every request it sends, and aimed at the requests
// it never sends and the members it never reads) as the runner of main
// saw it when the round was written.
var adversarial5FirstSight = firstSight{
	runner:      "fa586fc",
	misses:      map[foreign.Bug]string{},
	falseAlarms: map[foreign.Variant]string{},
}
