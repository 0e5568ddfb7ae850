package e2e

import "github.com/rtq-kit/rtq/testkit/foreign"

// adversarial7FirstSight is adversarial round 7
// (testkit/foreign/bugs_adversarial7.go) as the runner of main saw it
// when the round was written.
var adversarial7FirstSight = firstSight{
	runner:      "",
	misses:      map[foreign.Bug]string{},
	falseAlarms: map[foreign.Variant]string{},
}
