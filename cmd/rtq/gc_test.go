package main

import "testing"

// A run collects at 200 unless the user's GOGC says otherwise, "off"
// included; a GOGC Go would not read leaves the run's own.
func TestGCPercentKeepsTheUsersGOGC(t *testing.T) {
	for env, want := range map[string]int{"": 200, "50": 50, "100": 100, "off": -1, "lots": 200} {
		if got := gcPercent(env); got != want {
			t.Errorf("GOGC=%q: %d, want %d", env, got, want)
		}
	}
}
