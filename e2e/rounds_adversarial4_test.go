package e2e

import "github.com/rtq-kit/rtq/testkit/foreign"

// adversarial4FirstSight is adversarial round 4
// (testkit/foreign/bugs_adversarial4.go, written after reading the
// runner and aimed where it does not look) as the runner of main saw it
// when the round was written.
var adversarial4FirstSight = firstSight{
	runner:      "",
	misses:      map[foreign.Bug]string{},
	falseAlarms: map[foreign.Variant]string{},
}
