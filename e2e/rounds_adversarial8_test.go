package e2e

// adversarial8FirstSight is adversarial round 8
// (testkit/foreign/bugs_adversarial8.go, written after reading the
// runner and a log of every request it sends, while the runner learnt the
// members clients add to bodies, the time spellings of client formatters,
// and search keys, form numbers and paths as clients type and join them),
// to be measured against main once those have landed.
var adversarial8FirstSight = firstSight{}
