package e2e

// adversarial10FirstSight is what the runner made of adversarial round 10
// at first sight (testkit/foreign/bugs_adversarial10.go). Nothing is
// known yet: the round is measured once the runner's changes it is
// measured against have landed.
var adversarial10FirstSight = firstSight{}
