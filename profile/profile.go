// Package profile is the conformance profile: what the runner may assume
// about a target (records, forms, templates, keys, credential cases). It is
// written by hand for a real service or derived from a scenario for the mock.
package profile

// Profile is a conformance profile. (Filled in by the conformance work.)
type Profile struct{}
