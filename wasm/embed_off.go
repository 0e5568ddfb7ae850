//go:build !rtq_embedwasm

package wasm

// embeddedGo names the Go version of an embedded module; none here.
const embeddedGo = ""

// embedded gives nothing: this build carries no module.
func embedded() (wasmGz, runtimeJS []byte) { return nil, nil }
