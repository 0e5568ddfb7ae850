//go:build js

package scenario

// compileStructure compiles the scenario schema for the WebAssembly build
// with the small validator of lite.go (the JSON Schema library's start-up
// is longer there than the module's start budget). It runs only when a
// scenario is given as text or posted to /__admin/scenario: the scenario
// rtq wasm resolved was checked natively, and the embedded default is
// trusted.
func compileStructure() (*structure, error) {
	raw, err := rawSchema()
	if err != nil {
		return nil, err
	}
	root, err := compileLite(raw)
	if err != nil {
		return nil, err
	}
	return &structure{raw: raw, validate: root.violations}, nil
}
