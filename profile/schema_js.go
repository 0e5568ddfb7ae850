//go:build js

package profile

// The WebAssembly build (rtq wasm) serves the mock, which derives
// profiles and never loads one, so it leaves the JSON Schema validator
// out (its start-up cost, docs/performance.md). A profile loaded there
// anyway is refused, not passed unchecked.
func schemaProblems(any) []Problem {
	return []Problem{{Message: "profiles cannot be loaded in the WebAssembly build: it has no schema validator"}}
}
