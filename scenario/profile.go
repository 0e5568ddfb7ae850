package scenario

import "github.com/rtq-kit/rtq/profile"

// BuildProfile derives the conformance profile of a scenario: what a runner
// may assume about a mock serving it. (Filled in by the conformance work.)
func BuildProfile(s *Scenario) *profile.Profile { return &profile.Profile{} }
