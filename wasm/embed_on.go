//go:build rtq_embedwasm

package wasm

import _ "embed"

//go:embed embedded/rtq.wasm.gz
var embeddedModule []byte

//go:embed embedded/wasm_exec.js
var embeddedRuntime []byte

//go:embed embedded/go-version
var embeddedGo string

// embedded gives the module and the runtime go generate wrote.
func embedded() (wasmGz, runtimeJS []byte) { return embeddedModule, embeddedRuntime }
